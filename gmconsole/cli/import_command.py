"""``gmconsole import NAME FILE... [--dry-run] [--json] [--wait S] [--replace]``: bring a party in from Foundry VTT.

Reads Foundry actor JSON (an actor's "Export Data" file, a compendium source file) and adds or updates the
characters of campaign NAME (:mod:`gmconsole.campaign.actor_import`), all files in one undoable history entry,
all or nothing. ``--dry-run`` prints what would be added and changed and writes nothing; its ``--json`` is
``{"add": [...], "update": [...], "skipped": [{"field", "why"}]}`` (an import's ``--json`` adds ``summary``).
A file that is not an actor, a system gmconsole does not read, or a campaign of another system exits 2 with
one line naming the file and why. Sheets already on the roster as the files have them record nothing and
say so (exit 0: importing the same export again is not a mistake).
"""

from __future__ import annotations

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import emit
from gmconsole.i18n import _


def register(subparsers) -> None:
    """Add ``import``."""
    parser = subparsers.add_parser("import", help=_("add or update characters from Foundry VTT actor files"))
    parser.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    parser.add_argument("files", metavar="FILE", nargs="+",
                        help=_("a Foundry actor JSON file (Export Data, or a compendium source file)"))
    parser.add_argument("--dry-run", action="store_true", help=_("show what would be added and changed; write nothing"))
    parser.add_argument("--replace", action="store_true",
                        help=_("an update takes stress, damage and gear bonus from the file too, and drops the costs "
                               "still owed (default: keep what the GM changed since)"))
    parser.add_argument("--json", action="store_true", help=_("print the plan as JSON"))
    add_wait(parser)
    parser.set_defaults(handler=guard(run_import))


def run_import(args) -> int:
    from gmconsole.campaign.actor_import import plan_lines
    from gmconsole.campaign.errors import Unchanged
    from gmconsole.campaign.service import CampaignService

    if args.dry_run:
        with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
            warn_about(service)
            _found, plan = service.roster.preview_import(args.files, replace=args.replace)
            lines = [_("dry run: nothing written")] + plan_lines(plan, service.campaign.system)
        emit(plan, args.json, "\n".join(lines))
        return 0
    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        warn_about(service)
        try:
            plan = service.roster.import_actors(args.files, replace=args.replace)
        except Unchanged as same:  # importing the same sheets again is not an error: a weekly sync may
            _found, plan = service.roster.preview_import(args.files, replace=args.replace)
            plan = {**plan, "summary": str(same)}
        lines = [plan["summary"], *plan_lines(plan, service.campaign.system)]
    emit(plan, args.json, "\n".join(lines))
    return 0
