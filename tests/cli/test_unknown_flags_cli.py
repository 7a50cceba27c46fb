"""An unknown exploding TN modifier lists the modifiers by the names that work,
and a roll without a sheet given another system's flag (``roll yze --tn 5``) names the flag to use
instead of argparse's "unrecognized arguments"."""

from __future__ import annotations

import pytest

from gmconsole.cli import main


def _error(capsys, *argv: str) -> str:
    assert main(list(argv)) == 2
    return capsys.readouterr().err


def test_an_unknown_tn_modifier_is_named_unknown_and_the_working_names_listed(capsys):
    err = _error(capsys, "roll", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--modifier", "foo")
    assert "unknown TN modifier 'foo'" in err and "table.key" not in err, err
    assert "darkness" in err and "hostile" in err and "cramped=N" in err and "characters cut" not in err, err
    assert main(["roll", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--modifier", "darkness",
                 "--seed", "1"]) == 0


@pytest.mark.parametrize("argv, names", [
    (("roll", "yze", "--base", "3", "--tn", "5"), "--modifier -N or --difficulty NAME"),
    (("roll", "myz", "--base", "3", "--skill-die", "d8"), "--base N and --skill N"),
    (("roll", "tiered", "--dice", "3", "--tn", "4"), "--bonus N"),
    (("roll", "exploding", "--trait-die", "d6", "--push"), "only Year Zero rolls are pushed"),
    (("odds", "yze", "--base", "3", "--tn", "5"), "--modifier -N"),
])
def test_another_systems_flag_on_a_roll_without_a_sheet_names_the_flag_to_use(capsys, argv, names):
    err = _error(capsys, *argv)
    assert "unrecognized arguments" not in err and names in err, err
    flag = next(a for a in reversed(argv) if a.startswith("--"))
    assert f"error: {flag}: " in err, err
