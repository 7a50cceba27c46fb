"""One browser tab's table view: a ``gmconsole table NAME`` process of its own, its screen relayed to the tab.

The wire is textual-serve's (its ``AppService``): the process runs Textual's web driver, prints
``__GANGLION__`` once its app has started, then writes packets (one type byte, a 4-byte big-endian
length, the payload): ``D`` the terminal's bytes, relayed to the tab, and ``M`` a JSON meta (``exit``
when it quits). It reads the same packets on its standard input: ``D`` the keys typed in the tab,
``M`` resize, focus, blur and quit.

What this class does that ``AppService`` did not:

- **A bounded size.** A tab asks for its size in cells; a view's memory grows with it (a 20000×5000 ask
  took 0.9 GB). The size is clamped to :data:`MAX_COLUMNS` × :data:`MAX_ROWS` and at least 1×1, at start
  and at every resize, and a size that is not a number is ignored.
- **Always ended.** :meth:`stop` sends quit, then SIGTERM, then SIGKILL, each after a grace, and waits
  for the process: a view never outlives its tab, whatever state it is in (starting included).
- **Started directly**, without a shell between, and told the server's pid (``served_child``), so it
  ends itself if the server is killed.
- **Quiet.** The view's stderr is kept (bounded, :data:`STDERR_KEPT`), never poured on the GM's
  terminal; when the view ends before it started, its last line is what the tab is told
  (:attr:`failure`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import signal
from importlib.metadata import version

from aiohttp import web

from gmconsole.cli.served_child import SERVED_BY

__all__ = ["MAX_COLUMNS", "MAX_ROWS", "TableView", "cells"]

MAX_COLUMNS = 500
"""The widest a tab may ask its view to be, in cells: a 4K screen at a small font is about 400 columns.
At 500×200 a table view holds about 60 MB (docs/table-view.md)."""
MAX_ROWS = 200
"""The tallest, in rows (a 4K screen at a small font is about 130 rows)."""
QUIT_GRACE = 2.0
"""Seconds a view has to quit when asked, before SIGTERM."""
TERM_GRACE = 1.0
"""Seconds a view has after SIGTERM, before SIGKILL."""
STDERR_KEPT = 16 * 1024
"""The most of a view's stderr kept (its last bytes): enough for the line that says why it stopped."""
PRELUDE_LINES = 10
"""Lines a view may print before ``__GANGLION__`` (textual-serve reads as many)."""
STARTED = b"__GANGLION__\n"


def cells(value: object, most: int) -> int | None:
    """A size in cells a tab asked for, clamped to 1..``most``; None when it is not a number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return max(1, min(most, int(value)))


class TableView:
    """The process behind one browser tab (see the module docstring)."""

    def __init__(self, argv: list[str], websocket: web.WebSocketResponse) -> None:
        self.argv = argv
        self.websocket = websocket
        self.process: asyncio.subprocess.Process | None = None
        self.started = False
        """True once the view printed that its app has started (its first frame follows)."""
        self._stderr = bytearray()
        self._tasks: list[asyncio.Task] = []
        self._stopping: asyncio.Future | None = None

    def _environment(self, width: int, height: int) -> dict[str, str]:
        """textual-serve's environment for a view (its web driver, its size), and the server's pid."""
        environment = dict(os.environ)
        environment.update({
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual",
            "TERM_PROGRAM_VERSION": version("textual-serve"), "COLUMNS": str(width), "ROWS": str(height),
            SERVED_BY: str(os.getpid()),
        })
        return environment

    async def start(self, width: object, height: object) -> None:
        """Start the view at the size the tab asked for (clamped; 80×24 when it asked for none)."""
        width = cells(width, MAX_COLUMNS) or 80
        height = cells(height, MAX_ROWS) or 24
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._environment(width, height))
        self._tasks = [asyncio.create_task(self._keep_stderr()), asyncio.create_task(self._relay_screen())]

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    @property
    def _started(self) -> asyncio.subprocess.Process:
        """The view's process: what reads, writes or stops it runs once :meth:`start` made it."""
        assert self.process is not None  # the view's process is started first
        return self.process

    @property
    def failure(self) -> str:
        """The last line the view wrote on its stderr ('' when it wrote none)."""
        lines = bytes(self._stderr).decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""

    async def _keep_stderr(self) -> None:
        stderr = self._started.stderr
        assert stderr is not None  # started with a pipe on its stderr
        while data := await stderr.read(4096):
            self._stderr += data
            del self._stderr[:-STDERR_KEPT]

    async def _relay_screen(self) -> None:
        """Relay the view's frames to the tab until it ends; then close the tab's websocket (said why
        when the view ended before it started)."""
        stdout = self._started.stdout
        assert stdout is not None  # started with a pipe on its stdout
        try:
            for _line in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == STARTED:
                    self.started = line == STARTED
                    break
            while self.started:
                kind = await stdout.readexactly(1)
                payload = await stdout.readexactly(int.from_bytes(await stdout.readexactly(4), "big"))
                if kind == b"D" and not self.websocket.closed:
                    await self.websocket.send_bytes(payload)
                elif kind == b"M" and json.loads(payload).get("type") == "exit":
                    break
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        if not self.websocket.closed:
            await self._close_tab()

    async def _close_tab(self) -> None:
        """The view has ended by itself (``q`` in the tab, or it could not start): close the tab's
        websocket; a view that never started tells the tab its last line first."""
        if not self.started:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._tasks[0], 2)  # the line that says why, still on its way
        with contextlib.suppress(ConnectionError, RuntimeError):
            if not self.started and self.failure:
                await self.websocket.send_json(["gmconsole-notice", self.failure])
            await self.websocket.close()

    async def _send(self, kind: bytes, payload: bytes) -> None:
        """One packet to the view's standard input; nothing when it has gone."""
        if not self.running:
            return
        stdin = self._started.stdin
        assert stdin is not None  # started with a pipe on its stdin
        with contextlib.suppress(ConnectionError, RuntimeError):
            stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
            await stdin.drain()

    async def send_keys(self, text: str) -> None:
        await self._send(b"D", text.encode("utf-8"))

    async def send_meta(self, meta: dict) -> None:
        await self._send(b"M", json.dumps(meta).encode("utf-8"))

    async def resize(self, width: object, height: object) -> None:
        """Tell the view the tab's new size, clamped (a size that is not a number is ignored)."""
        width, height = cells(width, MAX_COLUMNS), cells(height, MAX_ROWS)
        if width is not None and height is not None:
            await self.send_meta({"type": "resize", "width": width, "height": height})

    async def stop(self) -> None:
        """End the view and wait for its process, whatever it is doing: quit, then SIGTERM after
        :data:`QUIT_GRACE`, then SIGKILL after :data:`TERM_GRACE`. Its tab and the server's shutdown may
        both ask at once: one ending, awaited by both."""
        if self.process is None:
            return
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        await self.send_meta({"type": "quit"})
        for grace, ending in ((QUIT_GRACE, signal.SIGTERM), (TERM_GRACE, signal.SIGKILL)):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._started.wait()), grace)
            if not self.running:
                break
            with contextlib.suppress(ProcessLookupError):
                self._started.send_signal(ending)
        await self._started.wait()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def kill(self) -> None:
        """SIGKILL now (the server is going and cannot wait): for the last resort on exit."""
        if self.running:
            with contextlib.suppress(ProcessLookupError, RuntimeError):
                self._started.kill()
