"""``gmconsole roll tiered --campaign NAME ... --push``: the Push Yourself die added after the roll (seed 004: 2
stamina for +1 die; the reading "Push Yourself after the roll"), ``--push-faces d4`` typing its face
(R-MANUAL-1), the JSON a pushed roll prints; without ``--campaign`` it stays refused with what to do."""

from __future__ import annotations

import json

from cli_checks import ok_json, refused

WREN = ("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth",
        "--attribute", "dex")
"""Wren: Luck 1 + DEX 2 + stealth 3, six dice; stamina 8, XP 2."""


def _history(demo_gm, kind: str) -> list[dict]:
    return [e for e in json.loads(demo_gm("history", "tiered-demo", "--json").stdout) if e["kind"] == kind]


def test_push_faces_types_the_added_die_and_the_json_is_the_pushed_roll(demo_gm):
    entry = ok_json(demo_gm(*WREN, "--faces", "d421131", "--push-faces", "d6", "--json"))
    assert (entry["tier"], entry["highest"], entry["pushes"]) == ("great", 6, 1)
    assert [d["face"] for d in entry["dice"]] == [4, 2, 1, 1, 3, 1, 6] and entry["dice"][-1]["added"] is True
    assert [d["face"] for d in entry["first_dice"]] == [4, 2, 1, 1, 3, 1]
    assert entry["by_hand_steps"] == [True, True] and entry["roll_id"] == entry["id"]
    assert entry["can_push"] is False and entry["push_refusal"] == "Push Yourself was already spent on this check"
    assert entry["summary"] == "Wren rolls stealth: great (pushed)"
    push = _history(demo_gm, "push")
    assert [p["summary"] for p in push] == ["Wren pushes themself: Mixed → Great; stamina −2 → 6"]


def test_push_rolls_the_die_and_the_text_marks_it(demo_gm):
    done = demo_gm(*WREN, "--faces", "d421131", "--push", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("(pushed)")
    assert lines[1].startswith("dice: 4, 2, 1, 1, 3, 1, +")
    assert len(_history(demo_gm, "push")) == 1


def test_a_limited_roll_pushed_to_mixed_gives_its_xp_back(demo_gm):
    entry = ok_json(demo_gm(*WREN, "--faces", "d321131", "--push-faces", "d5", "--json"))
    assert entry["first_outcome"]["tier"] == "limited" and entry["tier"] == "mixed"
    assert entry["outcome"]["xp"] == 0
    push = _history(demo_gm, "push")[0]
    assert push["summary"] == ("Wren pushes themself: Limited → Mixed; stamina −2 → 6; the Limited result's XP "
                               "taken back → 2")


def test_a_refused_push_records_nothing(demo_gm):
    said = refused(demo_gm(*WREN, "--faces", "d661131", "--push-faces", "d6"), "already Critical",
                   "nothing was recorded")
    assert "roll 1 is taken back" in said
    assert _history(demo_gm, "roll") == [] and _history(demo_gm, "push") == []  # the history shows done entries


def test_push_faces_needs_one_face(demo_gm):
    refused(demo_gm(*WREN, "--faces", "d421131", "--push-faces", "d65"), "nothing was recorded")


def test_push_without_campaign_stays_refused_with_what_to_do(demo_gm):
    for flag in (("--push",), ("--push-faces", "d4")):
        refused(demo_gm("roll", "tiered", "--attribute", "2", "--skill", "3", *flag), flag[0], "--campaign NAME",
                "--push-yourself")
