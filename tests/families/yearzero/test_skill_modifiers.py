"""Seed 002's named skill modifiers (Stealth factors, Manipulation's bargaining position, interrogation)
and the opposed pairs, as data and as the pool builder uses them (docs/RULES.md)."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules import skill_modifiers as skill_modifiers
from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool
from gmconsole.rules.data import load_table
from gmconsole.rules.errors import RulesError

# Seed 002 (002_53c39eab47f6560f.txt), the lines under 潛行 and 說服, word for word, with the value the
# seed gives each ("以下各項外部因素各給予 +1 調整值" / "以下各項因素各給予 −1 調整值"; "以下每項因素都會讓
# 你的擲骰獲得 +1 調整值" / "承受 −1 調整值").
SEED_STEALTH = {
    "你融入周遭環境。": 1, "該區域昏暗或光線微弱。": 1, "該區域人群密集或嘈雜。": 1, "對手正被某事分心。": 1,
    "你在周遭環境中顯得突出。": -1, "周圍沒有可供藏身之處。": -1,
}
SEED_BARGAINING = {
    "你的要求不會讓對手付出任何代價。": 1, "你的對手已受到傷害或壓力。": 1, "你的對手正被你拘留或囚禁。": 1,
    "你先前曾幫助過對手。": 1, "你把論點表達得非常好（由主持人判定）。": 1,
    "你的對手必須承擔重大風險，或做出犧牲，才能幫助你。": -1, "你的對手幫助你並沒有任何好處。": -1,
    "你正被對手囚禁。": -1, "你們彼此難以聽清或理解對方。": -1,
}
SEED_INTERROGATION = "當你審問俘虜以獲取情報時，改為對抗其體魄，而不是洞察。由於對手遭到囚禁，你的擲骰獲得 +1 調整值。"


def _rows(skill: str) -> list[dict]:
    return [r for r in load_table("yze")["skill_modifiers"] if r["skill"] == skill]


def test_stealth_factors_are_the_seeds_words_and_values():
    rows = [r for r in _rows("stealth")]
    assert {r["name"]["zh-Hant"]: r["modifier"] for r in rows} == SEED_STEALTH
    assert all(r["name"]["en"].strip() for r in rows)


def test_persuasion_bargaining_position_is_the_seeds_words_and_values():
    rows = [r for r in _rows("manipulation") if r["id"] != "interrogation"]
    assert {r["name"]["zh-Hant"]: r["modifier"] for r in rows} == SEED_BARGAINING


def test_interrogation_is_plus_one_and_opposed_by_stamina_as_the_seed_says():
    row = next(r for r in _rows("manipulation") if r["id"] == "interrogation")
    assert row["seed"] == SEED_INTERROGATION
    assert row["modifier"] == 1 and row["opposed_by"] == "stamina"
    assert row["group"]["zh-Hant"] == "審問"


def test_yze_step_reads_the_same_lists_as_yze():
    assert [m.id for m in skill_modifiers.modifiers_for("yze-step", "stealth")] == \
        [m.id for m in skill_modifiers.modifiers_for("yze", "stealth")]
    assert skill_modifiers.modifiers_for("yze", "ranged") == []


def test_resolve_accepts_ids_english_and_chinese_names():
    picked = skill_modifiers.resolve(
        "yze", "stealth", ["dark", "The area is crowded or noisy", "周圍沒有可供藏身之處。"]
    )
    assert [p.modifier.id for p in picked] == ["dark", "crowded", "no-cover"]
    assert [p.modifier.modifier for p in picked] == [1, 1, -1]


@pytest.mark.parametrize("skill, picks, message", [
    ("stealth", ["dark", "dark"], "picked twice"),
    ("stealth", ["blend-in", "stand-out"], "pick one of them"),
    ("manipulation", ["interrogation", "held-by-you"], "same fact"),
    ("stealth", ["held-by-you"], "stealth has no modifier 'held-by-you'"),
    ("ranged", ["dark"], "ranged has no named modifiers"),
    (None, ["dark"], "pick the skill first"),
    ("stealth", [""], "needs a name"),
])
def test_resolve_refuses_bad_picks_with_one_clear_sentence(skill, picks, message):
    with pytest.raises(RulesError, match=message):
        skill_modifiers.resolve("yze", skill, picks)


def test_a_named_modifier_adds_skill_dice_and_is_explained_by_name_r_mod_1():
    pool = build_pool(PoolRequest(system="yze", attribute="agility", attribute_value=3, skill="stealth",
                                  skill_level=1, named_modifiers=(("The area is dark or dimly lit", 1),
                                                                  ("The area is crowded or noisy", 1))))
    assert pool.count("skill") == 3
    assert "The area is dark or dimly lit +1" in pool.explanation
    minus = build_pool(PoolRequest(system="yze", attribute="agility", attribute_value=3, skill="stealth",
                                   skill_level=1, named_modifiers=(("There is nowhere to hide", -1),
                                                                   ("You stand out in your surroundings", -1))))
    assert minus.count("skill") == 0 and minus.count("base") == 2
    assert "There is nowhere to hide \u22121" in minus.explanation


def test_a_named_modifier_steps_dice_in_yze_step_r_step_1():
    pool = build_pool(PoolRequest(system="yze-step", attribute="empathy", attribute_die=8, skill="manipulation",
                                  skill_die=6, named_modifiers=(("Interrogating a captive", 1),)))
    assert sorted(d.sides for d in pool.dice) == [8, 8]
    assert "Interrogating a captive +1" in pool.explanation


def test_r_opp_1_pairs_come_from_the_tables():
    assert skill_modifiers.opposed_skill("myz", "sneak") == "scout"
    assert skill_modifiers.opposed_skill("myz", "manipulate") == "sense-emotion"
    assert skill_modifiers.opposed_skill("myz", "intimidate") == "intimidate"
    assert skill_modifiers.opposed_only_by_role("myz", "intimidate") == "enforcer"
    assert skill_modifiers.opposed_only_by_role("myz", "sneak") is None
    assert skill_modifiers.opposed_skill("myz", "fight") is None
    assert skill_modifiers.opposed_skill("yze", "stealth") == "observation"
    assert skill_modifiers.opposed_skill("yze", "manipulation") == "insight"
    picked = skill_modifiers.resolve("yze", "manipulation", ["interrogation"])
    assert skill_modifiers.opposed_skill("yze", "manipulation", picked) == "stamina"


def test_myz_role_skill_uses_ask_for_their_detail():
    picked = skill_modifiers.resolve("myz", "find-the-path", ["enter-sector=  B7 "])
    assert picked[0].detail == "B7" and picked[0].key == "enter-sector=B7" and picked[0].modifier.modifier == 0
    with pytest.raises(RulesError, match="needs a detail"):
        skill_modifiers.resolve("myz", "find-the-path", ["enter-sector"])
    with pytest.raises(RulesError, match="takes no detail"):
        skill_modifiers.resolve("myz", "make-a-deal", ["side-deal=now"])
    with pytest.raises(RulesError, match="too long"):
        skill_modifiers.resolve("myz", "jury-rig", ["device=" + "x" * 61])
