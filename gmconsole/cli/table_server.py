"""The web server behind ``gmconsole serve``: textual-serve's ``Server``, with two changes.

- **Addresses from the request.** textual-serve writes absolute URLs into the page (the websocket,
  the scripts) from the address it listens on; listening on ``0.0.0.0`` a phone would be told to open
  ``ws://0.0.0.0:8000/ws``, which goes nowhere. Here each page names the host the browser itself asked
  for (its ``Host`` header), so the same server works at ``127.0.0.1`` on the TV and at the machine's
  LAN address on a phone.
- **Only its own pages connect.** A browser sends the page's origin with a websocket; one from
  another site's page (any web page the GM visits could try ``ws://127.0.0.1:8000/ws``) is refused
  before a table view is started for it.
- **One line at start.** Where it serves and how to stop it, instead of the library's banner.

Imported only by ``serve`` (textual-serve and aiohttp cost start-up time no other command should pay).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server, to_int

from gmconsole.i18n import _, verbatim


class TableServer(Server):
    """textual-serve's server, its page addressed from the request (see the module docstring)."""

    async def on_startup(self, app: web.Application) -> None:
        """Say where the table view is served and how to stop (the library prints a banner)."""
        self.console.print(_("serving the table view on {url} (read-only); Ctrl+C stops").format(url=self.public_url),
                           highlight=False, markup=False)

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
        }

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """The websocket that runs a table view, for this server's own pages only (see the module docstring)."""
        origin = request.headers.get(verbatim("Origin"))
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text=_("the table view is only shown on this server's own page"))
        return await super().handle_websocket(request)


def serve(command: str, host: str, port: int, *, title: str) -> None:
    """Serve ``command`` (one process per browser) on ``host:port`` until Ctrl+C or SIGTERM."""
    shown_host = f"[{host}]" if ":" in host else host
    TableServer(command, host=host, port=port, title=title, public_url=f"http://{shown_host}:{port}").serve()
