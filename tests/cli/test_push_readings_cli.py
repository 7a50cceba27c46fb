"""The push readings on the command line, run as a user runs them (a subprocess):
R-PUSH-1, R-PUSH-5 (``--skill-ones``), R-PUSH-6, R-MYZ-TRAUMA and the attribute a push charges."""

from __future__ import annotations

import pytest
from cli_checks import ok_json, refused
from icepool_reference import icepool_year_zero_odds

from gmconsole.rules.dice import Die, DieKind


def test_r_push_1_skill_one_stays_on_the_command_line(run_cli):
    """A myz push with a skill 1 kept needs no face for the skill 1, which stays and costs (myz)."""
    out = ok_json(run_cli("roll", "myz", "--base", "1", "--skill", "1", "--faces", "base=2 skill=1",
                          "--push-faces", "base=6", "--json"))
    assert [(d["kind"], d["face"], d["rerolled"]) for d in out["dice"]] == [("base", 6, True), ("skill", 1, False)]
    assert out["success"] and out["pushed"] and out["skill_ones"] == "stay"
    # R-MYZ-TRAUMA: the skill 1 is one trauma to the attribute rolled and one mutation point.
    assert out["costs"] == {"trauma": 1, "mutation_points": 1, "broken": 1}
    assert out["banes"] == {"base": 0, "skill": 1}


def test_r_push_1_odds_myz_base_2_skill_2_give_the_seeds_answer(run_cli):
    out = ok_json(run_cli("odds", "myz", "--base", "2", "--skill", "2", "--json"))
    assert round(out["p_success_with_push"], 6) == 0.727928
    text = run_cli("odds", "myz", "--base", "2", "--skill", "2")
    assert text.returncode == 0 and "with a push 72.8 %" in text.stdout


def test_r_push_5_skill_ones_blank_rerolls_skill_ones_on_the_command_line(run_cli):
    out = ok_json(run_cli("odds", "myz", "--base", "2", "--skill", "2", "--skill-ones", "blank", "--json"))
    assert round(out["p_success_with_push"], 6) == 0.748454
    refused(run_cli("roll", "myz", "--base", "1", "--skill", "1", "--skill-ones", "blank", "--faces",
                    "base=2 skill=1", "--push-faces", "base=6"), "skill: the push rerolls 1 die, no face typed")
    pushed = ok_json(run_cli("roll", "myz", "--base", "1", "--skill", "1", "--skill-ones", "blank", "--faces",
                             "base=2 skill=1", "--push-faces", "base=6 skill=1", "--json"))
    assert pushed["costs"] == {} and pushed["skill_ones"] == "blank"
    refused(run_cli("odds", "myz", "--base", "2", "--skill-ones", "marked"), "--skill-ones")


@pytest.mark.parametrize("skill_ones", ["stay", "blank"])
def test_r_push_5_odds_json_matches_the_icepool_reference(run_cli, skill_ones):
    out = ok_json(run_cli("odds", "yze", "--base", "2", "--skill", "2", "--stress", "1", "--artifact", "d10",
                          "--skill-ones", skill_ones, "--json"))
    dice = [Die(DieKind.BASE)] * 2 + [Die(DieKind.SKILL)] * 2 + [Die(DieKind.STRESS), Die(DieKind.ARTIFACT, 10)]
    expected = icepool_year_zero_odds(dice, stress_dice_push=True, skill_ones=skill_ones)
    for key in ("p_success", "p_success_with_push", "p_panic", "p_panic_with_push"):
        assert out[key] == pytest.approx(float(expected[key]), abs=1e-12), key


def test_r_push_6_a_push_that_rolls_no_die_is_refused_on_the_command_line(run_cli):
    line = refused(run_cli("roll", "myz", "--base", "1", "--skill", "1", "--faces", "base=6 skill=1", "--push"),
                   "R-PUSH-6")
    assert "no die" in line
    stress = ok_json(run_cli("roll", "yze", "--base", "1", "--skill", "1", "--faces", "base=6 skill=1",
                             "--push-faces", "stress=3", "--json"))
    assert stress["pushed"] and [d["kind"] for d in stress["dice"]] == ["base", "skill", "stress"]


