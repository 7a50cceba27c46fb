"""Exact odds of the ``tiered`` system, checked against icepool and against the seeded roller."""

import math
import random
from fractions import Fraction

import icepool
import pytest
from icepool_reference import icepool_tiers

from gmconsole.families.tiered.rules import odds as odds
from gmconsole.families.tiered.rules import roll as t
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 3, 4, 5, 6, 8, 10])
def test_tier_odds_equal_icepool(n):
    exact = odds.tier_odds(n)
    assert exact == icepool_tiers(n)
    assert sum(exact.values()) == 1


def test_R_TIER_2_a_pool_of_zero_or_less_is_never_critical():
    for n in (0, -1, -7):
        assert odds.tier_odds(n)[t.Tier.CRITICAL] == 0
        assert odds.tier_odds(n)[t.Tier.GREAT] == Fraction(1, 36)


def test_tier_odds_refuse_a_pool_out_of_range():
    with pytest.raises(RulesError):
        odds.tier_odds(101)


@pytest.mark.parametrize("score", [-2, 0, 1, 3, 4, 5, 6, 7, 10, 13])
def test_R_TIER_3_save_odds_equal_icepool(score):
    two_d6 = icepool.d6 + icepool.d6
    exact = odds.save_odds(score)
    assert exact.p_critical == Fraction(two_d6.probability(">=", 2 * score))
    assert exact.p_saved == Fraction(two_d6.probability(">=", score))
    assert exact.p_critical + exact.p_success + exact.p_failure == 1
    strict = odds.save_odds(score, strict_over=True)
    assert strict.p_critical == Fraction(two_d6.probability(">", 2 * score))
    assert strict.p_saved == Fraction(two_d6.probability(">", score))


@pytest.mark.parametrize("a, b", [(0, 0), (1, 0), (0, 3), (2, -1), (5, 0)])
def test_R_TIER_5_contested_win_chance_is_win_over_not_tie(a, b):
    side_a = icepool.d6 + icepool.d6 + a
    side_b = icepool.d6 + icepool.d6 + b
    win = Fraction((side_a > side_b).probability(True))
    tie = Fraction((side_a == side_b).probability(True))
    assert odds.contested_odds(a, b) == win / (1 - tie)
    assert odds.contested_odds(a, b) + odds.contested_odds(b, a) == 1


def test_R_TIER_4_damage_odds_follow_the_tiers():
    tiers = odds.tier_odds(3)
    dist = odds.damage_odds(3, weapon=8, melee=True, strength=2)
    assert dist == {
        2: tiers[t.Tier.LIMITED], 6: tiers[t.Tier.MIXED], 10: tiers[t.Tier.GREAT], 18: tiers[t.Tier.CRITICAL]
    }
    reckless = odds.damage_odds(3, weapon=8, melee=True, strength=2, reckless=True)
    assert reckless[18] == tiers[t.Tier.CRITICAL] + tiers[t.Tier.GREAT] and 2 not in reckless


def _tolerance(p, n):
    """Half-width a binomial frequency leaves by chance less than once in a million runs (z = 5)."""
    return 5 * math.sqrt(p * (1 - p) / n) + 1e-9


@pytest.mark.parametrize("n", [-1, 0, 1, 3, 6])
def test_roller_matches_the_exact_tier_odds(n):
    rng = random.Random(41 + n)
    trials = 20000
    seen = {tier: 0 for tier in t.Tier}
    for _ in range(trials):
        seen[t.roll_check(n, DiceSource(rng=rng)).tier] += 1
    for tier, p in odds.tier_odds(n).items():
        assert abs(seen[tier] / trials - float(p)) < _tolerance(float(p), trials), tier


def test_contested_roller_matches_the_exact_odds():
    rng = random.Random(5)
    trials = 20000
    wins = sum(t.contested(1, 0, DiceSource(rng=rng)).winner == "a" for _ in range(trials))
    p = float(odds.contested_odds(1, 0))
    assert abs(wins / trials - p) < _tolerance(p, trials)
