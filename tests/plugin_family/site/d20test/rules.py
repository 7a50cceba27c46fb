"""The d20 roll-under rule: one d20, a success at or under the target; exact odds by counting faces."""

from __future__ import annotations

import random
from fractions import Fraction

SIDES = 20


def chance(target: int) -> Fraction:
    """The chance a d20 shows ``target`` or less."""
    return Fraction(min(max(target, 0), SIDES), SIDES)


def face_of(faces: str | None, rng: random.Random) -> int:
    """The face typed (``d14`` or ``14``) or one the console rolls."""
    if faces is None:
        return rng.randint(1, SIDES)
    face = int(faces.strip().lower().removeprefix("d"))
    if not 1 <= face <= SIDES:
        raise ValueError(f"a d20 shows 1 to 20, not {face}")
    return face


def fields(target: int, face: int, typed: bool) -> dict:
    """What a history entry records of one d20 roll."""
    return {"dice": [{"kind": "d20", "sides": SIDES, "face": face}], "top": face, "tn": target,
            "success": face <= target, "margin": target - face, "by_hand": typed, "pushes": 0, "can_push": False,
            "costs": [], "costs_status": "none"}
