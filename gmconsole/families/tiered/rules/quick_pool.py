"""The tiered quick pool: the pool's dice count, ``4`` or ``4d6`` (0 or fewer: 2d6, keep the lowest,
R-TIER-2)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gmconsole.i18n import _
from gmconsole.systems.quick_pool import QuickPool, refuse, tokens, untyped

if TYPE_CHECKING:
    from gmconsole.families.tiered.rules.system import TieredSystem

__all__ = ["counted", "parse"]


def parse(system: TieredSystem, text: str, push_cost: str | None = None) -> QuickPool:
    """The quick pool ``text`` means for the tiered ``system``; a refusal naming the syntax."""
    from gmconsole.families.tiered.rules import roll as tiered
    from gmconsole.rules.dice import MAX_DICE

    empty = untyped(system, text)
    if empty is not None:
        raise empty
    found = re.fullmatch(r"(-?\d{1,2})(d6)?", "".join(tokens(text)))
    if not found:
        raise refuse(system, text)
    dice = int(found.group(1))
    if dice > MAX_DICE:
        raise refuse(system, text, _("at most {most} dice").format(most=MAX_DICE))
    return QuickPool(system.id, f"{dice}d6", tiered.Pool(dice, ((_("dice"), dice),)))


def counted(system: TieredSystem, counts: dict[str, int]) -> str:
    """``counts`` of d6 by kind (``{"dice": 4}``) written as this quick pool: ``4d6``."""
    dice = sum(counts.values())
    return f"{dice}d6" if dice else ""
