"""Sic a Dog's use from the command line (seed 000: fighting rolls the dog's Strength, scouting and tracking
the handler's Wits): ``--use fight|scout|track``, the same reading from a roll without a sheet
(``--skill-name``) and from the myz demo's Vanja (``--campaign``); without it, one line naming the flag."""

from __future__ import annotations

import json

import pytest

QUICK = ("roll", "myz", "--skill-name", "sic-a-dog", "--skill", "2")
VANJA = ("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "sic-a-dog")


def _one_line_naming_use(result) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--use" in lines[0] and "Sic a Dog" in lines[0], result.stderr
    return lines[0]


def test_a_quick_sic_a_dog_roll_without_its_use_is_refused_naming_use(demo_gm):
    said = _one_line_naming_use(demo_gm(*QUICK, "--base", "3", "--seed", "1"))
    assert all(use in said for use in ("fight", "scout", "track"))
    _one_line_naming_use(demo_gm("odds", "myz", "--skill-name", "Sic a Dog", "--base", "3", "--skill", "2"))


def test_a_campaign_sic_a_dog_roll_without_its_use_is_refused_naming_use_and_nothing_is_recorded(demo_gm):
    _one_line_naming_use(demo_gm(*VANJA, "--seed", "1"))
    _one_line_naming_use(demo_gm(*VANJA, "--attribute", "wits", "--seed", "1"))
    history = demo_gm("history", "myz-demo", "--json")
    assert all(e.get("skill") != "sic-a-dog" for e in json.loads(history.stdout))


@pytest.mark.parametrize(("use", "attribute"), [("fight", "strength"), ("scout", "wits"), ("track", "wits")])
def test_the_use_rolls_the_same_attribute_from_every_path(demo_gm, use, attribute):
    quick = demo_gm(*QUICK, "--base", "4", "--use", use, "--faces", "b1234 s23", "--push-faces", "b1,4,5 s1,5",
                    "--json")
    assert quick.returncode == 0, quick.stderr
    sheet = demo_gm(*VANJA, "--use", use, "--faces", "b" + "3" * (4 if use == "fight" else 3) + " s223", "--json")
    assert sheet.returncode == 0, sheet.stderr
    entry = json.loads(sheet.stdout)
    assert entry["attribute"] == attribute
    assert [m["id"] for m in entry["skill_modifiers"]] == [use]
    costs = json.loads(quick.stdout)["costs"]
    if use == "fight":  # the dog takes the trauma; no mutation points
        assert "dog's strength 4: 4 base dice" in json.loads(quick.stdout)["explanation"]
        assert costs == {"trauma": 3}
        assert json.loads(quick.stdout)["cost_details"][0]["target"] == "dog"
    else:  # a normal push on the handler's Wits
        assert "wits 4: 4 base dice" in json.loads(quick.stdout)["explanation"]
        assert costs == {"trauma": 3, "mutation_points": 3}
        assert json.loads(quick.stdout)["cost_details"][0]["target"] == "wits"


def test_dog_is_still_sic_a_dog_fighting_and_refused_beside_another_use(demo_gm):
    fighting = demo_gm("roll", "myz", "--dog", "--base", "4", "--skill", "1", "--seed", "2", "--json")
    assert fighting.returncode == 0, fighting.stderr
    assert "dog's strength 4: 4 base dice" in json.loads(fighting.stdout)["explanation"]
    refused = demo_gm(*QUICK, "--dog", "--use", "scout", "--base", "3")
    assert refused.returncode == 2 and "--dog" in refused.stderr and "--use" in refused.stderr
    other = demo_gm("roll", "myz", "--skill-name", "Move", "--use", "scout", "--base", "3", "--skill", "1")
    assert other.returncode == 2 and "Sic a Dog" in other.stderr and "Move" in other.stderr


def test_use_against_the_attribute_is_refused(demo_gm):
    result = demo_gm(*QUICK, "--base", "3", "--use", "scout", "--attribute", "strength")
    assert result.returncode == 2 and "Scouting" in result.stderr
