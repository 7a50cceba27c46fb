"""The help screen's rules reference in Traditional Chinese: every title and line of
``data/rules_help.toml`` carries its zh-Hant text, the help shows the console's language, R-ids read the same
in both, and docs/RULES.md (written from the English) does not change."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from gmconsole.i18n import set_language
from gmconsole.ui.screens.help import rules_sections

TABLE = Path(__file__).resolve().parents[2] / "data" / "rules_help.toml"
RULE_ID = re.compile(r"R-[A-Z]+(?:-[A-Z0-9]+)*")
HAN = re.compile(r"[\u4e00-\u9fff]")


def _table() -> list[dict]:
    with TABLE.open("rb") as fh:
        return tomllib.load(fh)["sections"]


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def test_every_title_and_line_has_its_zh_hant_text():
    missing = []
    for section in _table():
        for text in [section["title"], *section["lines"]]:
            if not isinstance(text, dict) or not HAN.search(text.get("zh-Hant", "")):
                missing.append(text if isinstance(text, str) else text.get("en"))
    assert not missing, "give these a zh-Hant text in data/rules_help.toml:\n" + "\n".join(missing)


def test_a_line_keeps_its_rule_ids_in_chinese():
    for section in _table():
        for line in section["lines"]:
            assert RULE_ID.findall(line["zh-Hant"]) == RULE_ID.findall(line["en"]), line["en"]


@pytest.mark.parametrize(("system", "title", "line"), [
    ("myz", "強推的代價（myz）",
     "R-MYZ-SPEC（myz）：職業的專長技能需要等級 1 以上；以等級 0 擲骰會被拒絕。"),
    ("yze", "恐慌（yze，壓力骰）",
     "R-PUSH-3（yze，壓力骰）：壓力骰擲出 1 的擲骰會立即引發恐慌，且不能再強推。"),
    ("yze-step", "強推的代價（yze）",
     "R-STEP-1（階級骰）：+1 將一顆骰子升一階，-1 降一階，並保持兩顆骰子平衡（先升較小的骰子，先降較大的骰子）；"
     "最多兩顆 D12；D6 再降階即移除；至少保留一顆 D6。"),
    ("exploding", "爆骰", "R-EXP-4：對抗檢定中最高骰較高者勝；平局歸防守方（設定）。"),
    ("tiered", "分級結果", "R-TIER-2：骰池為 0 顆或更少時改擲 2d6 取較低者；不可能是大成功。"),
])
def test_the_rules_reference_reads_in_zh_hant_for_each_system(zh_hant, system, title, line):
    sections = rules_sections(system)
    assert title in [s["title"] for s in sections]
    lines = [text for s in sections for text in s["lines"]]
    assert line in lines
    assert "先攻" in [s["title"] for s in sections]
    assert not [text for text in lines if not HAN.search(text)]


def test_the_rules_reference_stays_english_in_english():
    sections = rules_sections("tiered")
    assert [s["title"] for s in sections] == ["Tiered results", "Initiative", "Dice rolled by hand"]
    assert "R-TIER-2: a pool of 0 or fewer dice rolls 2d6 and keeps the lowest; it cannot be Critical." in sections[0][
        "lines"]


@pytest.mark.parametrize(("rule", "systems", "en", "zh"), [
    ("R-ART-3", ("myz", "yze", "yze-step"), "both are rolled: its gear dice (its current bonus) and its artifact die",
     "兩者都要擲：它的裝備骰（目前的加值）與它的神器骰"),
    ("R-STUNT-1", ("myz",), "Move (one friend helped per 6)", "移動（每個 6 幫助一位同伴）"),
    ("R-PUSH-8", ("yze", "yze-step"), "skill and gear 1s cost nothing in this option",
     "技能骰與裝備骰的 1 不需付出代價"),
])
def test_the_readings_added_on_2026_12_03_are_in_the_help_in_both_languages(rule, systems, en, zh):
    """RULES.md's change log of 2026-12-03: R-ART-3, R-STUNT-1 and R-PUSH-8 are new; the help names each,
    as RULES.md words it, for the systems it applies to."""
    for system in systems:
        english = [line for s in rules_sections(system) for line in s["lines"] if rule in line]
        assert english and en in english[0], (system, rule)
        set_language("zh-Hant")
        chinese = [line for s in rules_sections(system) for line in s["lines"] if rule in line]
        set_language(None)
        assert chinese and zh in chinese[0], (system, rule)
