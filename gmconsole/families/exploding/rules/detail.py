"""What only an exploding-dice roll entry carries: the top die against the target number, and the reroll
with a grant (:attr:`gmconsole.campaign.entries.RollEntry.detail`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.systems.roll_detail import MISSING, RollDetail

__all__ = ["ExplodingDetail"]


@dataclass(frozen=True)
class ExplodingDetail(RollDetail):
    """An exploding-dice roll's own fields, under the keys the history stores them by."""

    top: int = MISSING
    """The highest total of a die (an exploded die's faces added up)."""
    tn: Any = MISSING
    """The target number the top die had to reach."""
    margin: int = MISSING
    """The top die minus the TN."""
    success: bool = MISSING
    """Whether the top die reached the TN."""
    critical_failure: bool = MISSING
    """Every die showed 1."""
    reroll: dict[str, Any] = MISSING
    """The failed check this roll rerolls with a grant, ``{"of": roll id, "grant": name}`` (R-EXP-5)."""
    rerolled_with: str | None = MISSING
    """The grant this failed check was rerolled with (R-EXP-5; ``None`` once that reroll is undone)."""
