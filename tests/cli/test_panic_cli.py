"""``gmconsole panic NAME CHARACTER [--face N] [--in-range C ...] [--json]`` (issue 12, item 4): the
tracker's ``p`` from the command line, with the D6 rolled at the table (R-MANUAL-1)."""

from __future__ import annotations

import json


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_a_typed_face_is_applied_recorded_by_hand_and_said_as_json(demo_gm):
    # Ripley Hale has 1 stress: D6 6 + 1 = 7, Nervous twitch (+1 stress to her and to those at short range)
    result = demo_gm("panic", "yze-demo", "ripley hale", "--face", "6", "--in-range", "Dallas Kane", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["die"], data["total"], data["effect"]) == (6, 7, "nervous-twitch")
    assert data["by_hand"] is True and data["spreads"] is True and data["stress_change"] == 1
    assert data["stress_added"] == [{"character_id": "c4", "character": "Dallas Kane", "stress": 1}]
    assert data["text"].startswith("You and every PC") and isinstance(data["roll_id"], int)
    sheet = json.loads(demo_gm("sheet", "yze-demo", "Dallas Kane", "--json").stdout)
    assert sheet["trackers"]["stress"] == 1
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    assert history[0]["kind"] == "panic" and history[0]["id"] == data["roll_id"]


def test_without_a_face_the_console_rolls_and_the_text_names_the_row(demo_gm):
    result = demo_gm("panic", "yze-demo", "c4")
    assert result.returncode == 0, result.stderr
    assert "Dallas Kane panics:" in result.stdout and "Keeping it together" in result.stdout  # stress 0
    assert "history entry" in result.stdout


def test_bad_requests_exit_2_with_one_line(demo_gm):
    _refused(demo_gm("panic", "nowhere", "Ripley Hale"), "nowhere")
    _refused(demo_gm("panic", "yze-demo", "Nobody"), "Nobody")
    _refused(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "7"), "D6 face")
    _refused(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "0"), "D6 face")
    _refused(demo_gm("panic", "myz-demo", "Grease", "--face", "3"), "no panic table")
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    assert not [e for e in history if e["kind"] == "panic"]
