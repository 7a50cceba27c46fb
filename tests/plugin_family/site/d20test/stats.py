"""Recorded d20 rolls for ``gmconsole stats``: a success is one success, expected as the chance of one."""

from __future__ import annotations

from d20test import rules
from gmconsole.rules.fairness import Expected

SPECIAL_KINDS: tuple[str, ...] = ()


def first_roll(roll: dict):
    target, success = roll.get("tn"), roll.get("success")
    if not isinstance(target, int) or not isinstance(success, bool):
        return None
    p = rules.chance(target)
    return Expected(mean=p, variance=p * (1 - p)), int(success), p, None


def push(entry: dict) -> None:
    return None


def band(roll: dict) -> str | None:
    return None


def rolled_faces(dice: object, *, push_step: bool = False) -> list[tuple[str, int, int]]:
    if not isinstance(dice, list):
        return []
    return [("d20", rules.SIDES, d["face"]) for d in dice if isinstance(d, dict) and isinstance(d.get("face"), int)]


def special_rolls(entry: dict) -> list:
    return []
