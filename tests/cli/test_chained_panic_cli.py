"""``gmconsole panic ... --chain-faces C=N ...`` (R-PANIC-3, R-MANUAL-1, R-PANIC-1): the D6 of each panic roll a
row makes others roll (Scream, Flee, Berserk: "every PC who hears / sees makes a panic roll") typed per player
character in range. With the flag every PC in range needs one (a typed evening types them all); a face out of 1-6,
a name out of range or a PC still owed a face exits 2 with one line, before any die is rolled."""

from __future__ import annotations

import json

from gmconsole.campaign.service import CampaignService


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def _stress(tmp_path, **stress) -> None:
    """Set the demo characters' stress (by id) before the command runs."""
    with CampaignService.open(tmp_path, "yze-demo") as service:
        for character_id, value in stress.items():
            service.trackers.change_stress(character_id, value - service.campaign.character(character_id).stress)


def _panics(demo_gm) -> list[dict]:
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    return [e for e in history if e["kind"] == "panic"]


def test_R_PANIC_3_a_scream_chains_the_typed_dice_of_those_in_range(demo_gm, tmp_path):
    _stress(tmp_path, c1=6, c4=0, c6=2)  # Ripley 6 + 6 = 12, Scream: every PC who hears her panics
    result = demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "6", "--in-range", "Dallas Kane", "Parker Moss",
                     "--chain-faces", "dallas kane=2", "Parker Moss=5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["total"], data["effect"], data["by_hand"]) == (12, "scream", True)
    assert data["chained"] == [
        {"character": "Dallas Kane", "die": 2, "total": 2, "effect": "keeping-it-together", "by_hand": True},
        {"character": "Parker Moss", "die": 5, "total": 7, "effect": "nervous-twitch", "by_hand": True}]
    assert data["summary"].endswith("(typed face; chained D6s typed)")
    # Parker's nervous twitch reaches those at short range: Dallas (and Ripley, out of the question) +1
    assert [g["character"] for g in data["stress_added"]] == ["Dallas Kane"]


def test_R_PANIC_3_without_the_flag_the_console_rolls_the_chained_dice(demo_gm, tmp_path):
    _stress(tmp_path, c1=6)
    data = json.loads(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "6", "--in-range", "Dallas Kane",
                              "--json").stdout)
    assert data["effect"] == "scream" and len(data["chained"]) == 1 and data["chained"][0]["by_hand"] is False
    assert "chained D6s typed" not in data["summary"]


def test_R_PANIC_3_typed_faces_refused_with_one_line_before_any_die(demo_gm, tmp_path):
    _stress(tmp_path, c1=6)
    base = ("panic", "yze-demo", "Ripley Hale", "--face", "6", "--in-range", "Dallas Kane", "Parker Moss")
    _refused(demo_gm(*base, "--chain-faces", "Dallas Kane=2"), "still owed Parker Moss", "R-PANIC-3")
    _refused(demo_gm(*base, "--chain-faces", "Dallas Kane=7", "Parker Moss=1"), "Dallas Kane", "not a D6 face")
    _refused(demo_gm(*base, "--chain-faces", "Dallas Kane=0", "Parker Moss=1"), "not a D6 face")
    _refused(demo_gm(*base, "--chain-faces", "Dallas Kane", "Parker Moss=1"), "NAME=FACE")
    _refused(demo_gm(*base, "--chain-faces", "Dallas Kane=2", "Parker Moss=1", "Ash=3"), "Ash is not in range",
             "R-PANIC-3")
    _refused(demo_gm(*base, "--chain-faces", "Dallas Kane=2", "Nobody=3"), "Nobody")
    assert _panics(demo_gm) == []


def test_R_PANIC_3_faces_for_a_row_that_chains_nobody_are_not_used(demo_gm, tmp_path):
    _stress(tmp_path, c1=1)  # 1 + 1 = 2: keeping it together
    data = json.loads(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "1", "--in-range", "Dallas Kane",
                              "--chain-faces", "Dallas Kane=4", "--json").stdout)
    assert data["effect"] == "keeping-it-together" and data["chained"] == []
    assert len(_panics(demo_gm)) == 1
