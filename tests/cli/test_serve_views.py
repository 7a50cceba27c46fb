"""``gmconsole serve``'s table views as processes: each browser tab's view ends with its connection
(closed, reset, or while the view is still starting) and every view ends with the server (Ctrl+C,
SIGTERM, kill -9); at most ``--max-views`` run and the next tab is told why; the size a tab asks for is
clamped; a tab that drops or sends garbage is one line on the GM's terminal; a tab opened on a damaged
campaign shows the damage, then the campaign once repaired.

A real ``gmconsole serve`` process and real sockets throughout (``served_views``): tabs are aiohttp
websockets with the page's ``Origin``, views are found in ``/proc``.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import signal
import socket
import struct
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from served_views import (
    START_SECONDS,
    ServeProcess,
    alive,
    frames,
    in_process,
    needs_proc,
    open_tab,
    reset_while_connecting,
    screen_of,
    table_views,
    wait_until,
)

from gmconsole.cli.served_view import MAX_COLUMNS, MAX_ROWS

pytestmark = needs_proc

NAME = "yze-demo"
GONE_SECONDS = 5.0
"""A view ends within this of its tab closing or its server stopping (quit, SIGTERM after 2 s, SIGKILL
after 1 more); generous for a loaded machine."""


def _started(data: bytes, _notices) -> bool:
    return len(data) > 0


def _new_view(server: ServeProcess, before: set[int]) -> int:
    """The view the server started since ``before`` (waited for)."""
    found: list[int] = []
    assert wait_until(lambda: found.extend(set(table_views(server.pid)) - before) or found, START_SECONDS), \
        server.output()
    return found[0]


@pytest.fixture(scope="module")
def root(demo_template, tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve-views") / "data"
    shutil.copytree(demo_template, folder)
    return folder


@pytest.fixture(scope="module")
def server(root):
    """One server for the tests that leave it running; each test leaves no view behind."""
    served = ServeProcess(root, NAME)
    yield served
    served.stop()


def test_a_tabs_view_ends_when_its_tab_closes(server):
    async def scenario() -> int:
        async with aiohttp.ClientSession() as session:
            before = set(table_views(server.pid))
            tab = await open_tab(server, session=session)
            data, _notices = await frames(tab, _started)
            assert data, server.output()
            view = _new_view(server, before)
            await tab.close()
            return view

    view = asyncio.run(scenario())
    assert wait_until(lambda: not alive(view), GONE_SECONDS), f"view {view} outlived its tab"


@pytest.mark.parametrize("how", ["closed", "reset"])
def test_a_tab_gone_while_its_view_starts_leaves_no_process(server, how):
    """The tab goes (a websocket close, or the connection reset as a closed browser tab does) after its
    view's process started and before its first frame."""
    before = set(table_views(server.pid))
    if how == "closed":
        async def scenario() -> int:
            async with aiohttp.ClientSession() as session:
                tab = await open_tab(server, session=session)
                view = _new_view(server, before)
                await tab.close()
                return view

        view = asyncio.run(scenario())
    else:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as conn:
            conn.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          f"Sec-WebSocket-Version: 13\r\nOrigin: {server.url}\r\n\r\n").encode())
            assert conn.recv(12).endswith(b"101")
            view = _new_view(server, before)
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
    assert wait_until(lambda: not alive(view), GONE_SECONDS), f"view {view} outlived its tab"
    time.sleep(0.5)
    assert set(table_views(server.pid)) <= before


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL],
                         ids=["ctrl-c", "sigterm", "kill-9"])
