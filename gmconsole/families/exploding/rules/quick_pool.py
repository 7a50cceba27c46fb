"""The exploding quick pool: skill and trait die sizes and the TN, ``s8 t6 tn5`` (``s8/6`` two skill
dice of different sizes, no ``s``: untrained; no ``tn``: the default difficulty's TN)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.systems.quick_pool import QuickPool, refuse, tokens, untyped

if TYPE_CHECKING:
    from gmconsole.families.exploding.rules.system import ExplodingSystem

__all__ = ["counted", "parse"]


def parse(system: ExplodingSystem, text: str, push_cost: str | None = None) -> QuickPool:
    """The quick pool ``text`` means for the exploding ``system``; a refusal naming the syntax."""
    from gmconsole.families.exploding.rules import roll as exploding

    empty = untyped(system, text)
    if empty is not None:
        raise empty
    skill: tuple[int, ...] = ()
    trait: int | None = None
    tn: int | None = None
    for token in tokens(text):
        if m := re.fullmatch(r"tn(\d{1,2})", token):
            tn = int(m.group(1))
        elif m := re.fullmatch(r"s(\d{1,2})(?:/(\d{1,2}))?", token):
            sizes = [int(m.group(1))] + ([int(m.group(2))] if m.group(2) else [])
            skill = tuple(sizes) if len(sizes) == exploding.SKILL_DICE else tuple(sizes) * exploding.SKILL_DICE
        elif m := re.fullmatch(r"t(\d{1,2})", token):
            trait = int(m.group(1))
        else:
            raise refuse(system, text, f"{token!r}")
    if trait is None:
        raise refuse(system, text, _("the trait die is needed"))
    try:
        exploding.check_dice(skill, trait)
        target = (exploding.given_target_number(tn) if tn is not None else
                  exploding.build_target_number(difficulty_key=None, modifiers=[], untrained=not skill))
    except (RulesError, ValueError) as exc:
        raise refuse(system, text, str(exc)) from exc
    tidy = " ".join(([f"s{'/'.join(map(str, sorted(set(skill), key=skill.index)))}"] if skill else [])
                    + [f"t{trait}", f"tn{target.value}"])
    return QuickPool(system.id, tidy, (skill, trait, target))


def counted(system: ExplodingSystem, counts: dict[str, int]) -> str:
    """Exploding dice are never counted d6 (their sizes make the pool): nothing to write."""
    return ""
