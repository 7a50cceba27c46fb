"""``gmconsole serve NAME [--host 127.0.0.1] [--port 8000] [--max-views 16]``: the players' table view in a
browser.

The table view is a Textual app; ``textual-serve`` runs one copy of it per browser tab (a new process
per connection, its screen sent over a websocket to xterm.js in the page). What the browser reaches is
only that read-only app: its keys change nothing, and it opens the campaign read-only (no lock taken,
nothing written), so a player at the page cannot change the campaign.

Before serving, the command checks what would otherwise fail inside every browser tab, each as one
``gmconsole: error:`` line and exit status 2: the campaign opens read-only with its history whole,
the port is free on that host. A host other than loopback is served with a warning: anyone on that
network can watch the table. ``textual_serve`` is imported here only, so no other command pays for it
(docs/dependencies.md); ``socket`` and ``ipaddress`` are imported by the checks that use them, as
every command line builds this parser (``socket`` alone is 5 ms of it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from gmconsole.cli.campaign_access import campaign_root, guard, warn_about
from gmconsole.cli.common import CliError
from gmconsole.i18n import _
from gmconsole.safe_text import shown

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_VIEWS = 16
"""Browser tabs served at once: each is a table view process of its own (about 40 MB at 80×24)."""

SERVED_SUBCOMMAND: tuple[str, ...] = ("table",)
"""The subcommand each browser tab runs, before the campaign's name: the players' read-only table view."""


def register(subparsers) -> None:
    """Add ``serve``."""
    serve = subparsers.add_parser(
        "serve", help=_("serve the players' table view (read-only) to browsers"),
        description=_("Serve the players' table view of a campaign to web browsers (a TV, a second screen, "
                    "phones). Each browser gets its own read-only table view: nothing reached from the "
                    "table view can change the campaign. With --players each player character also gets a "
                    "page of their own, by a secret link, to roll their own dice. Ctrl+C stops the server."))
    serve.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help=_("the address to listen on (default {host}: this machine only); another one (0.0.0.0 "
                              "for every network) lets anyone on that network watch the table").format(
                           host=DEFAULT_HOST))
    serve.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                       help=_("the port (default {port})").format(port=DEFAULT_PORT))
    serve.add_argument("--max-views", type=view_count, default=DEFAULT_MAX_VIEWS, metavar="N",
                       help=_("the most browser tabs shown the table view at once, each a process of its own "
                              "(default {count}); the next tab is told the table is full").format(
                           count=DEFAULT_MAX_VIEWS))
    serve.add_argument("--players", action="store_true",
                       help=_("also serve each player character a page of their own to roll their dice from "
                              "(a secret link each, printed with a QR code; `gmconsole players NAME` lists them)"))
    serve.set_defaults(handler=guard(run_serve))


def port_number(text: str) -> int:
    """A TCP port from 1 to 65535, in the digits 0-9 (:data:`gmconsole.cli.common.port`)."""
    from gmconsole.cli.common import port

    return port(text)


def view_count(text: str) -> int:
    """A number of browser tabs, at least 1, in the digits 0-9 (:data:`gmconsole.cli.common.view_count`)."""
    from gmconsole.cli.common import view_count as views

    return views(text)


def served_command(root: Path, name: str) -> list[str]:
    """The command the server runs for each browser tab, started directly (no shell between): this
    interpreter, this data folder, the read-only table view of ``name``, in the language ``--lang``
    asked for (the variable, the settings file and the campaign the table view reads itself)."""
    from gmconsole.cli.campaign_access import LANGUAGE_ASKED

    asked = LANGUAGE_ASKED["code"]
    return [sys.executable, "-m", "gmconsole", *(["--lang", asked] if asked else []), "--data-dir", str(root),
            *SERVED_SUBCOMMAND, name]


def run_serve(args) -> int:
    """Check the campaign and the port, warn about a non-loopback host, then serve until Ctrl+C."""
    root = campaign_root(args).resolve()
    check_campaign(root, args.name)
    check_port_free(args.host, args.port)
    if not is_loopback(args.host):
        warning = _("serving on {host}: anyone who can reach this machine on that network can watch the table "
                    "view").format(host=shown(args.host))
        if args.host in ("0.0.0.0", "::"):  # every network: the address to give the phones is the machine's own
            warning = _("{warning}; on the phones open http://<this machine's address>:{port}").format(
                warning=warning, port=args.port)
        if args.players:
            warning = _("{warning}; the players' pages are reachable on that network too, by their links").format(
                warning=warning)
        print(_("gmconsole: warning: {message}").format(message=warning), file=sys.stderr)
    elif args.players:  # the links name this machine only: no phone at the table can open them
        print(_("gmconsole: note: the players' links below name {host}, this machine only: a phone cannot open "
                "them; to let the phones on your network in, serve with --host 0.0.0.0 (anyone there who has a "
                "link can then roll as that character)").format(host=shown(args.host)), file=sys.stderr)
    players = serve_players(root, args) if args.players else None
    from gmconsole.cli.web_server import serve

    try:
        title = _("{name} — table view").format(name=args.name)
        serve(served_command(root, args.name), args.host, args.port, title=title, name=args.name,
              max_views=args.max_views, **({"players": players} if players is not None else {}))
    except OSError as exc:  # lost the port between the check and the bind
        raise CliError(port_in_use(args.host, args.port, exc)) from exc
    return 0


def serve_players(root: Path, args):
    """``--players``: record where the pages are served, print each player character's link with its QR code,
    and hand over the pages' routes."""
    from gmconsole.campaign.players import links, record_address
    from gmconsole.campaign.service import CampaignService
    from gmconsole.cli.player_routes import PlayerRoutes

    folder = root / args.name
    record_address(folder, link_host(args.host), args.port)
    with CampaignService.open(root, args.name, read_only=True) as service:
        found, _defaulted = links(folder, service.campaign)
        setting = service.campaign.settings.player_rolls
    if not found:
        print(_("{name} has no player characters: no player page is served").format(name=shown(args.name)))
    for link in found:
        print(_("{name}: {link}").format(name=shown(link.character), link=link.link))
        print_qr(link.link)
    print(_("players' rolls: {setting} (approve: each waits for the GM; free: rolled at once); "
            "`gmconsole settings {name} --set player_rolls=free` changes it").format(setting=setting,
                                                                                   name=shown(args.name)))
    return PlayerRoutes(root, args.name)


