"""Exact odds of the ``exploding`` system, checked against icepool and against the seeded roller."""

import math
import random
from fractions import Fraction
from itertools import product

import icepool
import pytest

from gmconsole.families.exploding.rules import odds as odds
from gmconsole.families.exploding.rules import roll as ex
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError

MAX_TN = 40


def icepool_top(sizes, max_target):
    """icepool's highest of exploding dice, deep enough that every P(top >= t <= max_target) is exact.

    A die truncated after ``depth`` explosions differs from the true one only above (depth+1)*N.
    """
    depth = max(math.ceil(max_target / s) for s in sizes)
    dice = [icepool.d(s).explode(depth=depth) for s in sizes]
    return dice[0] if len(dice) == 1 else icepool.highest(*dice)


@pytest.mark.parametrize("sizes", [(4,), (6,), (12,), (8, 8, 6), (4, 4, 12), (10, 12, 4), (6, 6, 6)])
def test_p_top_at_least_equals_icepool_exactly(sizes):
    top = icepool_top(sizes, MAX_TN)
    for tn in range(-2, MAX_TN + 1):
        expected = Fraction(top.probability(">=", tn))
        assert odds.p_top_at_least(sizes, tn) == expected, tn


@pytest.mark.parametrize("sizes", [(6,), (8, 8, 6), (4, 10)])
def test_top_distribution_equals_icepool_and_sums_to_one(sizes):
    bound = 30
    top = icepool_top(sizes, bound + 1)
    dist = odds.top_distribution(sizes, bound)
    for v in range(1, bound + 1):
        assert dist.probabilities[v] == Fraction(top.probability(v)), v
    assert sum(dist.probabilities.values()) + dist.above == 1


def test_plain_dice_without_explosions():
    assert odds.p_die_at_least(6, 6, explode=False) == Fraction(1, 6)
    assert odds.p_die_at_least(6, 7, explode=False) == 0
    assert odds.p_top_at_least([6, 6], 7, explode=False) == 0


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12])
def test_R_EXP_3_an_exploding_die_never_totals_its_maximum(sides):
    assert odds.p_die_at_least(sides, sides) == odds.p_die_at_least(sides, sides + 1) == Fraction(1, sides)
    dist = odds.top_distribution([sides, sides, sides], 3 * sides)
    assert dist.probabilities[sides] == 0 and dist.probabilities[2 * sides] == 0
    assert odds.p_success([sides, sides, sides], sides) == odds.p_success([sides, sides, sides], sides + 1)


def test_R_EXP_3_flat_spot_matches_brute_force_for_a_d4():
    # Enumerate every chain of up to 5 faces: totals 1..20 are reached only by these chains.
    counts = {}
    for length in range(1, 6):
        for chain in product(range(1, 5), repeat=length):
            if all(f == 4 for f in chain[:-1]) and (chain[-1] != 4 or length == 5):
                counts[sum(chain)] = counts.get(sum(chain), 0) + Fraction(1, 4**length)
    for target in range(1, 20):
        brute = sum((p for total, p in counts.items() if total >= target), Fraction(0))
        assert odds.p_die_at_least(4, target) == brute, target
    assert 4 not in counts and 8 not in counts


def test_R_EXP_2_critical_failure_odds_and_success_at_low_tns():
    assert odds.p_critical_failure([8, 8, 6]) == Fraction(1, 384)
    assert odds.p_success([8, 8, 6], 1) == 1 - Fraction(1, 384)
    assert odds.p_success([8, 8, 6], -3) == 1 - Fraction(1, 384)
    assert odds.p_success([8, 8, 6], 2) == odds.p_top_at_least([8, 8, 6], 2)


def test_check_odds_reports_both_figures():
    result = odds.check_odds([8, 8], 6, 6)
    assert result.dice == (8, 8, 6)
    assert result.p_success == 1 - Fraction(5, 8) ** 2 * Fraction(5, 6)
    assert result.as_dict()["p_critical_failure"] == pytest.approx(1 / 384)


def test_odds_refuse_dice_gmconsole_does_not_know():
    with pytest.raises(RulesError):
        odds.p_top_at_least([7], 4)
    with pytest.raises(RulesError):
        odds.p_top_at_least([], 4)
    with pytest.raises(RulesError):
        odds.top_distribution([6], 0)


def test_R_EXP_4_opposed_win_chance_matches_icepool():
    a, d = (6, 6, 8), (8, 10)
    ia, idf = icepool_top(a, 120), icepool_top(d, 120)
    expected = float((ia > idf).probability(True))
    assert float(odds.p_opposed_win(a, d)) == pytest.approx(expected, abs=1e-12)
    expected_active = float((ia >= idf).probability(True))
    assert float(odds.p_opposed_win(a, d, tie_goes_to="active")) == pytest.approx(expected_active, abs=1e-12)


def _tolerance(p, n):
    """Half-width that a binomial frequency leaves by chance less than once in a million runs (z = 5)."""
    return 5 * math.sqrt(p * (1 - p) / n) + 1e-9


@pytest.mark.parametrize("skill, trait, tn", [((8, 8), 6, 6), ((), 6, 8), ((4, 4), 4, 5), ((12, 12), 10, 14)])
def test_roller_matches_the_exact_odds(skill, trait, tn):
    rng = random.Random(20261129)
    n = 20000
    wins = crits = 0
    for _ in range(n):
        result = ex.roll_check(skill, trait, tn, DiceSource(rng=rng))
        wins += bool(result.success)
        crits += result.critical_failure
    exact = odds.check_odds(skill, trait, tn)
    assert abs(wins / n - float(exact.p_success)) < _tolerance(float(exact.p_success), n)
    assert abs(crits / n - float(exact.p_critical_failure)) < _tolerance(float(exact.p_critical_failure), n)


def test_roller_shows_the_flat_spot():
    rng = random.Random(3)
    tops = [ex.roll_check([], 6, 6, DiceSource(rng=rng)).top for _ in range(5000)]
    assert 6 not in tops and 12 not in tops
    assert any(t > 6 for t in tops)
