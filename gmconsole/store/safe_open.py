"""Opening the files of a campaign folder without following symbolic links (issue 10, item 2).

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
from pathlib import Path

from gmconsole.store.errors import UnsafeLink

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
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


def read_nofollow(path: Path) -> bytes:
    """The bytes of the file at ``path``, never through a link (``FileNotFoundError`` passes)."""
    fd = open_nofollow(path, os.O_RDONLY)
    try:
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


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
