"""The tiered family's rolls beyond a skill check, from the command line, as the roll builder's forms make them:

- ``gmconsole save NAME CHARACTER phys|ment|perc``: a saving throw (``service.rolls.saving_throw``), 2d6 against the
  save score from the sheet; R-TIER-3: total ≥ 2 × save a critical success, ≥ save a success (the campaign's
  strict-over setting applies).
- ``gmconsole attack NAME CHARACTER --weapon W | --damage N [--melee] [--reckless] [--target T]``: an attack
  (``service.rolls.attack``), class bonus + STR (melee) or DEX (ranged) d6 read as a skill check; R-TIER-4 damage by
  tier, melee adding STR; Reckless (melee only) raises the tier and gives the target a free hit back.
  ``--target`` does what the console asks after its attack: the damage comes off the target's stamina as a
  second undoable entry (kind ``damage``) that marks the attack applied; an attack that did no damage applies
  nothing. The target is checked before the dice are rolled.
- ``gmconsole contested NAME A B [--attribute X] [--opponent-attribute Y]``: a contested roll
  (``service.rolls.contested``), each side 2d6 + attribute (the console's form offers Strength; the opponent's
  defaults to the same), the highest wins; R-TIER-5: a tie is rolled again (typed faces: four a round, four
  more for each roll-off). A contest is rolled with an attribute: ``--skill K`` names it, as ``--attribute`` does.

Each takes ``--faces SPEC`` (R-MANUAL-1, ``d45`` or ``dice=4,5``), ``--seed N``, ``--json`` and ``--wait S``
(:mod:`gmconsole.cli.family_rolls`). JSON: the recorded entry with ``roll_id`` (kind ``save``: ``save``,
``score``, ``total``, ``outcome``, ``dice``; kind ``attack``: ``gear``, ``weapon_damage``, ``melee``,
``reckless``, ``tier``, ``rolled_tier``, ``damage``, ``notes``, ``dice``; kind ``contested``: ``attribute``,
``opponent``, ``opponent_attribute``, ``rounds``, ``winner``, ``winner_name``, ``outcome``), every one with
``by_hand``; ``attack --target`` adds ``target`` and ``damage_applied`` (``{"entry_id", "summary", "before",
"value"}``, or null when nothing was applied).
"""

from __future__ import annotations

import sys

from gmconsole.campaign.entries import given
from gmconsole.cli.campaign_access import guard
from gmconsole.cli.common import CliError, WholeNumber
from gmconsole.cli.family_rolls import add_roll_flags, opened_for, print_roll, roll_result, special_record, undo_line
from gmconsole.families.tiered.rules.builder_words import tier_shouted
from gmconsole.families.tiered.rules.detail import TieredSpecialDetail
from gmconsole.i18n import N_, _
from gmconsole.phrasing import possessive
from gmconsole.safe_text import shown

__all__ = ["register"]

SAVES = ("phys", "ment", "perc")
SAVE_OUTCOMES = {"critical": N_("CRITICAL"), "success": N_("SUCCESS"), "failure": N_("FAILURE")}
"""A saving throw's outcome as the console's result line shouts it (the entry keeps the id)."""
weapon_damage = WholeNumber(N_("a weapon's damage"), 0, 100)
"""``--damage N``: the damage of a weapon not on the sheet."""


def register(subparsers) -> None:
    """Add ``save``, ``attack`` and ``contested``."""
    save = subparsers.add_parser("save", help=_("a tiered saving throw (R-TIER-3), recorded"))
    save.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    save.add_argument("character", metavar="CHARACTER", help=_("who saves (name, case-insensitive, or id)"))
    save.add_argument("save", metavar="phys|ment|perc", type=str.casefold, choices=SAVES,
                      help=_("the save: physical, mental or perception"))
    add_roll_flags(save, '"d45"', '"dice=4,5"')
    save.set_defaults(handler=guard(run_save))

    attack = subparsers.add_parser("attack", help=_("a tiered attack roll (R-TIER-4), recorded; --target takes "
                                                    "its damage"))
    attack.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    attack.add_argument("character", metavar="CHARACTER", help=_("who attacks (name, case-insensitive, or id)"))
    attack.add_argument("--weapon", metavar="W", help=_("the weapon, an item of the sheet (name or id)"))
    attack.add_argument("--damage", type=weapon_damage, metavar="N",
                        help=_("the damage of a weapon not on the sheet (instead of --weapon)"))
    attack.add_argument("--melee", action="store_true",
                        help=_("a melee attack (class bonus + STR dice, damage + STR); default: ranged (+ DEX)"))
    attack.add_argument("--reckless", action="store_true",
                        help=_("Reckless (melee only): one tier higher, and the target gets a free hit back"))
    attack.add_argument("--target", metavar="T",
                        help=_("who is attacked: the damage comes off their stamina (one more undoable entry)"))
    add_roll_flags(attack, '"d643"', '"dice=6,4,3"', _("one face per die of the pool"))
    attack.set_defaults(handler=guard(run_attack))

    contested = subparsers.add_parser("contested", help=_("a tiered contested roll (R-TIER-5): each side 2d6 + "
                                                          "attribute, ties rolled again; recorded"))
    contested.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    contested.add_argument("character", metavar="A", help=_("who contests (name, case-insensitive, or id)"))
    contested.add_argument("opponent", metavar="B", help=_("the opponent"))
    contested.add_argument("--attribute", default="str", metavar="X",
                           help=_("the attribute added to 2d6, by id or name (default: Strength)"))
    contested.add_argument("--opponent-attribute", metavar="Y",
                           help=_("the opponent's attribute (default: the same)"))
    # A tiered contest is 2d6 + attribute (R-TIER-5): what it is rolled with is an attribute, so --skill (the
    # word scripts use for every other roll) names it too, as --attribute does.
    contested.add_argument("--skill", dest="attribute", metavar="K",
                           help=_("the same as --attribute: a contest is rolled with an attribute (R-TIER-5)"))
    add_roll_flags(contested, '"d3425"', '"dice=3,4,2,5"',
                   _("four a round: yours, yours, theirs, theirs; four more for each tie"))
    contested.set_defaults(handler=guard(run_contested))


