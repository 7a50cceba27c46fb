"""``gmconsole odds tiered`` and ``gmconsole roll tiered``.

The pool is either given outright (``--dice N``, 0 or negative allowed) or built as the seed
says from ``--luck 1 --attribute N --skill N --bonus N --push-yourself --stamina N``.
"""

from __future__ import annotations

import argparse
import random

from gmconsole.cli.common import CliError, WholeNumber, count, dice_count, signed_dice_count, signed_seed
from gmconsole.families.tiered.rules import roll as tiered
from gmconsole.families.tiered.rules.builder_words import tier_reading
from gmconsole.families.tiered.rules.faces import FACES
from gmconsole.families.tiered.rules.odds import tier_odds
from gmconsole.i18n import N_, _, language
from gmconsole.rules.dice import MAX_DICE, DiceSource
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import faces_per_kind, parse_int_spec

ATTRIBUTE = WholeNumber(N_("an attribute value"), -100, 100, signs=True)
SKILL = WholeNumber(N_("a skill level"), -100, 100, signs=True)
"""``--attribute`` and ``--skill``: each adds its value in dice, and is refused by its own name."""


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dice", type=signed_dice_count, metavar="N",
                        help=_("the pool size as given (0 or fewer: 2d6 keep lowest)"))
    parser.add_argument("--luck", type=dice_count, metavar="N",
                        help=_("the Luck die (1, or 0 if the GM takes it away)"))
    parser.add_argument("--attribute", type=ATTRIBUTE, metavar="N", help=_("the attribute rolled"))
    parser.add_argument("--skill", type=SKILL, metavar="N", help=_("the skill level"))
    parser.add_argument("--bonus", type=dice_count, metavar="N",
                        help=_("bonus dice from items, magic or allies (at most 2)"))
    parser.add_argument("--push-yourself", action="store_true", help=_("spend 2 stamina for +1 die"))
    parser.add_argument("--stamina", type=count, metavar="N",
                        help=_("the character's stamina (needed to push yourself)"))


def add_odds_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    """Flags of ``gmconsole odds tiered``; with ``--faces`` the odds of Push Yourself after that roll."""
    _add_common(parser)
    parser.add_argument("--faces", metavar="SPEC",
                        help=_('the faces of a check already rolled, e.g. "d532" (one digit per die; or "dice=5,3,2"): '
                               'what Push Yourself can add'))


def add_roll_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    _add_common(parser)
    parser.add_argument("--faces", metavar="SPEC",
                        help=_('typed faces, e.g. "d662" (one digit per die; or "dice=6,6,2"); without a pool flag '
                               'the pool is the dice typed'))
    parser.add_argument("--seed", type=signed_seed, metavar="N", help=_("seed the dice for a repeatable roll"))


def _check_values(args) -> None:
    """Refuse a flag whose value argparse left empty (``--dice=--`` reaches us as ``[]``)."""
    for name in ("dice", "luck", "attribute", "skill", "bonus", "stamina", "seed"):
        value = getattr(args, name, None)
        if value is not None and not isinstance(value, int):
            raise CliError(_("{flag} needs a value").format(flag="--" + name))
    if getattr(args, "faces", None) is not None and not isinstance(args.faces, str):
        raise CliError(_("--faces needs a value"))


def _pool(args) -> tiered.Pool:
    _check_values(args)
    built = [args.luck, args.attribute, args.skill, args.bonus, args.stamina]
    building = any(v is not None for v in built) or args.push_yourself
    if args.dice is not None and building:
        raise CliError(_("give either --dice N or --attribute/--skill (with --luck/--bonus/--push-yourself), not both"))
    if args.dice is not None:
        if args.dice > MAX_DICE:
            raise CliError(_("a pool of {n} dice is too many (at most {most})").format(n=args.dice,
                                                                                        most=MAX_DICE))
        return tiered.Pool(args.dice, (("dice", args.dice),))
    if not building and getattr(args, "faces", None):  # R-MANUAL-1: the dice the faces type
        dice = faces_per_kind(parse_int_spec(args.faces, FACES), MAX_DICE).get("dice", 0)
        return tiered.Pool(dice, (("dice", dice),))
    if not building:
        raise CliError(_("give the pool: --dice N, or --attribute N --skill N"))
    return tiered.build_pool(
        attribute=args.attribute or 0,
        skill=args.skill or 0,
        luck=tiered.LUCK if args.luck is None else args.luck,
        bonus=args.bonus or 0,
        push_yourself=args.push_yourself,
        stamina=args.stamina,
    )


_WORDS = (N_("Luck"), N_("attribute"), N_("skill"), N_("bonus dice"), N_("Push Yourself"), N_("penalty"), N_("dice"),
          N_("stamina"))
