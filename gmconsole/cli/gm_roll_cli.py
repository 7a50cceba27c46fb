"""``roll SYSTEM --campaign NAME`` without ``--character``: the GM's quick roll.

The pool comes from the same pool flags as a roll without a sheet (``--base/--skill/--gear/--stress/
--artifact``, ``--die``, ``--dice``, ``--skill-die/--trait-die/--tn``), is written in the system's
quick-pool syntax (:mod:`gmconsole.systems.quick_pool`) and recorded in the campaign as the GM's roll:
no character, no costs, ``roll_id`` and ``"character": null`` in ``--json``; its ``--push`` charges
nobody and, under `stress-dice`, adds no stress die (R-PUSH-7; ``roll SYSTEM`` without ``--campaign``,
a calculator for some character's pool, still adds it). Typed ``--faces`` without the flags that count
dice give the pool themselves (R-MANUAL-1: ``--faces "b63124 s355"`` is the GM's roll of 5 base and 3
skill dice, as ``gmconsole roll SYSTEM --faces`` is without a campaign); a die whose size its face does
not tell (artifact, step) still needs its size flag. With ``--character`` the
sheet roll (``campaign_commands.campaign_roll_parser``) is unchanged.
"""

from __future__ import annotations

import argparse
import random
import re

from gmconsole import systems
from gmconsole.cli.common import CliError, CliParser, dice_count, die_size, signed_dice_count
from gmconsole.i18n import N_, _, verbatim

__all__ = ["gm_roll_parser", "names_a_character"]


def names_a_character(argv) -> bool:
    """True when a ``roll SYSTEM --campaign`` command line names who rolls (the sheet roll)."""
    return any(a == "--character" or a.startswith("--character=") for a in argv)


def _dice(text: str) -> int:
    """A count of dice; a word here (a skill's name) means the GM meant a roll from a sheet, and is told how."""
    try:
        return dice_count(text)
    except argparse.ArgumentTypeError as exc:
        if re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):  # a number out of range: the range says it all
            raise
        raise argparse.ArgumentTypeError(_("{error}: without --character the pool flags count dice (a GM roll); add "
                                           "--character C to roll a skill from a sheet").format(error=exc)) from exc


def _pool_flags(parser: argparse.ArgumentParser, system: str) -> None:
    game = systems.get(system)
    pool = game.cli_flags.gm_pool
    if pool == "counts":
        if game.step_dice:
            parser.add_argument("--die", type=die_size, action="append", default=[], metavar="dN",
                                help=_("a step die: the attribute's, then the skill's (once or twice)"))
        else:
            for flag, what in (("--base", N_("base dice")), ("--skill", N_("skill dice")), ("--gear", N_("gear dice"))):
                parser.add_argument(flag, type=_dice, default=0, metavar="N", help=_(what))
        if game.has_stress:
            parser.add_argument("--stress", type=_dice, default=0, metavar="N", help=_("stress dice"))
        parser.add_argument("--artifact", type=die_size, action="append", default=[], metavar="dN",
                            help=_("an artifact die, d8, d10 or d12 (repeatable)"))
        parser.add_argument("--push", action="store_true",
                            help=_("push the roll once (it charges nobody and adds no stress die, R-PUSH-7)"))
        parser.add_argument("--push-faces", metavar="SPEC", help=_("typed faces of the rerolled dice (implies --push)"))
    elif pool == "dice":
        parser.add_argument("--dice", type=signed_dice_count, metavar="N",
                            help=_("the pool's dice (0 or fewer: 2d6 keep lowest; without it: the dice --faces "
                                   "types)"))
    else:
        from gmconsole.cli.exploding_cli import target_number

        parser.add_argument("--skill-die", type=die_size, action="append", default=[], metavar="dN",
                            help=_("skill die size; once = both skill dice, twice = each (omit: untrained)"))
        parser.add_argument("--trait-die", type=die_size, required=True, metavar="dN", help=_("trait die size"))
        parser.add_argument("--tn", type=target_number, metavar="N",
                            help=_("the target number (default: the default difficulty's)"))


def quick_text(args, system: str) -> str:
    """The flags written as the system's quick pool (``5b 3s 1g``, ``d10 d8``, ``4``, ``s8 t6 tn5``)."""
    pool = systems.get(system).cli_flags.gm_pool
    if pool == "dice":
        return "" if args.dice is None else str(args.dice)
    if pool == "die_sizes":
        parts = [f"s{'/'.join(str(s) for s in args.skill_die)}"] if args.skill_die else []
        parts.append(f"t{args.trait_die}")
        return " ".join(parts + ([f"tn{args.tn}"] if args.tn is not None else []))
    parts = [f"d{s}" for s in getattr(args, "die", [])]
    parts += [f"{getattr(args, k)}{short}" for k, short in (("base", "b"), ("skill", "s"), ("gear", "g"),
                                                            ("stress", "st")) if getattr(args, k, 0)]
    return " ".join(parts + [f"d{s}" for s in args.artifact])


