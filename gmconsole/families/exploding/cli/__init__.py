"""``gmconsole odds exploding`` and ``gmconsole roll exploding``.

The target number is either given outright (``--tn N``, used as given) or built from
``--difficulty NAME``, ``--modifier table.key[=N]`` and ``--tn-mod +-N`` (repeatable), which
adds the untrained +4 by itself when no skill die is given. One ``--skill-die dN`` means both
skill dice are that size; two give each die's size; none means untrained (trait die alone).
"""

from __future__ import annotations

import argparse
import random

from gmconsole.cli.common import CliError, count, die_kind, die_size, signed, signed_seed, target_number
from gmconsole.families.exploding.rules import roll as exploding
from gmconsole.families.exploding.rules.odds import check_odds, p_success, top_distribution
from gmconsole.i18n import N_, _
from gmconsole.phrasing import side_by_side
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--skill-die", action="append", type=die_size, default=[], metavar="dN",
        help=_("skill die size; once = both skill dice, twice = each die (omit for an untrained check)"),
    )
    parser.add_argument("--trait-die", type=die_size, required=True, metavar="dN", help=_("trait die size"))
    parser.add_argument("--tn", type=target_number, metavar="N", help=_("the final target number, used as given"))
    parser.add_argument("--difficulty", metavar="NAME", help=_("build the TN from a difficulty (basic ... esoteric)"))
    parser.add_argument(
        "--modifier", action="append", default=[], metavar="KEY[=N]",
        help=_("a TN modifier from the seed's tables, e.g. social.hostile or other.cramped=3 (repeatable)"),
    )
    parser.add_argument(
        "--tn-mod", action="append", type=signed, default=[], metavar="+-N", help=_("a free TN modifier (repeatable)")
    )
    parser.add_argument("--wounds", type=count, default=0, metavar="N", help=_("wounds on the character (+1 TN each)"))
    parser.add_argument("--strain", type=count, default=0, metavar="N", help=_("strain on the character (+1 TN each)"))


def add_odds_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    _add_common(parser)
    parser.add_argument(
        "--distribution", type=count, metavar="BOUND",
        help=_("also print the exact distribution of the top total up to BOUND"),
    )
    parser.add_argument("--faces", metavar="SPEC",
                        help=_("the faces of a check already rolled: the odds of retrying it after a change of "
                             "circumstances"))


def add_roll_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    _add_common(parser)
    parser.add_argument(
        "--faces", metavar="SPEC",
        help=_('typed faces, e.g. "s8+3,2 t4" or "skill=8+3,2 trait=4" (faces between commas; a + chains an '
               'explosion)')
    )
    parser.add_argument("--seed", type=signed_seed, metavar="N", help=_("seed the dice for a repeatable roll"))


_INT_FLAGS = ("trait_die", "tn", "wounds", "strain", "distribution", "seed")
_LIST_FLAGS = ("skill_die", "tn_mod", "modifier")


def _check_values(args) -> None:
    """Refuse a flag whose value argparse left empty (``--tn=--`` reaches us as ``[]``)."""
    for name in _INT_FLAGS:
        value = getattr(args, name, None)
        if value is not None and not isinstance(value, int):
            raise CliError(_("{flag} needs a value").format(flag="--" + name.replace("_", "-")))
    for name in _LIST_FLAGS:
        if any(isinstance(v, list) for v in getattr(args, name, [])):
            raise CliError(_("{flag} needs a value").format(flag="--" + name.replace("_", "-")))
    for name in ("faces", "difficulty"):
        value = getattr(args, name, None)
        if value is not None and not isinstance(value, str):
            raise CliError(_("{flag} needs a value").format(flag="--" + name))


def _skill_dice(args) -> tuple[int, ...]:
    _check_values(args)
    if len(args.skill_die) > exploding.SKILL_DICE:
        raise CliError(_("give --skill-die at most {n} times").format(n=exploding.SKILL_DICE))
    if len(args.skill_die) == 1:
        return (args.skill_die[0],) * exploding.SKILL_DICE
    return tuple(args.skill_die)


