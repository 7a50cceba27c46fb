"""``gmconsole harm NAME CHARACTER AMOUNT [--attribute A] [--json] [--wait S]``: the console's ``H`` from the
command line.

Harm goes where the campaign's system puts it (:attr:`GameSystem.harm`): Year Zero Engine damage to
Strength (``--attribute`` another attribute), Mutant: Year Zero trauma to the attribute named with
``--attribute`` (R-MYZ-TRAUMA; without it, the attribute of the character's last roll this session,
else Strength), exploding wounds, tiered stamina. One undoable history entry whose summary says
before → after; nothing goes below 0.

JSON: ``{"character", "summary", "amount", "attribute" or "tracker", "before", "value", "entry_id"}``.
An unknown campaign, character or attribute, an amount below 1, or harm that would change nothing (an
attribute already at 0, stamina at 0) exits 2 with one line and records nothing.
"""

from __future__ import annotations

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import WholeNumber, emit
from gmconsole.i18n import N_, _

amount = WholeNumber(N_("an amount of harm"), 1, None, digits=9)
"""``AMOUNT``: a whole number of points, 1 or more."""


def register(subparsers) -> None:
    """Add ``harm``."""
    harm = subparsers.add_parser("harm", help=_("harm a character as the campaign's system has it (damage, trauma, "
                                                "wounds, stamina) and record it"))
    harm.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    harm.add_argument("character", metavar="CHARACTER", help=_("who is hurt (name, case-insensitive, or id)"))
    harm.add_argument("amount", metavar="AMOUNT", type=amount, help=_("points of harm, 1 or more"))
    harm.add_argument("--attribute", metavar="A",
                      help=_("the attribute that takes it (myz trauma: default the attribute of the character's "
                             "last roll this session, else Strength; Year Zero Engine damage: Strength)"))
    harm.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(harm)
    harm.set_defaults(handler=guard(run_harm))


def run_harm(args) -> int:
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        warn_about(service)
        who = service.character(args.character)
        attribute = args.attribute or service.trackers.harm_attribute(who.id)
        entry = service.trackers.harm(who.id, args.amount, attribute)
    result = {"character": entry.get("character", who.name), "summary": entry["summary"], "amount": entry["amount"],
              **{key: entry[key] for key in ("attribute", "tracker") if key in entry},
              "before": entry["before"], "value": entry["value"], "entry_id": entry["id"]}
    lines = [entry["summary"], _("(undo: ctrl+z in the console; history entry {id})").format(id=entry["id"])]
    emit(result, args.json, "\n".join(lines))
    return 0
