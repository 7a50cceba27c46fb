"""The flags of ``roll SYSTEM --campaign NAME`` that differ by system, and the pool flags of a roll
without a sheet answered the same way or refused with the flag to use instead (play-test 3).

A flag that means nothing to a system (``--tn-modifier`` on a Year Zero roll, ``--push`` on an
exploding one) is refused before anything is rolled, rather than silently ignored; a pool flag the
README documents for a roll without a sheet (``--tn``, ``--base``, ``--skill-die``...) is either read
the same way (exploding ``--modifier social.hostile`` and ``--tn-mod ±N``, tiered ``--bonus N``) or
refused with a message naming the flag that does the job with a sheet.
"""

from __future__ import annotations

import argparse
import re

from gmconsole.cli.common import CliError, count, signed

FAMILIES = {"myz": "year-zero", "yze": "year-zero", "yze-step": "year-zero", "exploding": "exploding",
            "tiered": "tiered"}
"""Each system's family: the campaign flags below are given per family."""

_FROM_THE_SHEET = "with --campaign the pool comes from the character's sheet"

STANDALONE_ONLY = {
    "year-zero": {
        "--base": f"{_FROM_THE_SHEET} (the attribute's current value): use --attribute A or --skill K",
        "--stress": f"{_FROM_THE_SHEET} (the character's stress)",
        "--artifact": f"{_FROM_THE_SHEET}: use --gear ITEM for an item's artifact die",
        "--die": f"{_FROM_THE_SHEET} (its step dice): use --attribute A or --skill K",
        "--skill-name": "with --campaign the skill is named by --skill K",
        "--skill-ones": "with --campaign --skill-ones is the campaign's setting: "
                        "`gmconsole settings NAME --set skill_ones=stay|blank`",
        "--push-cost": "with --campaign the push cost is the campaign's setting: "
                       "`gmconsole settings NAME --set push_cost=COST`",
        "--dog": "with --campaign Sic a Dog is a skill: use --skill sic-a-dog",
    },
    "exploding": {
        "--tn": "with --campaign the TN is built from the sheet (untrained, wounds, strain): use "
                "--difficulty NAME, --modifier KEY[=N] or --modifier \u00b1N instead of --tn",
        "--skill-die": f"{_FROM_THE_SHEET}: use --skill K",
        "--trait-die": f"{_FROM_THE_SHEET}: use --attribute A",
        "--wounds": f"{_FROM_THE_SHEET} (its wounds count towards the TN)",
        "--strain": f"{_FROM_THE_SHEET} (its strain counts towards the TN)",
    },
    "tiered": {
        "--dice": f"{_FROM_THE_SHEET}: use --attribute A and --skill K",
        "--luck": f"{_FROM_THE_SHEET} (the Luck die is always rolled)",
        "--stamina": f"{_FROM_THE_SHEET} (its stamina pays --push-yourself)",
    },
}
"""Flags of a roll without a sheet that a campaign roll refuses, and what to do instead."""

NOT_FOR = {
    "--gear": ("exploding", "exploding rolls take no gear dice"),
    "--reactive": ("exploding", "tiered", "only Year Zero rolls are pushed, so only they can be reactive"),
    "--push": ("exploding", "tiered", "only Year Zero rolls are pushed (tiered: --push-yourself)"),
    "--push-faces": ("exploding", "tiered", "only Year Zero rolls are pushed"),
    "--skill-modifier": ("exploding", "tiered", "named skill modifiers are Year Zero's "
                         "(exploding: --modifier KEY[=N]; tiered: --bonus-dice N or --modifier \u00b1N)"),
    "--tn-modifier": ("year-zero", "tiered", "TN modifiers are exploding's (use --modifier \u00b1N)"),
    "--tn-mod": ("year-zero", "tiered", "TN modifiers are exploding's (use --modifier \u00b1N)"),
    "--bonus-dice": ("year-zero", "exploding", "bonus dice are tiered's (use --gear ITEM, --helper NAME or "
                     "--modifier \u00b1N)"),
    "--bonus": ("year-zero", "exploding", "bonus dice are tiered's (use --gear ITEM, --helper NAME or "
                "--modifier \u00b1N)"),
    "--push-yourself": ("year-zero", "exploding", "pushing yourself is tiered's (Year Zero: --push)"),
}
"""Campaign-roll flags that mean nothing to some families: (family, ..., why)."""


_NO_TN = "a Year Zero roll has no TN: each 6 is a success; make it harder with --modifier -N or --difficulty NAME"
_NOT_PUSHED = "only Year Zero rolls are pushed"

