"""What only a Year Zero roll entry carries: its stunts, the panic a stress die brought, the stress a push
cost and the role skill's outcome (:attr:`gmconsole.campaign.entries.RollEntry.detail`), and what a push entry
carries: the stress it raised at once (:attr:`gmconsole.campaign.entries.PushEntry.detail`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.systems.roll_detail import MISSING, RollDetail

__all__ = ["YearZeroDetail", "YearZeroPushDetail"]


@dataclass(frozen=True)
class YearZeroDetail(RollDetail):
    """A Year Zero roll's own fields, under the keys the history stores them by."""

    stunts: int = MISSING
    """The successes beyond the first, each a stunt or a bonus effect."""
    stunt_list: list[Any] = MISSING
    """The stunts (myz: the skill's own list) or bonus effects a success may buy."""
    panic: bool = MISSING
    """A stress die showed 1: a panic roll is due (R-PUSH-3)."""
    stress_paid: int = MISSING
    """Stress a push cost (the stress rise paid at the push, shown beside the costs)."""
    role_outcome: dict[str, Any] = MISSING
    """myz: what the role skill's roll led to once applied (R-MYZ-ROLE-1): the ``kind`` of the entry that
    applied it (``build``, ``finds``, ``save_life``) and its ``summary``."""


@dataclass(frozen=True)
class YearZeroPushDetail(RollDetail):
    """A Year Zero push's own fields, under the keys the history stores them by (a push's differ from a roll's)."""

    stress_gained: int = MISSING
    """The stress the push raised at once (R-PUSH, a game whose push costs stress dice)."""
