"""``gmconsole odds SYSTEM ...`` and ``gmconsole roll SYSTEM ...``.

Each game family's object hands over its CLI part (:class:`FamilyCli`: ``yze_cli``, ``exploding_cli``,
``tiered_cli``) that adds its flags and turns parsed arguments into a result dict (the ``--json``
contract) plus a text rendering for a person. This module only wires them under the two commands.
"""

from __future__ import annotations

import argparse
from typing import Protocol, runtime_checkable

import gmconsole.cli.campaign_roll_flags as campaign_roll_flags
from gmconsole import systems
from gmconsole.cli.common import CliParser, emit
from gmconsole.i18n import N_, _, verbatim


@runtime_checkable
class FamilyCli(Protocol):
    """What a family gives ``gmconsole odds`` and ``gmconsole roll``: its family object's ``cli`` part
    (:class:`gmconsole.systems.family.GameFamily`), asked through :func:`cli_of`."""

    def add_odds_arguments(self, parser: argparse.ArgumentParser, system: str) -> None:
        """Add ``odds SYSTEM``'s pool flags."""
        ...

    def run_odds(self, args: argparse.Namespace) -> tuple[dict, str]:
        """The exact odds of the parsed pool: the ``--json`` result and the text a person reads."""
        ...

    def add_roll_arguments(self, parser: argparse.ArgumentParser, system: str) -> None:
        """Add ``roll SYSTEM``'s pool flags."""
        ...

    def run_roll(self, args: argparse.Namespace) -> tuple[dict, str]:
        """Roll the parsed pool: the ``--json`` result and the text a person reads."""
        ...


def cli_of(system: str) -> FamilyCli:
    """The CLI part of the family playing ``system``."""
    part = systems.family_of(system).cli
    if not isinstance(part, FamilyCli):
        raise TypeError(verbatim("the game family of {system} gives no CLI part (add_odds_arguments, run_odds, "
                                 "add_roll_arguments, run_roll)").format(system=system))
    return part


class _RollSystemParser(CliParser):
    """``roll SYSTEM``: with ``--campaign`` the pool comes from a character sheet instead of flags,
    and the roll is recorded in the campaign (parsed by ``campaign_commands.campaign_roll_parser``,
    where ``--skill`` names a skill rather than counting dice)."""

    system = ""

    def parse_known_args(self, args=None, namespace=None):
        import gmconsole.cli.campaign_commands as campaign_commands

        if args is not None and campaign_commands.wants_campaign(args):
            import gmconsole.cli.gm_roll_cli as gm_roll_cli

            if not gm_roll_cli.names_a_character(args):  # the GM's own roll
                return gm_roll_cli.gm_roll_parser(self.prog, self.system).parse_known_args(args, namespace)
            sheet = campaign_commands.campaign_roll_parser(self.prog, self.system)
            return sheet.parse_known_args(args, namespace)
        return super().parse_known_args(args, namespace)

    def other_forms(self) -> list[tuple[tuple[str, ...], CliParser]]:
        """The parsers :meth:`parse_known_args` switches to, each with the flags that choose it: the
        command-line reference (``tools/generate_docs.py``) documents them beside this one."""
        import gmconsole.cli.campaign_commands as campaign_commands
        import gmconsole.cli.gm_roll_cli as gm_roll_cli

        return [(("--campaign", "--character"), campaign_commands.campaign_roll_parser(self.prog, self.system)),
                (("--campaign",), gm_roll_cli.gm_roll_parser(self.prog, self.system))]


_CAMPAIGN_EPILOG = N_("From a character sheet instead: `roll SYSTEM --campaign NAME --character C --skill K "
                    "[--attribute A] [--difficulty D] [--helper NAME ...] [--modifier N] [--faces SPEC] "
                    "[--seed N] [--json]` and the system's own flags (`roll SYSTEM --campaign NAME --help` "
                    "lists them); the roll is recorded in the campaign's current session. Without "
                    "--character, the pool flags make the GM's own roll, recorded with no character.")


def register(subparsers) -> None:
    """Add ``odds`` and ``roll``, each with one sub-parser per system."""
    odds = subparsers.add_parser("odds", help=_("exact odds of a pool, without rolling"))
    roll = subparsers.add_parser("roll", help=_("roll a pool (or take typed faces), optionally push"))
    for command, parser in (("odds", odds), ("roll", roll)):
        parser_class = _RollSystemParser if command == "roll" else CliParser
        by_system = parser.add_subparsers(dest="system", metavar="SYSTEM", parser_class=parser_class, required=True)
        for system in systems.SYSTEM_IDS:
            module = cli_of(system)
            extra = {"epilog": _(_CAMPAIGN_EPILOG)} if command == "roll" else {}
            what = _("exact odds for {system}") if command == "odds" else _("roll for {system}")
            sub = by_system.add_parser(system, help=what.format(system=system), **extra)
            if command == "roll":
                sub.system = system
            sub.add_argument("--json", action="store_true", help=_("print the result as JSON"))
            if command == "odds":
                module.add_odds_arguments(sub, system)
                sub.set_defaults(handler=_run(module.run_odds))
            else:
                module.add_roll_arguments(sub, system)
                sub.set_defaults(handler=_run(module.run_roll))
            campaign_roll_flags.refuse_elsewhere(sub, system)


def _run(func):
    def handler(args) -> int:
        result, text = func(args)
        emit(result, args.json, text)
        return 0

    return handler
