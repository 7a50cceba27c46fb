"""What the tiered dice did against what the odds said: the figures ``gmconsole stats`` reads.

A check lands on one of four tiers (:func:`~gmconsole.families.tiered.rules.odds.tier_odds`); the stats
count a Great or Critical result as a success (a Mixed one succeeds at a cost, so it is tallied
among the tiers but not as a success), with exact expectation P(Great or Critical) for the pool as
rolled (its ``outcome.pool``: 0 or fewer keeps the lowest of 2d6, R-TIER-2).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any, cast

from gmconsole.rules.fairness import Expected

__all__ = ["SPECIAL_KINDS", "SUCCESS_TIERS", "band", "first_roll", "push", "rolled_faces", "special_rolls"]

SUCCESS_TIERS = ("critical", "great")
"""The tiers counted as a success."""


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@cache
def _expected(pool: int) -> Expected:
    from gmconsole.families.tiered.rules.odds import tier_odds
    from gmconsole.families.tiered.rules.roll import Tier

    odds = tier_odds(pool)
    return Expected.bernoulli(odds[Tier.CRITICAL] + odds[Tier.GREAT])


def first_roll(roll: dict[str, Any]) -> tuple[Expected, int, Fraction, None] | None:
    """The check's exact expectation (P(Great or Critical)), whether it reached one (1 or 0), that
    chance, and no stress dice (``None``)."""
    first = roll.get("first_outcome")  # a check pushed since: its first roll as it was (the push is counted apart)
    outcome = first if isinstance(first, dict) else roll.get("outcome")
    pool = _int(outcome.get("pool")) if isinstance(outcome, dict) else None
    tier = first.get("tier") if isinstance(first, dict) else roll.get("tier")
    if pool is None or not isinstance(tier, str) or not -100 <= pool <= 100:
        return None
    expected = _expected(pool)
    return expected, int(tier in SUCCESS_TIERS), expected.mean, None


SPECIAL_KINDS = ("save", "attack")
"""The special rolls read by :func:`special_rolls`."""


def special_rolls(entry: dict[str, Any]) -> list[tuple[str | None, dict[str, Any]]]:
    """The special rolls' dice, for dice fairness only (``expected`` False): none has an expectation the
    entry lets us state. A saving throw's chance depends on the strict-over setting it was rolled under
    (R-TIER-3), which the entry does not record; an attack records its dice but not its pool (two dice
    are a pool of 2, or a pool of 0 or fewer keeping the lowest, R-TIER-2). A contested roll is not read
    at all: it records each round's totals, neither its dice nor the attributes its odds depend on."""
    return [(entry.get("character"), {"dice": entry.get("dice"), "by_hand": entry.get("by_hand"), "expected": False})]


def push(entry: dict[str, Any]) -> tuple[Expected, int, int] | None:
    """Push Yourself after the roll: its expectation given the dice on the table (P(Great or Critical) once
    the die joins them), whether the check ended a success (1 or 0) and whether it was one before (1 or 0).
    The dice before it are the push's dice not marked ``added`` (a check that takes the die rolled its pool)."""
    dice = entry.get("push_dice")
    if type(dice) is not list or not dice or not all(isinstance(d, dict) for d in dice):
        return None
    kept = tuple(_int(d.get("face")) for d in dice if not d.get("added"))
    added = [_int(d.get("face")) for d in dice if d.get("added")]
    if len(added) != 1 or not kept or not all(f is not None and 1 <= f <= 6 for f in (*kept, *added)):
        return None
    faces = cast(tuple[int, ...], kept)  # every face is a whole number, checked above
    read = _pushed(tuple(sorted(faces)))
    if read is None:
        return None
    expected, before = read
    from gmconsole.families.tiered.rules.roll import read_tier

    after = int(read_tier([*faces, *cast(list[int], added)], len(kept) + 1)[0].value in SUCCESS_TIERS)
    return expected, after, before


@cache
def _pushed(kept: tuple[int, ...]) -> tuple[Expected, int] | None:
    """The push's expectation given the dice on the table, and whether they were a success already."""
    from gmconsole.families.tiered.rules.push_odds import push_yourself_odds
    from gmconsole.rules.errors import RulesError

    try:
        odds = push_yourself_odds(list(kept), len(kept))
    except RulesError:  # a check that could not take the die (read from a campaign file)
        return None
    return Expected.bernoulli(odds.p_success), int(odds.current.value in SUCCESS_TIERS)


BAND_ORDER = ("critical", "great", "mixed", "limited")
"""The tiers best first: the order the statistics list them in."""


BAND_NAME = "tier"
"""What the statistics call this system's results."""


def band(roll: dict[str, Any]) -> str | None:
    """The tier rolled."""
    tier = roll.get("tier")
    return tier if isinstance(tier, str) else None


def rolled_faces(dice: object, *, push_step: bool = False) -> list[tuple[str, int, int]]:
    """``(kind, sides, face)`` of every die rolled; of a push step (``push_step``), only the die it added."""
    out = []
    for die in dice if isinstance(dice, list) else []:
        if push_step and not (isinstance(die, dict) and die.get("added")):
            continue
        sides = _int(die.get("sides")) if isinstance(die, dict) else None
        face = _int(die.get("face")) if isinstance(die, dict) else None
        if sides is not None and face is not None and 1 <= face <= sides:
            out.append((str(die.get("kind", "")), sides, face))
    return out
