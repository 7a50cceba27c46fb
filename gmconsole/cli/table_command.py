"""``gmconsole table NAME``: the players' table view of a campaign, in this terminal.

The campaign is opened read-only (never the writer's lock: the GM's console keeps working beside it)
and shown by :class:`~gmconsole.ui.table.TableApp`. A campaign that does not exist or a damaged file is
one clear line and exit status 2; restoring a backup is the GM console's business, never the table's.
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
    table.add_argument("name", metavar="NAME")
    table.set_defaults(handler=guard(run_table))


def run_table(args) -> int:
    """Open ``args.name`` read-only and run the table view until ``q``."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.storage_access import CorruptFile

    try:
        service = CampaignService.open(campaign_root(args), args.name, read_only=True)
    except CorruptFile as exc:
        raise CliError(_("{name} is damaged: open it in the console (gmconsole open {name}); {error}").format(
            name=args.name, error=exc), limit=WAY_OUT_LIMIT) from exc  # the file, the field and its backup, uncut
    try:
        from gmconsole.cli.campaign_access import load_config, speak_campaign_language

        speak_campaign_language(service)
        from gmconsole.ui.table import TableApp

        TableApp(service, theme=load_config().theme).run()
    finally:
        service.close()
    return 0
