"""What the Year Zero dice said against what the odds said: the figures ``gmconsole stats`` reads.

A die shows 0, 1 or 2 successes (R-ART-1: 6-9 one, 10+ two), so a pool's successes are a sum of
independent dice and their exact mean and variance are sums of each die's. A push (R-PUSH-1)
keeps the dice that are not rerolled, whose successes are already known, and rerolls the others:
its expectation given the kept dice is the kept successes plus each rerolled die's mean, and only
the rerolled dice vary. A stress die a ``stress-dice`` push adds is a rerolled die like the others.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from gmconsole.rules.dice import year_zero_successes
from gmconsole.rules.fairness import Expected

__all__ = ["band", "die_expected", "first_roll", "pool_expected", "push", "rolled_faces"]


@cache
def die_expected(sides: int) -> Expected:
    """The exact mean and variance of one Year Zero die's successes."""
    one = Fraction(max(0, min(sides, 9) - 5), sides)
    two = Fraction(max(0, sides - 9), sides)
    return Expected.of_counts({0: 1 - one - two, 1: one, 2: two})


@cache
def pool_expected(sides: tuple[int, ...]) -> Expected:
    """The exact mean and variance of a pool's successes (4 base + 2 skill + 1 stress d6: 7/6); asked
    once per pool shape (``sides`` sorted), as statistics over a long history ask the same few."""
    total = Expected()
    for s in sides:
        total = total + die_expected(s)
    return total


def _dice(value) -> list[dict]:
    return [d for d in value if isinstance(d, dict)] if isinstance(value, list) else []


def _sides(die: dict) -> int | None:
    sides = die.get("sides")
    return sides if isinstance(sides, int) and not isinstance(sides, bool) and sides > 1 else None


def _face(die: dict) -> int | None:
    face = die.get("face")
    return face if isinstance(face, int) and not isinstance(face, bool) else None


@cache
def p_any_success(sides: tuple[int, ...]) -> Fraction:
    """The chance of at least one success: every die shows 1-5 with chance 5/s."""
    fail = Fraction(1)
    for s in sides:
        fail *= Fraction(5, s)
    return 1 - fail


def first_roll(roll: dict) -> tuple[Expected, int, Fraction] | None:
    """The first roll's exact expectation (its pool as rolled), the successes it showed and its chance
    of at least one success."""
    dice = _dice(roll.get("first_dice")) or _dice(roll.get("dice"))
    sides = [_sides(d) for d in dice]
    faces = [_face(d) for d in dice]
    if not dice or None in sides or None in faces:
        return None
    observed = sum(year_zero_successes(s, f) for s, f in zip(sides, faces, strict=True))
    shape = tuple(sorted(sides))
    return pool_expected(shape), observed, p_any_success(shape)


def push(entry: dict) -> tuple[Expected, int, int] | None:
    """A push's expectation given the dice it kept, the successes it showed and those it kept.

    The kept successes are fixed, so they add to the mean and nothing to the variance. They are
    also the successes before the push: a rerolled die showed none (R-PUSH-1 rerolls only dice with
    neither a success nor a 1, and a stress die a push adds had not been rolled)."""
    dice = _dice(entry.get("push_dice"))
    if not dice or any(_sides(d) is None or _face(d) is None for d in dice):
        return None
    kept = sum(year_zero_successes(d["sides"], d["face"]) for d in dice if not d.get("rerolled"))
    rerolled = pool_expected(tuple(sorted(d["sides"] for d in dice if d.get("rerolled"))))
    observed = entry.get("successes")
    if not isinstance(observed, int) or isinstance(observed, bool):
        observed = sum(year_zero_successes(d["sides"], d["face"]) for d in dice)
    return Expected(rerolled.mean + kept, rerolled.variance), observed, kept


def band(roll: dict) -> str | None:
    """Year Zero rolls count successes: no tier or margin."""
    return None


def rolled_faces(dice: list, *, push_step: bool = False) -> list[tuple[str, int, int]]:
    """``(kind, sides, face)`` of every die rolled at one step (at a push, only the dice rerolled)."""
    out = []
    for die in _dice(dice):
        sides, face = _sides(die), _face(die)
        if sides is None or face is None or not 1 <= face <= sides or (push_step and not die.get("rerolled")):
            continue
        out.append((str(die.get("kind", "")), sides, face))
    return out
