"""The exploding family's rolls of more than one character, from the command line, as the roll builder's forms
make them (the console's ``o`` menu):

- ``gmconsole assisted NAME LEADER --helpers A B ... --skill K [--attribute A] [--difficulty D]
  [--tn-modifier KEY ...] [--hold C ...]``: the assisted untrained check (``service.rolls.assisted_check``). The
  trained leader rolls first against the TN + 1 per other participant; the points above it form a pool the
  helpers, in the order named, spend to close their gap (those named by ``--hold`` spend none).
- ``gmconsole group NAME C1 C2 ... --skill K [--attribute A] [--difficulty D] [--tn-modifier KEY ...]``: the
  group check (``service.rolls.group_check``): TN −1 per trained participant, everyone rolls, the successes counted.

Both take ``--faces SPEC`` (R-MANUAL-1, ``s8+3,2 t4`` or ``skill=8+3,2 trait=4``; an assisted check reads the
leader's skill dice, then the trait dice of the leader and each helper in turn; a group check each participant's
dice in turn), ``--seed N``, ``--json`` and ``--wait S`` (:mod:`gmconsole.cli.family_rolls`). Dice explode: there is
always a TN (R-EXP-1); every participant's own wounds and strain raise their own TN. JSON: the recorded entry
(kind ``assisted``: ``tn``, ``top``, ``successes``, ``assisted``, ``rolls``, ``participants``, ``held``, ``dice``,
``by_hand``; kind ``group``: ``tn``, ``top``, ``successes``, ``group``, ``participants``, ``by_hand``) with
``roll_id``.
"""

from __future__ import annotations

from gmconsole.campaign.entries import as_roll, as_special
from gmconsole.cli.campaign_access import guard
from gmconsole.cli.common import CliError
from gmconsole.cli.costs_commands import roll_id
from gmconsole.cli.family_rolls import (
    add_roll_flags,
    dice_text,
    opened_for,
    print_roll,
    roll_result,
    special_record,
)
from gmconsole.families.exploding.rules.detail import ExplodingSpecialDetail
from gmconsole.i18n import _, ngettext
from gmconsole.phrasing import side_by_side
from gmconsole.safe_text import shown

__all__ = ["register"]

FACES_EXAMPLES = ('"s8+3,2 t4,5"', '"skill=8+3,2 trait=4,5"')
"""The exploding letters as ``--faces`` takes them, short and long: a ``+`` chains an explosion."""


def _check_flags(parser) -> None:
    """The flags both checks take besides the people: the skill, the trait, the TN."""
    parser.add_argument("--skill", required=True, metavar="K", help=_("the skill id, e.g. shooting"))
    parser.add_argument("--attribute", metavar="A",
                        help=_("the trait rolled (default: the sheet's first trait, as the console's form offers)"))
    parser.add_argument("--difficulty", metavar="D",
                        help=_("difficulty id (basic, standard, moderate, demanding, formidable, monumental, esoteric; "
                               "default moderate)"))
    parser.add_argument("--tn-modifier", action="append", default=[], metavar="KEY",
                        help=_("a TN modifier from the tables, e.g. social.hostile or other.cramped=3 (repeatable)"))


def register(subparsers) -> None:
    """Add ``assisted``, ``group`` and ``reroll``."""
    assisted = subparsers.add_parser("assisted", help=_("an exploding assisted untrained check: the trained leader "
                                                        "rolls first, the helpers spend the points above the TN"))
    assisted.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    assisted.add_argument("leader", metavar="LEADER", help=_("the trained leader (name, case-insensitive, or id)"))
    assisted.add_argument("--helpers", nargs="+", action="extend", required=True, metavar="C",
                          help=_("the untrained participants, in the order they roll"))
    _check_flags(assisted)
    assisted.add_argument("--hold", nargs="+", action="extend", default=[], metavar="C",
                          help=_("helpers who keep the pool for those after them instead of spending it"))
    add_roll_flags(assisted, *FACES_EXAMPLES, _("the leader's skill dice, then each trait die in turn"))
    assisted.set_defaults(handler=guard(run_assisted))

    group = subparsers.add_parser("group", help=_("an exploding group check: TN -1 per trained participant, "
                                                  "everyone rolls, the successes counted"))
    group.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    group.add_argument("characters", nargs="+", metavar="C", help=_("the trained participants"))
    _check_flags(group)
    add_roll_flags(group, *FACES_EXAMPLES, _("each participant's dice in turn"))
    group.set_defaults(handler=guard(run_group))

    reroll = subparsers.add_parser("reroll", help=_("reroll a failed exploding check with a grant the character "
                                                    "holds (a Tradecraft, Trade Secret or Quirk; R-EXP-5), recorded"))
    reroll.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    reroll.add_argument("roll", type=roll_id, nargs="?", metavar="ROLL_ID",
                        help=_("the failed check (default: the session's newest roll)"))
    reroll.add_argument("--grant", required=True, metavar="G", help=_("the grant's name, as the sheet holds it"))
    add_roll_flags(reroll, *FACES_EXAMPLES, _("the check's dice rolled again"))
    reroll.set_defaults(handler=guard(run_reroll))


