"""Opening the files of a campaign folder without following symbolic links.

A campaign folder may come from anywhere (a shared drive, an archive, another user). A ``lock`` or
``closed-cleanly`` that is a symlink would make opening or closing the campaign write the file it
points at; a ``campaign.json`` or a history chunk that is one would show a file that is not the
campaign's. So:

- every file of a campaign is opened with ``O_NOFOLLOW`` (:func:`open_nofollow`, :func:`read_nofollow`):
  a link where a file belongs raises :class:`UnsafeLink` naming it;
- opening or creating a campaign first looks through its folders (:func:`refuse_links`) and refuses
  it when a link stands where a file or folder belongs (``O_NOFOLLOW`` only guards the last part of a
  path, so a linked ``history`` or session folder must be caught here).

A hard link (another file's second name, inside the campaign folder) is the file itself, so ``O_NOFOLLOW``
cannot see it; it is never written into either: the ``lock`` refuses one once open (:mod:`.lock`, it
counts the file's names), and every other file, the ``closed-cleanly`` marker included, is written as a new
file renamed over the name (:func:`~gmconsole.store.atomic.atomic_write`), which leaves the other name as
it was.

The campaign folder itself and the data folder above it may be links (a GM may keep campaigns on
another disk); only what is inside a campaign folder is checked. Renames (``os.replace``) and
``unlink`` act on a link itself, never on its target, so they need no guard.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from gmconsole.i18n import _
from gmconsole.store.errors import UnreadableFile, UnsafeLink
from gmconsole.user_files import size_words

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_LINK_ERRNOS = {errno.ELOOP, getattr(errno, "EMLINK", errno.ELOOP), getattr(errno, "EFTYPE", errno.ELOOP)}


def is_link_error(error: OSError, path: Path) -> bool:
    """True when ``error`` came from ``O_NOFOLLOW`` meeting a link at ``path``."""
    return error.errno in _LINK_ERRNOS and os.path.islink(path)


def open_nofollow(path: Path, flags: int, mode: int = 0o644) -> int:
    """``os.open`` that refuses a symlink at ``path`` (:class:`UnsafeLink`); other ``OSError``\\ s pass."""
    try:
        return os.open(path, flags | NOFOLLOW | _CLOEXEC, mode)
    except OSError as error:
        if is_link_error(error, Path(path)):
            raise UnsafeLink(path) from None
        raise


def read_nofollow(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the file at ``path``, never through a link (``FileNotFoundError`` passes).

    Only a regular file is read: a pipe named like a campaign file would block the read for ever, so it
    is opened without blocking and refused (:class:`UnreadableFile`). With ``limit``, a file of more than
    ``limit`` bytes is refused before anything is read, and no more than ``limit`` bytes are ever read
    (one that grows meanwhile is refused too): a campaign file is bounded by its size limit, never by
    what a damaged or hostile one holds."""
    fd = open_nofollow(path, os.O_RDONLY | _NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, _("it is not a regular file (a folder, a pipe, a device or a socket)"))
        if limit is not None and info.st_size > limit:
            raise UnreadableFile(path, too_large(info.st_size, limit))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 20 if limit is None else min(1 << 20, limit + 1 - size))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
            if limit is not None and size > limit:
                raise UnreadableFile(path, too_large(size, limit))
    finally:
        os.close(fd)


def read_head(path: Path, size: int, limit: int) -> bytes:
    """The first ``size`` bytes (at most) of the regular file at ``path``, never through a link; a file of
    more than ``limit`` bytes, or not a regular file, is refused (:class:`UnreadableFile`) as by
    :func:`read_nofollow`, so a listing says so without reading it whole."""
    fd = open_nofollow(path, os.O_RDONLY | _NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, _("it is not a regular file (a folder, a pipe, a device or a socket)"))
        if info.st_size > limit:
            raise UnreadableFile(path, too_large(info.st_size, limit))
        return os.pread(fd, size, 0)
    finally:
        os.close(fd)


def too_large(size: int, limit: int) -> str:
    """The clause refusing a file of ``size`` bytes over its ``limit``, naming both."""
    return _("it is {size}, more than the {limit} gmconsole reads of such a file").format(
        size=size_words(size), limit=size_words(limit))


def is_plain_file(path: Path) -> bool:
    """True when ``path`` is a regular file, not a link to one."""
    try:
        return os.lstat(path).st_mode & 0o170000 == 0o100000
    except OSError:
        return False


SHALLOW = ("history", "backups/history")
"""Folders of session folders: their entries are checked, but the chunk files inside each session
folder are not listed at open (there may be hundreds); ``O_NOFOLLOW`` refuses a link among them
when the file is opened, and the backup files there are only ever renamed, unlinked or read with it."""


def refuse_links(folder: Path, *, _where: str = "") -> None:
    """Raise :class:`UnsafeLink` naming the first symlink found in the campaign folder ``folder``.

    Checks every name in the campaign folder and in its folders, down to the session folders of the
    history and of its backups (see :data:`SHALLOW`), without descending into links: a handful of
    folder listings, whatever the size of the history.
    """
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return
    for entry in sorted(entries, key=lambda e: e.name):
        if entry.is_symlink():
            raise UnsafeLink(Path(entry.path))
        if entry.is_dir(follow_symlinks=False) and _where not in SHALLOW:
            refuse_links(Path(entry.path), _where=f"{_where}/{entry.name}".lstrip("/"))
