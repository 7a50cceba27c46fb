"""The Year Zero quick pool: counts per kind, ``5b 3s 1g`` (base, skill, gear), ``2st`` stress dice
(yze), ``d8`` an artifact die (repeatable); step dice ``d10 d8`` (attribute die, then an optional skill
die) in yze-step. A Year Zero quick roll can be pushed (R-PUSH-1)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from gmconsole.i18n import N_, _
from gmconsole.systems.quick_pool import QuickPool, refuse, tokens, untyped

if TYPE_CHECKING:
    from gmconsole.families.yearzero.rules.system import YearZeroSystem

__all__ = ["NOT_COUNTED", "counted", "parse"]

NOT_COUNTED = {
    "myz": {"st": N_("myz has no stress dice")},
    "yze-step": dict.fromkeys(("b", "s", "g"), N_("yze-step rolls step dice like d10 d8, not counts of base, "
                                                  "skill or gear dice")),
}
"""The counted dice a Year Zero system does not roll, each with the sentence its refusal gives."""


def parse(system: YearZeroSystem, text: str, push_cost: str | None = None) -> QuickPool:
    """The quick pool ``text`` means for the Year Zero ``system``; a refusal naming the syntax."""
    from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool

    empty = untyped(system, text)
    if empty is not None:
        raise empty
    counts = {"b": 0, "s": 0, "g": 0, "st": 0}
    artifacts: list[int] = []
    step: list[int] = []
    not_counted = NOT_COUNTED.get(system.id, {})
    for token in tokens(text):
        die = re.fullmatch(r"d(\d{1,2})", token)
        count = re.fullmatch(r"(\d{1,2})(st|b|s|g)", token)
        if die and system.step_dice:
            step.append(int(die.group(1)))
        elif die:
            artifacts.append(int(die.group(1)))
        elif count and count.group(2) in not_counted:
            raise refuse(system, text, _(not_counted[count.group(2)]))
        elif count:
            counts[count.group(2)] += int(count.group(1))
        else:
            raise refuse(system, text, f"{token!r}")
    push_cost = push_cost if system.push_cost_is_a_setting else None  # myz pushes cost what they cost
    # attribute_name "": the GM's pool comes from no attribute, so its explanation and dice name none.
    common: dict[str, Any] = dict(system=system.id, stress=counts["st"], push_cost=push_cost, attribute_name="",
                                  artifacts=tuple((f"d{sides}", sides) for sides in artifacts))
    if system.step_dice:
        if not 1 <= len(step) <= 2:
            raise refuse(system, text, _("one or two step dice"))
        request = PoolRequest(attribute_die=step[0], skill_die=step[1] if len(step) == 2 else None, **common)
    else:
        if not any(counts.values()) and not artifacts:
            raise refuse(system, text, _("no dice"))
        request = PoolRequest(attribute_value=counts["b"], skill_level=counts["s"],
                              gear=((_("gear"), counts["g"]),) if counts["g"] else (), **common)
    pool = build_pool(request)
    return QuickPool(system.id, " ".join(tokens(text)), pool)


def counted(system: YearZeroSystem, counts: dict[str, int]) -> str:
    """``counts`` of d6 dice by kind (``{"base": 5, "skill": 3}``) written as this quick pool: ``5b 3s``."""
    from gmconsole.families.yearzero.rules.faces import YZE_FACES

    letters = {k.name: k.letter for k in YZE_FACES}
    return " ".join(f"{n}{letters[kind]}" for kind, n in counts.items() if n)
