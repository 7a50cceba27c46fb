"""R-STUNT-1 from the command line: a roll of a myz skill that counts every 6 says "N sixes: ..." in the
skill's words instead of "N−1 stunts", and ``--json`` carries the count under the skill's own key beside
``stunts`` — a roll without a sheet and one from the myz demo alike."""

from __future__ import annotations

import json


def test_r_stunt_1_a_quick_move_roll_says_the_friends_helped(demo_gm):
    result = demo_gm("roll", "myz", "--skill-name", "Move", "--base", "3", "--skill", "2", "--faces", "b662 s35")
    assert result.returncode == 0, result.stderr
    assert "success: 2 successes, 2 sixes: 2 friends helped" in result.stdout.splitlines()
    data = json.loads(demo_gm("roll", "myz", "--skill-name", "Move", "--base", "3", "--skill", "2",
                              "--faces", "b662 s35", "--json").stdout)
    assert (data["stunts"], data["friends_helped"]) == (1, 2)


def test_r_stunt_1_a_campaign_heal_roll_says_the_attribute_points_and_json_carries_them(demo_gm):
    result = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Quill", "--skill", "heal",
                     "--faces", "b66222 s23", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert (entry["stunts"], entry["attribute_points"]) == (1, 2)
    assert entry["summary"].endswith("2 sixes: Mend the Broken: 2 attribute points back")


def test_r_stunt_1_an_inspire_roll_says_the_sixes_to_give_or_cancel(demo_gm):
    result = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Quill", "--skill", "inspire",
                     "--faces", "b66622 s23")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Quill rolls Inspire: 3 successes — 3 sixes: 3 sixes to give (help) " \
                                            "or cancel (hinder)"
