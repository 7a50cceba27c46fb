"""``roll SYSTEM --campaign ... --push`` refused: exit 2 means nothing was recorded.

The roll is recorded before its push is tried; when the push is refused (R-PUSH-2, R-PUSH-6, bad push
faces) the roll is taken back, so the history shows it only as undone and the error line says so."""

from __future__ import annotations

import json

from cli_checks import ok_json, refused


def _done(demo_gm, campaign: str) -> list[dict]:
    return json.loads(demo_gm("history", campaign, "--json").stdout)


def _all(demo_gm, campaign: str) -> list[dict]:
    return json.loads(demo_gm("history", campaign, "--json", "--all").stdout)


def test_a_push_refused_by_max_pushes_0_records_nothing_and_says_pushing_is_off(demo_gm):
    assert demo_gm("settings", "myz-demo", "--set", "max_pushes=0").returncode == 0
    line = refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move",
                           "--push"), "nothing was recorded", "R-PUSH-2")
    assert "pushing is turned off in this campaign (max_pushes = 0" in line
    assert "pushed 0 times" not in line
    assert [e["kind"] for e in _done(demo_gm, "myz-demo")] == ["settings"]
    rolls = [e for e in _all(demo_gm, "myz-demo") if e["kind"] == "roll"]
    assert [e["status"] for e in rolls] == ["undone"]


def test_a_push_refused_by_r_push_6_records_nothing(demo_gm):
    result = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move",
                     "--faces", "base=6,6,6,1,1 skill=6,1", "--push", "--json")
    refused(result, "R-PUSH-6", "nothing was recorded")
    assert "nothing was recorded" in json.loads(result.stdout)["error"]
    assert not [e for e in _done(demo_gm, "myz-demo") if e["kind"] == "roll"]


def test_bad_push_faces_record_nothing(demo_gm):
    refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move",
                    "--faces", "base=2,2,2,1,1 skill=6,1", "--push-faces", "base=9"), "nothing was recorded")
    assert _done(demo_gm, "myz-demo") == []


def test_a_refused_push_takes_back_only_its_own_roll(demo_gm):
    kept = ok_json(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight",
                           "--faces", "base=6,1,3,4,2 skill=6,2,3", "--json"))
    refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move",
                    "--faces", "base=6,6,6,1,1 skill=6,1", "--push"), "nothing was recorded")
    assert [(e["id"], e["status"]) for e in _done(demo_gm, "myz-demo")] == [(kept["roll_id"], "done")]
