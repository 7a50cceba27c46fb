"""``gmconsole save``, ``gmconsole attack`` and ``gmconsole contested``: the tiered rolls beyond a skill check from
the command line, recorded as the console's forms record them (kinds ``save``, ``attack``, ``contested``; an
attack's damage on its ``--target`` as the console's target picker applies it, kind ``damage``)."""

from __future__ import annotations

import json
import time

import pytest
from cli_checks import stuck_writer

NAME = "tiered-demo"
"""Aldric: STR 2, DEX 1, INT 0, CHA 1, PER 1, level 3, class bonus 2, a Longsword (damage 6), stamina 10;
Wren: a Shortbow (4); the Ogre: STR 4, stamina 20."""


def _history(demo_gm) -> list[dict]:
    return json.loads(demo_gm("history", NAME, "--format", "json").stdout)


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def _stamina(demo_gm, who: str) -> int:
    return json.loads(demo_gm("sheet", NAME, who, "--json").stdout)["trackers"]["stamina"]


# --------------------------------------------------------------------------- save


def test_R_TIER_3_a_seeded_save_is_recorded_and_its_json_is_the_entry_with_roll_id(demo_gm):
    data = json.loads(demo_gm("save", NAME, "Aldric", "phys", "--seed", "2", "--json").stdout)
    entry = _history(demo_gm)[-1]
    assert entry["kind"] == "save" and data["roll_id"] == entry["id"]
    assert {k: v for k, v in data.items() if k not in ("roll_id", "seed")} == entry
    assert (data["save"], data["score"], data["seed"], data["by_hand"]) == ("phys", 6, 2, False)  # 10 - 1 - 2 - 1
    assert data["total"] == sum(d["face"] for d in data["dice"]) and len(data["dice"]) == 2
    assert data["outcome"] == ("success" if data["total"] >= 6 else "failure")


@pytest.mark.parametrize(("faces", "outcome", "word"), [("d66", "critical", "CRITICAL"),  # 12 >= 2 x 6
                                                        ("dice=3,3", "success", "SUCCESS"),
                                                        ("d41", "failure", "FAILURE")])
def test_R_TIER_3_typed_faces_short_and_long_R_MANUAL_1(demo_gm, faces, outcome, word):
    result = demo_gm("save", NAME, "Aldric", "PHYS", "--faces", faces)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    total = sum(int(c) for c in faces if c.isdigit())
    assert lines[0].startswith(f"Aldric saves (PHYS 6): {total} — ")
    assert lines[1].startswith("Aldric PHYS save 6: 2d6 [") and lines[1].endswith(f"= {total} → {word} (R-TIER-3)")
    entry = _history(demo_gm)[-1]
    assert (entry["outcome"], entry["by_hand"]) == (outcome, True)


def test_a_save_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", "save", NAME, "Aldric", "phys", "--faces", "d66")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "Aldric PHYS 豁免 6：2d6 [6 6] = 12 → 大成功（R-TIER-3）"
    assert lines[2] == "（復原：在主控台按 ctrl+z；歷史紀錄第 1 項）"


# --------------------------------------------------------------------------- attack


def test_R_TIER_4_a_seeded_melee_attack_is_recorded(demo_gm):
    data = json.loads(demo_gm("attack", NAME, "Aldric", "--weapon", "longsword", "--melee", "--seed", "4",
                              "--json").stdout)
    entry = _history(demo_gm)[-1]
    assert entry["kind"] == "attack" and data["roll_id"] == entry["id"]
    assert {k: v for k, v in data.items() if k not in ("roll_id", "seed")} == entry
    assert (data["gear"], data["weapon_damage"], data["melee"], data["reckless"]) == ("Longsword", 6, True, False)
    assert len(data["dice"]) == 4  # class bonus 2 + STR 2
    for key in ("tier", "rolled_tier", "damage", "notes", "by_hand"):
        assert key in data
    assert "target" not in data and "damage_applied" not in data