def test_r_myz_trauma_yze_skill_ones_cost_nothing_on_the_command_line(run_cli):
    out = ok_json(run_cli("roll", "yze", "--base", "2", "--skill", "1", "--push-cost", "damage-stress",
                          "--faces", "base=1,2 skill=1", "--push-faces", "base=3", "--json"))
    assert out["costs"] == {"damage": 1} and out["banes"] == {"base": 1}


def test_the_push_charges_the_skills_own_attribute_without_attribute_flag(run_cli):
    scout = ok_json(run_cli("roll", "myz", "--base", "3", "--skill", "1", "--skill-name", "scout",
                            "--faces", "base=1,2,3 skill=4", "--push-faces", "base=5,5 skill=5", "--json"))
    assert {"name": "trauma", "amount": 1, "target": "wits"} in scout["cost_details"]
    observation = ok_json(run_cli("roll", "yze", "--base", "3", "--skill-name", "觀察", "--push-cost",
                                  "damage-stress", "--faces", "base=1,2,3", "--push-faces", "base=5,5", "--json"))
    assert observation["costs"] == {"stress": 1}
    named = ok_json(run_cli("roll", "myz", "--base", "2", "--skill-name", "scout", "--attribute", "empathy",
                            "--faces", "base=1,2", "--push-faces", "base=5", "--json"))
    assert {"name": "trauma", "amount": 1, "target": "empathy"} in named["cost_details"]
    plain = ok_json(run_cli("roll", "myz", "--base", "2", "--faces", "base=1,2", "--push-faces", "base=5", "--json"))
    assert {"name": "trauma", "amount": 1, "target": "strength"} in plain["cost_details"]


def test_r_push_5_a_new_campaign_takes_skill_ones_and_its_sheet_rolls_follow_it(run_cli, tmp_path):
    def gm(*args):
        return run_cli("--data-dir", str(tmp_path), *args)

    created = ok_json(gm("new", "Cellar", "--system", "myz", "--skill-ones", "blank", "--json"))
    assert created["skill_ones"] == "blank"
    assert ok_json(gm("new", "Ark", "--system", "myz", "--json"))["skill_ones"] == "stay"
    refused(gm("new", "Deck", "--system", "tiered", "--skill-ones", "blank"), "--skill-ones", "Year Zero")
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path, "Cellar") as service:
        service.roster.add_character({"name": "Hammer", "attributes": {"strength": 3, "agility": 3, "wits": 2,
                                                                 "empathy": 3}, "skills": {"fight": 1}})
    blank = ok_json(gm("roll", "myz", "--campaign", "Cellar", "--character", "Hammer", "--skill", "fight",
                       "--faces", "base=2,3,4 skill=1", "--push-faces", "base=2,3,4 skill=1", "--json"))
    assert blank["costs"] == [] and [d["rerolled"] for d in blank["dice"]] == [True] * 4


def test_r_myz_trauma_odds_give_the_skill_dice_a_bane_figure_in_myz_only(run_cli):
    myz = ok_json(run_cli("odds", "myz", "--base", "2", "--skill", "2", "--json"))
    assert list(myz["p_bane_after_push"]) == ["base", "skill"]
    assert myz["p_bane_after_push"]["skill"] == myz["p_bane_after_push"]["base"]
    yze = ok_json(run_cli("odds", "yze", "--base", "2", "--skill", "2", "--push-cost", "doom", "--json"))
    assert list(yze["p_bane_after_push"]) == ["base"]
    blank = ok_json(run_cli("odds", "myz", "--base", "2", "--skill", "2", "--skill-ones", "blank", "--json"))
    assert list(blank["p_bane_after_push"]) == ["base"]
