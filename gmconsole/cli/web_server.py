"""The web server behind ``gmconsole serve``: textual-serve's ``Server``, bounded and confined to its host.

- **Addresses from the request.** textual-serve writes absolute URLs into the page (the websocket,
  the scripts) from the address it listens on; listening on ``0.0.0.0`` a phone would be told to open
  ``ws://0.0.0.0:8000/ws``, which goes nowhere. Here each page names the host the browser itself asked
  for (its ``Host`` header), so the same server works at ``127.0.0.1`` on the TV and at the machine's
  LAN address on a phone.
- **Only its own host names** (:class:`ServedHosts`). Every request (the page, its files, the
  websocket) must name in its ``Host`` one of the names or addresses the server serves, and a
  websocket must come from a page of that host (its ``Origin``; none is refused). Another web site's
  page (any page the GM visits could try ``ws://127.0.0.1:8000/ws``), a name of the attacker's that
  now points at this machine (DNS rebinding), or a script that names no origin gets a 403 and no view.
- **One process per tab, never more than it should** (:mod:`served_view`): a tab's view ends with
  its connection, every view ends with the server, and at most ``max_views`` run at once; the next
  tab is told why, and how the GM allows more.
- **The players' own pages** (``--players``, :mod:`player_routes`): each player character's page and its
  JSON API under ``/p/<token>``, in this same application, behind the same host checks.
- **Nothing from outside, nothing loud.** The page (``table_page/app_index.html``) loads everything
  from this server; the GM's terminal gets one line per event, never a traceback.

Imported only by ``serve`` (textual-serve and aiohttp cost start-up time no other command should pay).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import shlex
import signal
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSMsgType, web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server, to_int

from gmconsole.cli.player_routes import PlayerRoutes
from gmconsole.cli.served_view import TableView
from gmconsole.i18n import _, language, ngettext, verbatim
from gmconsole.safe_text import shown

__all__ = ["ServedHosts", "TableServer", "serve"]

_log = logging.getLogger("gmconsole.serve")

PAGE_FOLDER = Path(__file__).resolve().parent / "table_page"
"""The page's template (textual-serve's, served offline)."""
LIBRARY_FILES = Path(textual_serve.__file__).resolve().parent / "static"
"""textual-serve's own script, style, fonts and background, served as they are."""
WILDCARDS = ("0.0.0.0", "::", "")
CLOSE_SECONDS = 2.0
"""How long closing a tab's websocket waits for the browser's answer."""
SHUTDOWN_SECONDS = 5.0
"""aiohttp's wait for the handlers at shutdown; the views are ended before it (:meth:`on_shutdown`)."""
MAX_MESSAGE = 64 * 1024
"""The largest websocket message taken from a tab (keys, a size, a ping)."""


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address (brackets and an IPv6 zone left out, an IPv4-mapped IPv6 as IPv4), or None."""
    try:
        address = ipaddress.ip_address(text.strip("[]").split("%")[0])
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped or address


def _resolved(name: str) -> set:
    """The addresses ``name`` resolves to (none when it does not)."""
    try:
        found = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return set()
    return {address for *_rest, sockaddr in found if (address := _address(str(sockaddr[0]))) is not None}


def _authority(text: str, default_port: int) -> tuple[str, int] | None:
    """``host[:port]`` as (lower-case name or address, port), or None when it is not one."""
    try:
        parts = urlsplit(f"//{text}")
        port = parts.port
    except ValueError:
        return None
    name = (parts.hostname or "").rstrip(".")
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    return name, default_port if port is None else port


class ServedHosts:
    """The host names and addresses a request may name: the server's own, on its port.

    - ``--host 127.0.0.1`` (the default), ``::1``, or another address: that address; a loopback one
      also ``localhost``.
    - ``--host 0.0.0.0`` or ``::`` (every network): ``localhost``, this machine's name and its addresses,
      the loopback addresses, and the address the request itself arrived on (every address of this
      machine a browser can reach it at, without listing the interfaces).
    - a named host: that name and the addresses it resolves to.
    """

    def __init__(self, host: str, port: int) -> None:
        self.port = port
        self.every_address = host in WILDCARDS
        address = _address(host)
        if self.every_address:
            machine = socket.gethostname().lower()
            self.names = {"localhost", machine}
            self.addresses = {_address("127.0.0.1"), _address("::1"), *_resolved(machine)}
        elif address is not None:
            self.names = {"localhost"} if address.is_loopback else set()
            self.addresses = {address}
        else:
            self.names = {host.lower().rstrip(".")}
            self.addresses = _resolved(host)

    def allows(self, authority: str | None, arrived_at: str | None = None, default_port: int = 80) -> bool:
        """Whether ``authority`` (a ``Host`` header, or an origin's ``host:port``) names this server;
        ``arrived_at``: the local address the request came in on."""
        parsed = _authority(authority or "", default_port)
        if parsed is None or parsed[1] != self.port:
            return False
        name = parsed[0]
        if name in self.names:
            return True
        address = _address(name)
        if address is None:
            return False
        return address in self.addresses or (self.every_address and address == _address(arrived_at or ""))

    def allows_origin(self, origin: str | None, host: str, arrived_at: str | None) -> bool:
        """Whether a websocket's ``Origin`` is a page of this server, at the host the request names."""
        parts = urlsplit(origin or "")
        if parts.scheme not in ("http", "https"):
            return False
        default_port = 443 if parts.scheme == "https" else 80
        return (self.allows(parts.netloc, arrived_at, default_port)
                and _authority(parts.netloc, default_port) == _authority(host, 80))


class OneLine(logging.Handler):
    """Every log record as one line on the GM's terminal: its message, and an error's own words; never
    a traceback (aiohttp and asyncio log a dropped connection with one)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None and str(record.exc_info[1]) not in text:
                text = f"{text}: {record.exc_info[1]}"
            print(shown(" ".join(text.split())), flush=True)
        except Exception:  # a broken record must not stop the server
            self.handleError(record)


class TableServer(Server):
    """textual-serve's server, bounded and confined (see the module docstring)."""

    def __init__(self, argv: list[str], *, host: str, port: int, title: str, name: str, max_views: int,
                 players: PlayerRoutes | None = None) -> None:
        shown_host = f"[{host}]" if ":" in host else host
        super().__init__(shlex.join(argv), host=host, port=port, title=title, public_url=f"http://{shown_host}:{port}",
                         statics_path=LIBRARY_FILES, templates_path=PAGE_FOLDER)
        self.argv = argv
        self.name = name
        self.max_views = max_views
        self.hosts = ServedHosts(host, port)
        self.views: set[TableView] = set()
        self.players = players
        """The players' pages (``--players``), or ``None``: then no ``/p/`` route exists."""
        self._exiting = False

    def initialize_logging(self) -> None:
        """One line per record (:class:`OneLine`), instead of rich's tracebacks with their local variables."""
        root = logging.getLogger()
        root.handlers[:] = [OneLine()]
        root.setLevel(logging.INFO)

    def request_exit(self) -> None:
        """Ctrl+C or SIGTERM: stop (once; a second signal while the views end is not a crash)."""
        if not self._exiting:
            self._exiting = True
            raise GracefulExit()

    async def _make_app(self) -> web.Application:
        """The page, its files (no folder listing) and the websocket, behind the host check."""
        app = web.Application(middlewares=[self.only_served_hosts])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
            *(self.players.routes() if self.players is not None else ()),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def only_served_hosts(self, request: web.Request, handler) -> web.StreamResponse:
        """403 for a request that does not name this server (see :class:`ServedHosts`); before any page
        is rendered or any view started."""
        host = request.headers.get(verbatim("Host"))
        origin = request.headers.get(verbatim("Origin"))
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        arrived_at = str(sockname[0]) if sockname else None
        websocket = request.path == "/ws"
        allowed = host is not None and self.hosts.allows(host, arrived_at) and (
            self.hosts.allows_origin(origin, host, arrived_at) if origin is not None or websocket else True)
        if not allowed:
            raise web.HTTPForbidden(text=_("Refused: this table view is served only at its own address."))
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        """Say where the table view is served and how to stop (the library prints a banner)."""
        said = (_("serving the table view on {url} (read-only) and the players' pages by their links; Ctrl+C stops")
                if self.players is not None else _("serving the table view on {url} (read-only); Ctrl+C stops"))
        self.console.print(said.format(url=self.public_url), highlight=False, markup=False)

    async def on_shutdown(self, app: web.Application) -> None:
        """The server is stopping: tell each tab, close it, and end its view (all at once)."""
        await asyncio.gather(*(self._end(view, _("The GM has stopped the table view's server.")) for view in
                               list(self.views)))
        if self.players is not None:
            self.players.close()

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page's context as textual-serve builds it, with URLs on the host the browser asked for."""
        origin = f"{request.scheme}://{request.host}"
        static = str(request.app.router["static"].url_for(filename="/")).rstrip("/") + "/"
        websocket = request.app.router["websocket"].url_for()
        scheme = "wss" if request.scheme == "https" else "ws"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}{websocket}",
            "config": {"static": {"url": f"{origin}{static}"}},
            "application": {"name": self.title},
            "language": language(),
            "words": {"ended": _("The table view has closed."), "open_again": _("Open the table view again")},
        }

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]  # aiohttp takes any response; a tab gone before its socket opened gets a plain one
        """One tab: start its view (when there is room), relay the two ways, end the view with the tab."""
        websocket = web.WebSocketResponse(heartbeat=15, timeout=CLOSE_SECONDS, max_msg_size=MAX_MESSAGE)
        try:
            await websocket.prepare(request)
        except ConnectionError:
            _log.info(_("a browser tab disconnected while its view was starting"))
            return web.Response()  # not sent: the connection is gone; the handler must return a response
        if len(self.views) >= self.max_views:
            _log.warning(ngettext("a browser tab was refused: {count} view is open, as many as --max-views allows",
                                  "a browser tab was refused: {count} views are open, as many as --max-views allows",
                                  len(self.views)).format(count=len(self.views)))
            await self._refuse(websocket)
            return websocket
        view = TableView(self.argv, websocket)
        self.views.add(view)  # counted from now until its process is gone: no await between the check and here
        self._say_views(_("a browser tab opened the table view ({count} of at most {most} open)"))
        try:
            query = request.query
            await view.start(to_int(query.get("width", "80"), 80), to_int(query.get("height", "24"), 24))
            await self._relay_tab(websocket, view)
            if not view.started and view.failure:
                _log.warning(_("a browser tab's view could not start: {reason}").format(reason=view.failure))
        except ConnectionError:
            _log.info(_("a browser tab disconnected while its view was starting"))
        except Exception as exc:  # one tab's trouble is one line; the server goes on serving the others
            _log.warning(_("a browser tab's view stopped: {error}").format(error=exc))
        finally:
            await view.stop()
            self.views.discard(view)
            self._say_views(_("a browser tab closed its table view ({count} of at most {most} open)"))
        return websocket

    def _say_views(self, line: str) -> None:
        _log.info(line.format(count=len(self.views), most=self.max_views))

    async def _refuse(self, websocket: web.WebSocketResponse) -> None:
        """Tell a tab the table has as many views as it allows, and how the GM allows more; close it."""
        text = ngettext("The table view is already open in {count} tab, as many as this server allows. Close it "
                        "and open this one again, or the GM restarts the server allowing more: "
                        "gmconsole serve {name} --max-views {more}",
                        "The table view is already open in {count} tabs, as many as this server allows. Close one "
                        "of them and open this one again, or the GM restarts the server allowing more: "
                        "gmconsole serve {name} --max-views {more}", len(self.views)).format(
            count=len(self.views), name=shown(self.name), more=self.max_views * 2)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await websocket.send_json(["gmconsole-notice", text])
            await websocket.close(code=1013, message=b"too many views")

    async def _end(self, view: TableView, notice: str) -> None:
        """Close a tab with a word to it, and end its view."""
        async def close_tab() -> None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                if not view.websocket.closed:
                    await view.websocket.send_json(["gmconsole-notice", notice])
                    await view.websocket.close(code=1001)

        await asyncio.gather(close_tab(), view.stop())  # the view need not wait for the browser's answer

    async def _relay_tab(self, websocket: web.WebSocketResponse, view: TableView) -> None:
        """What the tab sends, to its view: keys, its size (clamped by the view), focus, blur; a ping is
        answered. Anything else, or a message that is not JSON, is ignored."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await view.send_keys(data)
            elif kind == "resize" and isinstance(data, dict):
                await view.resize(data.get("width"), data.get("height"))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind in ("blur", "focus"):
                await view.send_meta({"type": kind})

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; every view is ended on the way out, killed if need be."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        if sys.platform != "win32":  # Windows' event loops take no signal handlers: Ctrl+C ends run_app there
            for stop in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(stop, self.request_exit)
        try:
            web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                        print=None, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
        finally:
            for view in list(self.views):  # the last resort: the shutdown above did not get to end them
                view.kill()


def serve(argv: list[str], host: str, port: int, *, title: str, name: str, max_views: int,
          players: PlayerRoutes | None = None) -> None:
    """Serve ``argv`` (one process per browser tab, at most ``max_views``) on ``host:port`` until Ctrl+C
    or SIGTERM; ``players``: the players' own pages too."""
    TableServer(argv, host=host, port=port, title=title, name=name, max_views=max_views, players=players).serve()