def test_every_view_ends_with_the_server(root, stop_signal):
    """Two tabs, one showing, one still starting; the server is stopped (Ctrl+C and SIGTERM: a clean
    exit) or killed outright (its views end themselves: the parent-death signal)."""
    served = ServeProcess(root, NAME)
    try:
        async def scenario() -> list[int]:
            async with aiohttp.ClientSession() as session:
                showing = await open_tab(served, session=session)
                assert (await frames(showing, _started))[0], served.output()
                before = set(table_views(served.pid))
                await open_tab(served, session=session)
                views = sorted(before | {_new_view(served, before)})
                assert len(views) == 2
                served.process.send_signal(stop_signal)
                # the tabs stay open meanwhile (this wait holds the loop: nothing of theirs is read or closed)
                assert wait_until(lambda: not any(alive(view) for view in views), GONE_SECONDS), \
                    f"views {[v for v in views if alive(v)]} outlived the server"
                return views

        asyncio.run(scenario())
        status = served.process.wait(timeout=GONE_SECONDS)
    finally:
        served.stop()
    if stop_signal != signal.SIGKILL:
        assert status == 0, served.output()
        assert "Traceback" not in served.output()


def _rows_and_columns(data: bytes) -> tuple[int, int]:
    """The lowest row the view drew on and its widest row, in cells."""
    rows = [int(row) for row in re.findall(rb"\x1b\[(\d+);1H", data)]
    widest = max((len(row) for row in screen_of(data).split("\n")), default=0)
    return max(rows, default=0), widest


def test_the_size_a_tab_asks_for_is_clamped(server):
    """One message asking for 20000×5000 cells grew a view to 0.9 GB: the view is started and drawn at
    the most a tab may have (500×200), whether the size is asked in the websocket's address or in a
    message, and a size that is not a number is ignored."""
    async def scenario() -> tuple[bytes, bytes, int]:
        async with aiohttp.ClientSession() as session:
            before = set(table_views(server.pid))
            tab = await open_tab(server, 20000, 5000, session=session)
            first, _notices = await frames(tab, lambda data, _n: _rows_and_columns(data)[0] >= MAX_ROWS)
            view = _new_view(server, before)
            started_at = Path(f"/proc/{view}/environ").read_bytes().split(b"\0")
            assert b"COLUMNS=500" in started_at and b"ROWS=200" in started_at  # the size asked in its address
            await tab.send_str(json.dumps(["resize", {"width": 80, "height": 24}]))
            await frames(tab, lambda data, _n: b"\x1b[24;1H" in data)
            await tab.send_str(json.dumps(["resize", {"width": "wide", "height": 1e400}]))
            await tab.send_str(json.dumps(["resize", {"width": 20000, "height": 5000}]))
            data, _notices = await frames(tab, lambda data, _n: _rows_and_columns(data)[0] >= MAX_ROWS)
            memory = int(Path(f"/proc/{view}/status").read_text().split("VmRSS:")[1].split()[0]) * 1024
            await tab.close()
            assert wait_until(lambda: not alive(view), GONE_SECONDS)
            return first, data, memory

    first, data, memory = asyncio.run(scenario())
    assert _rows_and_columns(first) == (MAX_ROWS, MAX_COLUMNS)
    assert _rows_and_columns(data) == (MAX_ROWS, MAX_COLUMNS)
    assert memory < 200 * 1024 * 1024, f"{memory / 2**20:.0f} MB at the largest size"


def test_a_dropped_tab_or_a_garbled_message_is_one_line_never_a_traceback(server):
    """A tab reset while its websocket connects printed rich's traceback with local variables on the
    GM's terminal; so did a message that is not JSON. Now: one line, and the tab's view goes on."""
    said = len(server.lines)
    for _tab in range(8):
        reset_while_connecting(server.port)

    async def scenario() -> bytes:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(server, session=session)
            await frames(tab, _started)
            for garbage in ("not json", "[]", '{"resize": 1}', '["resize", [1, 2]]', '["stdin", 5]'):
                await tab.send_str(garbage)
            await tab.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
            data, _notices = await frames(tab, lambda data, _n: b"\x1b[30;1H" in data)
            await tab.close()
            return data

    assert b"\x1b[30;1H" in asyncio.run(scenario())  # still answering after the garbage
    assert wait_until(lambda: not table_views(server.pid), GONE_SECONDS)
    time.sleep(0.5)
    printed = server.lines[said:]
    assert printed, "the server said nothing of the tabs"
    assert not any(mark in line for line in printed for mark in ("Traceback", "╭", "│", "locals")), printed
    dropped = [line for line in printed if "disconnected" in line]
    assert all(line == "a browser tab disconnected while its view was starting\n" for line in dropped), dropped


