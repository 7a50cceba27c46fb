"""The roller against the exact odds: seeded rolls of real pools, push strategy included.

Each figure is a proportion over N rolls; it must lie within 6 standard errors of the exact
value, which a correct roller misses by chance with probability about 2e-9 per figure (well
under one in a million for the whole file).
"""

from __future__ import annotations

import math
import random

import pytest

from gmconsole.families.yearzero.rules.odds import year_zero_odds
from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool, push, roll
from gmconsole.rules.dice import DiceSource, DieKind

N = 12_000
Z = 6.0


def close(estimate: float, exact: float, n: int = N) -> bool:
    sigma = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    return abs(estimate - exact) <= Z * sigma + 1e-12


def simulate(request: PoolRequest, seed: int):
    """Roll ``request`` N times; push when the first roll fails and may be pushed."""
    pool = build_pool(request)
    rng = random.Random(seed)

    def source_for() -> DiceSource:
        return DiceSource(rng=rng)

    first_counts: dict[int, int] = {}
    wins = wins_pushed = panics = panics_pushed = pushed = 0
    banes_after_push: dict[str, int] = {}
    for _ in range(N):
        r = roll(pool, source_for())
        first_counts[r.successes] = first_counts.get(r.successes, 0) + 1
        wins += r.success
        panics += r.panic
        final = r
        failed_may_push = not r.success and not r.panic and not request.reactive
        if not r.success and r.can_push:
            final = push(r, source_for())
        if failed_may_push:
            pushed += 1
            for kind, n in final.banes.items():
                if n:
                    banes_after_push[kind] = banes_after_push.get(kind, 0) + 1
        wins_pushed += final.success
        panics_pushed += final.panic
    return pool, {
        "first": first_counts,
        "p_success": wins / N,
        "p_success_with_push": wins_pushed / N,
        "p_panic": panics / N,
        "p_panic_with_push": panics_pushed / N,
        "pushed": pushed,
        "banes_after_push": banes_after_push,
    }


POOLS = [
    ("myz shoot", PoolRequest("myz", "agility", 3, "shoot", 2, gear=(("Rifle", 1),)), 101),
    ("yze stress", PoolRequest("yze", "wits", 2, "observation", 1, stress=2), 202),
    ("yze-step artifact", PoolRequest("yze-step", "agility", attribute_die=10, skill_die=6,
                                      artifacts=(("Relic", 12),), push_cost="doom"), 303),
    ("myz reactive", PoolRequest("myz", "wits", 2, "scout", 1, reactive=True), 404),
    ("yze skill heavy", PoolRequest("yze", "wits", 1, "observation", 6, push_cost="doom"), 707),
    ("yze stress zero", PoolRequest("yze", "strength", 1, "might", 1, modifiers=(-1,)), 505),
]


@pytest.mark.parametrize("name,request_,seed", POOLS, ids=[p[0] for p in POOLS])
def test_R_PUSH_1_roller_matches_exact_odds(name, request_, seed):
    pool, sim = simulate(request_, seed)
    exact = year_zero_odds(pool.dice, stress_dice_push=pool.push_cost == "stress-dice", can_push=not request_.reactive)
    assert close(sim["p_success"], exact.p_success)
    assert close(sim["p_success_with_push"], exact.p_success_with_push)
    for successes, p in enumerate(exact.distribution):
        assert close(sim["first"].get(successes, 0) / N, p), f"{successes} successes"
    assert set(sim["first"]) <= set(range(len(exact.distribution)))
    if exact.p_panic is not None:
        assert close(sim["p_panic"], exact.p_panic)
        assert close(sim["p_panic_with_push"], exact.p_panic_with_push)
    if not request_.stress and sim["pushed"] > 500:
        # Success after a push, given the roll was pushed: the sharpest check of which dice are rerolled.
        may_push = exact.distribution[0]
        conditional = (exact.p_success_with_push - exact.p_success) / may_push
        estimate = (sim["p_success_with_push"] - sim["p_success"]) * N / sim["pushed"]
        assert close(estimate, conditional, sim["pushed"])
    if sim["pushed"] > 500 and not request_.reactive:
        for kind, p in exact.p_bane_after_push.items():
            estimate = sim["banes_after_push"].get(kind, 0) / sim["pushed"]
            assert close(estimate, p, sim["pushed"]), kind


def test_R_PUSH_3_stress_dice_push_panic_rate_matches_exact_odds():
    """With stress 0 the only stress die is the one a push adds: panic comes from pushing alone."""
    pool, sim = simulate(PoolRequest("yze", "empathy", 2, "insight", 0), 606)
    exact = year_zero_odds(pool.dice, stress_dice_push=True)
    assert sim["p_panic"] == 0 == exact.p_panic
    assert close(sim["p_panic_with_push"], exact.p_panic_with_push)
    assert pool.count(DieKind.STRESS) == 0
