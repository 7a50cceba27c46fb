"""A table view that ``gmconsole serve`` started for a browser tab ends with the server, even a killed one.

The server ends its views itself when a tab closes and when it stops (Ctrl+C, SIGTERM), but a server
killed outright (``kill -9``, a crash) cannot. So the view ends itself when its server is gone:

- **Linux:** the kernel's parent-death signal (``prctl(PR_SET_PDEATHSIG, SIGKILL)``, through ``ctypes``):
  the moment the server dies, the view is killed. Set here, in the view's own process (a ``preexec_fn``
  in the server is not safe beside the threads its event loop has), then the parent is checked once: a
  server that died before the signal was set is noticed at once.
- **Elsewhere** (or when ``prctl`` is refused): a daemon thread looks at the parent's pid every
  :data:`WATCH_SECONDS` and ends the process when it has changed (the view was handed to init).

SIGKILL is safe for a table view: it opened the campaign read-only, holds no lock and writes nothing.
The server names itself in :data:`SERVED_BY` (its pid), which also tells ``gmconsole table`` that it
runs in a browser tab.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

__all__ = ["SERVED_BY", "WATCH_SECONDS", "end_with_server", "served_by", "watch_parent"]

SERVED_BY = "GMCONSOLE_SERVED_BY"
"""The environment variable ``gmconsole serve`` sets for each view it starts: the server's pid."""
WATCH_SECONDS = 0.5
"""How often the portable watch looks at the parent's pid."""
PR_SET_PDEATHSIG = 1
"""``prctl``'s option number for the parent-death signal (linux/prctl.h)."""


def served_by() -> int | None:
    """The pid of the server that started this process for a browser tab, or None (run in a terminal)."""
    value = os.environ.get(SERVED_BY, "")
    return int(value) if value.isdigit() else None


def end_with_server(server: int) -> None:
    """End this process when ``server`` (its parent) is gone: at once when it already is, then by the
    kernel's parent-death signal on Linux, or by :func:`watch_parent` elsewhere."""
    if not _parent_death_signal():
        watch_parent(server)
    if os.getppid() != server:  # gone before the signal was set: nobody is left to watch this view
        os._exit(0)


def _parent_death_signal() -> bool:
    """Ask the Linux kernel for SIGKILL when the parent dies; False where that cannot be had."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(server: int) -> threading.Thread:
    """The portable watch: a daemon thread that ends this process as soon as its parent is no longer
    ``server`` (the server died and the view was handed to another parent)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(WATCH_SECONDS)
        os._exit(0)

    thread = threading.Thread(target=watch, name="end-with-server", daemon=True)
    thread.start()
    return thread