def test_the_table_allows_max_views_and_the_next_tab_is_told_how_to_raise_it(root):
    served = ServeProcess(root, NAME, "--max-views", "2")
    try:
        async def scenario() -> None:
            async with aiohttp.ClientSession() as session:
                tabs = [await open_tab(served, session=session) for _tab in range(2)]
                for tab in tabs:
                    assert (await frames(tab, _started))[0], served.output()
                third = await open_tab(served, session=session)
                data, notices = await frames(third, lambda _d, notices: bool(notices))
                assert data == b"" and len(notices) == 1, notices
                assert "already open in 2 tabs, as many as this server allows" in notices[0]
                assert f"gmconsole serve {NAME} --max-views 4" in notices[0]
                assert (await third.receive(timeout=5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert len(table_views(served.pid)) == 2

                await tabs[0].close()  # closing a tab frees its place
                assert wait_until(lambda: "closed its table view (1 of at most 2 open)" in served.output(),
                                  GONE_SECONDS), served.output()
                assert len(table_views(served.pid)) == 1
                fourth = await open_tab(served, session=session)
                assert (await frames(fourth, _started))[0], served.output()
                for tab in (tabs[1], fourth):
                    await tab.close()

        asyncio.run(scenario())
        assert "a browser tab was refused: 2 views are open, as many as --max-views allows" in served.output()
    finally:
        served.stop()


def test_a_new_tab_on_a_damaged_campaign_shows_the_damage_then_the_campaign_once_repaired(root, tmp_path):
    """The server checks the campaign when it starts; damaged afterwards, a new tab's view could not
    start and the page waited forever. It now says what an open tab says, and shows the campaign once
    the file reads again."""
    data_root = tmp_path / "data"
    shutil.copytree(root, data_root)
    served = ServeProcess(data_root, NAME)
    state = data_root / NAME / "campaign.json"
    good = state.read_bytes()
    try:
        state.write_bytes(good[: len(good) // 2])  # a copy by hand, stopped half-way

        async def scenario() -> tuple[str, str]:
            async with aiohttp.ClientSession() as session:
                tab = await open_tab(served, 120, 30, session=session)
                damaged, _notices = await frames(tab, lambda data, _n: "could not be read" in screen_of(data))
                state.write_bytes(good)
                repaired, _notices = await frames(tab, lambda data, _n: "Ripley Hale" in screen_of(data))
                await tab.close()
                return screen_of(damaged), screen_of(repaired)

        damaged, repaired = asyncio.run(scenario())
    finally:
        served.stop()
    assert "✗ the campaign could not be read; it is shown once it reads again" in damaged, damaged
    words = " ".join(damaged.split())  # the reason, wrapped in the body, read as one text
    assert "campaign.json is damaged" in words, words
    assert "Ripley Hale" in repaired, repaired


STUBBORN_VIEW = [sys.executable, "-c", """
import signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # deaf to quit (it never reads its input) and to SIGTERM
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
time.sleep(120)
"""]


def test_a_view_that_will_not_quit_is_killed_when_its_tab_closes():
    """Whatever state a view is in (here: it ignores the quit message and SIGTERM), it ends with its
    tab: quit, SIGTERM after 2 s, SIGKILL after 1 more. The server runs in this process."""
    async def scenario() -> tuple[int, float]:
        async with in_process(STUBBORN_VIEW) as (port, server), aiohttp.ClientSession() as session:
            tab = await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers={"Origin": f"http://127.0.0.1:{port}"})
            for _wait in range(200):
                if server.views and all(view.started for view in server.views):
                    break
                await asyncio.sleep(0.05)
            [view] = server.views
            pid = view.process.pid
            closed = time.monotonic()
            await tab.close()
            for _wait in range(200):
                if not alive(pid):
                    break
                await asyncio.sleep(0.05)
            return pid, time.monotonic() - closed

    pid, took = asyncio.run(scenario())
    assert not alive(pid), f"the view {pid} outlived its tab"
    assert 2.5 < took < GONE_SECONDS, took  # it took SIGKILL
