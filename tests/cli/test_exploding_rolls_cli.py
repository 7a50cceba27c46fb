"""``gmconsole assisted`` and ``gmconsole group``: the exploding rolls of more than one character from the command
line, recorded as the console's forms record them (one undoable entry, kind ``assisted`` / ``group``)."""

from __future__ import annotations

import json
import threading
import time

import pytest
from cli_checks import stuck_writer

from gmconsole.store import CampaignStore

NAME = "exploding-demo"
ASSISTED = ("assisted", NAME, "Kara", "--helpers", "Mira", "Nyx", "Pirate boarders", "--skill", "shooting",
            "--difficulty", "standard")
"""Kara Venn (shooting d10, agility d10) leads Mira Sol (d8), Nyx (d10) and the pirates (d6), none of them wounded
or strained, against Standard 3 + 3 participants = TN 6: the seed's worked example's TN."""
GROUP = ("group", NAME, "Kara Venn", "Nyx", "--skill", "stealth")


def _history(demo_gm) -> list[dict]:
    return json.loads(demo_gm("history", NAME, "--format", "json").stdout)


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_a_seeded_assisted_check_is_recorded_and_its_json_is_the_entry_with_roll_id(demo_gm):
    result = demo_gm(*ASSISTED, "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    entry = _history(demo_gm)[-1]
    assert entry["kind"] == "assisted" and entry["id"] == data["roll_id"]
    assert {k: v for k, v in data.items() if k not in ("roll_id", "seed")} == entry
    assert data["seed"] == 3 and data["by_hand"] is False
    assert data["participants"] == ["c1", "c7", "c9", "c10"] and data["tn"] == 6
    for key in ("top", "successes", "assisted", "rolls", "held", "dice", "skill", "attribute", "summary"):
        assert key in data
    again = demo_gm(*ASSISTED, "--seed", "3", "--json")  # the seed makes the same dice again
    assert json.loads(again.stdout)["rolls"] == data["rolls"]


def test_the_seeds_worked_example_typed_short_form_R_MANUAL_1(demo_gm):
    """docs/RULES.md: TN 6, the leader's 14 makes a pool of 8; then 5 spends 1, 3 spends 3, the last 3 spends 3 of
    the 4 left. The faces are the leader's skill dice, then every trait die in turn."""
    result = demo_gm(*ASSISTED, "--faces", "s10+4,2 t3,5,3,3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == ("Kara Venn leads an assisted shooting check (TN 6) with Mira Sol, Nyx, Pirate boarders: "
                        "4 of 4 succeed")
    assert lines[1] == "TN 6 (Standard difficulty +3, assisting 3 other participants (+1 each) +3)"
    assert lines[2] == "Kara Venn: top 14 vs TN 6 [skill 10+4, skill 2, trait 3] success → pool 8"
    assert lines[3] == "Mira Sol: top 5 vs TN 6 [trait 5], spends 1 → success (pool 7)"
    assert lines[4] == "Nyx: top 3 vs TN 6 [trait 3], spends 3 → success (pool 4)"
    assert lines[5] == "Pirate boarders: top 3 vs TN 6 [trait 3], spends 3 → success (pool 1)"
    assert lines[6] == "→ 4 successes"
    entry = _history(demo_gm)[-1]
    assert entry["by_hand"] is True and entry["assisted"]["leader"]["pool_after"] == 8
    assert f"history entry {entry['id']}" in lines[7]


def test_the_long_form_of_the_faces_and_a_helper_holding_the_pool(demo_gm):
    result = demo_gm(*ASSISTED, "--faces", "skill=10+4,2 trait=3,5,3,3", "--hold", "Mira", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    steps = data["assisted"]["steps"]
    assert [s["spent"] for s in steps] == [0, 3, 3] and data["held"] == ["c7"]
    assert data["successes"] == 3  # Mira kept the pool and failed; the others spent from the 8
    text = demo_gm(*ASSISTED, "--faces", "skill=10+4,2 trait=3,5,3,3", "--hold", "Mira").stdout
    assert "Mira Sol: top 5 vs TN 6 [trait 5], holds the pool → failure (pool 8)" in text


def test_a_seeded_group_check_typed_short_and_long(demo_gm):
    seeded = json.loads(demo_gm(*GROUP, "--seed", "5", "--json").stdout)
    assert seeded["kind"] == "group" and seeded["roll_id"] == _history(demo_gm)[-1]["id"]
    assert seeded["participants"] == ["c1", "c9"] and seeded["tn"] == 2  # Moderate 4, two trained -2
    for key in ("top", "successes", "group", "by_hand", "summary"):
        assert key in seeded
    short = demo_gm(*GROUP, "--faces", "s2,1,10+10+3,1 t1,5")
    assert short.returncode == 0, short.stderr
    assert short.stdout.splitlines()[:5] == [
        "group stealth check (TN 2): 2 of 2 succeed",
        "TN 2 (Moderate difficulty +4, group check: 2 trained participants (-1 each) -2)",
        "Kara Venn: top 2 vs TN 2 [skill 2, skill 1, trait 1] success",
        "Nyx: top 23 vs TN 2 [skill 10+10+3, skill 1, trait 5] success",
        "→ 2 of 2 succeed",
    ]
    long = json.loads(demo_gm(*GROUP, "--faces", "skill=1,1,10+10+3,1 trait=1,5", "--json").stdout)
    results = long["group"]["results"]
    assert [r["critical_failure"] for r in results] == [True, False] and long["successes"] == 1
    assert long["by_hand"] is True


@pytest.mark.parametrize(("argv", "words"), [
    (("assisted", "tiered-demo", "Aldric", "--helpers", "Wren", "--skill", "swords"),
     ("assisted belongs to exploding campaigns", "tiered-demo is tiered")),
    (("group", "yze-demo", "Ripley", "Dallas", "--skill", "firearms"), ("group belongs to exploding", "yze")),
    ((*GROUP[:2], "Kara Venn", "Nobody", "--skill", "stealth"), ("no character 'Nobody'", "the roster: Kara Venn")),
    ((*GROUP, "--faces", "s8+3,2 t4"), ("skill: 4 dice",)),
    ((*GROUP, "--faces", "s1,1 t1", "--seed", "2"), ("--faces or --seed",)),
    ((*GROUP, "--difficulty", "hardish"), ("unknown difficulty 'hardish'", "moderate")),
    ((*GROUP, "--tn-modifier", "foo"), ("unknown TN modifier 'foo'", "hostile")),
    (("group", NAME, "Kara Venn", "Doc Rell", "--skill", "stealth"), ("Doc Rell is untrained", "assisted check")),
    (("assisted", NAME, "Doc", "--helpers", "Kara", "--skill", "stealth"), ("Doc Rell is not trained in stealth",)),
    ((*ASSISTED, "--hold", "Torvald"), ("--hold names Torvald", "--helpers")),
])
def test_refusals_exit_2_with_one_line_and_record_nothing(demo_gm, argv, words):
    before = _history(demo_gm)
    _refused(demo_gm(*argv), *words)
    assert _history(demo_gm) == before


def test_wait_zero_on_a_campaign_the_console_holds_is_the_lock_message(demo_gm, tmp_path):
    with stuck_writer(tmp_path / NAME):
        started = time.monotonic()
        result = demo_gm(*GROUP, "--wait", "0", "--json")
        assert time.monotonic() - started < 3
    _refused(result, "in the middle of a change by another writer", "--wait SECONDS")
    assert "is in the middle of a change by another writer" in json.loads(result.stdout)["error"]
    assert _history(demo_gm) == []


def test_a_waiting_assisted_check_is_recorded_once_the_holder_lets_go(demo_gm, tmp_path):
    store = CampaignStore.open(tmp_path, NAME)
    timer = threading.Timer(0.5, store.close)
    timer.start()
    try:
        started = time.monotonic()
        result = demo_gm(*ASSISTED, "--seed", "1", "--wait", "20")
    finally:
        timer.join()
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started >= 0.5
    assert _history(demo_gm)[-1]["kind"] == "assisted"


def test_the_assisted_check_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", *ASSISTED, "--faces", "s10+4,2 t3,5,3,3", "--hold", "Nyx")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "目標值 6（標準難度 +3，協助其他 3 名參與者（每名 +1） +3）"
    assert lines[2] == "Kara Venn：最高骰 14 對目標值 6 [技能 10+4、技能 2、特質 3] 成功 → 骰池 8"
    assert lines[4] == "Nyx：最高骰 3 對目標值 6 [特質 3]，保留骰池 → 失敗（骰池 7）"
    assert lines[-1] == "（復原：在主控台按 ctrl+z；歷史紀錄第 1 項）"