"""The rules' words for a pool's parts and an effect's target and reason (``--json`` keeps them as they are)."""


def _word(word: str) -> str:
    return _(word) if word in _WORDS else word


def _tier(tier) -> str:
    """A tier's name from the data file, in the language spoken."""
    return tier.name_in(language())


def _pool_text(pool: tiered.Pool) -> str:
    parts = " + ".join(f"{_word(label)} {n}" for label, n in pool.lines)
    rolled = f"{pool.dice}d6" if pool.dice >= 1 else _("2d6 keep lowest")
    return _("{parts} = {dice} ({rolled})").format(parts=parts, dice=pool.dice, rolled=rolled)


def opposed_roll(service, args, rng: random.Random) -> dict:
    """``gmconsole opposed`` in a tiered campaign: refused before anything is rolled; tiered's roll of one side
    against another is the contested roll (R-TIER-5: each side 2d6 + attribute, a tie rolled again)."""
    import shlex

    command = " ".join(shlex.quote(w) for w in ("gmconsole", "contested", args.name, args.attacker, args.defender))
    raise CliError(_("{system} has no opposed roll: its roll of one side against another is the contested roll "
                     "(R-TIER-5: each side 2d6 + attribute), `{command} --attribute X`").format(
        system=service.campaign.system, command=command))


def run_odds(args) -> tuple[dict, str]:
    if args.faces is not None:
        return run_push_yourself_odds(args)
    pool = _pool(args)
    odds = tier_odds(pool.dice)
    result: dict[str, object] = {f"p_{tier.value}": float(p) for tier, p in odds.items()}
    result["exact"] = {f"p_{tier.value}": str(p) for tier, p in odds.items()}
    result["pool"] = pool.as_dict()
    lines = [_pool_text(pool)] + [_("{tier}: {p}").format(tier=_tier(tier), p=f"{float(p):.2%}")
                                  for tier, p in odds.items()]
    return result, "\n".join(lines)


def run_push_yourself_odds(args) -> tuple[dict, str]:
    """The odds of adding the Push Yourself die to the check ``--faces`` types (the pool from
    the flags, ``--push-yourself`` saying it was already spent); refused with the reason, exit 2."""
    from gmconsole.families.tiered.rules.push_odds import push_yourself_odds

    pool = _pool(args)
    result = tiered.roll_check(pool, DiceSource(faces=parse_int_spec(args.faces, FACES)))
    try:
        odds = push_yourself_odds([d.face for d in result.dice], pool.dice,
                                  pushed_yourself=args.push_yourself, stamina=args.stamina)
    except RulesError as error:
        raise CliError(_("Push Yourself cannot help this check: {reason}").format(reason=error)) from error
    out = odds.as_dict()
    out["pool"] = pool.as_dict()
    lines = [_pool_text(pool),
             _("now {tier}; with the Push Yourself die (2 stamina):").format(tier=_tier(odds.current)),
             _("better tier {p} ({exact}), Great or better {success}").format(
                 p=f"{float(odds.p_better):.1%}", exact=odds.p_better, success=f"{float(odds.p_success):.1%}")]
    lines += ["  " + _("{tier}: {p}").format(tier=_tier(tier), p=f"{float(p):.1%}") for tier, p in odds.tiers.items()]
    return out, "\n".join(lines)


def run_roll(args) -> tuple[dict, str]:
    pool = _pool(args)
    if args.faces is not None:
        if args.seed is not None:
            raise CliError(_("give either --faces or --seed, not both"))
        faces = parse_int_spec(args.faces, FACES)
        source = DiceSource(faces=faces)
    else:
        source = DiceSource(rng=random.Random(args.seed))
    result = tiered.roll_check(pool, source)
    out = result.as_dict()
    faces_text = ",".join(str(d.face) for d in result.dice)
    reading = tier_reading(result.tier.value, [d.face for d in result.dice], result.highest, result.keeps_lowest)
    lines = [_pool_text(pool), _("dice: {faces} -> {tier} ({reading})").format(
        faces=faces_text, tier=_tier(result.tier), reading=reading)]
    lines += [f"{_word(e.target)} {e.amount:+d} ({_word(e.reason)})" for e in result.effects]
    return out, "\n".join(lines)


def register_commands(subparsers) -> None:
    """Add the family's own commands, ``save``, ``attack`` and ``contested`` beside ``odds`` and ``roll``
    (:mod:`gmconsole.families.tiered.cli.rolls`; :class:`gmconsole.cli.dice_commands.FamilyCommands`)."""
    import gmconsole.families.tiered.cli.rolls as cli_rolls

    cli_rolls.register(subparsers)
