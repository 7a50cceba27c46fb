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



def test_a_row_that_reaches_others_with_nobody_named_in_range_warns(demo_gm):
    """Play-test 5: ``--face 6`` on a spreading row without ``--in-range`` printed ``"spreads": true,
    "stress_added": []`` and nothing else; a warning says nobody was named in range (R-PANIC-1)."""
    as_json = demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "6", "--json")  # stress 1: 7 Nervous twitch
    assert as_json.returncode == 0, as_json.stderr
    data = json.loads(as_json.stdout)
    assert data["spreads"] is True and data["stress_added"] == []
    assert len(data["warnings"]) == 1 and "--in-range" in data["warnings"][0]
    assert "Nervous twitch" in data["warnings"][0] and "nobody" in data["warnings"][0]
    words = demo_gm("panic", "yze-demo", "Parker Moss", "--face", "5")  # stress 2: 7 Nervous twitch
    assert words.returncode == 0 and "gmconsole: warning:" in words.stderr and "--in-range" in words.stderr
    calm = demo_gm("panic", "yze-demo", "Dallas Kane", "--face", "1", "--json")  # stress 0: keeps it together
    assert "warnings" not in json.loads(calm.stdout) and "warning" not in calm.stderr
