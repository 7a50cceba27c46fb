"""The push odds in the GM's language: the panic rows a push can land on by their data-file zh-Hant
names (not their ids, ``drop-item``) and every cost with what it falls on in words (an attribute by its
zh-Hant name), as ``families/yearzero/rules/builder_words.py`` gives them to the push-odds line and screen."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules.builder_words import cost_label, cost_rows, panic_rows
from gmconsole.families.yearzero.rules.pool import PoolRequest, build_pool
from gmconsole.families.yearzero.rules.push_odds import push_odds
from gmconsole.families.yearzero.rules.roll import roll
from gmconsole.i18n import set_language
from gmconsole.rules.dice import DiceSource


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def _stress_dice_odds():
    """A yze roll with two stress dice, none showing 1: its push adds a third, so D6 + 3 can panic (4-9)."""
    pool = build_pool(PoolRequest("yze", "wits", 2, stress=2, push_cost="stress-dice"))
    return push_odds(roll(pool, DiceSource(faces={"base": [2, 3], "stress": [2, 3]})))


def _damage_stress_odds():
    pool = build_pool(PoolRequest("yze", "strength", 3, push_cost="damage-stress"))
    return push_odds(roll(pool, DiceSource(faces={"base": [2, 3, 4]})))


def test_panic_rows_of_a_push_read_by_their_zh_hant_names(zh_hant):
    rows = panic_rows(_stress_dice_odds())
    assert [name for name, _p in rows] == ["撐住了", "神經性抽搐", "顫抖", "掉落物品"]
    assert all(p > 0 for _name, p in rows)


def test_costs_of_a_push_are_named_in_zh_hant_with_what_they_fall_on(zh_hant):
    assert [label for label, _dist in cost_rows(_stress_dice_odds(), "yze")] == ["壓力"]
    labels = [label for label, _dist in cost_rows(_damage_stress_odds(), "yze")]
    assert labels == ["傷害（力量）"]
    assert cost_label("myz", "trauma", "dog") == "創傷（狗）"
    assert cost_label("myz", "gear_damage", "Scrap rifle") == "裝備損傷（Scrap rifle）"


def test_the_push_odds_words_stay_english_in_english():
    assert [name for name, _p in panic_rows(_stress_dice_odds())] == [
        "Keeping it together", "Nervous twitch", "Tremble", "Drop item"]
    assert [label for label, _dist in cost_rows(_damage_stress_odds(), "yze")] == ["damage (Strength)"]
    assert cost_label("myz", "mutation_points", None) == "mutation points"
