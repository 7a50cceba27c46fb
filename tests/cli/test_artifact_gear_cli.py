"""R-ART-3 from the command line, on the yze demo: Ash's Scanner (gear bonus 1, an epic D10) rolls its
gear die and its artifact die, the typed faces name both, and the sheet says what the item rolls — and
that at gear bonus 0 it cannot be used at all (R-ART-2)."""

from __future__ import annotations

import json

SCANNER_ROLL = ("roll", "yze", "--campaign", "yze-demo", "--character", "Ash", "--skill", "observation",
                "--gear", "scanner")


def test_r_art_3_the_demo_scanner_rolls_a_gear_die_and_its_d10(demo_gm):
    result = demo_gm(*SCANNER_ROLL, "--faces", "base=6,3,1,2,4 skill=3,5,5 gear=6 artifact=10", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert [(d["kind"], d["face"]) for d in entry["dice"] if d.get("source") == "Scanner"] == [
        ("gear", 6), ("artifact", 10)]
    assert entry["successes"] == 4
    assert "gear Scanner +1: 1 gear die" in entry["pool"]["explanation"]


def test_r_art_3_typed_faces_without_the_gear_die_are_refused_with_what_the_pool_needs(demo_gm):
    result = demo_gm(*SCANNER_ROLL, "--faces", "b63124 s355 a10")
    assert result.returncode == 2
    assert "gear" in result.stderr and "1" in result.stderr


def test_r_art_3_the_sheet_says_the_scanner_rolls_its_gear_dice_and_its_artifact_die(demo_gm):
    result = demo_gm("sheet", "yze-demo", "Ash")
    assert result.returncode == 0, result.stderr
    assert "gear: Scanner +1 and artifact d10" in result.stdout.splitlines()


def test_r_art_2_the_sheet_says_an_item_at_gear_bonus_0_cannot_be_used(demo_gm, tmp_path):
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path, "yze-demo") as service:
        ash = service.character("Ash")
        service.roster.damage_gear(ash.id, ash.gear_item("Scanner").id, 1)
    lines = demo_gm("sheet", "yze-demo", "Ash").stdout.splitlines()
    assert "gear: Scanner +0/1 and artifact d10 (cannot be used: gear bonus 0, R-ART-2)" in lines
    refused = demo_gm(*SCANNER_ROLL, "--faces", "b63124 s355 g6 a10")
    assert refused.returncode == 2 and "no gear dice" in refused.stderr