PLAIN_ELSEWHERE = {
    "year-zero": {
        "--tn": _NO_TN, "--tn-mod": _NO_TN,
        "--skill-die": "a Year Zero pool counts dice: --base N and --skill N (yze-step: --die dN)",
        "--trait-die": "a Year Zero pool counts dice: --base N and --skill N (yze-step: --die dN)",
        "--wounds": "wounds raise an exploding TN; a Year Zero roll has none",
        "--strain": "strain raises an exploding TN; a Year Zero roll has none",
        "--dice": "a Year Zero pool is --base N, --skill N and --gear N",
        "--bonus": "bonus dice are tiered's (Year Zero: --gear N or --modifier +N)",
        "--push-yourself": "pushing yourself is tiered's (Year Zero: --push)",
    },
    "exploding": {
        "--base": "an exploding check rolls --skill-die dN and --trait-die dN",
        "--skill": "an exploding check rolls --skill-die dN and --trait-die dN",
        "--dice": "an exploding check rolls --skill-die dN and --trait-die dN",
        "--push": _NOT_PUSHED, "--gear": "exploding rolls take no gear dice",
        "--modifier": "a TN modifier is --tn-mod ±N, or one from the tables with --modifier KEY[=N]",
        "--bonus": "bonus dice are tiered's (exploding: --tn-mod -N lowers the TN)",
    },
    "tiered": {
        "--tn": "a tiered check reads its highest die, against no TN: add dice with --bonus N",
        "--modifier": "a tiered pool changes by dice: --bonus N (at most 2)",
        "--difficulty": "a tiered check has no difficulty: add dice with --bonus N",
        "--base": "a tiered pool is --luck, --attribute N and --skill N (or --dice N)",
        "--push": "tiered: --push-yourself",
    },
}
"""Flags a roll without a sheet of another family takes, refused on this family's roll with the flag to
use (play-test 5: ``roll yze --tn 5`` said only "unrecognized arguments")."""


class _Refuse(argparse.Action):
    """A flag a campaign roll of this system refuses: seen at all, it stops the command with why."""

    def __init__(self, option_strings, dest, why: str = "", **kwargs) -> None:
        super().__init__(option_strings, dest, nargs="?", help=argparse.SUPPRESS, default=argparse.SUPPRESS)
        self.why = why

    def __call__(self, parser, namespace, values, option_string=None):
        raise CliError(f"{option_string}: {self.why}")


def refuse_elsewhere(parser: argparse.ArgumentParser, system: str) -> None:
    """A roll without a sheet: the flags of other systems' rolls that this one lacks (see
    :data:`PLAIN_ELSEWHERE`) are refused with what to use instead; the parser's own flags stay."""
    for flag, why in PLAIN_ELSEWHERE[FAMILIES[system]].items():
        if flag not in parser._option_string_actions:
            parser.add_argument(flag, action=_Refuse, why=why)


def tn_or_modifier(text: str) -> int | str:
    """Exploding ``--modifier``: a free TN adjustment ``±N`` or a table modifier ``KEY[=N]`` (as in a
    roll without a sheet, where ``--modifier social.hostile`` names a row of the TN tables)."""
    if re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        return signed(text)
    if re.fullmatch(r"\s*[a-zA-Z][a-zA-Z.-]*\s*(=\s*[+-]?[0-9]{1,3}\s*)?", text):
        return text.strip()
    raise argparse.ArgumentTypeError(f"{text!r} is not a modifier like +2, social.hostile or other.cramped=3")


def add(parser: argparse.ArgumentParser, system: str) -> None:
    """The system's own flags of a campaign roll; the others refused with why (see module doc)."""
    family = FAMILIES[system]
    refused = {flag: rule[-1] for flag, rule in NOT_FOR.items() if family in rule[:-1]}
    refused.update(STANDALONE_ONLY[family])

    def offer(flag: str, **kwargs) -> None:
        if flag not in refused:
            parser.add_argument(flag, **kwargs)

    offer("--gear", nargs="+", action="extend", default=[], metavar="ITEM", help="gear used (names or ids)")
    if family == "exploding":
        parser.add_argument("--modifier", type=tn_or_modifier, action="append", default=[], metavar="\u00b1N|KEY[=N]",
                            help="a free TN modifier (+2) or one from the TN tables (social.hostile, "
                                 "other.cramped=3); repeatable")
        parser.add_argument("--tn-mod", dest="modifier", type=signed, action="append", default=argparse.SUPPRESS, metavar="\u00b1N",
                            help="a free TN modifier, as in a roll without a sheet (repeatable)")
    else:
        parser.add_argument("--modifier", type=signed, action="append", default=[], metavar="\u00b1N",
                            help="situational modifier (repeatable; they add up)")
    offer("--tn-modifier", action="append", default=[], metavar="KEY",
          help="a TN modifier from the tables, e.g. social.hostile (same as --modifier KEY)")
    offer("--skill-modifier", action="append", default=[], metavar="NAME",
          help="a named modifier from the skill's own list (repeatable), e.g. dark, interrogation; "
               "myz: side-deal, enter-sector=B7, device=NAME")
    offer("--bonus-dice", type=count, default=0, metavar="N", help="bonus dice (at most 2)")
    offer("--bonus", dest="bonus_dice", type=count, default=argparse.SUPPRESS, metavar="N",
          help="same as --bonus-dice")
    offer("--push-yourself", action="store_true", help="spend 2 stamina for +1 die")
    offer("--reactive", action="store_true", help="a reactive roll, which cannot be pushed")
    offer("--push", action="store_true", help="push the roll once")
    offer("--push-faces", metavar="SPEC", help="typed faces of the rerolled dice (implies --push)")
    for flag, why in refused.items():
        parser.add_argument(flag, action=_Refuse, why=why)
    parser.set_defaults(gear=[], tn_modifier=[], skill_modifier=[], bonus_dice=0, push_yourself=False,
                        reactive=False, push=False, push_faces=None)


def split_modifiers(modifiers) -> tuple[int, list[str]]:
    """The free modifiers added up, and the table modifiers named (exploding ``--modifier KEY``)."""
    return (sum(m for m in modifiers if isinstance(m, int)), [m for m in modifiers if isinstance(m, str)])

