"""Exact Year Zero odds (gmconsole.families.yearzero.rules.odds) against icepool and against closed forms.

The icepool reference model (tests/icepool_reference.py, shared with bench/odds.py) follows the
rules die by die, face by face (R-PUSH-1, R-PUSH-3, R-PUSH-5, R-PUSH-6, R-ART-1); every figure is
compared exactly, with skill 1s staying (``skill_ones="stay"``, the default) and rerolled (``blank``).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from icepool_reference import _successes, stays_on_one
from icepool_reference import icepool_year_zero_odds as icepool_odds

from gmconsole.families.yearzero.rules.odds import YearZeroOdds, year_zero_odds
from gmconsole.rules.dice import Die, DieKind
from gmconsole.rules.errors import RulesError

TOLERANCE = 1e-12

BASE = Die(DieKind.BASE)
SKILL = Die(DieKind.SKILL)
GEAR = Die(DieKind.GEAR, source="rifle")
STRESS = Die(DieKind.STRESS)


def artifact(sides: int) -> Die:
    return Die(DieKind.ARTIFACT, sides, source=f"relic d{sides}")


def step(sides: int, source: str = "skill") -> Die:
    return Die(DieKind.STEP, sides, source=source)


def assert_matches_icepool(dice: list[Die], **options) -> YearZeroOdds:
    ours = year_zero_odds(dice, **options)
    expected = icepool_odds(dice, **options)
    got = ours.as_dict()
    assert set(got) == set(expected)
    for key in ("p_success", "p_success_with_push", "expected_successes", "p_panic", "p_panic_with_push"):
        if key in expected:
            assert got[key] == pytest.approx(float(expected[key]), abs=TOLERANCE), key
    assert len(got["distribution"]) == len(expected["distribution"])
    for mine, theirs in zip(got["distribution"], expected["distribution"]):
        assert mine == pytest.approx(float(theirs), abs=TOLERANCE)
    assert set(got["p_bane_after_push"]) == set(expected["p_bane_after_push"])
    for kind, p in expected["p_bane_after_push"].items():
        assert got["p_bane_after_push"][kind] == pytest.approx(float(p), abs=TOLERANCE), kind
    return ours


# ---------------------------------------------------------------------------------------------
# Named pools against icepool.

POOLS = {
    "one base die": [BASE],
    "myz attribute 3 skill 2 gear 1": [BASE] * 3 + [SKILL] * 2 + [GEAR],
    "skill dice only": [SKILL] * 4,
    "gear dice from two items": [GEAR, GEAR, Die(DieKind.GEAR, source="rope")],
    "two artifact dice d8 and d12": [BASE] * 2 + [SKILL, artifact(8), artifact(12)],
    "two artifact dice d10 d10": [BASE, artifact(10), artifact(10)],
    "yze-step A and C": [step(12, "skill"), step(8, "attribute")],
    "yze-step D12 pair with artifact": [step(12), step(12, "attribute"), artifact(10)],
    "yze-step D6 alone": [step(6, "attribute")],
    "yze-step D10 D8 with gear": [step(10), step(8, "attribute"), GEAR],
    "stress 2 with base and skill": [BASE] * 2 + [SKILL] + [STRESS] * 2,
    "stress only": [STRESS] * 3,
    "everything": [BASE, SKILL, GEAR, STRESS, artifact(12), step(10)],
}


@pytest.mark.parametrize("skill_ones", ["stay", "blank"])
@pytest.mark.parametrize("stress_dice_push", [False, True])
@pytest.mark.parametrize("can_push", [True, False])
@pytest.mark.parametrize("name", sorted(POOLS))
def test_R_ART_1_R_PUSH_1_R_PUSH_3_R_PUSH_5_named_pools_match_icepool(name, can_push, stress_dice_push, skill_ones):
    assert_matches_icepool(POOLS[name], can_push=can_push, stress_dice_push=stress_dice_push, skill_ones=skill_ones)


@pytest.mark.parametrize("skill_ones", ["stay", "blank"])
def test_R_PUSH_1_larger_mixed_pool_matches_icepool(skill_ones):
    pool = [BASE] * 4 + [SKILL] * 3 + [GEAR] * 2 + [STRESS] * 2 + [artifact(8), artifact(12)]
    assert_matches_icepool(pool, stress_dice_push=True, skill_ones=skill_ones)


_KIND_SIDES = {
    DieKind.BASE: [6],
    DieKind.SKILL: [6],
    DieKind.GEAR: [6],
    DieKind.STRESS: [6],
    DieKind.ARTIFACT: [8, 10, 12],
    DieKind.STEP: [6, 8, 10, 12],
}

random_die = st.sampled_from(sorted(_KIND_SIDES, key=lambda k: k.value)).flatmap(
    lambda kind: st.sampled_from(_KIND_SIDES[kind]).map(lambda sides: Die(kind, sides))
)


@settings(max_examples=60, deadline=None)
@given(
    dice=st.lists(random_die, min_size=1, max_size=7),
    stress_dice_push=st.booleans(),
    can_push=st.booleans(),
    skill_ones=st.sampled_from(["stay", "blank"]),
)
def test_R_ART_1_R_PUSH_1_R_PUSH_3_R_PUSH_5_random_pools_match_icepool(dice, stress_dice_push, can_push, skill_ones):
    assert_matches_icepool(dice, stress_dice_push=stress_dice_push, can_push=can_push, skill_ones=skill_ones)


# ---------------------------------------------------------------------------------------------
# A third check without icepool: enumerate every first roll and every push literally.


def brute_force_p_success_with_push(dice: list[Die], *, stress_dice_push: bool, skill_ones: str = "stay") -> Fraction:
    """Walk every first roll; push a failed one unless a stress die shows 1 (R-PUSH-3), rerolling
    exactly the dice R-PUSH-1 / R-PUSH-5 say, plus the push's stress die; count the rolls that end in success."""
    kinds = [d.kind for d in dice]
    won = Fraction(0)
    for first in itertools.product(*(range(1, d.sides + 1) for d in dice)):
        p_first = Fraction(1, math.prod(d.sides for d in dice))
        if any(_successes(f) for f in first):
            won += p_first
            continue
        if any(k is DieKind.STRESS and f == 1 for k, f in zip(kinds, first)):
            continue
        rerolled = [d for d, f in zip(dice, first) if not (f == 1 and stays_on_one(d.kind, skill_ones))]
        if stress_dice_push:
            rerolled.append(STRESS)
        for faces in itertools.product(*(range(1, d.sides + 1) for d in rerolled)):
            if any(_successes(f) for f in faces):
                won += p_first * Fraction(1, math.prod(d.sides for d in rerolled))
    return won


