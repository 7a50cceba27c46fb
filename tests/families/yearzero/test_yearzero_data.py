"""The Year Zero system tables in data/: complete, bilingual, and consistent with the seeds."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules.roll import ATTRIBUTES, PUSH_COSTS, trauma_kind
from gmconsole.rules.data import load_table


def bilingual(value) -> bool:
    return isinstance(value, dict) and bool(value.get("en", "").strip()) and bool(value.get("zh-Hant", "").strip())


def walk_names(node):
    """Every ``name`` and ``text`` value in a table, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("name", "text"):
                yield value
            else:
                yield from walk_names(value)
    elif isinstance(node, list):
        for item in node:
            yield from walk_names(item)


@pytest.mark.parametrize("system", ["myz", "yze"])
def test_every_name_and_rules_text_is_in_english_and_traditional_chinese(system):
    names = list(walk_names(load_table(system)))
    assert len(names) > 30
    assert all(bilingual(n) for n in names)


def test_yze_core_skills_carry_the_chinese_names_of_seed_002():
    skills = {row["name"]["zh-Hant"]: row["attribute"] for row in load_table("yze")["skills"]}
    assert skills == {
        "強力": "strength", "近戰": "strength", "體魄": "strength",
        "射擊": "agility", "機動": "agility", "潛行": "agility",
        "工藝": "wits", "觀察": "wits", "求生": "wits",
        "治療": "empathy", "洞察": "empathy", "說服": "empathy",
    }
    attributes = {row["id"]: row["name"]["zh-Hant"] for row in load_table("yze")["attributes"]}
    assert attributes == {"strength": "力量", "agility": "敏捷", "wits": "機智", "empathy": "同理"}
    assert [row["id"] for row in load_table("yze")["push_costs"]] == list(PUSH_COSTS)


def test_myz_skills_roles_and_stunts_follow_seed_000():
    table = load_table("myz")
    skills = {row["id"]: row for row in table["skills"]}
    basic = [s for s in skills.values() if "role" not in s]
    assert len(basic) == 12
    assert {s["attribute"] for s in skills.values()} == set(ATTRIBUTES)
    for role in table["roles"]:
        assert skills[role["skill"]]["role"] == role["id"]
    assert len(table["roles"]) == 7
    for skill in skills.values():
        assert isinstance(skill["stunts"], list)
        assert all(bilingual(s) for s in skill["stunts"])
    assert len(skills["fight"]["stunts"]) == 6
    assert len(skills["shoot"]["stunts"]) == 5
    assert len(skills["scout"]["stunts"]) == 3
    assert skills["sic-a-dog"]["attribute"] == "agility"


def test_myz_trauma_kind_per_attribute():
    assert [trauma_kind(a)["id"] for a in ATTRIBUTES] == ["damage", "fatigue", "confusion", "doubt"]


def test_myz_sneak_stunt_keeps_the_seeds_words():
    """Seed 000, Sneak: "Stunt: When setting up a sneak attack, you get a -1 modification to your first attack
    for every extra 6 rolled after the first." — the seed says nothing of the target's defence."""
    sneak = next(row for row in load_table("myz")["skills"] if row["id"] == "sneak")
    assert sneak["stunts"] == [{
        "en": "When setting up a sneak attack, you get a -1 modification to your first attack for every extra 6 "
              "rolled after the first.",
        "zh-Hant": "準備偷襲時，第一個 6 之後每多擲出一個 6，你的第一次攻擊獲得 -1 的調整值。",
    }]
