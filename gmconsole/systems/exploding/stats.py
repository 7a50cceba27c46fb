"""What the exploding dice did against what the odds said: the figures ``gmconsole stats`` reads.

A check is one success or none (the top die reaching the TN, R-EXP-1/2), so its exact expectation
is the success chance of the dice as rolled against the TN (:mod:`~gmconsole.systems.exploding.odds`)
and its variance p(1 - p). The margin (top minus TN) is what the stats tally besides. Every face of
an exploding die, the ones after an explosion included, is one roll of that die, so each counts for
dice fairness.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from gmconsole.rules.fairness import Expected

__all__ = ["band", "first_roll", "push", "rolled_faces"]


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@cache
def _expected(sizes: tuple[int, ...], tn: int) -> Expected:
    from gmconsole.systems.exploding.odds import p_success

    return Expected.bernoulli(p_success(sizes, tn))


def first_roll(roll: dict) -> tuple[Expected, int, Fraction, None] | None:
    """The check's exact expectation, whether it succeeded (1 or 0), its success
    chance, and no stress dice (``None``)."""
    pool = roll.get("pool")
    dice = pool.get("dice") if isinstance(pool, dict) else None
    tn = _int(roll.get("tn"))
    if not isinstance(dice, list) or not dice or tn is None or not isinstance(roll.get("success"), bool):
        return None
    sizes = tuple(_int(d.get("sides")) if isinstance(d, dict) else None for d in dice)
    if None in sizes:
        return None
    from gmconsole.rules.errors import RulesError

    try:
        expected = _expected(tuple(sorted(sizes)), tn)
    except RulesError:
        return None
    return expected, int(roll["success"]), expected.mean, None


def push(entry: dict) -> None:
    """Exploding checks are not pushed."""
    return None


def band(roll: dict) -> str | None:
    """The margin (top die minus TN) as ``+2`` or ``-1``."""
    margin = _int(roll.get("margin"))
    return None if margin is None else f"{margin:+d}"


def rolled_faces(dice: list, *, push_step: bool = False) -> list[tuple[str, int, int]]:
    """``(kind, sides, face)`` of every face rolled, explosions included."""
    out = []
    for die in dice if isinstance(dice, list) else []:
        sides = _int(die.get("sides")) if isinstance(die, dict) else None
        faces = die.get("faces") if isinstance(die, dict) else None
        if sides is None or not isinstance(faces, list):
            continue
        out.extend((str(die.get("kind", "")), sides, f) for f in faces if _int(f) is not None and 1 <= f <= sides)
    return out
