"""Python's cyclic garbage collector is paused while the console starts, and resumed after the first frame.

Start-up builds many long-lived objects in a short time (Textual's and our modules, the widgets,
their styles, the campaign). Each burst of allocations makes the collector scan them all again, and
none of them is garbage: in ``bench/startup.py`` the collections were about a sixth of the time from
launch to the first painted main screen. So ``gmconsole open`` pauses the collector before it imports
anything of the console, and once the main screen is painted :func:`resume` moves what start-up
built into the collector's permanent generation (``gc.freeze``, so later collections skip it, which
also keeps them short while the GM types) and turns it back on. Reference counting frees memory as
usual the whole time; only cycles wait.
"""

from __future__ import annotations

import gc

__all__ = ["pause", "resume"]

_paused = False


def pause() -> None:
    """Pause the cyclic collector until :func:`resume` (a no-op when it is already off)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Freeze what was built so far and turn the collector back on, if :func:`pause` turned it off.

    Safe to call more than once and when nothing was paused (tests build apps without pausing)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
