"""What the GM types on the command line: a first name finds the character
(``Ripley`` for Ripley Hale), a start shared by two names asks for more, and a session that does not
exist is an error, not an empty history."""

import json

import pytest


@pytest.fixture
def gm(demo_gm):
    """Run gmconsole on the demo campaigns (``demo_gm``)."""
    return demo_gm


def test_a_first_name_finds_the_character_for_a_roll_the_history_and_the_sheet(gm):
    rolled = gm("roll", "yze", "--campaign", "yze-demo", "--character", "ripley", "--attribute", "agility",
                "--seed", "3", "--json")
    assert rolled.returncode == 0, rolled.stderr
    assert json.loads(rolled.stdout)["character"] == "Ripley Hale"
    listed = json.loads(gm("history", "yze-demo", "--character", "Hale", "--json").stdout)
    assert [e["character"] for e in listed] == ["Ripley Hale"]
    sheet = gm("sheet", "yze-demo", "Ripley")
    assert sheet.returncode == 0 and "Ripley Hale" in sheet.stdout


def test_a_start_two_names_share_names_both_and_rolls_nothing(gm):
    result = gm("roll", "yze", "--campaign", "yze-demo", "--character", "h", "--attribute", "agility")
    assert result.returncode == 2
    assert "could be" in result.stderr and "type more of the name" in result.stderr
    assert json.loads(gm("history", "yze-demo", "--json").stdout) == []


def test_an_unknown_name_lists_the_roster(gm):
    result = gm("roll", "yze", "--campaign", "yze-demo", "--character", "Zed", "--attribute", "agility")
    assert result.returncode == 2
    assert "there is no character 'Zed'" in result.stderr and "Ripley Hale" in result.stderr


def test_history_of_a_session_that_does_not_exist_is_an_error(gm):
    result = gm("history", "myz-demo", "--session", "7")
    assert result.returncode == 2
    assert "there is no session 7 in myz-demo (only session 1" in result.stderr
    assert gm("history", "myz-demo", "--session", "1").returncode == 0
