"""How the history screen reads the history: once, into memory, in a worker thread when
it is long, and after a change only the files the change touched.

Mixed into :class:`~gmconsole.ui.screens.history.HistoryScreen`, which filters what is read
(``refilter``) and draws it. The reading itself is :mod:`gmconsole.campaign.history_index`: a plan
(which chunk files changed, from their signatures; no file parsed) and its read (the changed ones
read, the rest kept: what is read of a chunk is its summary's rows,
:mod:`gmconsole.campaign.history_summary`). A plan with little to parse is read at once on the console's
thread (a roll rewrites one chunk: a few ms); a bigger one, as when a long campaign's history is first opened, in a
worker thread, while the status line says "Loading…" and keys keep working; the newest chunks are read
first and shown as soon as they fill a page, the older ones read behind them. Changes during that read
are read when it ends.
"""

from __future__ import annotations

import functools
import time

from textual.worker import Worker, WorkerState, get_current_worker

from gmconsole.campaign import history_index
from gmconsole.campaign.storage_access import CorruptFile

__all__ = ["HAND_BACK", "READ_HERE_BYTES", "HistoryReading"]

READ_HERE_BYTES = 1_500_000
"""History files (bytes) parsed at once on the console's thread, at most: two full chunks of rolls,
10 to 20 ms (what a change rewrites: its own chunk and the chunk of a roll whose costs it marks).
More, as when the history of a long campaign is first opened, is read in a worker thread."""

HAND_BACK = 0.004
"""Seconds the worker thread reading the history sleeps after each chunk (:func:`_hand_back`)."""


class HistoryReading:
    """The reading half of the history screen (see the module docstring)."""

    def reload(self, *, keep_message: bool = False) -> None:
        """Read what changed in the history since the last read, then filter and redraw the table
        (keeps the cursor on the same row); a long read goes to a worker thread (module docstring).

        ``keep_message``: the line an action just said stays (the change it made is heard after it)."""
        if self._reading is not None:  # read again, with what changed meanwhile, when it ends
            self._read_again = True
            return
        todo = history_index.plan(self.service.history, self._index)
        if sum(todo.signatures[key][2] for key in todo.to_read) > READ_HERE_BYTES:
            self._read_again = False
            first_page = self._first_page if self._index is None else None
            self._reading = self.run_worker(functools.partial(todo.read, self.service.history, _hand_back, first_page),
                                            thread=True, name="history-read", group="history-read")
            if self._index is None:
                self.refilter(keep_message=keep_message)  # says "Loading…"
            return
        self._read(todo.read(self.service.history), keep_message=keep_message)

    def _first_page(self, index: history_index.HistoryIndex) -> None:
        """From the worker thread: the newest chunks are read; the table shows them while the rest is read
        (filters meanwhile look through what is read so far, and the status line says so)."""
        def show() -> None:
            if self._reading is not None and self._index is None and self.is_mounted:
                self._read(index, keep_message=True)

        self.app.call_from_thread(show)

    def _read(self, index: history_index.HistoryIndex, *, keep_message: bool) -> None:
        """A read of the history done: keep it, then filter, redraw and show the detail again."""
        self._index = index
        try:
            self._labels = (self.service.undo_label(), self.service.redo_label())
        except CorruptFile as exc:
            self._clear_rows()
            self._damaged(exc)
            return
        if self.refilter(keep_message=keep_message) and self.detail_id is not None:
            self._show_detail(self.detail_id)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The worker reading the history ended: take its index (an error ends the console, as a bug
        on the console's thread does)."""
        if event.worker is not self._reading or event.state not in (WorkerState.SUCCESS, WorkerState.CANCELLED):
            return
        self._reading = None
        if event.state == WorkerState.SUCCESS:
            self._read(event.worker.result, keep_message=True)
        if self._read_again:
            self.reload(keep_message=True)

    @property
    def loading(self) -> bool:
        """True while the history is first read (the table says "Loading…", then shows the newest entries
        and says older ones are still being read)."""
        return self._reading is not None and (self._index is None or self._index.partial)


def _hand_back() -> None:
    """Between two chunks the worker thread reads, it sleeps :data:`HAND_BACK` seconds. Python runs one
    thread at a time, and parsing a chunk's JSON cannot be interrupted: without a pause the console's
    thread, which gives the interpreter up at every turn of its event loop, waits for a chunk at each
    turn, and a key (several turns) waited for several chunks.

    A read whose screen was closed (or the console quit) stops here: the thread cannot be stopped
    from outside, and quitting waits for it."""
    time.sleep(HAND_BACK)
    if get_current_worker().is_cancelled:
        raise ReadStopped


class ReadStopped(Exception):
    """The screen that asked for a read of the history is gone: the worker thread stops reading."""