@pytest.mark.parametrize("skill_ones", ["stay", "blank"])
@pytest.mark.parametrize(
    "dice, stress_dice_push",
    [
        ([BASE, SKILL, GEAR], False),
        ([BASE, STRESS], True),
        ([SKILL, artifact(12)], False),
        ([SKILL, SKILL, STRESS], True),
        ([step(12), step(8, "attribute")], False),
        ([STRESS, artifact(10)], True),
    ],
)
def test_R_PUSH_1_R_PUSH_3_R_PUSH_5_push_odds_match_a_literal_enumeration(dice, stress_dice_push, skill_ones):
    odds = year_zero_odds(dice, stress_dice_push=stress_dice_push, skill_ones=skill_ones)
    expected = brute_force_p_success_with_push(dice, stress_dice_push=stress_dice_push, skill_ones=skill_ones)
    assert odds.p_success_with_push == pytest.approx(float(expected), abs=TOLERANCE)


# ---------------------------------------------------------------------------------------------
# Closed forms, worked out by hand.


@pytest.mark.parametrize("n", [1, 2, 5, 10, 30])
def test_n_base_dice_closed_forms(n):
    odds = year_zero_odds([BASE] * n)
    assert odds.p_success == pytest.approx(1 - (5 / 6) ** n, abs=TOLERANCE)
    # R-PUSH-1 per die, given all failed: a 1 (1 in 5) stays, 2-5 reroll and fail 5 times in 6.
    assert odds.p_success_with_push == pytest.approx(1 - (1 / 6 + 4 / 6 * 5 / 6) ** n, abs=TOLERANCE)
    # A base 1 after the push: the 1 stayed (1/5) or a 2-5 was rerolled to 1 (4/5 * 1/6) = 1/3; but a
    # roll of nothing but 1s (1 in 5**n failed rolls) is never pushed (R-PUSH-6), so it is left out.
    all_ones = (1 / 5) ** n
    p_bane = (1 - (2 / 3) ** n - all_ones) / (1 - all_ones)
    assert odds.p_bane_after_push == {"base": pytest.approx(p_bane, abs=TOLERANCE)}
    assert odds.expected_successes == pytest.approx(n / 6, abs=TOLERANCE)
    assert sum(odds.distribution) == pytest.approx(1.0, abs=TOLERANCE)
    assert odds.p_panic is None and odds.p_panic_with_push is None


def test_r_push_1_skill_ones_stay_so_skill_dice_push_like_base_dice():
    base = year_zero_odds([BASE] * 3)
    skill = year_zero_odds([SKILL] * 3)
    assert skill.p_success_with_push == base.p_success_with_push
    assert skill.p_success_with_push == pytest.approx(1 - (5 / 6) ** 3 * (26 / 30) ** 3, abs=TOLERANCE)
    assert skill.p_bane_after_push == {}


