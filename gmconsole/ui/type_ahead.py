"""Type-ahead: keys that arrive in one burst are handled as if they had been typed slowly.

Why keys typed fast went astray. Textual routes a key in three steps, each at its own moment:

1. the app takes the key from its queue, runs the *priority* bindings (the main screen's ``1``–``4``)
   and forwards the key to the widget focused **at that moment** (``App.on_event``);
2. that widget handles it (an ``Input`` types the character), and the key bubbles up its
   ancestors, one message queue after another, back to the app;
3. the app then runs the first binding of the focus chain **as it is by then** (``App._on_key``).

And what a key sets off finishes later still: ``Widget.focus()`` moves the focus only when the app
reaches the callback it queued (``app.call_later``); a pushed screen composes, mounts and focuses
its first field in its own task; a dialog flow runs as a worker that opens its screen when it gets
its turn. Typed slowly, every key finds all of that done. Sent in one burst (a fast typist ahead of
the screen, ``tmux send-keys``), every key of the burst is in the app's queue before the first has
been handled. ``1 ↓ ↓ ↓ 3 s o b s ⏎ r``: step 1 forwarded every key but the pane keys to the
roster's table, the focus when each was taken; ``3``'s binding ran at step 1, but the focus it asked
for moved to the roll builder only after the whole burst had been forwarded; the arrows, back at step 3 by then, ran the
builder's bindings instead of moving the roster's highlight; ``s`` opened the skill filter, but
``obs`` had gone to the table, so ``⏎`` picked the first skill of the whole list (Ranged), and ``r``
came back while the filter still had the focus: nothing was rolled.

The fix: one key at a time. :class:`TypeAhead` lets a key (or a paste) through only when the
console has settled after the one before: when the event loop has nothing left to run (its ready
queue is empty), everything the previous key started that does not wait on the world has run — the
key's bubbling, the bindings, focus moves, a screen's mount and its first focus, a worker up to the
dialog it awaits. Keys that arrive before then are held, in order, and each is let through in turn
(in the app's own task, through Textual's routing) once the loop has settled after the one before;
what waits on a timer, a thread or the terminal (the 60 Hz repaint, a statistics worker) is no part
of what a key waits for, as a slow typist's next key would not wait for it either. A key that
arrives while nothing is held and the console is settled goes through at once, so a single key
costs nothing more (``bench/startup.py``'s keypress figure).

Textual runs on asyncio's own event loop, whose ready queue is ``loop._ready``; a loop without one
is deemed settled after :data:`ROUNDS_WITHOUT_READY_QUEUE` of its iterations. A loop that never
settles (something busy forever) lets the next key through after :data:`MOST_ROUNDS` iterations, so
no key is held for good.

Escape then a key that the terminal's parser read as one Alt key (``␛s``: ``alt+s``;
:mod:`~gmconsole.ui.escape_keys`) is, when it is let through, the Alt key only where something binds it;
else the Escape is routed and the key goes first in line, so it waits for the console to settle after the
Escape as any key of a burst waits for the one before.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

from textual import events

from gmconsole.ui.escape_keys import as_pressed, read_with_escape

__all__ = ["MOST_ROUNDS", "ROUNDS_WITHOUT_READY_QUEUE", "TypeAhead"]

MOST_ROUNDS = 2000
"""Iterations of the event loop a held key waits for it to settle, at most."""

ROUNDS_WITHOUT_READY_QUEUE = 64
"""Iterations after which a loop that does not show its ready queue is deemed settled."""


class TypeAhead:
    """The gate a key passes on its way in: the app asks :meth:`admit` for every key and paste event
    as it arrives; ``route`` (the app's own routing, run in the app's task) handles one let through.

    ``busy`` is true from the moment a key is let through until the console has settled after the
    last one (a test's pause waits for it)."""

    def __init__(self, app, route: Callable[[events.Event], Awaitable[None]]) -> None:
        self._app = app
        self._route = route
        self._held: deque[events.Event] = deque()
        self.busy = False

    def admit(self, event: events.Event) -> events.Event | None:
        """The event to route now (the console has settled): ``event``, or the Escape it began with
        (:meth:`_pressed`); None: it is held, and let through in turn once the console has settled after
        the keys before it."""
        if self.busy:
            self._held.append(event)
            return None
        self.busy = True
        self._watch()
        return self._pressed(event)

    def _pressed(self, event: events.Event) -> events.Event:
        """What the GM pressed first, as the key is let through: for Escape then a key read as one Alt key
        that nothing binds where it lands, the Escape, with the key put first in line (it is let through
        once the console has settled after the Escape); any other event as it is."""
        if not read_with_escape(event):
            return event
        first, *rest = as_pressed(event, self._bound)
        self._held.extendleft(reversed(rest))
        return first

    def _bound(self, key: str) -> bool:
        """True when the focus chain of the screen on top binds ``key`` (the GM's keymap applied)."""
        return key in self._app.screen.active_bindings

    def _watch(self) -> None:
        """Look at the event loop after each of its iterations until it has settled."""
        asyncio.get_running_loop().call_soon(self._look, 0)

    def _look(self, rounds: int) -> None:
        loop = asyncio.get_running_loop()
        ready = getattr(loop, "_ready", None)
        settled = rounds >= ROUNDS_WITHOUT_READY_QUEUE if ready is None else not ready
        if not settled and rounds < MOST_ROUNDS:
            loop.call_soon(self._look, rounds + 1)
            return
        if not self._held:
            self.busy = False
            return
        # In the app's task, as the app handles a key it takes from its queue; watch again after it.
        if not self._app.call_later(self._let_through, self._held.popleft()):  # the app is closing
            self._held.clear()
            self.busy = False

    async def _let_through(self, event: events.Event) -> None:
        try:
            await self._route(self._pressed(event))
        finally:
            self._watch()
