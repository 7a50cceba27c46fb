"""A real ``gmconsole serve`` process, browser tabs played over real sockets, and its views' processes.

:class:`ServeProcess` starts ``python -m gmconsole --data-dir ROOT serve NAME --port PORT ...`` in a new
session, keeps every line it prints (a reader thread), and on the way out stops it (SIGINT, then the
whole group killed) so no view outlives a test. :func:`open_tab` is a browser tab's websocket (aiohttp's
client, with the page's ``Origin``), :func:`screen_of` the text of the frames a tab received.
:func:`table_views` lists the server's ``gmconsole table`` children from ``/proc`` (Linux).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

START_SECONDS = 30.0
"""How long a server or a view may take to start on a loaded machine."""
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]|\x1b[()][A-Za-z0-9]|\x1b[=>]")

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="the views' processes are found in /proc (Linux)")


@contextlib.asynccontextmanager
async def in_process(argv: list[str], host: str = "127.0.0.1", max_views: int = 4):
    """``TableServer``'s own application served in this process on a free port of ``host``, each tab's view
    running ``argv``: ``(port, server)``."""
    from aiohttp import web

    from gmconsole.cli.web_server import TableServer

    port = free_port()
    server = TableServer(argv, host=host, port=port, title="yze-demo — table view", name="yze-demo",
                         max_views=max_views)
    runner = web.AppRunner(await server._make_app(), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    try:
        yield port, server
    finally:
        await runner.cleanup()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent pid, state) of ``pid``, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), fields[0]


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped has ended)."""
    stat = _stat(pid)
    return stat is not None and stat[1] not in ("Z", "X")


def table_views(server_pid: int) -> list[int]:
    """The live ``gmconsole ... table NAME`` processes whose parent is ``server_pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is None or stat[0] != server_pid or not alive(int(entry.name)):
            continue
        with contextlib.suppress(OSError):
            if any(b"table" in word.split() for word in (entry / "cmdline").read_bytes().split(b"\0")):
                found.append(int(entry.name))
    return found


def wait_until(check, timeout: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True


class ServeProcess:
    """``gmconsole serve`` as a process (see the module docstring)."""

    def __init__(self, root: Path, name: str, *flags: str) -> None:
        self.port = free_port()
        self.lines: list[str] = []
        env = {k: v for k, v in os.environ.items() if k != "GMCONSOLE_DEBUG"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gmconsole", "--data-dir", str(root), "serve", name, "--port", str(self.port),
             *flags], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not wait_until(self._listening, START_SECONDS):
            self.stop()
            pytest.fail(f"gmconsole serve did not listen within {START_SECONDS:g} s: {self.lines}")

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)

    def _listening(self) -> bool:
        if self.process.poll() is not None:
            pytest.fail(f"gmconsole serve stopped (status {self.process.returncode}): {self.lines}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
            return True
        return False

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return "".join(self.lines)

    def stop(self, stop_signal: int = signal.SIGINT, timeout: float = 10) -> int | None:
        """Signal the server, wait for it; kill its whole group if it is still there. Its status."""
        if self.process.poll() is None:
            self.process.send_signal(stop_signal)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=timeout)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._reader.join(timeout=5)
        return self.process.returncode


async def open_tab(server: ServeProcess, width: int = 80, height: int = 24, *, session, origin: str | None = None):
    """A browser tab's websocket to ``server`` (the page's ``Origin`` unless told another), its size
    sent once open as the page's script does (the view draws its first full frame then)."""
    websocket = await session.ws_connect(f"{server.url}/ws?width={width}&height={height}",
                                         headers={"Origin": origin or server.url}, autoclose=False)
    await websocket.send_str(json.dumps(["resize", {"width": width, "height": height}]))
    return websocket


async def frames(websocket, until, timeout: float = START_SECONDS) -> tuple[bytes, list]:
    """The terminal bytes a tab receives until ``until(data, notices)`` holds (or it closes, or the
    time is up): ``(data, notices)``, the notices being what the server told the page in words."""

    from aiohttp import WSMsgType

    data, notices = b"", []
    deadline = time.monotonic() + timeout
    while not until(data, notices) and time.monotonic() < deadline:
        try:
            message = await websocket.receive(timeout=max(0.05, deadline - time.monotonic()))
        except TimeoutError:
            break
        if message.type == WSMsgType.BINARY:
            data += message.data
        elif message.type == WSMsgType.TEXT:
            envelope = json.loads(message.data)
            if envelope[0] == "gmconsole-notice":
                notices.append(envelope[1])
        else:
            break
    return data, notices


def screen_of(data: bytes) -> str:
    """The text of a tab's frames, escapes left out: each row the view wrote, one per line."""
    rows = re.split(r"\x1b\[\d+;\d+H", data.decode("utf-8", "replace"))
    return "\n".join(ESCAPES.sub("", row) for row in rows)


def reset_while_connecting(port: int) -> None:
    """A tab that goes away in the middle of its websocket's handshake: the request sent, then the
    connection reset (no close), as a browser tab closed at that instant does."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as conn:
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.sendall((f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n").encode())