def test_R_TIER_4_typed_faces_and_the_damage_on_the_target_as_the_console_applies_it(demo_gm):
    """Great with a ranged Shortbow: 1 x 4 damage off the Ogre's stamina, a second undoable entry that marks the
    attack applied (the console's target picker after ``k``)."""
    result = demo_gm("attack", NAME, "Wren", "--weapon", "Shortbow", "--target", "Ogre", "--faces", "d611")
    assert result.returncode == 0, result.stderr
    attack, damage = _history(demo_gm)
    assert result.stdout.splitlines() == [
        "Wren attacks with Shortbow (ranged): great, 4 damage",
        "Wren attacks (ranged): [6 1 1] → GREAT, damage 4 (R-TIER-4)",
        f"(undo: ctrl+z in the console; history entry {attack['id']})",
        "Ogre takes 4 damage from Wren's attack: stamina 20 → 16/20",
        f"(undo: ctrl+z in the console; history entry {damage['id']})",
    ]
    assert (damage["kind"], damage["roll_id"], attack["damage_applied_to"]) == ("damage", attack["id"], "Ogre")
    assert _stamina(demo_gm, "Ogre") == 16
    data = json.loads(demo_gm("attack", NAME, "Aldric", "--weapon", "Longsword", "--melee", "--reckless",
                              "--target", "Ogre", "--faces", "dice=3,2,1,1", "--json").stdout)
    # Limited raised to Mixed by Reckless: half of 6, + STR 2 in melee
    assert (data["rolled_tier"], data["tier"], data["damage"]) == ("limited", "mixed", 5)
    assert data["notes"] == ["Reckless: the target gets a free hit back"]
    assert data["target"] == "Ogre" and data["damage_applied"]["before"] == 16
    assert (data["damage_applied"]["value"], data["damage_applied_to"]) == (11, "Ogre")
    assert data["damage_applied"]["entry_id"] == _history(demo_gm)[-1]["id"]


def test_an_attack_without_damage_applies_nothing_to_its_target(demo_gm):
    result = demo_gm("attack", NAME, "Wren", "--damage", "5", "--target", "Ogre", "--faces", "d321", "--json")
    data = json.loads(result.stdout)
    assert (data["tier"], data["damage"], data["damage_applied"]) == ("limited", 0, None)
    assert [e["kind"] for e in _history(demo_gm)] == ["attack"] and _stamina(demo_gm, "Ogre") == 20
    text = demo_gm("attack", NAME, "Wren", "--damage", "5", "--target", "Ogre", "--faces", "d321").stdout
    assert "Wren's attack did no damage (LIMITED): nothing to apply." in text


def test_an_attack_on_a_target_at_0_stamina_is_recorded_with_a_warning(demo_gm):
    demo_gm("harm", NAME, "Goblin raiders", "4")
    result = demo_gm("attack", NAME, "Aldric", "--weapon", "Longsword", "--melee", "--target", "Goblin",
                     "--faces", "d6611", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["damage_applied"] is None and "already 0" in data["warnings"][0]
    assert result.stderr.startswith("gmconsole: warning: ") and "already 0" in result.stderr
    assert [e["kind"] for e in _history(demo_gm)] == ["harm", "attack"]


def test_an_attack_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", "attack", NAME, "Aldric", "--weapon", "Longsword", "--melee",
                     "--faces", "d6643")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1] == "Aldric 攻擊（近戰）：[6 6 4 3] → 大成功，傷害 14（R-TIER-4）"


# --------------------------------------------------------------------------- contested


def test_R_TIER_5_a_seeded_contest_is_recorded(demo_gm):
    data = json.loads(demo_gm("contested", NAME, "Aldric", "Ogre", "--seed", "7", "--json").stdout)
    entry = _history(demo_gm)[-1]
    assert entry["kind"] == "contested" and data["roll_id"] == entry["id"]
    assert {k: v for k, v in data.items() if k not in ("roll_id", "seed")} == entry
    assert (data["attribute"], data["opponent"], data["opponent_attribute"]) == ("str", "Ogre", "str")
    a, b = data["rounds"][-1]
    assert a != b and data["winner_name"] == ("Aldric" if a > b else "Ogre")
    assert all(x == y for x, y in data["rounds"][:-1])  # every earlier round a tie, rolled again


def test_R_TIER_5_skill_names_the_attribute_a_contest_is_rolled_with(demo_gm):
    """Scripts name what a roll is made with by --skill; a tiered contest is 2d6 + attribute, so it is that."""
    data = json.loads(demo_gm("contested", NAME, "Aldric", "Ogre", "--skill", "dex", "--seed", "7", "--json").stdout)
    assert (data["attribute"], data["opponent_attribute"]) == ("dex", "dex")
    assert _history(demo_gm)[-1]["attribute"] == "dex"


def test_R_TIER_5_a_tie_is_rolled_again_typed_short_and_long(demo_gm):
    """Four faces a round (yours, yours, theirs, theirs) and four more for the roll-off: 3+4+2 = 9 against
    2+3+4 = 9, then 6+1+2 = 9 against 2+2+4 = 8."""
    result = demo_gm("contested", NAME, "Aldric", "Ogre", "--faces", "d34236122")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:2] == [
        "Aldric (Strength) contests Ogre (Strength): 9 vs 9; 9 vs 8 — Aldric wins",
        "9 vs 9; 9 vs 8 → Aldric wins (R-TIER-5: ties are rolled again)",
    ]
    long = json.loads(demo_gm("contested", NAME, "Aldric", "Ogre", "--attribute", "Dexterity",
                              "--opponent-attribute", "per", "--faces", "dice=1,1,6,6", "--json").stdout)
    assert (long["rounds"], long["winner"], long["outcome"], long["by_hand"]) == ([[3, 13]], "b", "lost", True)
    assert (long["attribute"], long["opponent_attribute"]) == ("dex", "per")


