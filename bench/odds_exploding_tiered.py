"""Benchmark: exact odds of the ``exploding`` and ``tiered`` systems, next to icepool.

Prints the median milliseconds per computation for gmconsole's closed forms and for icepool
computing the same figures in the same run (so machine noise hits both alike), with the ratio
icepool / gmconsole, and checks that both give the same numbers. Not a test: it asserts nothing
about time. Run it with ``python bench/odds_exploding_tiered.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from icepool_reference import icepool_exploding, icepool_tiers

from gmconsole.families.exploding.rules.odds import check_odds
from gmconsole.families.tiered.rules.odds import tier_odds
from gmconsole.families.tiered.rules.roll import Tier

EXPLODING_CASES = [
    ((), 6, 4),
    ((), 6, 8),
    ((8, 8), 6, 6),
    ((8, 8), 6, 12),
    ((4, 4), 4, 15),
    ((12, 12), 10, 20),
    ((12, 12), 12, 40),
]
"""(skill dice, trait die, TN): untrained and trained checks from easy to far past the flat spots."""

TIERED_POOLS = [-2, 0, 1, 3, 6, 10, 20]


def _median_ms(func, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def run(repeats: int = 30) -> list[dict]:
    """Print the figures and return them as rows (for ``bench/odds.py``)."""
    rows: list[dict] = []
    print("exploding: P(success) and P(critical failure), exact")
    print(f"{'dice':<16}{'TN':>4}{'gmconsole ms':>14}{'icepool ms':>12}{'ratio':>8}  {'P(success)':>12}")
    for skill, trait, tn in EXPLODING_CASES:
        dice = tuple(skill) + (trait,)
        ours = check_odds(skill, trait, tn)
        theirs = icepool_exploding(dice, tn)
        assert (ours.p_success, ours.p_critical_failure) == theirs, (dice, tn)
        ours_ms = _median_ms(lambda: check_odds(skill, trait, tn), repeats)
        theirs_ms = _median_ms(lambda: icepool_exploding(dice, tn), repeats)
        name = "+".join(f"d{s}" for s in dice)
        print(f"{name:<16}{tn:>4}{ours_ms:>14.4f}{theirs_ms:>12.3f}{theirs_ms / ours_ms:>8.0f}x  "
              f"{float(ours.p_success):>12.6f}")
        rows.append(
            {"system": "exploding", "case": f"{name} TN {tn}", "gmconsole_ms": ours_ms, "icepool_ms": theirs_ms}
        )

    print()
    print("tiered: P(each tier), exact")
    print(f"{'pool':<16}{'':>4}{'gmconsole ms':>14}{'icepool ms':>12}{'ratio':>8}  {'P(critical)':>12}")
    for n in TIERED_POOLS:
        ours = tier_odds(n)
        assert ours == icepool_tiers(n), n
        ours_ms = _median_ms(lambda: tier_odds(n), repeats)
        theirs_ms = _median_ms(lambda: icepool_tiers(n), repeats)
        print(f"{n:>3}d6{'':<13}{ours_ms:>14.4f}{theirs_ms:>12.3f}{theirs_ms / ours_ms:>8.0f}x  "
              f"{float(ours[Tier.CRITICAL]):>12.6f}")
        rows.append({"system": "tiered", "case": f"{n}d6", "gmconsole_ms": ours_ms, "icepool_ms": theirs_ms})
    return rows


if __name__ == "__main__":
    run()
