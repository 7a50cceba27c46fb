"""The GM's quick pool (issue 12): a roll without a character, typed the way a dice bot reads it.

Each system reads its own compact syntax; the syntax is named in the refusal of a bad one:

- ``myz``, ``yze``: counts per kind, ``5b 3s 1g`` (base, skill, gear), ``2st`` stress dice (yze),
  ``d8`` an artifact die (repeatable). A Year Zero quick roll can be pushed (R-PUSH-1).
- ``yze-step``: the step dice, ``d10 d8`` (attribute die, then an optional skill die), ``2st`` stress.
- ``tiered``: the pool's dice count, ``4`` or ``4d6`` (0 or fewer: 2d6, keep the lowest, R-TIER-2).
- ``exploding``: skill and trait die sizes and the TN, ``s8 t6 tn5`` (``s8/6`` two skill dice of
  different sizes, no ``s``: untrained; no ``tn``: the default difficulty's TN).

Nothing here reads a campaign: a quick pool belongs to no character, so nothing is charged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from gmconsole.rules.errors import RulesError

__all__ = ["EXAMPLE", "NOT_COUNTED", "QuickPool", "SYNTAX", "parse"]


@dataclass(frozen=True)
class QuickPool:
    """A parsed quick pool: the system's own pool object (``core``) and the text as the GM typed it,
    tidied (``text``, shown in the history: "GM rolls 5b 3s")."""

    system: str
    text: str
    core: Any


SYNTAX = {
    "myz": "counts per kind like 5b 3s 1g (base, skill, gear; d8 an artifact die)",
    "yze": "counts per kind like 5b 3s 1g 2st (base, skill, gear, stress; d8 an artifact die)",
    "yze-step": "step dice like d10 d8 (attribute die, then skill die; 2st stress dice)",
    "tiered": "a dice count like 4 or 4d6",
    "exploding": "die sizes and TN like s8 t6 tn5 (skill die, trait die, target number; s8/6 two sizes)",
}
"""Each system's quick-pool syntax, as the refusal of a bad one and the console's prompt say it."""

EXAMPLE = {"myz": "4b 2s", "yze": "5b 3s 1g", "yze-step": "d10 d8", "tiered": "4d6", "exploding": "s8 t6 tn5"}
"""One quick pool per system, the console's placeholder."""


NOT_COUNTED = {
    "myz": {"st": "myz has no stress dice"},
    "yze-step": dict.fromkeys(("b", "s", "g"), "yze-step rolls step dice like d10 d8, not counts of base, "
                                               "skill or gear dice"),
}
"""The counted dice a Year Zero system does not roll, each with the sentence its refusal gives."""


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip().casefold()) if t]


def _refuse(system: str, text: str, why: str = "") -> RulesError:
    detail = f" ({why})" if why else ""
    return RulesError(f"{text.strip()!r} is not a quick pool for {system}{detail}: type {SYNTAX[system]}")


def _year_zero(system: str, text: str, push_cost: str | None = None) -> QuickPool:
    from gmconsole.systems.yearzero.roll import PoolRequest, build_pool

    counts = {"b": 0, "s": 0, "g": 0, "st": 0}
    artifacts: list[int] = []
    step: list[int] = []
    for token in _tokens(text):
        die = re.fullmatch(r"d(\d{1,2})", token)
        count = re.fullmatch(r"(\d{1,2})(st|b|s|g)", token)
        if die and system == "yze-step":
            step.append(int(die.group(1)))
        elif die:
            artifacts.append(int(die.group(1)))
        elif count and count.group(2) in NOT_COUNTED.get(system, {}):
            raise _refuse(system, text, NOT_COUNTED[system][count.group(2)])
        elif count:
            counts[count.group(2)] += int(count.group(1))
        else:
            raise _refuse(system, text, f"{token!r}")
    push_cost = None if system == "myz" else push_cost  # myz pushes cost what they cost: no setting
    # attribute_name "": the GM's pool comes from no attribute, so its explanation and dice name none.
    common: dict[str, Any] = dict(system=system, stress=counts["st"], push_cost=push_cost, attribute_name="",
                                  artifacts=tuple((f"d{sides}", sides) for sides in artifacts))
    if system == "yze-step":
        if not 1 <= len(step) <= 2:
            raise _refuse(system, text, "one or two step dice")
        request = PoolRequest(attribute_die=step[0], skill_die=step[1] if len(step) == 2 else None, **common)
    else:
        if not any(counts.values()) and not artifacts:
            raise _refuse(system, text, "no dice")
        request = PoolRequest(attribute_value=counts["b"], skill_level=counts["s"],
                              gear=(("gear", counts["g"]),) if counts["g"] else (), **common)
    pool = build_pool(request)
    return QuickPool(system, " ".join(_tokens(text)), pool)


def _tiered(system: str, text: str, push_cost: str | None = None) -> QuickPool:
    from gmconsole.systems.tiered import roll as tiered

    found = re.fullmatch(r"(-?\d{1,2})(d6)?", "".join(_tokens(text)))
    if not found:
        raise _refuse(system, text)
    dice = int(found.group(1))
    from gmconsole.rules.dice import MAX_DICE

    if dice > MAX_DICE:
        raise _refuse(system, text, f"at most {MAX_DICE} dice")
    return QuickPool(system, f"{dice}d6", tiered.Pool(dice, (("dice", dice),)))


def _exploding(system: str, text: str, push_cost: str | None = None) -> QuickPool:
    from gmconsole.systems.exploding import roll as exploding

    skill: tuple[int, ...] = ()
    trait: int | None = None
    tn: int | None = None
    for token in _tokens(text):
        if m := re.fullmatch(r"tn(\d{1,2})", token):
            tn = int(m.group(1))
        elif m := re.fullmatch(r"s(\d{1,2})(?:/(\d{1,2}))?", token):
            sizes = [int(m.group(1))] + ([int(m.group(2))] if m.group(2) else [])
            skill = tuple(sizes) if len(sizes) == exploding.SKILL_DICE else tuple(sizes) * exploding.SKILL_DICE
        elif m := re.fullmatch(r"t(\d{1,2})", token):
            trait = int(m.group(1))
        else:
            raise _refuse(system, text, f"{token!r}")
    if trait is None:
        raise _refuse(system, text, "the trait die is needed")
    try:
        exploding.check_dice(skill, trait)
        target = (exploding.given_target_number(tn) if tn is not None else
                  exploding.build_target_number(difficulty_key=None, modifiers=[], untrained=not skill))
    except (RulesError, ValueError) as exc:
        raise _refuse(system, text, str(exc)) from exc
    tidy = " ".join(([f"s{'/'.join(map(str, sorted(set(skill), key=skill.index)))}"] if skill else [])
                    + [f"t{trait}", f"tn{target.value}"])
    return QuickPool(system, tidy, (skill, trait, target))


_PARSERS: dict[str, Callable[..., QuickPool]] = {
    "myz": _year_zero, "yze": _year_zero, "yze-step": _year_zero, "tiered": _tiered, "exploding": _exploding,
}


def parse(system: str, text: str, push_cost: str | None = None) -> QuickPool:
    """The quick pool ``text`` means in ``system``; raises :class:`RulesError` naming the syntax.
    ``push_cost`` is the campaign's Year Zero push cost (stress dice count where it is ``stress-dice``)."""
    if not text or not text.strip():
        raise RulesError(f"type the pool: {SYNTAX[system]}")
    return _PARSERS[system](system, text, push_cost)
