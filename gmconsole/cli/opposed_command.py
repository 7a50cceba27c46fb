"""``gmconsole opposed NAME ATTACKER DEFENDER --skill K [...]``: the roll builder's ``o`` from the command line.

Both sides roll from their sheets and the campaign records one undoable entry, as the console does. The
roll is the campaign's family's own (its family's CLI part's ``opposed_roll``, :class:`OpposedCli`):

- Year Zero (myz, yze, yze-step): R-OPP-1, ``service.rolls.opposed_roll``; the defender rolls the skill the rules
  pair with ``--skill`` (Sneak against Scout...) unless ``--defender-skill`` names another; each defender
  success cancels one of the active side's; ``--faces`` and ``--defender-faces`` type each side's dice. The
  entry is a ``roll`` (``roll_type`` ``opposed``) the active side may push later (R-PUSH-2).
- exploding: R-EXP-4, ``service.rolls.opposed_test``; the defender rolls the same skill unless
  ``--defender-skill`` says; the higher top wins, a tie goes to the defender (setting). Its typed faces are
  the active dice then the defender's (``--defender-faces`` is the defender's half).
- tiered has a contested roll instead (R-TIER-5): refused, pointing at ``gmconsole contested``.

JSON: the recorded entry as ``history --json`` keeps it, with ``roll_id`` (its entry id) and, with ``--seed``,
``seed``. Year Zero: kind ``roll``, ``successes``, ``dice`` and ``opposed`` (``defender``, ``defender_dice``,
``active_successes``, ``defender_successes``, ``net_successes``, ``outcome`` active/defender/reroll);
exploding: kind ``opposed``, ``top``, ``defender_top``, ``dice``, ``defender_dice``, ``winner`` (active or
defender), ``winner_name``, ``tie_goes_to``. An unknown campaign, character or skill, a flag the family does
not take, or faces that do not fit exit 2 with one line, recording nothing.
"""

from __future__ import annotations

import argparse
import random
from typing import Any, Protocol, cast

from gmconsole import systems
from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, seed, warn_about
from gmconsole.cli.common import emit
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError

__all__ = ["register", "run_opposed"]


def register(subparsers) -> None:
    """Add ``opposed``."""
    opposed = subparsers.add_parser("opposed", help=_("an opposed roll between two characters (Year Zero R-OPP-1, "
                                                      "exploding R-EXP-4), recorded"))
    opposed.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    opposed.add_argument("attacker", metavar="ATTACKER", help=_("the active side (name, case-insensitive, or id)"))
    opposed.add_argument("defender", metavar="DEFENDER", help=_("the defender (name, case-insensitive, or id)"))
    opposed.add_argument("--skill", required=True, metavar="K", help=_("the active side's skill (id or name)"))
    opposed.add_argument("--defender-skill", metavar="K",
                         help=_("the defender's skill (default: Year Zero the skill paired with --skill, R-OPP-1; "
                                "exploding the same skill)"))
    opposed.add_argument("--attribute", metavar="A",
                         help=_("the active side's attribute or trait (default: the skill's)"))
    opposed.add_argument("--defender-attribute", metavar="A",
                         help=_("the defender's attribute or trait (default: the skill's)"))
    opposed.add_argument("--gear", nargs="+", action="extend", default=[], metavar="ITEM",
                         help=_("the active side's gear (Year Zero; names or ids)"))
    opposed.add_argument("--faces", metavar="SPEC",
                         help=_('the active side\'s faces typed from physical dice, e.g. "b63124 s355 g6" '
                                '(exploding: "s8+3,2 t4", then the defender\'s unless --defender-faces types them; '
                                'R-MANUAL-1)'))
    opposed.add_argument("--defender-faces", metavar="SPEC",
                         help=_("the defender's faces typed, in the same form (exploding: needs --faces too)"))
    opposed.add_argument("--seed", type=seed, metavar="N", help=_("seed the dice (repeatable results)"))
    opposed.add_argument("--json", action="store_true", help=_("print the recorded entry as JSON (with roll_id)"))
    add_wait(opposed)
    opposed.set_defaults(handler=guard(run_opposed))


class OpposedCli(Protocol):
    """What ``gmconsole opposed`` asks of a family's CLI part (``systems.family_of(system).cli``)."""

    def opposed_roll(self, service: Any, args: argparse.Namespace, rng: random.Random) -> dict:
        """Roll and record the opposed roll the flags ask for; refuses, before rolling, what it does not take."""
        ...

    def opposed_text(self, entry: dict, campaign: str) -> str:
        """The recorded opposed roll as a person reads it."""
        ...


def family_cli(system: str) -> OpposedCli:
    """The campaign's family's CLI part (``gmconsole/families/<family>/cli.py``): it rolls and words
    what differs by family."""
    part = systems.family_of(system).cli
    if not hasattr(part, "opposed_roll"):  # a family without one (tiered) refuses in its own words, naming its own
        raise RulesError(_("{system} has no opposed roll").format(system=system))
    return cast(OpposedCli, part)


def run_opposed(args) -> int:
    from gmconsole.campaign import history
    from gmconsole.campaign.service import CampaignService

    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    with CampaignService.open(campaign_root(args), args.name, rng=rng, wait=args.wait) as service:
        warn_about(service, args)
        family = family_cli(service.campaign.system)
        entry = family.opposed_roll(service, args, rng)  # refuses, before anything is rolled, what it does not take
        text = family.opposed_text(entry, args.name)
    result = history.public(entry)
    result["roll_id"] = entry["id"]
    if args.seed is not None:
        result["seed"] = args.seed
    emit(result, args.json, text)
    return 0
