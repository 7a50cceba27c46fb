"""Every number a flag takes is typed in the digits 0-9, and a refused one is named by its flag and what it
counts, never by a Python function.

``int()`` and ``str.isdigit`` also take other scripts' digits (Arabic-Indic ٣, full-width ３) and
``isdigit`` superscripts (², which ``int()`` then refuses): ``--port ٨٠٠٠``, ``--wait ٣`` or ``--seed ٣``
were taken, ``harm NAME C ٣`` harmed, and ``--port ²`` said "invalid port_number value". A huge dice
count was called a "modifier". Each case runs ``gmconsole``'s ``main`` and checks the one error line and
that the data folder is byte for byte as it was.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

import pytest
from cli_checks import refused

OTHER_DIGITS = ("٣", "３", "²", "৩")
"""Arabic-Indic three, full-width three, superscript two, Bengali three: no flag takes any of them."""
HUGE = "1" + "0" * 21  # 10^21


def _files(top: Path) -> dict[str, str]:
    return {str(p.relative_to(top)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(top.rglob("*")) if p.is_file()}


CAMPAIGN_FLAGS = [  # (command line before the value, the flag named) on the demo campaigns
    (("serve", "no-such-campaign", "--port"), "--port"),
    (("new", "Hope", "--system", "yze", "--wait"), "--wait"),
    (("harm", "yze-demo", "c1"), "AMOUNT"),
    (("panic", "yze-demo", "c1", "--face"), "--face"),
    (("history", "yze-demo", "--session"), "--session"),
    (("stats", "yze-demo", "--session"), "--session"),
    (("costs", "yze-demo", "--apply"), "--apply"),
    (("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged", "--seed"), "--seed"),
    (("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged", "--modifier"),
     "--modifier"),
    (("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth", "--bonus"),
     "--bonus"),
    (("roll", "yze", "--campaign", "yze-demo", "--base"), "--base"),
    (("roll", "yze", "--campaign", "yze-demo", "--stress"), "--stress"),
    (("roll", "tiered", "--campaign", "tiered-demo", "--dice"), "--dice"),
    (("roll", "tiered", "--dice", "3", "--seed"), "--seed"),
    (("roll", "exploding", "--trait-die", "d6", "--seed"), "--seed"),
    (("roll", "exploding", "--trait-die", "d6", "--wounds"), "--wounds"),
    (("roll", "exploding", "--trait-die", "d6", "--tn"), "--tn"),
    (("roll", "yze", "--base"), "--base"),
    (("roll", "myz", "--gear"), "--gear"),
    (("roll", "tiered", "--dice"), "--dice"),
    (("roll", "tiered", "--attribute"), "--attribute"),
    (("odds", "tiered", "--stamina", "4", "--luck"), "--luck"),
]


@pytest.mark.parametrize("digits", OTHER_DIGITS)
@pytest.mark.parametrize(("before", "flag"), CAMPAIGN_FLAGS, ids=lambda v: " ".join(v) if isinstance(v, tuple) else v)
def test_a_number_in_other_digits_is_refused_naming_the_flag_and_nothing_changes(demo_gm, tmp_path, before, flag,
                                                                                 digits):
    on_disk = _files(tmp_path)
    line = refused(demo_gm(*before, digits), flag, repr(digits), "is not a")
    assert "invalid" not in line and "unexpected" not in line
    assert _files(tmp_path) == on_disk


def test_a_port_in_arabic_indic_digits_is_refused_before_the_campaign_is_looked_for(demo_gm):
    assert refused(demo_gm("serve", "no-such-campaign", "--port", "٨٠٠٠")).endswith(
        "argument --port: '٨٠٠٠' is not a port (a whole number from 1 to 65535) (see `gmconsole serve --help`)")


def test_a_port_out_of_range_names_the_flag_and_the_range(demo_gm):
    refused(demo_gm("serve", "yze-demo", "--port", "99999"),
            "--port: '99999' is not a port (a whole number from 1 to 65535)")


@pytest.mark.parametrize("value", ["abc", "1.5", "²"])
def test_a_seed_that_is_no_number_never_says_invalid_int_value(run_cli, value):
    for family in (("tiered", "--dice", "3"), ("exploding", "--trait-die", "d6")):
        line = refused(run_cli("roll", *family, "--seed", value), "--seed", "is not a seed")
        assert "invalid" not in line


DICE_COUNTS = [  # every flag that counts dice, by family (a roll without a sheet, the GM's roll, a sheet's)
    (("roll", "yze"), "--base", "0 to 100"),
    (("roll", "yze"), "--skill", "0 to 100"),
    (("roll", "yze"), "--gear", "0 to 100"),
    (("roll", "yze"), "--stress", "0 to 100"),
    (("odds", "myz"), "--base", "0 to 100"),
    (("roll", "tiered"), "--dice", "-100 to 100"),
    (("odds", "tiered"), "--dice", "-100 to 100"),
    (("roll", "tiered"), "--bonus", "0 to 100"),
    (("roll", "tiered"), "--luck", "0 to 100"),
    (("roll", "yze", "--campaign", "yze-demo"), "--base", "0 to 100"),
    (("roll", "yze", "--campaign", "yze-demo"), "--skill", "0 to 100"),
    (("roll", "yze", "--campaign", "yze-demo"), "--gear", "0 to 100"),
    (("roll", "yze", "--campaign", "yze-demo"), "--stress", "0 to 100"),
    (("roll", "tiered", "--campaign", "tiered-demo"), "--dice", "-100 to 100"),
    (("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth"), "--bonus",
     "0 to 100"),
    (("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth"), "--bonus-dice",
     "0 to 100"),
]


@pytest.mark.parametrize("value", [HUGE, "10^21", "101", "-101"])
@pytest.mark.parametrize(("before", "flag", "bounds"), DICE_COUNTS, ids=lambda v: " ".join(v) if isinstance(v, tuple)
                         else v)
def test_an_absurd_dice_count_is_a_dice_count_out_of_range_never_a_modifier(demo_gm, tmp_path, before, flag, bounds,
                                                                            value):
    if value == "-101" and not bounds.startswith("-"):
        value = "-1"  # below a count that starts at 0
    on_disk = _files(tmp_path)
    line = refused(demo_gm(*before, f"{flag}={value}"), flag, "is not a dice count", f"a whole number from {bounds}")
    assert "modifier" not in line and "invalid" not in line
    assert _files(tmp_path) == on_disk


def test_a_skill_name_where_the_gm_roll_counts_dice_still_says_how_to_roll_from_a_sheet(demo_gm):
    refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--skill", "ranged"), "--skill", "is not a dice count",
            "--character C")
    line = refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--skill", "500"), "--skill", "0 to 100")
    assert "--character" not in line


def test_tiered_attribute_and_skill_are_named_as_what_they_are(run_cli):
    assert "modifier" not in refused(run_cli("roll", "tiered", "--attribute", HUGE), "is not an attribute value")
    assert "modifier" not in refused(run_cli("roll", "tiered", "--skill", "200"), "is not a skill level")


def _parsers():
    """Every parser ``gmconsole`` builds: each command and sub-command, and the two ``roll SYSTEM --campaign``
    parsers (the GM's own roll, a roll from a sheet) of every system."""
    from gmconsole import systems
    from gmconsole.cli import build_parser
    from gmconsole.cli.campaign_commands import campaign_roll_parser
    from gmconsole.cli.gm_roll_cli import gm_roll_parser

    found, todo = [], [build_parser()]
    for system in systems.SYSTEM_IDS:
        todo += [gm_roll_parser("gmconsole roll", system), campaign_roll_parser("gmconsole roll", system)]
    while todo:
        parser = todo.pop()
        found.append(parser)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo.extend(action.choices.values())
    return found


def test_every_flag_of_every_command_refuses_other_digits_in_a_sentence_naming_it():
    """Walks every parser for the flags that take a typed value (``type=``) and parses each with a value in
    other digits, as the command line does: refused, the flag named, the sentence never a function's name."""
    from gmconsole.cli.common import CliError

    seen = set()
    for parser in _parsers():
        for action in parser._actions:
            if action.type is None or not action.option_strings:
                continue
            flag = action.option_strings[0]
            for digits in OTHER_DIGITS:
                with pytest.raises(CliError) as caught:
                    parser.parse_args([f"{flag}={digits}"])
                said = str(caught.value)
                assert f"argument {flag}" in said and repr(digits) in said and "invalid" not in said, said
            seen.add(flag)
    assert {"--port", "--wait", "--seed", "--base", "--dice", "--bonus", "--session", "--face", "--apply"} <= seen