def counted_by_flags(args, system: str) -> bool:
    """True when flags count the pool's dice (``--base``, ``--dice`` ...), or the system's pool is made of
    die sizes that no face tells (exploding): then typed faces must fit the pool, never make it."""
    pool = systems.get(system).cli_flags.gm_pool
    if pool == "dice":
        return args.dice is not None
    if pool == "counts":
        return any(getattr(args, flag, 0) for flag in ("base", "skill", "gear", "stress"))
    return True


def pool_from_faces(args, system: str) -> str:
    """The quick pool of the GM's roll: the flags' pool, and, when no flag counts dice, the d6 the typed
    faces give (R-MANUAL-1); a face of a die whose size no flag gives is refused, naming the flags."""
    from gmconsole.systems import quick_pool

    text = quick_text(args, system)
    if args.faces is None or counted_by_flags(args, system):
        return text
    sized = bool(getattr(args, "artifact", None) or getattr(args, "die", None))
    counted = quick_pool.from_faces(systems.get(system), args.faces, sized_given=sized, how=pool_flags_named(system))
    parts = (text, counted) if systems.get(system).step_dice else (counted, text)  # step dice first, as typed
    return " ".join(part for part in parts if part)


def pool_flags_named(system: str) -> str:
    """The flags that give a GM roll's pool in ``system``, as a refusal names them."""
    game = systems.get(system)
    pool = game.cli_flags.gm_pool
    if pool == "dice":
        return "--dice N"
    if pool == "die_sizes":
        return _("--trait-die dN (and --skill-die dN, --tn N)")
    flags = [verbatim("--die dN")] if game.step_dice else ["--base N", "--skill N", "--gear N"]
    flags += ["--stress N"] if game.has_stress else []
    return ", ".join([*flags, verbatim("--artifact dN")])


def gm_roll_parser(prog: str, system: str) -> CliParser:
    """The parser of ``roll SYSTEM --campaign NAME`` with pool flags and no ``--character``."""
    from gmconsole.cli.campaign_access import add_wait, guard, seed

    parser = CliParser(prog=prog, description=_("the GM's {system} roll, no character, recorded in the "
                                                "campaign").format(system=system))
    parser.add_argument("--campaign", required=True, metavar="NAME",
                        help=_("the campaign (its system: {system})").format(system=system))
    _pool_flags(parser, system)
    parser.add_argument("--faces", metavar="SPEC",
                        help=_('typed faces, e.g. "b61 s4" (one digit per d6) or "base=6,1"; without flags that '
                               'count dice, the pool is the dice typed'))
    parser.add_argument("--hidden", action="store_true",
                        help=_("a hidden roll: recorded as usual, never shown on the players' table view"))
    parser.add_argument("--seed", type=seed, help=_("seed the dice (repeatable results)"))
    parser.add_argument("--json", action="store_true", help=_("print the recorded entry as JSON (with roll_id)"))
    add_wait(parser)
    parser.set_defaults(handler=guard(run_gm_roll), push=False, push_faces=None)
    return parser


def run_gm_roll(args) -> int:
    """Roll the GM's pool, record it (and the push), print the entry."""
    from gmconsole.campaign import history as history_format
    from gmconsole.campaign.entries import as_record
    from gmconsole.campaign.service import CampaignService
    from gmconsole.cli.campaign_access import campaign_root, warn_about
    from gmconsole.cli.campaign_commands import entry_text, push_or_take_back
    from gmconsole.cli.common import emit

    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    with CampaignService.open(campaign_root(args), args.campaign, rng=rng, wait=args.wait) as service:
        warn_about(service, args)
        if service.campaign.system != args.system:
            raise CliError(_("{name} is a {system} campaign, not {asked}").format(
                name=args.campaign, system=service.campaign.system, asked=args.system))
        text = pool_from_faces(args, args.system)
        if not text:
            raise CliError(_("give the pool with {flags} or --faces, or --character C --skill NAME to roll from a "
                             "sheet").format(flags=pool_flags_named(args.system)))
        entry = service.rolls.quick_roll(text, faces=args.faces, hidden=args.hidden)
        roll_id = as_record(entry).id
        if args.push or args.push_faces is not None:
            push_or_take_back(service, roll_id, args.push_faces)
            entry = service.history.entry(roll_id)
    result = history_format.public(entry)  # the JSON is the stored dict, key for key
    result["roll_id"] = roll_id
    result["character"] = None  # nobody's: the GM's roll (the history shows "GM")
    result["by"] = "GM"
    if args.seed is not None:
        result["seed"] = args.seed
    emit(result, args.json, entry_text(entry, args.campaign))
    return 0