def test_r_push_1_odds_of_myz_base_2_skill_2_are_the_seeds_0_727928():
    """Every 1 stays (seeds 000 and 002): per die, a failed die stays failed with 1/5 + 4/5 * 5/6 = 26/30."""
    odds = year_zero_odds([BASE] * 2 + [SKILL] * 2)
    assert round(odds.p_success_with_push, 6) == 0.727928
    assert odds.p_success_with_push == pytest.approx(1 - (5 / 6) ** 4 * (26 / 30) ** 4, abs=TOLERANCE)
    assert round(year_zero_odds([BASE] * 2 + [SKILL] * 2, skill_ones="blank").p_success_with_push, 6) == 0.748454


def test_r_push_5_blank_skill_ones_reroll_so_skill_dice_push_like_fresh_dice():
    odds = year_zero_odds([SKILL] * 3, skill_ones="blank")
    assert odds.p_success_with_push == pytest.approx(1 - (5 / 6) ** 6, abs=TOLERANCE)
    assert odds.p_bane_after_push == {}
    assert year_zero_odds([BASE] * 3, skill_ones="blank").p_success_with_push < odds.p_success_with_push
    with pytest.raises(RulesError, match="R-PUSH-5"):
        year_zero_odds([SKILL], skill_ones="marked")


def test_R_ART_1_d12_artifact_alone():
    odds = year_zero_odds([artifact(12)])
    assert odds.distribution == pytest.approx((5 / 12, 4 / 12, 3 / 12), abs=TOLERANCE)
    assert odds.p_success == pytest.approx(7 / 12, abs=TOLERANCE)
    assert odds.expected_successes == pytest.approx(10 / 12, abs=TOLERANCE)
    # An artifact 1 stays (R-PUSH-1): a failed die stays failed with 1/5 + 4/5 * 5/12.
    assert odds.p_success_with_push == pytest.approx(1 - 5 / 12 * (1 / 5 + 4 / 5 * 5 / 12), abs=TOLERANCE)


def test_R_ART_1_d10_counts_two_only_on_ten_and_d8_never_two():
    d10 = year_zero_odds([artifact(10)])
    d8 = year_zero_odds([artifact(8)])
    assert d10.distribution == pytest.approx((5 / 10, 4 / 10, 1 / 10), abs=TOLERANCE)
    assert d8.distribution == pytest.approx((5 / 8, 3 / 8), abs=TOLERANCE)


def test_R_PUSH_1_step_d12_pair():
    odds = year_zero_odds([step(12), step(12, "attribute")])
    assert odds.p_success == pytest.approx(1 - (5 / 12) ** 2, abs=TOLERANCE)
    # Given a failed first roll each step die: a 1 stays (1/5), 2-5 reroll and fail 5 times in 12.
    fail_after_push = 1 / 5 + 4 / 5 * 5 / 12
    assert odds.p_success_with_push == pytest.approx(1 - (5 / 12) ** 2 * fail_after_push**2, abs=TOLERANCE)
    one_after_push = 1 / 5 + 4 / 5 * 1 / 12
    all_ones = (1 / 5) ** 2  # a failed roll of two 1s is never pushed (R-PUSH-6)
    p_bane = (1 - (1 - one_after_push) ** 2 - all_ones) / (1 - all_ones)
    assert odds.p_bane_after_push == {"step": pytest.approx(p_bane, abs=TOLERANCE)}
    assert odds.distribution[4] == pytest.approx((3 / 12) ** 2, abs=TOLERANCE)


@pytest.mark.parametrize("base, stress", [(2, 1), (3, 2), (0, 3)])
def test_R_PUSH_3_stress_dice_push_closed_forms(base, stress):
    odds = year_zero_odds([BASE] * base + [STRESS] * stress, stress_dice_push=True)
    assert odds.p_panic == pytest.approx(1 - (5 / 6) ** stress, abs=TOLERANCE)
    # The push happens only with no success and no stress 1 (R-PUSH-3): base 1-5, stress 2-5.
    p_pushed = (5 / 6) ** base * (4 / 6) ** stress
    # Pushed stress dice showed 2-5, so all are rerolled, plus the push's own stress die.
    assert odds.p_panic_with_push == pytest.approx(
        1 - (5 / 6) ** stress + p_pushed * (1 - (5 / 6) ** (stress + 1)), abs=TOLERANCE
    )
    fail_after = (1 / 5 + 4 / 5 * 5 / 6) ** base * (5 / 6) ** (stress + 1)
    assert odds.p_success_with_push == pytest.approx(odds.p_success + p_pushed * (1 - fail_after), abs=TOLERANCE)
    assert odds.p_bane_after_push["stress"] == pytest.approx(1 - (5 / 6) ** (stress + 1), abs=TOLERANCE)


