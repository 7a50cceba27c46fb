"""The table view's web server answers only at its own host names and addresses, and its page loads
nothing from another host.

DNS rebinding: a page of ``evil.example`` whose name the attacker then points at 127.0.0.1 sends
``Host: evil.example:PORT`` and a matching ``Origin``; it was served, and so was a websocket with no
``Origin`` at all. Now every request (the page, its files, the websocket) must name this server, and a
websocket must come from its page: anything else is a 403 with one short sentence, no view started.

The server runs in this process (``TableServer``'s own application) on a free port, bound to 127.0.0.1
(or every address, for ``--host 0.0.0.0``); requests are written by hand on a real socket, so each
header is exactly what a browser (or an attacker) would send. Its views are a process that ends at once.
"""

from __future__ import annotations

import asyncio
import re
import socket
import sys

import pytest
from served_views import in_process

from gmconsole.cli.web_server import ServedHosts

REFUSED = "Refused: this table view is served only at its own address."
NO_VIEW = [sys.executable, "-c", "pass"]
"""What each accepted websocket starts here: a process that ends at once (the status line is the point)."""


async def request(port: int, path: str, host: str | None, origin: str | None = None) -> tuple[int, str]:
    """Send ``GET path`` to 127.0.0.1:``port`` with these ``Host`` and ``Origin`` headers (a websocket
    handshake for ``/ws``); the status and the body's start."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.1", *([f"Host: {host}"] if host is not None else []),
             *([f"Origin: {origin}"] if origin is not None else []), "Connection: close"]
    if path.startswith("/ws"):
        lines[-1] = "Connection: Upgrade"
        lines += ["Upgrade: websocket", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    status = int(head.split()[1])
    length = re.search(rb"\r\ncontent-length: *(\d+)", head, re.IGNORECASE)
    body = await asyncio.wait_for(reader.readexactly(int(length.group(1))), 10) if status != 101 else b""
    writer.close()
    return status, body.decode("utf-8", "replace")


def _answers(host: str, asks: list[tuple]) -> list[tuple[int, str]]:
    async def scenario():
        async with in_process(NO_VIEW, host) as (port, _server):
            return [await request(port, path, *(part.replace("PORT", str(port)) if part else part for part in headers))
                    for path, *headers in asks]

    return asyncio.run(scenario())


PAGE_AND_FILES = ["/", "/static/js/textual.js", "/static/fonts/RobotoMono-VariableFont_wght.ttf"]


@pytest.mark.parametrize("path", PAGE_AND_FILES)
def test_the_page_and_its_files_are_served_at_the_loopback_names_only(path):
    answers = _answers("127.0.0.1", [(path, "127.0.0.1:PORT"), (path, "localhost:PORT"),
                                     (path, "evil.example:PORT", "http://evil.example:PORT"),
                                     (path, "evil.example:PORT"), (path, "127.0.0.1:1"), (path, None)])
    assert [status for status, _body in answers] == [200, 200, 403, 403, 403, 400]  # no Host: aiohttp's own 400
    assert all(body == REFUSED for status, body in answers if status == 403)


def test_a_websocket_must_come_from_the_servers_own_page_at_its_own_name():
    answers = _answers("127.0.0.1", [
        ("/ws", "127.0.0.1:PORT", "http://127.0.0.1:PORT"),
        ("/ws", "localhost:PORT", "http://localhost:PORT"),
        ("/ws", "evil.example:PORT", "http://evil.example:PORT"),  # DNS rebinding: both name the attacker
        ("/ws", "127.0.0.1:PORT", None),  # no Origin: not a page of this server
        ("/ws", "127.0.0.1:PORT", "http://evil.example"),  # another site's page
        ("/ws", "127.0.0.1:PORT", "http://localhost:PORT"),  # a page of another origin than the one asked
        ("/ws", "127.0.0.1:PORT", "null"),
    ])
    assert [status for status, _body in answers] == [101, 101, 403, 403, 403, 403, 403]
    assert all(body == REFUSED for status, body in answers if status == 403)


def test_serving_every_network_answers_at_this_machines_names_and_addresses_only():
    machine = socket.gethostname()
    answers = _answers("0.0.0.0", [("/", "127.0.0.1:PORT"), ("/", "localhost:PORT"), ("/", f"{machine}:PORT"),
                                   ("/ws", "127.0.0.1:PORT", "http://127.0.0.1:PORT"),
                                   ("/", "evil.example:PORT"), ("/", "192.0.2.1:PORT"),
                                   ("/ws", "evil.example:PORT", "http://evil.example:PORT")])
    assert [status for status, _body in answers] == [200, 200, 200, 101, 403, 403, 403]


def test_a_named_host_answers_at_that_name_and_its_addresses():
    hosts = ServedHosts("localhost", 8771)
    assert hosts.allows("localhost:8771") and hosts.allows("LOCALHOST.:8771") and hosts.allows("127.0.0.1:8771")
    assert not hosts.allows("localhost:8772") and not hosts.allows("evil.example:8771")
    assert not hosts.allows("localhost") and not hosts.allows("user@localhost:8771")
    on_80 = ServedHosts("127.0.0.1", 80)
    assert on_80.allows("127.0.0.1") and on_80.allows("localhost:80")  # a browser leaves out port 80
    ipv6 = ServedHosts("::1", 8771)
    assert ipv6.allows("[::1]:8771") and ipv6.allows("localhost:8771") and not ipv6.allows("127.0.0.1:8771")


def test_the_page_loads_nothing_from_another_host():
    """The page linked Google Fonts; a table may be offline: every address in it is this server's."""
    [(status, page)] = _answers("127.0.0.1", [("/", "127.0.0.1:PORT")])
    assert status == 200
    addresses = re.findall(r"(?:https?|wss?):(?://)?[^\s\"'<>)]+", page)
    port = re.search(r"127\.0\.0\.1:(\d+)/", page).group(1)
    assert addresses and all(re.match(rf"(?:http|ws)://127\.0\.0\.1:{port}/", a) for a in addresses), addresses
    assert "fonts/RobotoMono-VariableFont_wght.ttf" in page
    assert "googleapis" not in page and "<script src=\"//" not in page
