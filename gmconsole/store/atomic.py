"""Durable, all-or-nothing file writes, and the backups kept beside them.

A file is saved by writing a temporary file in the same folder (so the rename cannot cross file
systems), flushing and ``fsync``-ing it, then ``os.replace``-ing it over the old name and ``fsync``-ing
the folder so the rename itself survives a power cut. A reader, or a console killed half-way,
therefore only ever sees the old file or the new one, never a mix. A killed console can leave a
temporary file behind: they are named ``.<name>.<pid>.<random>.tmp`` and :func:`remove_stray_temp_files`
deletes them when a campaign is next opened for writing.

Before the replace, the previous version is kept as a backup by hard-linking it under the backup
name (no data is copied, so this costs a fraction of a millisecond even for large files); the
replace then gives the live name a new inode and the backup keeps the old one.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
from pathlib import Path

from gmconsole.store.bounds import MAX_FILE
from gmconsole.store.errors import StoreError, WriteFailed
from gmconsole.store.safe_open import NOFOLLOW, open_nofollow, read_nofollow

log = logging.getLogger(__name__)

TEMP_NAME = re.compile(r"^\..+\.\d+\.[0-9a-f]+\.tmp$")

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)


def fsync_folder(folder: Path) -> None:
    """Make the entries of ``folder`` (new, renamed or removed names) durable."""
    fd = os.open(folder, _DIR_FLAGS)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def ensure_folder(folder: Path) -> None:
    """Create ``folder`` (and missing parents) durably: each new folder's parent is synced."""
    if folder.is_dir():
        return
    ensure_folder(folder.parent)
    try:
        os.mkdir(folder)
    except FileExistsError:
        return
    except OSError as error:
        raise WriteFailed(folder, error) from error
    try:
        fsync_folder(folder.parent)
    except OSError as error:
        raise WriteFailed(folder, error) from error


def backup_names(backup_base: Path, keep: int) -> list[Path]:
    """The backup files of one file, newest first: ``<base>.1`` ... ``<base>.<keep>``."""
    return [backup_base.with_name(f"{backup_base.name}.{n}") for n in range(1, keep + 1)]


def newest_backup(backup_base: Path | None, keep: int = 9) -> Path | None:
    """The newest existing backup of a file, or ``None``."""
    if backup_base is None:
        return None
    for candidate in backup_names(backup_base, keep):
        if candidate.is_file():
            return candidate
    return None


def _keep_backup(path: Path, backup_base: Path, keep: int) -> None:
    """Rotate the backups of ``path`` and hard-link its current version as the newest one.

    Best effort: a backup that cannot be made is logged, never a reason to refuse the save.
    """
    names = backup_names(backup_base, keep)
    if not os.path.exists(path):
        return
    try:
        backup_base.parent.mkdir(parents=True, exist_ok=True)
        for older, newer in zip(reversed(names[1:]), reversed(names[:-1])):
            with contextlib.suppress(FileNotFoundError):
                os.replace(newer, older)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(names[0])
        try:
            os.link(path, names[0])
        except FileNotFoundError:
            return
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP):
                raise
            data = read_nofollow(path, max(MAX_FILE.values()))  # a file of ours, bounded all the same
            fd = open_nofollow(names[0], os.O_WRONLY | os.O_CREAT | os.O_EXCL)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)
    except (OSError, StoreError) as error:  # StoreError: a link where a backup belongs, never followed
        log.warning("could not keep a backup of %s: %s", path, error)


def atomic_write(path: Path, data: bytes, *, backup_base: Path | None = None, keep: int = 1,
                 durable: bool = True, mode: int = 0o644) -> None:
    """Replace ``path`` with ``data``, all or nothing, durable when this returns.

    When ``backup_base`` is given and ``path`` exists, the previous version becomes the newest of
    ``keep`` rotating backups. Any ``OSError`` is raised as :class:`WriteFailed` with the ``OSError``
    as ``__cause__``; the temporary file is removed and the previous version of ``path`` is intact.
    The one exception is a failure to sync the folder after the rename: the file then holds either
    the previous or the new version, both complete, and ``WriteFailed`` is still raised so the
    caller does not count the save as durable.

    The name gets a new file: whatever was at ``path`` (a symbolic link, a hard link's other names) is
    never written through. ``durable=False`` skips both syncs, for a file whose loss in a power cut
    costs nothing (the clean-close marker): still whole, still never written through. ``mode``: the new
    file's permissions (0o600 for a file only its owner may read, such as the players' links).
    """
    folder = path.parent
    temp = folder / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, mode)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if backup_base is not None and keep > 0:
            _keep_backup(path, backup_base, keep)
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WriteFailed(path, error) from error
    if not durable:
        return
    try:
        fsync_folder(folder)
    except OSError as error:
        raise WriteFailed(path, error) from error


def remove_stray_temp_files(folder: Path) -> list[Path]:
    """Delete the temporary files a killed console left anywhere under ``folder``; return them.

    Only names of the form :func:`atomic_write` uses are touched. Call it only while holding the
    campaign lock, so no live writer's temporary file can be removed.
    """
    removed = []
    for current, _dirs, files in os.walk(folder):
        for name in files:
            if TEMP_NAME.match(name):
                stray = Path(current) / name
                try:
                    os.unlink(stray)
                    removed.append(stray)
                except FileNotFoundError:
                    pass
    return removed
