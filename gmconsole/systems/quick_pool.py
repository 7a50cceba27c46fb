"""The GM's quick pool, the part every system shares: a roll without a character, typed the
way a dice bot reads it. Each family reads its own syntax (its ``quick_pool`` part,
``systems/<family>/quick_pool.py``); this module asks it, and holds the tokenizer and the refusal that
names the syntax (the parsed result is :class:`~gmconsole.systems.family.QuickPool`).

Nothing here reads a campaign: a quick pool belongs to no character, so nothing is charged.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.systems.family import QuickPool

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem

__all__ = ["QuickPool", "from_faces", "parse", "refuse", "tokens", "untyped"]


def tokens(text: str) -> list[str]:
    """The words of a quick pool, case-folded, split at spaces and commas."""
    return [t for t in re.split(r"[\s,]+", text.strip().casefold()) if t]


def refuse(system: GameSystem, text: str, why: str = "") -> RulesError:
    """The refusal of ``text`` as a quick pool for ``system``, naming what was wrong and the syntax."""
    if why:
        said = _("{text!r} is not a quick pool for {system} ({why}): type {syntax}")
    else:
        said = _("{text!r} is not a quick pool for {system}: type {syntax}")
    return RulesError(said.format(text=text.strip(), system=system.id, why=why, syntax=_(system.quick_pool_syntax)))


def untyped(system: GameSystem, text: str) -> RulesError | None:
    """The refusal of an empty quick pool (``None`` when something was typed)."""
    if not text or not text.strip():
        return RulesError(_("type the pool: {syntax}").format(syntax=_(system.quick_pool_syntax)))
    return None


def parse(system: GameSystem, text: str, push_cost: str | None = None) -> QuickPool:
    """The quick pool ``text`` means for ``system`` (read by its family's module); a
    :class:`RulesError` naming the syntax when it means none. ``push_cost`` is the campaign's push-cost
    setting (stress dice count where it is ``stress-dice``)."""
    from gmconsole.systems import family_of

    pool: QuickPool = family_of(system.id).quick_pool.parse(system, text, push_cost)
    return pool


def from_faces(system: GameSystem, faces: str, sized_given: bool = False, how: str | None = None) -> str:
    """The quick pool of the dice ``faces`` types (R-MANUAL-1: the GM's roll of the physical dice, typed
    without a pool): each d6 kind counts its faces (``b63124 s355`` → ``5b 3s``, ``d6512`` → ``4d6``).
    A die of another size is not told by its face: its size must be given with the pool (``sized_given``:
    it is, and its faces are left to that pool), else a refusal naming ``how`` (default: the quick-pool
    syntax). Empty when the faces type no d6 at all."""
    from gmconsole.rules.dice import MAX_DICE
    from gmconsole.rules.spec import faces_per_kind, parse_int_spec

    typed = parse_int_spec(faces, system.face_kinds)
    faces_per_kind(typed, MAX_DICE)  # twenty thousand faces are refused as faces, not as a pool of that many
    sized = [kind for kind in typed if not typed.kind(kind).d6]
    if sized and not sized_given:
        raise RulesError(_("{kind} faces do not tell the die's size: give the dice too ({how})").format(
            kind=sized[0], how=how or _(system.quick_pool_syntax)))
    counts = {kind: len(faces) for kind, faces in typed.items() if typed.kind(kind).d6}
    from gmconsole.systems import family_of

    pool: str = family_of(system.id).quick_pool.counted(system, counts)
    return pool
