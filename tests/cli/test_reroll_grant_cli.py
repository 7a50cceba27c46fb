"""``gmconsole reroll NAME [ROLL_ID] --grant G``: a failed exploding check rerolled with a grant the character
holds (seed 003, R-EXP-5), from the command line as the roll builder's ``R`` makes it: a roll of its own,
recorded with the grant's name, the failed check marked with it, one undoable change."""

from __future__ import annotations

import json

import pytest

from gmconsole.campaign.service import CampaignService

NAME = "exploding-demo"


@pytest.fixture
def kara_holds_a_grant(demo_gm, tmp_path):
    """Kara Venn holds "Old hand" (stealth) and has failed a stealth check typed at TN 4 (Moderate): top 3."""
    with CampaignService.open(tmp_path, NAME) as service:
        kara = service.character("Kara Venn")
        service.roster.update_character(kara.id, {"reroll_grants": [{"name": "Old hand", "skills": ["stealth"]}]})
    failed = demo_gm("roll", "exploding", "--campaign", NAME, "--character", "Kara", "--skill", "stealth",
                     "--attribute", "agility", "--faces", "s3,1 t2", "--json")
    assert failed.returncode == 0, failed.stderr
    return json.loads(failed.stdout)["roll_id"]


def _history(demo_gm) -> list[dict]:
    return json.loads(demo_gm("history", NAME, "--format", "json").stdout)


def test_R_EXP_5_a_failed_check_rerolled_with_a_grant_typed_faces(demo_gm, kara_holds_a_grant):
    result = demo_gm("reroll", NAME, str(kara_holds_a_grant), "--grant", "old hand", "--faces", "s7,2 t5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    history = _history(demo_gm)
    entry, failed = history[-1], next(e for e in history if e["id"] == kara_holds_a_grant)
    assert data["roll_id"] == entry["id"] and entry["kind"] == "roll"
    assert entry["reroll"] == {"of": kara_holds_a_grant, "grant": "Old hand"}
    assert failed["rerolled_with"] == "Old hand"
    assert entry["top"] == 7 and entry["by_hand"] is True


def test_R_EXP_5_the_newest_roll_by_default_with_seeded_dice_in_plain_text(demo_gm, kara_holds_a_grant):
    result = demo_gm("reroll", NAME, "--grant", "Old hand", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert "Old hand" in result.stdout and "undo" in result.stdout
    assert _history(demo_gm)[-1]["reroll"]["of"] == kara_holds_a_grant


@pytest.mark.parametrize(("argv", "words"), [
    (("reroll", NAME, "--grant", "Lucky"), ("Lucky",)),
    (("reroll", "yze-demo", "--grant", "Old hand"), ("reroll belongs to exploding campaigns", "yze")),
])
def test_a_refused_reroll_exits_2_with_one_line_and_records_nothing(demo_gm, kara_holds_a_grant, argv, words):
    before = _history(demo_gm)
    result = demo_gm(*argv)
    assert result.returncode == 2, result.stdout + result.stderr
    line, = result.stderr.strip().splitlines()
    assert "Traceback" not in result.stderr and all(word in line for word in words), line
    assert _history(demo_gm) == before


def test_push_on_an_exploding_roll_points_at_the_reroll_and_the_retry(demo_gm):
    result = demo_gm("roll", "exploding", "--campaign", NAME, "--character", "Kara", "--skill", "stealth",
                     "--attribute", "agility", "--push")
    assert result.returncode == 2
    assert "gmconsole reroll" in result.stderr and "circumstances change" in result.stderr