def test_a_contest_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", "contested", NAME, "Aldric", "Ogre", "--faces", "d66", "--json")
    assert json.loads(result.stdout)["error"]  # a round needs four faces: said in the language spoken
    assert result.stderr.startswith("gmconsole：錯誤：")
    result = demo_gm("--lang", "zh-Hant", "contested", NAME, "Aldric", "Ogre", "--faces", "d34236122")
    assert result.stdout.splitlines()[1] == "9 對 9；9 對 8 → Aldric 勝（R-TIER-5：平手時重擲）"


# --------------------------------------------------------------------------- refusals and the lock


@pytest.mark.parametrize(("argv", "words"), [
    (("save", "yze-demo", "Ripley", "phys"), ("save belongs to tiered campaigns", "yze-demo is yze")),
    (("attack", "exploding-demo", "Kara", "--damage", "3"), ("attack belongs to tiered", "is exploding")),
    (("contested", "myz-demo", "Lina", "Grease"), ("contested belongs to tiered", "myz")),
    (("save", NAME, "Nobody", "phys"), ("no character 'Nobody'", "the roster: Aldric, Wren")),
    (("save", NAME, "Aldric", "luck"), ("phys", "ment", "perc")),
    (("save", NAME, "Aldric", "phys", "--faces", "d6"), ("2 dice, 1 face typed",)),
    (("save", NAME, "Aldric", "phys", "--faces", "d66", "--seed", "1"), ("--faces or --seed",)),
    (("attack", NAME, "Aldric"), ("--weapon W", "Longsword", "--damage N")),
    (("attack", NAME, "Aldric", "--weapon", "bow"), ("no weapon 'bow'", "Longsword")),
    (("attack", NAME, "Aldric", "--weapon", "Longsword", "--damage", "3"), ("not both",)),
    (("attack", NAME, "Aldric", "--weapon", "Longsword", "--reckless"), ("only a melee attack can be Reckless",)),
    (("attack", NAME, "Aldric", "--weapon", "Longsword", "--target", "Aldric"), ("own attack", "--target")),
    (("attack", NAME, "Aldric", "--weapon", "Longsword", "--target", "Nobody"), ("no character 'Nobody'",)),
    (("attack", NAME, "Aldric", "--weapon", "Longsword", "--melee", "--faces", "d64321"), ("4 dice, 5 faces",)),
    (("contested", NAME, "Aldric", "Ogre", "--skill", "swords"), ("no attribute", "Strength")),
    (("contested", NAME, "Aldric", "Aldric"), ("cannot contest themself",)),
    (("contested", NAME, "Aldric", "Ogre", "--attribute", "luck"), ("no attribute", "Strength")),
    (("contested", NAME, "Aldric", "Ogre", "--faces", "d3423"), ("tie 9–9", "4 more faces")),
])
def test_refusals_exit_2_with_one_line_and_record_nothing(demo_gm, argv, words):
    before = _history(demo_gm)
    _refused(demo_gm(*argv), *words)
    assert _history(demo_gm) == before


@pytest.mark.parametrize("argv", [("save", NAME, "Aldric", "phys"),
                                  ("attack", NAME, "Aldric", "--weapon", "Longsword", "--target", "Ogre"),
                                  ("contested", NAME, "Aldric", "Ogre")])
def test_wait_zero_on_a_campaign_the_console_holds_is_the_lock_message(demo_gm, tmp_path, argv):
    with stuck_writer(tmp_path / NAME):
        started = time.monotonic()
        result = demo_gm(*argv, "--wait", "0")
        assert time.monotonic() - started < 3
    _refused(result, "in the middle of a change by another writer", "--wait SECONDS")
    assert _history(demo_gm) == [] and _stamina(demo_gm, "Ogre") == 20


def test_a_writer_waits_up_to_its_deadline_for_the_lock(demo_gm, tmp_path):
    with stuck_writer(tmp_path / NAME):
        started = time.monotonic()
        result = demo_gm("save", NAME, "Aldric", "perc", "--wait", "1", "--json")
        assert time.monotonic() - started >= 1
    assert result.returncode == 2
    assert "is in the middle of a change by another writer" in json.loads(result.stdout)["error"]