def run_save(args) -> int:
    with opened_for(args, "save", "save") as service:
        entry = service.rolls.saving_throw(args.character, args.save, faces=args.faces)
    record = special_record(entry)
    faces = " ".join(str(d["face"]) for d in record.dice)
    outcome = str(record.outcome)
    own = TieredSpecialDetail.of(record.detail)
    line = _("{name} {save} save {score}: 2d6 [{faces}] = {total} → {outcome} (R-TIER-3)").format(
        name=shown(given(record.character, "")), save=own.save.upper(), score=own.score, faces=faces,
        total=own.total, outcome=_(SAVE_OUTCOMES[outcome]) if outcome in SAVE_OUTCOMES else outcome.upper())
    print_roll(roll_result(entry, args), args, entry, [line])
    return 0


def _attack_target(service, args):
    """The character ``--target`` names, checked before the dice are rolled: in the roster, not the attacker."""
    if args.target is None:
        return None
    attacker, target = service.character(args.character), service.character(args.target)
    if target.id == attacker.id:
        raise CliError(_("{name} cannot be the target of their own attack: --target names who is attacked").format(
            name=attacker.name))
    return target


def _weapon(service, args) -> str | None:
    """``--weapon`` checked against the sheet (or ``--damage`` given instead), before the dice are rolled; a
    refusal names the sheet's weapons."""
    if args.weapon is not None and args.damage is not None:
        raise CliError(_("give --weapon W (an item of the sheet) or --damage N (a weapon not on it), not both"))
    who = service.character(args.character)
    if args.weapon is not None and who.gear_item(args.weapon) is not None:
        return args.weapon
    if args.weapon is None and args.damage is not None:
        return None
    weapons = _(", ").join(g.name for g in who.gear if g.damage) or _("none")
    if args.weapon is None:
        raise CliError(_("name the weapon with --weapon W ({owner} weapons: {weapons}) or give its damage with "
                         "--damage N").format(owner=possessive(who.name), weapons=weapons))
    raise CliError(_("{name} has no weapon {weapon}; {owner} weapons: {weapons} (or give --damage N)").format(
        name=who.name, weapon=repr(args.weapon), owner=possessive(who.name), weapons=weapons))


def run_attack(args) -> int:
    from gmconsole.campaign.errors import Unchanged

    with opened_for(args, "attack", "attack") as service:
        target = _attack_target(service, args)
        weapon = _weapon(service, args)
        entry = service.rolls.attack(args.character, weapon, melee=args.melee, reckless=args.reckless, faces=args.faces,
                                     damage=args.damage)
        record = special_record(entry)
        applied = warning = None
        if target is not None and given(TieredSpecialDetail.of(record.detail).damage, 0) > 0:
            try:
                applied = service.outcomes.apply_attack_damage(record.id, target.id)
                entry = service.history.entry(record.id)  # now marked with whom its damage went to
            except Unchanged as exc:  # the target's stamina is already 0: the attack stands, nothing more to take
                warning = str(exc)
    result = roll_result(entry, args)
    faces = " ".join(str(d["face"]) for d in record.dice)
    own = TieredSpecialDetail.of(record.detail)
    tier = own.tier
    said = (_("{name} attacks (melee): [{faces}] → {tier}, damage {damage} (R-TIER-4)") if own.melee
            else _("{name} attacks (ranged): [{faces}] → {tier}, damage {damage} (R-TIER-4)"))
    lines = [said.format(name=shown(given(record.character, "")), faces=faces, tier=tier_shouted(tier),
                         damage=own.damage) + ((_("; ") + _("; ").join(own.notes)) if own.notes else "")]
    after: list[str] = []
    if target is not None:
        result["target"] = target.name
        result["damage_applied"] = None if applied is None else {
            "entry_id": applied["id"], "summary": applied["summary"], "before": applied["before"],
            "value": applied["value"]}
        if applied is not None:
            after = [shown(applied["summary"]), undo_line(applied["id"])]
        elif warning is None:
            after = [_("{owner} attack did no damage ({tier}): nothing to apply.").format(
                owner=possessive(shown(given(record.character, ""))), tier=tier_shouted(tier))]
    if warning is not None:
        result["warnings"] = [warning]
        print(_("gmconsole: warning: {message}").format(message=shown(warning)), file=sys.stderr)
    print_roll(result, args, entry, lines, after)
    return 0


def run_contested(args) -> int:
    with opened_for(args, "contested", "contested") as service:
        entry = service.rolls.contested(args.character, args.attribute, args.opponent,
                                        opponent_attribute=args.opponent_attribute, faces=args.faces)
    record = special_record(entry)
    rounds = _("; ").join(_("{a} vs {b}").format(a=a, b=b) for a, b in TieredSpecialDetail.of(record.detail).rounds)
    line = _("{rounds} → {winner} wins (R-TIER-5: ties are rolled again)").format(
        rounds=rounds, winner=shown(given(record.winner_name, "")))
    print_roll(roll_result(entry, args), args, entry, [line])
    return 0
