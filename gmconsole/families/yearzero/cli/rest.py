"""``gmconsole rest NAME [CHARACTER ...] [--json] [--wait S]``: rest in a safe place (R-PANIC-1), the tracker's
``r`` and ``R`` from the command line: stress back to 0 and the panic effect cleared.

With no CHARACTER every PC rests, as ``R`` does: one undoable entry naming those who had stress or a panic to
rest away. Each CHARACTER named (an NPC too, as ``r`` on the highlighted row) rests in an entry of their own; one
with nothing to rest away is skipped and said so. Nobody with anything to rest away, an unknown campaign or
character, or a system without stress and panic (myz, exploding, tiered) exits 2 with one line, recording
nothing.

JSON: ``{"rested", "skipped", "entries"}``: the names rested, the names skipped, and each entry recorded as
``history --json`` keeps it (``summary``, ``targets`` the ids rested) with its ``entry_id``.
"""

from __future__ import annotations

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import CliError, emit
from gmconsole.i18n import _
from gmconsole.safe_text import shown

__all__ = ["register", "run_rest"]


def register(subparsers) -> None:
    """Add ``rest``."""
    rest = subparsers.add_parser("rest", help=_("rest in a safe place: stress to 0 and panic cleared (yze, "
                                                "yze-step; R-PANIC-1), recorded"))
    rest.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    rest.add_argument("characters", nargs="*", metavar="CHARACTER",
                      help=_("who rests (names or ids; default: every PC, in one entry)"))
    rest.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(rest)
    rest.set_defaults(handler=guard(run_rest))


def run_rest(args) -> int:
    from gmconsole.campaign import history
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        warn_about(service, args)
        if not args.characters:
            entries, skipped = [service.trackers.rest()], []  # every PC, one entry (R)
        else:
            named = list({c.id: c for c in (service.character(x) for x in args.characters)}.values())
            resting = [c for c in named if c.stress or c.panic is not None]
            skipped = [c.name for c in named if c not in resting]
            if not resting and service.trackers.has_panic_table:
                raise CliError(_("{names}: no stress to rest away: nothing recorded").format(
                    names=_(", ").join(shown(n) for n in skipped)))
            # nobody to rest where the system keeps no stress: the service's refusal says so (R-PANIC-1)
            entries = [service.trackers.rest(c.id) for c in resting] or [service.trackers.rest(named[0].id)]
        rested = [service.character(i).name for e in entries for i in e.get("targets", [])]
    result = {"rested": rested, "skipped": skipped,
              "entries": [{**history.public(e), "entry_id": e["id"]} for e in entries]}
    lines = [shown(e["summary"]) for e in entries]
    if skipped:
        lines.append(_("no stress to rest away: {names}").format(names=_(", ").join(shown(n) for n in skipped)))
    lines.append(_("(undo: ctrl+z in the console; history entry {id})").format(
        id=_(", ").join(str(e["id"]) for e in entries)))
    emit(result, args.json, "\n".join(lines))
    return 0
