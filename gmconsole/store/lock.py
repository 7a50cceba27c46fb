"""One console at a time per campaign: an ``fcntl.flock`` on the campaign's ``lock`` file.

The kernel drops a ``flock`` when the process holding it exits, however it exits (even ``kill -9``),
so a stale lock never blocks anyone. The holder writes its pid, host and start time into the file
so that a refused console can say who has the campaign. The file itself is never deleted:
removing a lock file that someone may be about to lock is a classic race.

POSIX only (Linux, macOS); Windows is not supported by this module.
"""

from __future__ import annotations

import datetime as _dt
import errno
import fcntl
import json
import os
import socket
from pathlib import Path

from gmconsole.store.errors import CampaignLocked, LockNotWritable


def read_holder(path: Path) -> dict | None:
    """What the current holder wrote into the lock file, or ``None`` if unreadable."""
    try:
        holder = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
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

    def acquire(self) -> None:
        """Take the lock; :class:`CampaignLocked` if another console has it, :class:`LockNotWritable`
        if the file (or its folder, or the file system) does not let us open it for writing."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise LockNotWritable(self.campaign, self.path, error) from error
            raise
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise CampaignLocked(self.campaign, read_holder(self.path)) from None
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        holder = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
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