def _target_number(args, skill_dice) -> exploding.TargetNumber | None:
    built = args.difficulty is not None or args.modifier or args.tn_mod or args.wounds or args.strain
    if args.tn is not None and built:
        raise CliError(
            _("give either --tn (the final TN) or --difficulty/--modifier/--tn-mod/--wounds/--strain, not both")
        )
    if args.tn is not None:
        return exploding.given_target_number(args.tn)
    if not built:
        return None
    return exploding.build_target_number(
        difficulty_key=args.difficulty,
        modifiers=[exploding.parse_modifier(m) for m in args.modifier],
        wounds=args.wounds,
        strain=args.strain,
        untrained=not skill_dice,
        adjustments=args.tn_mod,
    )


def _dice_text(dice) -> str:
    return "+".join(f"d{s}" for s in dice)


# --------------------------------------------------------------------------- gmconsole opposed

_TIE_GOES_TO = {"defender": N_("→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the defender)"),
                "active": N_("→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the active)")}
"""An opposed test's outcome by who its tie goes to, in the console's words."""


def both_sides(faces: str | None, defender_faces: str | None, kinds) -> str | None:
    """One SPEC with the active side's faces then the defender's, each kind's in one group, as an opposed test
    reads them (R-MANUAL-1): ``s8+3,2 t5`` and ``s4,1 t8+2`` make ``skill=8+3,2,4,1 trait=5,8+2``."""
    from gmconsole.rules.spec import split_spec

    if defender_faces is None:
        return faces
    if faces is None:
        raise CliError(_("--defender-faces needs --faces: an opposed test types the active side's dice first"))
    active, defender = split_spec(faces, kinds), split_spec(defender_faces, kinds)
    return " ".join(f"{k.name}={','.join([*active.get(k.name, []), *defender.get(k.name, [])])}" for k in kinds
                    if k.name in active or k.name in defender)


def opposed_roll(service, args, rng: random.Random) -> dict:
    """``gmconsole opposed`` in an exploding campaign: the opposed test (R-EXP-4) through
    ``service.rolls.opposed_test``, both sides from their sheets (the defender's skill: ``--defender-skill``, else
    the same); ``--faces`` types the active dice, ``--defender-faces`` the defender's."""
    from gmconsole import systems

    if args.gear:
        raise CliError(_("--gear: exploding rolls take no gear dice (gear dice are Year Zero's)"))
    faces = both_sides(args.faces, args.defender_faces, systems.get(service.campaign.system).face_kinds)
    return service.rolls.opposed_test(args.attacker, args.skill, args.defender, attribute=args.attribute,
                                      defender_skill=args.defender_skill, defender_attribute=args.defender_attribute,
                                      faces=faces, rng=rng)


def opposed_text(entry: dict, campaign: str) -> str:
    """A recorded opposed test for a person: the summary with both tops and the winner, each side's dice, and
    the rule that decided it."""
    from gmconsole.cli.campaign_commands import dice_words
    from gmconsole.safe_text import shown

    said = _TIE_GOES_TO.get(str(entry.get("tie_goes_to")), _TIE_GOES_TO["defender"])
    return "\n".join([shown(str(entry.get("summary", ""))),
                      _("{name} rolls: {dice}").format(name=shown(str(entry.get("character", ""))),
                                                       dice=dice_words(entry.get("dice", []))),
                      _("{name} rolls: {dice}").format(name=shown(str(entry.get("defender", ""))),
                                                       dice=dice_words(entry.get("defender_dice", []))),
                      _(said).format(winner=shown(str(entry.get("winner_name", ""))))])


