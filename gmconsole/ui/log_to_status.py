"""While the console runs, gmconsole's log lines go to its status line, never to the terminal raw.

Python's logging writes a warning that no handler takes to stderr (its "last resort" handler); with
the console on screen, such a line is painted over the TUI's bottom line, garbling it.
:func:`route_logs` sends every ``gmconsole`` record of level WARNING and up to the app's status line
instead, until the function it returns is called.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from gmconsole.safe_text import shown

__all__ = ["route_logs"]


class _StatusLineHandler(logging.Handler):
    """A handler that shows each record's message as an error in the app's status line."""

    def __init__(self, app) -> None:
        super().__init__(level=logging.WARNING)
        self.app = app
        self.thread = threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = shown(record.getMessage())  # a message may quote a file name: escaped
        except Exception:  # a broken format string must not reach the terminal either
            text = shown(str(record.msg))
        if threading.get_ident() == self.thread:
            self.app.show_error(text)
        else:
            self.app.call_from_thread(self.app.show_error, text)


def route_logs(app) -> Callable[[], None]:
    """Route the ``gmconsole`` logger to ``app``'s status line; returns the function that undoes it."""
    logger = logging.getLogger("gmconsole")
    handler = _StatusLineHandler(app)
    propagated = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False

    def undo() -> None:
        logger.removeHandler(handler)
        logger.propagate = propagated

    return undo
