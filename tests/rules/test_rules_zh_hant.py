"""The rules' refusals in Traditional Chinese: what the GM reads when the rules say no — a pool too
big, a second push, an initiative error — is in zh-Hant with the zh-Hant seed's words, and the same refusal
in English is unchanged, byte for byte."""

from __future__ import annotations

import random
import re

import pytest

from gmconsole.families.tiered.rules.roll import build_pool as tiered_pool
from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool, push, roll
from gmconsole.i18n import set_language
from gmconsole.rules import initiative as ini
from gmconsole.rules.dice import MAX_DICE, DiceSource
from gmconsole.rules.errors import RulesError

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
"""A run of three ASCII letters: an English word left in a Chinese sentence (R-ids are taken out first)."""


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def _refusal(call, *args, **kwargs) -> str:
    with pytest.raises(RulesError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def _english_left(text: str) -> list[str]:
    return ENGLISH_WORD.findall(re.sub(r"R-[A-Z]+(-[A-Z0-9]+)*", " ", text))


def _pushed_once():
    pool = build_pool(PoolRequest("myz", "agility", 3, "shoot", 2, gear=(("Scrap rifle", 1),)))
    first = roll(pool, DiceSource(faces={"base": [2, 2, 2], "skill": [2, 2], "gear": [2]}))
    return push(first, DiceSource(rng=random.Random(1)))


def _conflict_with(name: str):
    state = ini.start("cards", random.Random(3))
    state, _draw = ini.draw(state, name, random.Random(4))
    return state


def test_a_pool_too_big_is_refused_in_zh_hant(zh_hant):
    said = _refusal(build_pool, PoolRequest("yze", "wits", MAX_DICE, skill_level=MAX_DICE))
    assert said == f"{2 * MAX_DICE} 顆骰子的骰池太大了（最多 {MAX_DICE} 顆）"


def test_a_second_push_is_refused_in_zh_hant(zh_hant):
    said = _refusal(push, _pushed_once(), DiceSource(rng=random.Random(2)))
    assert said == "此擲骰已強推過：每次擲骰只能強推一次（R-PUSH-2）"
    assert not _english_left(said)


def test_initiative_errors_are_in_zh_hant(zh_hant):
    state = _conflict_with("Ann")
    assert _refusal(ini.draw, state, "Ann", random.Random(5)) == "Ann 在這場衝突中已有先攻"
    assert _refusal(ini.draw, state, "Bo", speed=9) == f"Bo的速度必須介於 1 到 {ini.MAX_SPEED}"
    assert _refusal(ini.start, "dice") == "未知的先攻模式 'dice'：請用 cards、roll 或 manual"


def test_a_tiered_limit_is_in_zh_hant(zh_hant):
    said = _refusal(tiered_pool, attribute=2, skill=1, bonus=3)
    assert said == "一次檢定最多只能有 +2 顆加值骰（R-TIER-1），不是 +3"


def test_the_same_refusals_stay_english_in_english():
    said = _refusal(build_pool, PoolRequest("yze", "wits", MAX_DICE, skill_level=MAX_DICE))
    assert said == f"a pool of {2 * MAX_DICE} dice is too big (at most {MAX_DICE})"
    assert _refusal(push, _pushed_once(), DiceSource(rng=random.Random(2))) == (
        "this roll was already pushed: a roll can be pushed only once (R-PUSH-2)")
    assert _refusal(ini.draw, _conflict_with("Ann"), "Ann") == "Ann already has initiative in this conflict"
