"""The flags of ``roll SYSTEM --campaign NAME`` that differ by system, and the pool flags of a roll
without a sheet answered the same way or refused with the flag to use instead. Which
flags each family refuses, and why, is the family's data (``systems/<family>/cli_flags.py``).

A flag that means nothing to a system (``--tn-modifier`` on a Year Zero roll, ``--push`` on an
exploding one) is refused before anything is rolled, rather than silently ignored; a pool flag the
docs/command-line.md documents for a roll without a sheet (``--tn``, ``--base``, ``--skill-die``...) is either read
the same way (exploding ``--modifier social.hostile`` and ``--tn-mod ±N``, tiered ``--bonus N``) or
refused with a message naming the flag that does the job with a sheet.
"""

from __future__ import annotations

import argparse
import re

from gmconsole import systems
from gmconsole.cli.common import CliError, dice_count, signed
from gmconsole.i18n import _


class _Refuse(argparse.Action):
    """A flag a campaign roll of this system refuses: seen at all, it stops the command with why."""

    def __init__(self, option_strings, dest, why: str = "", **kwargs) -> None:
        super().__init__(option_strings, dest, nargs="?", help=argparse.SUPPRESS, default=argparse.SUPPRESS)
        self.why = why

    def __call__(self, parser, namespace, values, option_string=None):
        raise CliError(f"{option_string}: {self.why}")


def refuse_elsewhere(parser: argparse.ArgumentParser, system: str) -> None:
    """A roll without a sheet: the flags of other systems' rolls that this one lacks (see
    the family's ``elsewhere_refused``) are refused with what to use instead; the parser's own flags stay."""
    for flag, why in systems.get(system).cli_flags.elsewhere_refused:
        if flag not in parser._option_string_actions:
            parser.add_argument(flag, action=_Refuse, why=why)


def tn_or_modifier(text: str) -> int | str:
    """Exploding ``--modifier``: a free TN adjustment ``±N`` or a table modifier ``KEY[=N]`` (as in a
    roll without a sheet, where ``--modifier social.hostile`` names a row of the TN tables)."""
    if re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        return signed(text)
    if re.fullmatch(r"\s*[a-zA-Z][a-zA-Z.-]*\s*(=\s*[+-]?[0-9]{1,3}\s*)?", text):
        return text.strip()
    raise argparse.ArgumentTypeError(_("{text} is not a modifier like +2, social.hostile or other.cramped=3").format(
        text=repr(text)))


def add(parser: argparse.ArgumentParser, system: str) -> None:
    """The system's own flags of a campaign roll; the others refused with why (see module doc)."""
    flags = systems.get(system).cli_flags
    refused = dict(flags.campaign_refused)

    def offer(flag: str, **kwargs) -> None:
        if flag not in refused:
            parser.add_argument(flag, **kwargs)

    offer("--gear", nargs="+", action="extend", default=[], metavar="ITEM", help=_("gear used (names or ids)"))
    if flags.tn_modifiers:
        parser.add_argument("--modifier", type=tn_or_modifier, action="append", default=[], metavar="\u00b1N|KEY[=N]",
                            help=_("a free TN modifier (+2) or one from the TN tables (social.hostile, "
                                 "other.cramped=3); repeatable"))
        parser.add_argument("--tn-mod", dest="modifier", type=signed, action="append", default=argparse.SUPPRESS,
                            metavar="\u00b1N", help=_("a free TN modifier, as in a roll without a sheet (repeatable)"))
    else:
        parser.add_argument("--modifier", type=signed, action="append", default=[], metavar="\u00b1N",
                            help=_("situational modifier (repeatable; they add up)"))
    offer("--tn-modifier", action="append", default=[], metavar="KEY",
          help=_("a TN modifier from the tables, e.g. social.hostile (same as --modifier KEY)"))
    offer("--skill-modifier", action="append", default=[], metavar="NAME",
          help=_("a named modifier from the skill's own list (repeatable), e.g. dark, interrogation; "
               "myz: side-deal, enter-sector=B7, device=NAME"))
    if systems.get(system).has_roles:  # a role skill rolled for one of its uses (seed 000: Sic a Dog)
        parser.add_argument("--use", metavar="USE", default=None,
                            help=_("Sic a Dog's use: fight (the dog's Strength; a push hurts the dog), scout or "
                                   "track (the handler's Wits; a normal push); recorded like --skill-modifier"))
    offer("--bonus-dice", type=dice_count, default=0, metavar="N", help=_("bonus dice (at most 2)"))
    offer("--bonus", dest="bonus_dice", type=dice_count, default=argparse.SUPPRESS, metavar="N",
          help=_("same as --bonus-dice"))
    offer("--push-yourself", action="store_true", help=_("spend 2 stamina for +1 die"))
    offer("--reactive", action="store_true", help=_("a reactive roll, which cannot be pushed"))
    if systems.get(system).push_adds_die:  # tiered: Push Yourself after the roll
        offer("--push", action="store_true", help=_("add the Push Yourself die after the roll (2 stamina)"))
        offer("--push-faces", metavar="SPEC", help=_("the typed face of the Push Yourself die, e.g. d4 "
                                                    "(implies --push)"))
    else:
        offer("--push", action="store_true", help=_("push the roll once"))
        offer("--push-faces", metavar="SPEC", help=_("typed faces of the rerolled dice (implies --push)"))
    if "--role-outcome" not in refused:  # myz (R-MYZ-ROLE-1): apply what the role skill's roll leads to
        parser.add_argument("--role-outcome", action="store_true",
                            help=_("apply what the role skill's roll leads to at once (after --push): build the "
                                   "device, roll the finds, Save a Life; undoable"))
        add_outcome_flags(parser)
    for flag, why in refused.items():
        parser.add_argument(flag, action=_Refuse, why=why)
    parser.set_defaults(gear=[], tn_modifier=[], skill_modifier=[], bonus_dice=0, push_yourself=False,
                        reactive=False, push=False, push_faces=None, use=None, role_outcome=False, stunt=[],
                        finds_faces=None, patient_dies=False)


def add_outcome_flags(parser) -> None:
    """The flags that say how the outcome is applied (shared by ``outcome`` and a campaign roll)."""
    parser.add_argument("--stunt", action="append", default=[], metavar="ID",
                        help=_("a stunt or choice the roll buys, by id (repeatable; `gmconsole outcome NAME ROLL_ID "
                               "--choices` lists them)"))
    parser.add_argument("--finds-faces", metavar="SPEC",
                        help=_("the faces of the finds' D6 rolled at the table, in the order of --stunt, e.g. "
                               "d43 (R-MANUAL-1)"))
    parser.add_argument("--patient-dies", action="store_true",
                        help=_("Save a Life failed and the GM says it kills the patient (R-MYZ-SAVE-1)"))


def split_modifiers(modifiers) -> tuple[int, list[str]]:
    """The free modifiers added up, and the table modifiers named (exploding ``--modifier KEY``)."""
    return (sum(m for m in modifiers if isinstance(m, int)), [m for m in modifiers if isinstance(m, str)])