def run_odds(args) -> tuple[dict, str]:
    skill_dice = _skill_dice(args)
    tn = _target_number(args, skill_dice)
    if tn is None:
        raise CliError(_("odds need a target number: give --tn N or --difficulty NAME"))
    if args.faces is not None:
        return run_retry_odds(args, skill_dice, tn)
    odds = check_odds(skill_dice, args.trait_die, tn.value)
    result = odds.as_dict()
    result["tn_lines"] = [line.as_dict() for line in tn.lines]
    # R-EXP-3: an exploding dN never totals N, so some TNs are exactly as hard as the next one.
    result["flat_spot"] = tn.value > 1 and odds.p_success == p_success(odds.dice, tn.value + 1)
    text = [
        _("{dice} (exploding, top die) vs TN {tn}").format(dice=_dice_text(odds.dice), tn=tn.value),
        *("  " + line for line in tn.explain()),
        _("success: {p}").format(p=f"{float(odds.p_success):.2%}"),
        _("critical failure (all 1s): {p}").format(p=f"{float(odds.p_critical_failure):.2%}"),
    ]
    if result["flat_spot"]:
        text.append(_("flat spot: TN {tn} is exactly as hard as TN {next} for these dice (R-EXP-3)").format(
            tn=tn.value, next=tn.value + 1))
    if args.distribution:
        dist = top_distribution(odds.dice, args.distribution)
        result["distribution"] = dist.as_dict()
        text += ["  " + _("top = {value}: {p}").format(value=v, p=f"{float(p):.4%}")
                 for v, p in dist.probabilities.items()]
        text.append("  " + _("top > {value}: {p}").format(value=args.distribution, p=f"{float(dist.above):.4%}"))
    return result, "\n".join(text)


def run_retry_odds(args, skill_dice, tn) -> tuple[dict, str]:
    """The odds of a failed check retried after a change of circumstances (retrying, docs/RULES.md) rolls
    every die again against the TN, so its chance is the check's own; the check ``--faces`` types says
    where it stands. A check that succeeded has nothing to retry (exit 2)."""
    from gmconsole.families.exploding.rules.odds import retry_odds

    dice = exploding.check_dice(skill_dice, args.trait_die)
    source = exploding.parse_faces(args.faces, dice, explode=True)
    result = exploding.roll_check(skill_dice, args.trait_die, tn, source)
    try:
        out = retry_odds(result, skill_dice, args.trait_die, tn.value)
    except RulesError as error:
        raise CliError(_("this check cannot be retried: {reason}").format(reason=error)) from error
    p = out["p_success_after_push_exact"]
    margin = _("margin {margin}").format(margin=f"{result.margin:+d}")
    now = _("critical failure") if result.critical_failure else margin
    text = [_("{dice} vs TN {tn}: now top {top} ({now})").format(dice=_dice_text([*skill_dice, args.trait_die]),
                                                                 tn=tn.value, top=result.top, now=now),
            _("a retry after a change of circumstances: success {p} ({exact}), no cost").format(
                p=f"{out['p_success_after_push']:.2%}", exact=p)]
    return out, "\n".join(text)


def run_roll(args) -> tuple[dict, str]:
    skill_dice = _skill_dice(args)
    tn = _target_number(args, skill_dice)
    dice = exploding.check_dice(skill_dice, args.trait_die)
    if args.faces is not None:
        if args.seed is not None:
            raise CliError(_("give either --faces or --seed, not both"))
        source = exploding.parse_faces(args.faces, dice, explode=tn is not None)
    else:
        source = DiceSource(rng=random.Random(args.seed))
    result = exploding.roll_check(skill_dice, args.trait_die, tn, source)
    faces = side_by_side(_("{kind} d{sides}: {faces}").format(kind=die_kind(d.die.kind.value),
                                                               sides=d.die.sides, faces="+".join(map(str, d.faces)))
                         for d in result.dice)
    lines = [_("{faces}  -> top {top}").format(faces=faces, top=result.top)]
    if tn is not None:
        lines += ["  " + line for line in tn.explain()]
    if result.critical_failure:
        lines.append(_("CRITICAL FAILURE (every die a natural 1)"))
    elif result.success is not None:
        verdict = _("success") if result.success else _("failure")
        lines.append(_("{verdict} (margin {margin})").format(verdict=verdict, margin=f"{result.margin:+d}"))
    return result.as_dict(), "\n".join(lines)


def register_commands(subparsers) -> None:
    """Add the family's own commands, ``assisted``, ``group`` and ``reroll`` beside ``odds`` and ``roll``
    (:mod:`gmconsole.families.exploding.cli.rolls`; :class:`gmconsole.cli.dice_commands.FamilyCommands`)."""
    import gmconsole.families.exploding.cli.rolls as cli_rolls

    cli_rolls.register(subparsers)
