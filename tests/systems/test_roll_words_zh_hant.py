"""The roll builder's odds words in Traditional Chinese: the tiered odds line names each tier by
its data-file zh-Hant name, and the English line stays as the history has always shown it."""

from __future__ import annotations

import pytest

from gmconsole import systems
from gmconsole.i18n import set_language

ODDS = {"critical": 0.196, "great": 0.402, "mixed": 0.371, "limited": 0.031}


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def test_the_tiered_odds_line_names_the_tiers_in_zh_hant(zh_hant):
    assert systems.get("tiered").odds_words(ODDS) == "大成功 19.6% · 成功 40.2% · 部分成功 37.1% · 有限成果 3.1%"


def test_the_tiered_odds_line_stays_english_in_english():
    assert systems.get("tiered").odds_words(ODDS) == "critical 19.6% · great 40.2% · mixed 37.1% · limited 3.1%"


def _tn_lines() -> list[str]:
    from gmconsole.families.exploding.rules.target import build_target_number

    return build_target_number("standard", ["social.hostile"], wounds=1, untrained=True, adjustments=(1,)).explain()


def test_an_exploding_target_number_explains_itself_in_zh_hant(zh_hant):
    assert _tn_lines() == ["標準難度：3", "對玩家角色的態度：敵對：+4", "傷勢 x1（每個 +1）：+1", "未受訓練：+4",
                           "主持人調整值：+1", "目標值 = 13"]


def test_an_exploding_target_number_stays_english_in_english():
    assert _tn_lines() == ["Standard difficulty: 3", "Attitude to PC: Hostile: +4", "Wound x1 (+1 each): +1",
                           "Untrained: +4", "GM modifier: +1", "TN = 13"]


def test_a_system_names_itself_and_its_no_skill_choice_in_zh_hant(zh_hant):
    assert systems.get("yze").title == "零年引擎（骰池）"
    assert systems.get("tiered").no_skill_label == "（無技能：只擲屬性）"


def test_a_system_names_itself_in_english_in_english():
    assert systems.get("myz").title == "Mutant: Year Zero"
    assert systems.get("exploding").no_skill_label == "(no skill: trait die alone, untrained)"


def test_a_named_skill_modifier_reads_by_its_zh_hant_name(zh_hant):
    from gmconsole.families.yearzero.rules.skill_modifiers import resolve

    [dark] = resolve("yze", "stealth", ["dark"])
    assert dark.modifier.label() == "該區域昏暗或光線微弱 +1"
    set_language(None)
    assert dark.modifier.label() == "The area is dark or dimly lit +1"
