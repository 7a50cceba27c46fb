"""What the exploding dice did against what the odds said: the figures ``gmconsole stats`` reads.

A check is one success or none (the top die reaching the TN, R-EXP-1/2), so its exact expectation
is the success chance of the dice as rolled against the TN (:mod:`~gmconsole.families.exploding.rules.odds`)
and its variance p(1 - p). The margin (top minus TN) is what the stats tally besides. Every face of
an exploding die, the ones after an explosion included, is one roll of that die, so each counts for
dice fairness.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any, cast

from gmconsole.rules.fairness import Expected

__all__ = ["SPECIAL_KINDS", "band", "first_roll", "push", "rolled_faces", "special_rolls"]


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@cache
def _expected(sizes: tuple[int, ...], tn: int) -> Expected:
    from gmconsole.families.exploding.rules.odds import p_success

    return Expected.bernoulli(p_success(sizes, tn))


def first_roll(roll: dict[str, Any]) -> tuple[Expected, int, Fraction, None] | None:
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
        expected = _expected(tuple(sorted(cast(tuple[int, ...], sizes))), tn)  # no None: checked above
    except RulesError:
        return None
    return expected, int(roll["success"]), expected.mean, None


SPECIAL_KINDS = ("group", "assisted", "opposed")
"""The special rolls read by :func:`special_rolls`."""


def _check(row: dict[str, Any]) -> dict[str, Any]:
    """One participant's check in a special roll (``dice``, ``tn``, ``success``, ``margin``) as
    :func:`first_roll` reads a roll: its dice are its pool."""
    return {"pool": {"dice": row.get("dice")}, "dice": row.get("dice"), "tn": row.get("tn"),
            "success": row.get("success"), "margin": row.get("margin"), "by_hand": row.get("by_hand")}


def special_rolls(entry: dict[str, Any]) -> list[tuple[str | None, dict[str, Any]]]:
    """The rolls inside a special roll, as ``(who, roll)``.

    - A group check: each participant's check against their own TN (R-EXP-1), each with an expectation.
    - An assisted check: the leader's check, against the TN the others raised; the others' rolls are
      not plain checks (they spend the leader's pool points to close the gap), so they count for dice
      fairness only (``expected`` False).
    - An opposed test (R-EXP-4): the tops are compared, there is no TN and no chance of success to
      expect, so both sides' dice count for dice fairness only."""
    kind = entry.get("kind")
    if kind == "group":
        group = entry.get("group")
        rows = group.get("results") if isinstance(group, dict) else None
        return [(r.get("name"), _check(r)) for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
    if kind == "assisted":
        rows = entry.get("rolls")
        rows = [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
        return [(r.get("name"), {**_check(r), "expected": i == 0}) for i, r in enumerate(rows)]
    if kind == "opposed":
        typed = entry.get("by_hand")
        return [(entry.get("character"), {"dice": entry.get("dice"), "by_hand": typed, "expected": False}),
                (entry.get("defender"), {"dice": entry.get("defender_dice"), "by_hand": typed, "expected": False})]
    return []


def push(entry: dict[str, Any]) -> None:
    """Exploding checks are not pushed."""
    return None


BAND_NAME = "margin"
"""What the statistics call this system's results."""


def band(roll: dict[str, Any]) -> str | None:
    """The margin (top die minus TN) as ``+2`` or ``-1``."""
    margin = _int(roll.get("margin"))
    return None if margin is None else f"{margin:+d}"


def rolled_faces(dice: object, *, push_step: bool = False) -> list[tuple[str, int, int]]:
    """``(kind, sides, face)`` of every face rolled, explosions included."""
    out: list[tuple[str, int, int]] = []
    for die in dice if isinstance(dice, list) else []:
        sides = _int(die.get("sides")) if isinstance(die, dict) else None
        faces = die.get("faces") if isinstance(die, dict) else None
        if sides is None or not isinstance(faces, list):
            continue
        out.extend((str(die.get("kind", "")), sides, f) for f in faces if _int(f) is not None and 1 <= f <= sides)
    return out
