"""Benchmark: how long one full odds computation takes, next to icepool computing the same figures.

Run ``python bench/odds.py`` (``--quick`` for fewer repetitions). It prints, per section and pool
size, the median time of gmconsole's exact odds and of icepool in the same run, their ratio, and
the largest difference between the two sets of figures (both are exact, so it should be ~1e-16).
It asserts nothing about time: these machines are shared and noisy, so read the ratio.

The roll builder refreshes odds on every keypress, so the goal is a median of at most 1 ms for
a 20-die Year Zero pool. The second section times the odds and costs of pushing a roll
already made (``push_odds``), same goal at 20 dice, against icepool's distribution of the successes
after that push (icepool has no push costs).

Sections are plain functions ``section(reps, icepool_reps) -> Section``; to add one (e.g. the
``exploding``/``tiered`` odds), write such a function and append it to ``SECTIONS``. The
``exploding`` and ``tiered`` figures come from ``odds_exploding_tiered.py`` beside this file,
which prints its own table (icepool in the same run, ratio icepool / gmconsole).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import icepool

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import odds_exploding_tiered
from icepool_reference import icepool_year_zero_odds

from gmconsole.families.yearzero.rules.odds import year_zero_odds
from gmconsole.rules.dice import Die, DieKind

POOL_SIZES = (1, 5, 10, 15, 20, 25, 30)
GOAL_MS = 1.0
GOAL_DICE = 20


@dataclass
class Row:
    """One pool: its label and size, the two median times in ms, and how far the figures differ."""

    label: str
    dice: int
    ours_ms: float
    icepool_ms: float
    max_difference: float


@dataclass
class Section:
    """A titled group of rows; ``goals`` lists (label, dice, ms) targets to report as met or not."""

    title: str
    rows: list[Row] = field(default_factory=list)
    goals: list[tuple[str, int, float]] = field(default_factory=list)


def median_ms(func: Callable[[], object], reps: int) -> float:
    """Median wall time of ``func()`` over ``reps`` runs, in milliseconds (one warm-up run first)."""
    func()
    times = []
    for _ in range(reps):
        start = time.perf_counter_ns()
        func()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def flatten(figures: dict) -> dict[str, float]:
    """A figures dict (nested lists and dicts) as one flat name -> number dict, for comparing."""
    flat: dict[str, float] = {}
    for key, value in figures.items():
        if isinstance(value, dict):
            for sub, number in value.items():
                flat[f"{key}.{sub}"] = float(number)
        elif isinstance(value, (list, tuple)):
            for i, number in enumerate(value):
                flat[f"{key}[{i}]"] = float(number)
        else:
            flat[key] = float(value)
    return flat


def max_difference(ours: dict, theirs: dict) -> float:
    """Largest absolute difference between two figure dicts; inf if they hold different figures."""
    a, b = flatten(ours), flatten(theirs)
    if set(a) != set(b):
        return float("inf")
    return max((abs(a[k] - b[k]) for k in a), default=0.0)


def _mix(n: int) -> list[Die]:
    """n dice of base, skill and gear: a fifth gear, the rest split between base and skill."""
    gear = n // 5
    base = (n - gear + 1) // 2
    return (
        [Die(DieKind.BASE)] * base
        + [Die(DieKind.SKILL)] * (n - gear - base)
        + [Die(DieKind.GEAR, source="tool")] * gear
    )


def year_zero_pools(n: int) -> list[tuple[str, list[Die], dict]]:
    """The three pools of n dice: plain, with stress dice (stress-dice push), with two artifact dice."""
    stress = max(1, n // 5)
    artifacts = [Die(DieKind.ARTIFACT, 12, "relic"), Die(DieKind.ARTIFACT, 10, "blade")][: min(2, n)]
    return [
        ("plain", _mix(n), {}),
        ("stress + stress-dice push", _mix(n - stress) + [Die(DieKind.STRESS)] * stress, {"stress_dice_push": True}),
        ("two artifact dice", _mix(n - len(artifacts)) + artifacts, {}),
    ]


def year_zero_section(reps: int, icepool_reps: int) -> Section:
    """Full ``year_zero_odds`` per pool size and pool shape, against icepool."""
    section = Section("Year Zero (myz / yze / yze-step): year_zero_odds")
    for n in POOL_SIZES:
        for label, dice, options in year_zero_pools(n):
            ours = year_zero_odds(dice, **options).as_dict()
            theirs = icepool_year_zero_odds(dice, **options)
            section.rows.append(
                Row(
                    label=label,
                    dice=n,
                    ours_ms=median_ms(lambda: year_zero_odds(dice, **options), reps),
                    icepool_ms=median_ms(lambda: icepool_year_zero_odds(dice, **options), icepool_reps),
                    max_difference=max_difference(ours, theirs),
                )
            )
    section.goals = [(label, GOAL_DICE, GOAL_MS) for label, _, _ in year_zero_pools(GOAL_DICE)]
    return section


def _first_roll(system: str, n: int, push_cost: str, seed: int):
    """A first roll of an n-die pool that can be pushed: base, skill and gear dice (stress dice for
    ``stress-dice``), faces from a seeded generator, rolled again until a push is allowed."""
    import random

    from gmconsole.families.yearzero.rules.pool import PoolRequest, build_pool
    from gmconsole.families.yearzero.rules.roll import roll
    from gmconsole.rules.dice import DiceSource

    stress = max(1, n // 5) if push_cost == "stress-dice" else 0
    gear = (n - stress) // 5
    base = (n - stress - gear + 1) // 2
    request = PoolRequest(system=system, attribute="strength", attribute_value=base,
                          skill_level=n - stress - gear - base, gear=(("tool", gear),) if gear else (),
                          stress=stress, push_cost=push_cost)
    pool = build_pool(request)
    rng = random.Random(seed)
    while True:
        first = roll(pool, DiceSource(rng=rng))
        if first.can_push:
            return first


def _icepool_push_successes(first) -> list[float]:
    """icepool's distribution of successes after pushing ``first`` (kept successes + the rerolled dice)."""
    from gmconsole.families.yearzero.rules.roll import would_reroll

    kept = sum(1 if d.face >= 6 else 0 for d in first.dice if not would_reroll(d, first.skill_ones))
    rerolled = sum(1 for d in first.dice if would_reroll(d, first.skill_ones))
    rerolled += 1 if first.pool.push_cost == "stress-dice" else 0
    if not rerolled:
        return [0.0] * kept + [1.0]
    total = icepool.d6.map(lambda f: 1 if f >= 6 else 0).pool(rerolled).sum() + kept
    return [float(total.probability(k)) for k in range(kept + rerolled + 1)]