def print_qr(text: str) -> None:
    """``text`` as a QR code drawn in the terminal (two rows of modules per line); segno is imported here only."""
    import segno

    segno.make(text, error="l").terminal(out=sys.stdout, compact=True, border=2)
    sys.stdout.flush()


def link_host(host: str) -> str:
    """The host the players' links name: the one served, or for every network (0.0.0.0, ::) this machine's
    address on the network its default route leaves by (no packet is sent), else its name."""
    import socket

    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the route
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def check_campaign(root: Path, name: str) -> None:
    """The campaign opens read-only and its whole history reads: the table view shows the last rolls,
    so a damaged history is refused here (with its way out) rather than in every browser tab. A gap a
    repair left (entries set aside) is said as a warning, as every command says it: the campaign goes on."""
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(root, name, read_only=True) as service:
        service.history.filtered()
        if service.history_warning:
            raise CliError(service.history_warning)
        warn_about(service)


def check_port_free(host: str, port: int) -> None:
    """Bind the port on every address ``host`` names, the way the server will (address reuse on, as
    aiohttp does), and let go; one clear line when it cannot."""
    import socket

    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise CliError(_("cannot serve on host {host}: {error}").format(host=shown(host), error=exc)) from exc
    for family, kind, proto, _name, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise CliError(port_in_use(host, port, exc)) from exc


def port_in_use(host: str, port: int, error: OSError) -> str:
    """The line for a port the server cannot take: in use, or not allowed (below 1024 as a user)."""
    import errno

    if error.errno == errno.EADDRINUSE:
        return _("port {port} on {host} is in use: pick another with --port").format(port=port, host=shown(host))
    return _("cannot listen on port {port} on {host}: {reason}").format(port=port, host=shown(host),
                                                                        reason=error.strerror or error)


def is_loopback(host: str) -> bool:
    """True when every address ``host`` names is this machine's own (127.0.0.1, ::1, localhost)."""
    import ipaddress
    import socket

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        return False
    return bool(found) and all(ipaddress.ip_address(str(a[4][0]).split("%")[0]).is_loopback for a in found)
