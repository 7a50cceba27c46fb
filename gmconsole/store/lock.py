"""One console at a time per campaign: an ``fcntl.flock`` on the campaign's ``lock`` file.

The kernel drops a ``flock`` when the process holding it exits, however it exits (even ``kill -9``),
so a stale lock never blocks anyone. The holder writes its pid, host and start time into the file
so that a refused console can say who has the campaign. The file itself is never deleted:
removing a lock file that someone may be about to lock is a classic race. It is never written through a
link either: a symbolic link is refused when opened (``O_NOFOLLOW``), and a hard link (a file with more
than one name, which the note would overwrite) once open, before anything is written; the flock needs the
file to stay put, so it cannot be replaced by a new one instead.

Waiting. A command-line writer (a script recording rolls) may ask to wait for the lock: ``acquire``
then polls the ``flock`` every :data:`POLL_SECONDS` until it is free or the deadline passes, so two
scripts on one campaign take turns instead of failing at random. The console never
waits: a second console is refused at once and offered the campaign read-only. The console's note says it
is the console (``"console": true``): a writer that was given no wait of its own (``wait=None``) is then
refused at once too, since a console holds the campaign all evening; an explicit wait still waits.

POSIX only (Linux, macOS); Windows is not supported by this module.
"""

from __future__ import annotations

import datetime as _dt
import errno
import fcntl
import json
import os
import socket
import time
from pathlib import Path
from typing import Any

from gmconsole.store.bounds import MAX_NOTE_FILE
from gmconsole.store.errors import CampaignLocked, LockLinked, LockNotWritable, StoreError
from gmconsole.store.safe_open import open_nofollow, read_nofollow

DEFAULT_WAIT = 5.0
"""Seconds a command-line writer waits for the lock unless given ``--wait SECONDS``: a roll takes a few
milliseconds, so this outlasts any queue of scripts, while a console left open is still reported soon."""
POLL_SECONDS = 0.02
"""How often a waiting writer tries the lock again."""


def read_holder(path: Path) -> dict[str, Any] | None:
    """What the current holder wrote into the lock file, or ``None`` if unreadable."""
    try:
        holder = json.loads(read_nofollow(path, MAX_NOTE_FILE).decode("utf-8"))
    except (OSError, ValueError, RecursionError, StoreError):  # a link, a huge or hostile file: no holder known
        return None
    return holder if isinstance(holder, dict) else None


class CampaignLock:
    """The write lock of one campaign folder; ``acquire`` raises :class:`CampaignLocked` if taken."""

    def __init__(self, path: Path, campaign: str):
        self.path = Path(path)
        self.campaign = campaign
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, wait: float | None = 0.0, *, console: bool = False) -> None:
        """Take the lock, trying again for up to ``wait`` seconds while another process holds it; ``None``:
        :data:`DEFAULT_WAIT`, but none at all when the holder's note says it is the console. ``console``: the
        note this holder writes says so.

        Raises :class:`CampaignLocked` (naming the holder) when it is still taken at the deadline,
        :class:`LockNotWritable` when the file (or its folder, or the file system) does not let us
        open it for writing, :class:`UnsafeLink` when the lock is a symlink, :class:`LockLinked` (a
        ``LockNotWritable``) when it is a hard link, another file's second name: nothing is written then.
        """
        patient = wait is not None  # a wait the user gave is waited out, a console's lock or not
        deadline = time.monotonic() + max(0.0, DEFAULT_WAIT if wait is None else wait)
        try:
            fd = open_nofollow(self.path, os.O_RDWR | os.O_CREAT)  # a symbolic link would be written through
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise LockNotWritable(self.campaign, self.path, error) from error
            raise
        try:
            names = os.fstat(fd).st_nlink
        except OSError:
            os.close(fd)
            raise
        if names > 1:  # a hard link: the holder's note would replace another file's contents
            os.close(fd)
            raise LockLinked(self.campaign, self.path)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    left = deadline - time.monotonic()
                    holder = None if patient else read_holder(self.path)
                    if left <= 0 or (holder is not None and holder.get("console") is True):
                        raise CampaignLocked(self.campaign, read_holder(self.path)) from None
                    time.sleep(min(POLL_SECONDS, left))
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        holder = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            **({"console": True} if console else {}),
        }
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(holder).encode("utf-8"), 0)
        except OSError:
            pass  # the lock holds without the note; a refused console just names no holder

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)