def test_R_PUSH_3_stress_dice_push_without_stress_dice_panics_only_in_the_push():
    odds = year_zero_odds([BASE] * 2, stress_dice_push=True)
    assert odds.p_panic == 0.0
    assert odds.p_panic_with_push == pytest.approx((5 / 6) ** 2 * (1 / 6), abs=TOLERANCE)


def test_R_PUSH_3_a_first_roll_stress_one_forbids_the_push():
    # One stress die alone: it is pushed only when it showed 2-5, then rerolled.
    odds = year_zero_odds([STRESS])
    assert odds.p_success_with_push == pytest.approx(1 / 6 + 4 / 6 * 1 / 6, abs=TOLERANCE)
    assert odds.p_panic_with_push == pytest.approx(1 / 6 + 4 / 6 * 1 / 6, abs=TOLERANCE)


def test_a_roll_that_cannot_be_pushed_keeps_its_first_roll_odds():
    pool = [BASE] * 3 + [STRESS] * 2
    odds = year_zero_odds(pool, can_push=False, stress_dice_push=True)
    assert odds.p_success_with_push == odds.p_success
    assert odds.p_panic_with_push == odds.p_panic
    assert odds.p_bane_after_push == year_zero_odds(pool, stress_dice_push=True).p_bane_after_push


def test_empty_pool_has_no_chance():
    odds = year_zero_odds([])
    assert odds == YearZeroOdds(0.0, 0.0, (1.0,), 0.0, {}, None, None)
    assert odds.as_dict() == {
        "p_success": 0.0,
        "p_success_with_push": 0.0,
        "distribution": [1.0],
        "expected_successes": 0.0,
        "p_bane_after_push": {},
    }
    with_stress_push = year_zero_odds([], stress_dice_push=True)
    assert with_stress_push.p_success_with_push == 0.0
    assert with_stress_push.as_dict()["p_panic"] == 0.0
    assert with_stress_push.as_dict()["p_panic_with_push"] == 0.0


def test_as_dict_shows_panic_only_for_stress_pools():
    plain = year_zero_odds([BASE, SKILL]).as_dict()
    assert "p_panic" not in plain and "p_panic_with_push" not in plain
    stressed = year_zero_odds([BASE, STRESS]).as_dict()
    assert stressed["p_panic"] == pytest.approx(1 / 6, abs=TOLERANCE)
    assert isinstance(stressed["distribution"], list)
    assert set(stressed["p_bane_after_push"]) == {"base", "stress"}


def test_thirty_dice_stay_exact():
    pool = [BASE] * 10 + [SKILL] * 10 + [GEAR] * 4 + [STRESS] * 4 + [artifact(10), artifact(12)]
    odds = year_zero_odds(pool, stress_dice_push=True)
    assert sum(odds.distribution) == pytest.approx(1.0, abs=TOLERANCE)
    assert odds.expected_successes == pytest.approx(28 / 6 + 6 / 10 + 10 / 12, abs=TOLERANCE)
    assert odds.distribution[-1] == pytest.approx((1 / 6) ** 28 * (1 / 10) * (3 / 12), rel=1e-12)


@pytest.mark.parametrize(
    "die, message",
    [
        (Die(DieKind.TRAIT, 8), "trait"),
        (Die(DieKind.BASE, 4), "d4"),
        (Die(DieKind.STRESS, 8), "stress dice are always d6"),
    ],
)
def test_dice_that_are_not_year_zero_dice_are_refused(die, message):
    with pytest.raises(RulesError, match=message):
        year_zero_odds([BASE, die])


@pytest.mark.parametrize("skill_ones", ["stay", "blank"])
@pytest.mark.parametrize("name", ["myz attribute 3 skill 2 gear 1", "skill dice only", "everything",
                                  "stress 2 with base and skill"])
def test_r_myz_trauma_skill_bane_figures_match_icepool(name, skill_ones):
    """In myz a skill 1 after the push is trauma (R-MYZ-TRAUMA), so it gets a bane figure — while it stays."""
    odds = assert_matches_icepool(POOLS[name], skill_ones=skill_ones, skill_banes=True)
    assert ("skill" in odds.p_bane_after_push) == (skill_ones == "stay")


def test_r_myz_trauma_skill_bane_closed_form():
    odds = year_zero_odds([BASE, SKILL, SKILL], skill_banes=True)
    all_ones = (1 / 5) ** 3  # never pushed (R-PUSH-6)
    assert odds.p_bane_after_push["skill"] == pytest.approx(
        (1 - (2 / 3) ** 2 - all_ones) / (1 - all_ones), abs=TOLERANCE)
    assert list(odds.p_bane_after_push) == ["base", "skill"]
