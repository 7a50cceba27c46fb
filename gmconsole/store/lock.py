"""Every writer takes turns: an ``fcntl.flock`` on the campaign's ``lock`` file, held while one change is
committed.

The console, the command line, a second console and the players' pages all write the same campaign. None
of them holds it for its lifetime: each takes the lock for one *turn* (one change: read what the others
committed, write the entry and the state, let go), which takes milliseconds, so a script, a co-GM's laptop
or a player's phone writes while the GM plays.

The kernel drops a ``flock`` when the process holding it exits, however it exits (even ``kill -9``),
so a stale lock never blocks anyone. The file itself is never deleted: removing a lock file that
someone may be about to lock is a classic race. It is never written through a link either: a symbolic
link is refused when opened (``O_NOFOLLOW``), and a hard link (a file with more than one name, which
the note would overwrite) once open, before anything is written.

The note. The holder writes a small JSON note into the file (:class:`LockNote`), which the next holder
reads as soon as it has the lock:

- ``pid``, ``host``, ``since``: who holds it, for a writer refused at its deadline;
- ``turns``: how many turns have written anything since the campaign was created; a writer that finds
  a number other than the one it left knows another writer committed meanwhile, and reads again what
  it keeps in memory (its state, its history listings, its next entry id);
- ``busy``: true while a turn is under way; a note still busy when the next writer takes the lock means
  its holder died in the middle of a change, and the history is checked as after a crash;
- ``last_id``: the highest entry id given, written *before* the entry is, so a holder killed between
  the two leaves no id to be given twice; ``newest``: the newest history chunk, as the clean-close
  marker names it (:mod:`.clean_close`), so a writer opening while another is open can trust the note
  only while that chunk is still there;
- ``boot``: the kernel's boot id. A note left in this boot is exact (the page cache outlives a killed
  process); one from before a power cut may not be (it is never synced), so it is then not trusted.

Waiting. ``acquire`` polls the ``flock`` every :data:`POLL_SECONDS` until it is free or ``wait``
seconds have passed; a turn lasts milliseconds, so :data:`DEFAULT_WAIT` outlasts any queue of writers.

POSIX only (Linux, macOS); Windows is not supported by this module.
"""

from __future__ import annotations

import datetime as _dt
import errno
import fcntl
import functools
import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmconsole.store.bounds import MAX_NOTE_FILE
from gmconsole.store.errors import CampaignLocked, LockLinked, LockNotWritable, StoreError
from gmconsole.store.safe_open import open_nofollow, read_nofollow
from gmconsole.store.shape import ID_MAX

DEFAULT_WAIT = 5.0
"""Seconds a writer waits for another's turn to end unless given ``--wait SECONDS``: a turn takes a few
milliseconds, so this outlasts any queue of writers, while a writer stuck holding it is still reported soon."""
POLL_SECONDS = 0.005
"""How often a waiting writer tries the lock again."""
BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")

_MAX_TURNS = 2**62


@functools.cache
def boot_id() -> str:
    """This boot of the machine (Linux), or ``""`` where the system does not say: then no note is trusted."""
    try:
        return BOOT_ID_FILE.read_text(encoding="ascii").strip()[:64]
    except (OSError, UnicodeDecodeError):
        return ""


@dataclass(frozen=True)
class LockNote:
    """What the last holder of the lock left in its note (see the module docstring); untrusted text, so
    every field is checked and one that is not what it should be reads as unknown."""

    turns: int = -1
    """-1: unknown (no note, or one that does not read), never equal to a count a writer left."""
    busy: bool = False
    last_id: int | None = None
    newest: tuple[int, int] | None = None
    """``(first id, session)`` of the newest history chunk, as the clean-close marker names it."""
    this_boot: bool = False
    holder: dict[str, Any] | None = None

    @classmethod
    def parse(cls, raw: bytes) -> LockNote:
        try:
            note = json.loads(raw.decode("utf-8")) if raw.strip() else None
        except (ValueError, RecursionError):
            return cls()
        if not isinstance(note, dict):
            return cls()
        turns, last_id = note.get("turns"), note.get("last_id")
        boot = note.get("boot")
        named = note.get("newest")
        newest = None
        if (isinstance(named, list) and len(named) == 2 and all(type(n) is int and 0 <= n <= ID_MAX for n in named)):
            newest = (named[0], named[1])
        return cls(
            turns=turns if type(turns) is int and 0 <= turns <= _MAX_TURNS else -1,
            busy=note.get("busy") is True,
            last_id=last_id if type(last_id) is int and 0 <= last_id <= ID_MAX else None,
            newest=newest,
            this_boot=bool(boot) and boot == boot_id(),
            holder=note,
        )

    @property
    def exact(self) -> bool:
        """Whether its ``last_id`` can be trusted: left in this boot by a holder that gave ids."""
        return self.this_boot and self.last_id is not None


