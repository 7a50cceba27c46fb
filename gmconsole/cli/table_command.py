"""``gmconsole table NAME``: the players' table view of a campaign, in this terminal or a browser tab.

The campaign is opened read-only (never the writer's lock: the GM's console keeps working beside it)
and shown by :class:`~gmconsole.ui.table.TableApp`. A campaign that does not exist or a damaged file
(the campaign's or its history's) is one clear line and exit status 2; restoring a backup is the GM
console's business, never the table's.

Started by ``gmconsole serve`` for a browser tab (:mod:`gmconsole.cli.served_child`), the view ends
with its server, and a damaged campaign does not end it: a page whose view has gone would wait for
it forever, so the view starts, says what an open tab says when the campaign stops reading, and shows
the campaign once the GM has repaired it.
"""

from __future__ import annotations

from gmconsole.cli.campaign_access import WAY_OUT_LIMIT, campaign_root, guard
from gmconsole.cli.common import CliError
from gmconsole.i18n import _

__all__ = ["register", "run_table"]


def register(subparsers) -> None:
    """Add ``table NAME``."""
    table = subparsers.add_parser(
        "table", help=_("the players' table view of a campaign (read-only; q quits)"),
        description=_("Show the players' table view: turn order, last public rolls, the party; read-only."))
    table.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    table.set_defaults(handler=guard(run_table))


def run_table(args) -> int:
    """Open ``args.name`` read-only and run the table view until ``q``."""
    from functools import partial

    from gmconsole.campaign.storage_access import CorruptFile, StoreError, is_history_chunk
    from gmconsole.cli.served_child import end_with_server, served_by

    server = served_by()
    if server is not None:
        end_with_server(server)
    opening = partial(open_for_the_table, campaign_root(args), args.name)
    waiting = None
    try:
        service = opening()
    except StoreError as exc:
        if server is None and isinstance(exc, CorruptFile) and not is_history_chunk(exc.path):
            raise CliError(_("{name} is damaged: open it in the console (gmconsole open {name}); {error}").format(
                name=args.name, error=exc), limit=WAY_OUT_LIMIT) from exc  # the file, the field and its backup, uncut
        if server is None:  # a history chunk: the command that sets it aside, as every command says
            raise
        from gmconsole.ui.table.app import CampaignToOpen

        service, waiting = None, CampaignToOpen(open=opening, problem=str(exc))
    from gmconsole.ui.table import TableApp

    app = None
    try:
        from gmconsole.cli.campaign_access import load_config, speak_campaign_language

        if service is not None:
            speak_campaign_language(service)
        app = TableApp(service, theme=load_config().theme, waiting=waiting)
        app.run()
    finally:
        opened = app.service if app is not None else service
        if opened is not None:
            opened.close()
    return 0


def open_for_the_table(root, name: str):
    """The campaign opened read-only, its history checked as the table view reads it: a damaged history
    chunk is raised here (``CorruptFile``), as a damaged campaign file is, not a crash in the view."""
    from gmconsole.campaign.service import CampaignService

    service = CampaignService.open(root, name, read_only=True)
    problem = service.history_problem
    if problem is not None:
        service.close()
        raise problem
    return service
