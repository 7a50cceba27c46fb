"""Benchmark: how long one full odds computation takes, next to icepool computing the same figures.

Run ``python bench/odds.py`` (``--quick`` for fewer repetitions). It prints, per section and pool
size, the median time of gmconsole's exact odds and of icepool in the same run, their ratio, and
the largest difference between the two sets of figures (both are exact, so it should be ~1e-16).
It asserts nothing about time: these machines are shared and noisy, so read the ratio.

The roll builder refreshes odds on every keypress, so the goal is a median of at most 1 ms for
a 20-die Year Zero pool.

Sections are plain functions ``section(reps, icepool_reps) -> Section``; to add one (e.g. the
``exploding``/``tiered`` odds), write such a function and append it to ``SECTIONS``. The
``exploding`` and ``tiered`` figures come from ``odds_exploding_tiered.py`` beside this file,
which prints its own table (icepool in the same run, ratio icepool / gmconsole).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

import icepool
import odds_exploding_tiered

from gmconsole.rules.dice import Die, DieKind
from gmconsole.rules.odds import year_zero_odds

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


# ---------------------------------------------------------------------------------------------
# Year Zero: the same model as tests/rules/test_odds_yearzero.py, built in icepool face by face.

_BANE_KINDS = ("base", "gear", "stress", "step")
_STAYS_ON_ONE = {DieKind.BASE, DieKind.GEAR, DieKind.STRESS, DieKind.STEP}


def _successes(face: int) -> int:
    return 2 if face >= 10 else 1 if face >= 6 else 0


def _state(kind: DieKind, first_face: int, final_face: int) -> tuple[int, ...]:
    """(first successes, stress 1 first, success after push, base/gear/stress/step 1 after push)."""
    return (
        _successes(first_face),
        int(kind is DieKind.STRESS and first_face == 1),
        int(_successes(final_face) > 0),
        *(int(kind.value == bane and final_face == 1) for bane in _BANE_KINDS),
    )


def _icepool_die(die: Die) -> icepool.Die:
    def after_first(face: int):
        if _successes(face) > 0 or (face == 1 and die.kind in _STAYS_ON_ONE):
            return _state(die.kind, face, face)
        return icepool.d(die.sides).map(lambda new_face: _state(die.kind, face, new_face))

    return icepool.d(die.sides).map(after_first)


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    first, stress_one = a[0] + b[0], a[1] | b[1]
    if first or stress_one:
        return (first, stress_one, 0, 0, 0, 0, 0)
    return (first, stress_one, *(x | y for x, y in zip(a[2:], b[2:])))


def icepool_year_zero_odds(dice: list[Die], *, stress_dice_push: bool = False, can_push: bool = True) -> dict:
    """The figures of ``year_zero_odds(...).as_dict()`` as exact fractions, computed with icepool."""
    parts = [_icepool_die(d) for d in dice]
    if stress_dice_push:
        parts.append(icepool.d(6).map(lambda f: (0, 0, int(f >= 6), 0, 0, int(f == 1), 0)))
    joint = icepool.Die([(0, 0, 0, 0, 0, 0, 0)])
    for part in parts:
        joint = icepool.map(_combine, joint, part)
    total = joint.denominator()
    items = list(joint.items())

    def prob(event) -> Fraction:
        return Fraction(sum(count for outcome, count in items if event(*outcome)), total)

    def pushed(first, stress_one, *_):
        return first == 0 and not stress_one

    def may_push(*o):
        return can_push and pushed(*o)

    size = max(o[0] for o, _ in items) + 1
    distribution = [prob(lambda first, *_, k=k: first == k) for k in range(size)]
    kinds = {d.kind.value for d in dice} | ({"stress"} if stress_dice_push else set())
    p_pushed = prob(pushed)
    figures = {
        "p_success": prob(lambda first, *_: first > 0),
        "p_success_with_push": prob(lambda *o: o[0] > 0 or (may_push(*o) and o[2])),
        "distribution": distribution,
        "expected_successes": sum(k * p for k, p in enumerate(distribution)),
        "p_bane_after_push": {
            kind: prob(lambda *o, i=i: pushed(*o) and o[3 + i]) / p_pushed
            for i, kind in enumerate(_BANE_KINDS)
            if kind in kinds
        },
    }
    if stress_dice_push or "stress" in kinds:
        figures["p_panic"] = prob(lambda first, stress_one, *_: stress_one == 1)
        figures["p_panic_with_push"] = prob(lambda *o: o[1] == 1 or (may_push(*o) and o[5]))
    return figures


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


SECTIONS: list[Callable[[int, int], Section]] = [year_zero_section]


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
