"""What the Year Zero dice said against what the odds said: the figures ``gmconsole stats`` reads.

A die shows 0, 1 or 2 successes (R-ART-1: 6-9 one, 10+ two), so a pool's successes are a sum of
independent dice and their exact mean and variance are sums of each die's. A push (R-PUSH-1)
keeps the dice that are not rerolled, whose successes are already known, and rerolls the others:
its expectation given the kept dice is the kept successes plus each rerolled die's mean, and only
the rerolled dice vary. A stress die a ``stress-dice`` push adds is a rerolled die like the others.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from operator import itemgetter, methodcaller
from typing import Any

from gmconsole.rules.dice import year_zero_successes
from gmconsole.rules.fairness import Expected

__all__ = ["SPECIAL_KINDS", "band", "die_expected", "first_roll", "pool_expected", "push", "rolled_faces",
           "special_rolls"]


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


@cache
def p_any_success(sides: tuple[int, ...]) -> Fraction:
    """The chance of at least one success: every die shows 1-5 with chance 5/s."""
    fail = Fraction(1)
    for s in sides:
        fail *= Fraction(5, s)
    return 1 - fail


_SUCCESSES = tuple(year_zero_successes(12, face) for face in range(13))
"""Successes by face, 0 to 12 (what a face shows does not depend on the die's size, R-ART-1)."""

_YEAR_ZERO_SIDES = frozenset({6, 8, 10, 12})
"""The dice a Year Zero pool holds; a stored die of another size is not read."""

_DIE = itemgetter("kind", "sides", "face")
_REROLLED = methodcaller("get", "rerolled")
_ONLY_INT = {int}
_SUCCESSES_OF = dict(enumerate(_SUCCESSES))
del _SUCCESSES_OF[0]
"""Successes by face, 1 to 12 only: looking a face up refuses any other (a ``KeyError``)."""


@lru_cache(maxsize=1 << 12)
def _pool(kinds: tuple[Any, ...], sides: tuple[Any, ...]) -> tuple[Expected, Fraction, int] | None:
    """A pool's kinds and sizes read once: its expectation, its chance of any success, its stress dice
    (a long history rolls the same few pools; reading them afresh was most of the statistics' time)."""
    if set(map(type, sides)) != _ONLY_INT or not set(sides) <= _YEAR_ZERO_SIDES:
        return None
    shape = tuple(sorted(sides))
    return pool_expected(shape), p_any_success(shape), kinds.count("stress")


def first_roll(roll: dict[str, Any]) -> tuple[Expected, int, Fraction, int] | None:
    """The first roll's exact expectation (its pool as rolled), the successes it showed, its chance of
    at least one success and how many stress dice it rolled.

    Each die is read once (kind, size and face in one pass, split by ``zip``) and the faces counted in C:
    a 50,000-entry history holds some 190,000 first-roll dice, and reading them is most of its cost."""
    dice = roll.get("first_dice") or roll.get("dice")
    if type(dice) is not list or not dice:
        return None
    try:
        kinds, sides, faces = zip(*map(_DIE, dice), strict=True)
        pool = _pool(kinds, sides)
        observed = sum(map(_SUCCESSES_OF.__getitem__, faces))
    except (KeyError, TypeError, IndexError, ValueError):
        return None
    if pool is None or set(map(type, faces)) != _ONLY_INT:
        return None
    expected, chance, stress = pool
    return expected, observed, chance, stress


def push(entry: dict[str, Any]) -> tuple[Expected, int, int] | None:
    """A push's expectation given the dice it kept, the successes it showed and those it kept.

    The kept successes are fixed, so they add to the mean and nothing to the variance. They are
    also the successes before the push: a rerolled die showed none (R-PUSH-1 rerolls only dice with
    neither a success nor a 1, and a stress die a push adds had not been rolled)."""
    dice = entry.get("push_dice")
    if type(dice) is not list or not dice:
        return None
    try:
        read = _pushed(tuple(map(_DIE, dice)), tuple(map(_REROLLED, dice)))
    except (KeyError, TypeError, IndexError, AttributeError):  # not dice (read from a campaign file)
        return None
    if read is None:
        return None
    expected, kept, shown = read
    observed = entry.get("successes")
    return expected, observed if type(observed) is int else shown, kept


@lru_cache(maxsize=1 << 16)
def _pushed(key: tuple[tuple[Any, Any, Any], ...], rerolled: tuple[bool, ...]) -> tuple[Expected, int, int] | None:
    """A push's dice read once: its expectation given the kept dice, the kept successes and all it shows."""
    for _kind, sides, face in key:
        if type(sides) is not int or type(face) is not int or sides not in _YEAR_ZERO_SIDES or not 1 <= face <= 12:
            return None
    kept = sum(_SUCCESSES[face] for (_k, _s, face), again in zip(key, rerolled, strict=True) if not again)
    shape = tuple(sorted(sides for (_k, sides, _f), again in zip(key, rerolled, strict=True) if again))
    return _given_kept(pool_expected(shape), kept), kept, sum(_SUCCESSES[face] for _k, _s, face in key)


@cache
def _given_kept(rerolled: Expected, kept: int) -> Expected:
    """The push's expectation: the rerolled dice's, plus the kept successes (which do not vary)."""
    return Expected(rerolled.mean + kept, rerolled.variance)


SPECIAL_KINDS: tuple[str, ...] = ()
"""No entry kind of its own: the one special roll, the opposed roll (R-OPP-1), is a ``roll`` entry."""


def special_rolls(entry: dict[str, Any]) -> list[tuple[str | None, dict[str, Any]]]:
    """The defender's roll of an opposed roll (R-OPP-1), as ``(who, roll)``: a pool with an expectation
    like any first roll (the defender does not push); ``GM`` rolled a pool the GM typed as counts."""
    opposed = entry.get("opposed")
    if not isinstance(opposed, dict) or not isinstance(opposed.get("defender_dice"), list):
        return []
    who = opposed.get("defender") if opposed.get("defender_id") else "GM"
    return [(who, {"dice": opposed["defender_dice"], "by_hand": opposed.get("defender_by_hand")})]


def band(roll: dict[str, Any]) -> str | None:
    """Year Zero rolls count successes: no tier or margin."""
    return None


def rolled_faces(dice: object, *, push_step: bool = False) -> list[tuple[str, int, int]]:
    """``(kind, sides, face)`` of every die rolled at one step (at a push, only the dice rerolled)."""
    out = []
    for die in dice if isinstance(dice, list) else []:
        if not isinstance(die, dict) or (push_step and not die.get("rerolled")):
            continue
        sides, face = die.get("sides"), die.get("face")
        if type(sides) is int and type(face) is int and 1 <= face <= sides:
            out.append((str(die.get("kind", "")), sides, face))
    return out