def _check_text(name: str, row: dict) -> str:
    """One participant's roll: their top die against their own TN, and the dice."""
    said = _("{name}: top {top} [{dice}]") if row.get("tn") is None else _("{name}: top {top} vs TN {tn} [{dice}]")
    return said.format(name=shown(name), top=row["top"], tn=row.get("tn"), dice=dice_text(row.get("dice")))


def _verdict(row: dict) -> str:
    if row.get("critical_failure"):
        return _("critical failure")
    return _("success") if row.get("success") else _("failure")


def _tn_line(tn: int, lines: list[dict]) -> str:
    """``TN 6 (Moderate difficulty +4, assisting 2 other participants (+1 each) +2)``: how the shared TN was built."""
    why = side_by_side(f"{line['label']} {line['amount']:+d}" for line in lines)
    return _("TN {tn} ({why})").format(tn=tn, why=why)


def assisted_lines(entry) -> list[str]:
    """An assisted check after its summary: the TN, the leader's roll and pool, each helper's turn (what they
    spent, or that they held the pool), the successes."""
    own = ExplodingSpecialDetail.of(as_special(entry).detail)
    check, rolls = own.assisted, own.rolls
    held = set(own.held or ())
    lines = [_tn_line(check["tn"], check["tn_lines"]),
             _("{check} → pool {pool}").format(check=_check_text(rolls[0]["name"], rolls[0]) + " "
                                                + _verdict(check["leader"]), pool=check["leader"]["pool_after"])]
    for step, row in zip(check["steps"], rolls[1:]):
        if row.get("character_id") in held:
            said = _("{check}, holds the pool → {verdict} (pool {pool})")
        elif step["spent"]:
            said = _("{check}, spends {spent} → {verdict} (pool {pool})")
        else:
            said = _("{check} → {verdict} (pool {pool})")
        lines.append(said.format(check=_check_text(row["name"], row), spent=step["spent"], verdict=_verdict(step),
                                 pool=step["pool_after"]))
    n = check["successes"]
    lines.append("→ " + ngettext("{count} success", "{count} successes", n).format(count=n))
    return lines


def group_lines(entry) -> list[str]:
    """A group check after its summary: the TN and why, each result, the count of successes."""
    group = ExplodingSpecialDetail.of(special_record(entry).detail).group
    lines = [_tn_line(group["tn"], group["tn_lines"])]
    lines += [_check_text(row["name"], row) + " " + _verdict(row) for row in group["results"]]
    lines.append(_("→ {count} of {total} succeed").format(count=group["successes"], total=len(group["results"])))
    return lines


def run_assisted(args) -> int:
    with opened_for(args, "assisted", "assisted") as service:
        helpers = [service.character(name).id for name in args.helpers]
        for name in args.hold:  # a helper's choice: the leader has no pool to keep
            if service.character(name).id not in helpers:
                raise CliError(_("--hold names {name}, who is not one of --helpers").format(
                    name=service.character(name).name))
        entry = service.rolls.assisted_check(args.leader, args.skill, helpers, attribute=args.attribute,
                                             difficulty=args.difficulty, tn_modifiers=args.tn_modifier, hold=args.hold,
                                             faces=args.faces)
    print_roll(roll_result(entry, args), args, entry, assisted_lines(entry))
    return 0


def run_reroll(args) -> int:
    """R-EXP-5 from the command line: the console's reroll (builder ``R``) through the same service method."""
    from gmconsole import systems

    with opened_for(args, None, "reroll") as service:
        system = systems.get(service.campaign.system)
        if not system.reroll_grants:
            family = next(s.id for s in systems.all_systems() if s.reroll_grants)
            raise CliError(_("{command} belongs to {family} campaigns; {name} is {system}").format(
                command="reroll", family=family, name=shown(args.name), system=system.id))
        entry = service.rolls.reroll_with_grant(args.roll, args.grant, faces=args.faces)
    print_roll(roll_result(entry, args), args, entry, [dice_text(as_roll(entry).dice)])
    return 0


def run_group(args) -> int:
    with opened_for(args, "group", "group") as service:
        entry = service.rolls.group_check(args.characters, args.skill, attribute=args.attribute,
                                          difficulty=args.difficulty, tn_modifiers=args.tn_modifier, faces=args.faces)
    print_roll(roll_result(entry, args), args, entry, group_lines(entry))
    return 0
