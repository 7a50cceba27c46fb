"""The panic roll: D6 + stress on the table, effects on other PCs as data, escalation as a setting."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from gmconsole.families.yearzero.rules.panic import panic_roll, panic_row, panic_table
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def typed(face: int) -> DiceSource:
    return DiceSource(faces={"dice": [face]})


def test_R_PANIC_1_table_covers_every_total_in_both_languages():
    rows = panic_table()
    assert rows[0]["min"] == 1 and rows[0]["max"] == 6
    for low, high in pairwise(rows):
        assert high["min"] == low["max"] + 1
    for row in rows:
        assert row["name"]["en"] and row["name"]["zh-Hant"]
        assert row["text"]["en"] and row["text"]["zh-Hant"]
    assert [panic_row(t)["id"] for t in (1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 40)] == [
        "keeping-it-together", "keeping-it-together", "nervous-twitch", "tremble", "drop-item", "freeze",
        "seek-cover", "scream", "flee", "berserk", "catatonic", "catatonic",
    ]
    assert panic_row(12)["name"]["zh-Hant"] == "尖叫"


def test_R_PANIC_1_nervous_twitch_gives_stress_to_you_and_pcs_at_short_range():
    result = panic_roll(4, typed(3))
    assert result.total == 7 and result.effect == "nervous-twitch"
    assert result.others.stress == 1 and result.others.stress_range == "short"
    assert result.others.panic_roll is None
    assert result.stress_change == 1


def test_R_PANIC_1_seek_cover_moves_stress_from_you_to_others():
    result = panic_roll(5, typed(6))
    assert result.effect == "seek-cover"
    assert result.stress_change == -1 and result.others.stress == 1


@pytest.mark.parametrize(
    "stress,face,effect,chain", [(6, 6, "scream", "hear"), (9, 4, "flee", "hear"), (10, 4, "berserk", "see")]
)
def test_R_PANIC_1_chained_panic_rolls_for_those_who_hear_or_see(stress, face, effect, chain):
    result = panic_roll(stress, typed(face))
    assert result.effect == effect
    assert result.others.panic_roll == chain and result.others.any
    assert result.as_dict()["others"]["panic_roll"] == chain


def test_R_PANIC_1_low_totals_keep_it_together_and_tremble_is_minus_2_agility():
    calm = panic_roll(0, typed(6))
    assert calm.effect == "keeping-it-together" and not calm.others.any and calm.stress_change == 0
    tremble = panic_roll(2, typed(6))
    assert tremble.as_dict()["agility_modifier"] == -2
    assert panic_roll(5, typed(5)).lose_action


def test_R_PANIC_2_escalation_is_a_setting():
    assert panic_roll(3, typed(5), current_panic=10).total == 8
    escalated = panic_roll(3, typed(5), current_panic=10, escalation=True)
    assert escalated.total == 11 and escalated.escalated and escalated.effect == "seek-cover"
    higher = panic_roll(8, typed(5), current_panic=10, escalation=True)
    assert higher.total == 13 and not higher.escalated


def test_panic_roll_with_seeded_rng_and_bad_input():
    a = panic_roll(3, DiceSource(rng=random.Random(5)))
    b = panic_roll(3, DiceSource(rng=random.Random(5)))
    assert a == b and 4 <= a.total <= 9
    with pytest.raises(RulesError):
        panic_roll(-1, typed(3))
    with pytest.raises(RulesError, match=r"^7 is not a face of a d6$"):
        panic_roll(2, typed(7))


def test_R_PANIC_1_only_the_rows_that_reach_others_spread():
    """"Who is in range" is asked only for a row that reaches other PCs. The data
    marks those rows (others_stress / others_panic); each row's own words must agree with the mark."""
    from gmconsole.families.yearzero.rules.panic import panic_table, row_spreads

    spreading = {row["id"] for row in panic_table() if row_spreads(row)}
    assert spreading == {"nervous-twitch", "seek-cover", "scream", "flee", "berserk"}
    for row in panic_table():
        words = row["text"]["en"]
        assert row_spreads(row) == ("every PC" in words or "Every PC" in words), row["id"]


def test_R_PANIC_1_a_result_says_whether_it_spreads():
    calm = panic_roll(0, DiceSource(faces={"dice": [3]}))
    scream = panic_roll(6, DiceSource(faces={"dice": [6]}))
    assert not calm.spreads and calm.as_dict()["spreads"] is False
    assert scream.effect == "scream" and scream.spreads and scream.as_dict()["spreads"] is True