CONDITIONAL_POOLS = (("myz", "myz"), ("yze", "stress-dice"), ("yze", "attribute-damage"))


def conditional_section(reps: int, icepool_reps: int) -> Section:
    """The odds and costs of pushing a roll already made (``push_odds``), per pool size, against
    icepool's distribution of the successes after the push (icepool has no push costs)."""
    from gmconsole.families.yearzero.rules.push_odds import push_odds

    section = Section("Year Zero, pushing this roll: push_odds (successes, panic, every cost)")
    for n in POOL_SIZES:
        for system, push_cost in CONDITIONAL_POOLS:
            first = _first_roll(system, n, push_cost, seed=n)
            ours = [float(p) for p in push_odds(first).distribution]
            theirs = _icepool_push_successes(first)
            theirs += [0.0] * (len(ours) - len(theirs))
            section.rows.append(Row(
                label=f"{system} {push_cost}",
                dice=n,
                ours_ms=median_ms(lambda: push_odds(first), reps),
                icepool_ms=median_ms(lambda: _icepool_push_successes(first), icepool_reps),
                max_difference=max_difference({"d": ours}, {"d": theirs}),
            ))
    section.goals = [(f"{system} {cost}", GOAL_DICE, GOAL_MS) for system, cost in CONDITIONAL_POOLS]
    return section


SECTIONS: list[Callable[[int, int], Section]] = [year_zero_section, conditional_section]


def print_section(section: Section) -> None:
    """Print a section's table and whether each goal is met."""
    print(f"\n## {section.title}")
    print(f"{'pool':<28}{'dice':>5}{'ours ms':>11}{'icepool ms':>13}{'ours/icepool':>14}{'max |diff|':>12}")
    for row in section.rows:
        ratio = row.ours_ms / row.icepool_ms if row.icepool_ms else float("nan")
        print(
            f"{row.label:<28}{row.dice:>5}{row.ours_ms:>11.4f}{row.icepool_ms:>13.3f}"
            f"{ratio:>14.5f}{row.max_difference:>12.1e}"
        )
    for label, dice, goal_ms in section.goals:
        matching = [r for r in section.rows if r.label == label and r.dice == dice]
        for row in matching:
            verdict = "met" if row.ours_ms <= goal_ms else "NOT met"
            print(f"goal <= {goal_ms} ms median at {dice} dice ({label}): {verdict} ({row.ours_ms:.4f} ms)")


def main(argv: list[str] | None = None) -> None:
    """Run every section and print its table: medians (ms), ratio to icepool, agreement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=200, help="repetitions for gmconsole (default 200)")
    parser.add_argument("--icepool-reps", type=int, default=20, help="repetitions for icepool (default 20)")
    parser.add_argument("--quick", action="store_true", help="20 and 2 repetitions, for a smoke run")
    args = parser.parse_args(argv)
    reps, icepool_reps = (20, 2) if args.quick else (args.reps, args.icepool_reps)
    print(f"median of {reps} runs (gmconsole) and {icepool_reps} runs (icepool {icepool.__version__}), same process")
    for section_fn in SECTIONS:
        print_section(section_fn(reps, icepool_reps))
    print("\n## exploding and tiered")
    odds_exploding_tiered.run(repeats=max(3, min(reps, 30)))


if __name__ == "__main__":
    main()
