"""R-PUSH-7: a push of a roll no character owns (the GM's own roll) charges nobody.

Under the ``stress-dice`` push cost a character's push adds one stress die (R-STRESS-1: they gain a
stress and roll as many stress dice as their stress); the GM has no stress, so the GM's push adds none.
Stress dice the GM put in the pool stay in it and are pushed like any other die (R-PUSH-1). The push
odds follow; a character's roll of the same pool keeps the stress die.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gmconsole.families.yearzero.rules.pool import PoolRequest, build_pool
from gmconsole.families.yearzero.rules.push_odds import push_odds
from gmconsole.families.yearzero.rules.roll import push, push_counts, roll
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError

GM_POOL = PoolRequest("yze", attribute_value=2, stress=2, push_cost="stress-dice", attribute_name="")


def _kinds(r, kind: str) -> list[tuple[int, bool]]:
    return [(d.face, d.rerolled) for d in r.dice if d.kind.value == kind]


def test_R_PUSH_7_the_gms_push_adds_no_stress_die_and_pushes_the_stress_dice_in_the_pool():
    first = roll(build_pool(GM_POOL), DiceSource(faces={"base": [2, 3], "stress": [4, 6]}), owned=False)
    assert push_counts(first) == {"base": 2, "stress": 1}  # the 4 rerolls, the 6 stays; no new die
    pushed = push(first, DiceSource(faces={"base": [6, 1], "stress": [5]}))
    assert _kinds(pushed, "stress") == [(5, True), (6, False)]
    assert len(pushed.dice) == len(first.dice) == 4
    assert pushed.costs == () and not pushed.broken  # charges nobody
    # a face for a die the push does not roll
    with pytest.raises(RulesError, match=r"^stress: the push rerolls 1 die, 2 faces typed \('5,2'\)"):
        push(first, DiceSource(faces={"base": [6, 1], "stress": [5, 2]}))


def test_R_PUSH_7_a_characters_roll_of_the_same_pool_still_adds_the_stress_die():
    first = roll(build_pool(GM_POOL), DiceSource(faces={"base": [2, 3], "stress": [4, 6]}))
    assert push_counts(first) == {"base": 2, "stress": 2}  # R-STRESS-1: one more stress die
    pushed = push(first, DiceSource(faces={"base": [6, 2], "stress": [5, 3]}))
    assert len(pushed.dice) == 5


def test_R_PUSH_7_with_R_PUSH_6_a_gm_roll_with_nothing_to_reroll_cannot_be_pushed():
    """Without the push's own stress die the GM's push would roll nothing: refused (R-PUSH-6), where a
    character's push still rolls its new stress die."""
    faces = {"base": [6, 1], "stress": [6, 6]}
    gm = roll(build_pool(GM_POOL), DiceSource(faces=faces), owned=False)
    assert "R-PUSH-6" in (gm.push_refusal or "")
    assert roll(build_pool(GM_POOL), DiceSource(faces=faces)).push_refusal is None


def test_R_PUSH_7_the_push_odds_of_the_gms_roll_roll_only_its_own_dice():
    """The odds equal an enumeration of the dice the push rolls: the two rerolled base dice and the one
    rerolled stress die, no new one; panic only from that stress die; no cost."""
    first = roll(build_pool(GM_POOL), DiceSource(faces={"base": [2, 3], "stress": [4, 6]}), owned=False)
    odds = push_odds(first)
    assert odds.rerolled == 3 and odds.kept_successes == 1
    successes: dict[int, Fraction] = {}
    panic = Fraction(0)
    for base_a, base_b, stress in product(range(1, 7), repeat=3):
        pushed = push(first, DiceSource(faces={"base": [base_a, base_b], "stress": [stress]}))
        successes[pushed.successes] = successes.get(pushed.successes, 0) + Fraction(1, 216)
        panic += Fraction(1, 216) if pushed.panic else 0
    assert list(odds.distribution) == [successes.get(k, 0) for k in range(len(odds.distribution))]
    assert odds.p_panic == panic == Fraction(1, 6)
    assert odds.cost_distribution == {} and odds.cost_details == ()
    owned = push_odds(roll(build_pool(GM_POOL), DiceSource(faces={"base": [2, 3], "stress": [4, 6]})))
    assert owned.rerolled == 4 and owned.p_panic == 1 - Fraction(5, 6) ** 2


def test_R_PUSH_7_a_gm_pool_without_stress_dice_pushes_with_no_panic_chance():
    pool = build_pool(PoolRequest("yze", attribute_value=3, push_cost="stress-dice", attribute_name=""))
    first = roll(pool, DiceSource(faces={"base": [2, 3, 6]}), owned=False)
    odds = push_odds(first)
    assert odds.p_panic is None and odds.rerolled == 2
    assert push(first, DiceSource(faces={"base": [1, 4]})).panic is False