def read_holder(path: Path) -> dict[str, Any] | None:
    """What the current holder wrote into the lock file, or ``None`` if unreadable."""
    try:
        return LockNote.parse(read_nofollow(path, MAX_NOTE_FILE)).holder
    except (OSError, StoreError):  # a link, a huge or hostile file: no holder known
        return None


def read_note(path: Path) -> LockNote:
    """The note as it is now, read without taking the lock (a follower's cheap "did anyone write?")."""
    try:
        return LockNote.parse(read_nofollow(path, MAX_NOTE_FILE))
    except (OSError, StoreError):
        return LockNote()


class CampaignLock:
    """The write lock of one campaign folder: :meth:`acquire` a turn, :meth:`release` it."""

    def __init__(self, path: Path, campaign: str):
        self.path = Path(path)
        self.campaign = campaign
        self._fd: int | None = None
        self._note: dict[str, Any] = {}

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, wait: float | None = 0.0) -> LockNote:
        """Take the lock, trying again for up to ``wait`` seconds (``None``: :data:`DEFAULT_WAIT`) while
        another writer's turn lasts; returns the note the previous holder left, and marks the turn busy.

        Raises :class:`CampaignLocked` (naming the holder) when it is still taken at the deadline,
        :class:`LockNotWritable` when the file (or its folder, or the file system) does not let us
        open it for writing, :class:`UnsafeLink` when the lock is a symlink, :class:`LockLinked` (a
        ``LockNotWritable``) when it is a hard link, another file's second name: nothing is written then.
        """
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
                    if left <= 0:
                        raise CampaignLocked(self.campaign, read_holder(self.path)) from None
                    time.sleep(min(POLL_SECONDS, left))
            try:
                found = LockNote.parse(os.pread(fd, MAX_NOTE_FILE, 0))
            except OSError:
                found = LockNote()
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        self._note = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "boot": boot_id(),
            "turns": found.turns,
            "busy": True,
            "last_id": found.last_id if found.this_boot else None,
            "newest": list(found.newest) if found.this_boot and found.newest else None,
        }
        self._write_note()
        return found

    def give_id(self, last_id: int) -> None:
        """Say, before the entry is written, that ``last_id`` is given (see the module docstring)."""
        self._note["last_id"] = int(last_id)
        self._write_note()

    def release(self, *, wrote: bool = False, whole: bool = True, newest: tuple[int, int] | None = None) -> int:
        """End the turn (``wrote``: it changed the campaign's files); returns the turn count it leaves.
        ``whole=False``: the change may have been left half-written (a failed write, a restored backup),
        so the note stays busy and the next writer checks the history as after a crash."""
        if self._fd is None:
            return -1
        if newest is not None:
            known = self._note.get("newest")
            self._note["newest"] = list(max(newest, tuple(known))) if known else list(newest)
        if wrote:
            self._note["turns"] = max(0, int(self._note["turns"]) + 1) if self._note["turns"] < _MAX_TURNS else 0
        self._note["busy"] = not whole
        self._write_note()
        fd, self._fd = self._fd, None
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
        return int(self._note["turns"])

    def _write_note(self) -> None:
        if self._fd is None:
            return
        encoded = json.dumps(self._note).encode("utf-8")
        try:
            os.pwrite(self._fd, encoded, 0)
            os.ftruncate(self._fd, len(encoded))
        except OSError:
            pass  # the lock holds without the note; the next writer then checks the history as after a crash
