"""Taking turns with the other writers of one campaign (:mod:`.lock` says why and how).

A writer's :class:`Turns` holds the campaign lock for one change at a time (:meth:`Turns.take`), tells the
store to forget what it keeps in memory of the files when the lock's note says another writer committed
since its last turn, and leaves the note saying how the turn ended: whole, or with a change that may
have been left half-written (the next writer then checks the history as after a crash).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from gmconsole.store.errors import NotSaved
from gmconsole.store.lock import CampaignLock, LockNote, read_note

__all__ = ["Turn", "Turns"]

Newest = tuple[int, int]


class Turn:
    """One writer's turn: what it found when it took the lock, and what it wrote."""

    def __init__(self, note: LockNote, others_wrote: bool) -> None:
        self.others_wrote = others_wrote
        """Another writer committed since this writer's last turn: what it keeps in memory was read again."""
        self.crashed = note.busy
        """The previous turn never ended (its writer died, or a write failed half-way): check the history."""
        self.last_id = note.last_id if note.exact else None
        """The highest entry id given so far, when the note left in this boot says it."""
        self.newest: Newest | None = note.newest if note.this_boot else None
        """The newest history chunk, when the note left in this boot says it."""
        self.whole = True
        """False once something in this turn may have left the files disagreeing (:meth:`leave_unchecked`)."""
        self.wrote = False
        """A write was started in this turn."""
        self.writes = 0
        """Writes completed in this turn."""

    def leave_unchecked(self) -> None:
        """The files may disagree after this turn (a backup put back, a chunk set aside, a history that
        could not be checked): the next writer checks the history as after a crash."""
        self.whole = False


class Turns:
    """The turns of one writer of a campaign, on its :class:`~gmconsole.store.lock.CampaignLock`."""

    def __init__(self, lock: CampaignLock, wait: float | None = 0.0) -> None:
        self.lock = lock
        self.wait = wait
        """Seconds each turn waits for another writer's turn to end (``None``: the lock's default)."""
        self.current: Turn | None = None
        """The turn under way, if any."""
        self._seen: int | None = None  # the note's count when this writer's last turn ended

    @contextlib.contextmanager
    def take(self, read_again: Callable[[], None], newest: Callable[[], Newest | None],
             wait: float | bool | None = False) -> Iterator[Turn]:
        """Hold the lock for one change; a turn inside a turn is the same turn. ``read_again()`` is called
        when another writer committed since this writer's last turn; ``newest()`` gives the newest
        history chunk this writer appended to, for the note. ``wait``: as :attr:`wait` unless given."""
        if self.current is not None:
            yield self.current
            return
        note = self.lock.acquire(self.wait if wait is False else wait)
        turn = Turn(note, others_wrote=note.busy or (self._seen is not None and note.turns != self._seen))
        self.current = turn
        try:
            if turn.others_wrote:
                read_again()
            yield turn
        except NotSaved:  # refused before it was written: only a write done before it leaves a half-made change
            if turn.writes:
                turn.leave_unchecked()
            raise
        except BaseException:
            if turn.wrote:
                turn.leave_unchecked()  # a change that escaped half-way
            raise
        finally:
            self.current = None
            self._seen = self.lock.release(wrote=turn.wrote or turn.crashed, whole=turn.whole, newest=newest())

    def others_wrote(self) -> bool:
        """Whether another writer committed since this writer's last turn, from the lock's note, without
        taking the lock: a follower's cheap check before it takes a turn to read what changed."""
        note = read_note(self.lock.path)
        return note.busy or note.turns != self._seen
