"""What only an exploding-dice roll entry carries: the top die against the target number, and the reroll
with a grant (:attr:`gmconsole.campaign.entries.RollEntry.detail`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.systems.roll_detail import MISSING, RollDetail

__all__ = ["ExplodingDetail", "ExplodingSpecialDetail"]


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


@dataclass(frozen=True)
class ExplodingSpecialDetail(ExplodingDetail):
    """An exploding-dice special roll's own fields (opposed test, assisted or group check): a roll's, and the
    defender's or the helpers', under the keys the history stores them by (a roll's record to its readers)."""

    defender: str = MISSING
    """Opposed test: the defender's name; with ``defender_id``, their skill, attribute, dice and top die, and
    who a tie goes to."""
    defender_id: str = MISSING
    defender_skill: str | None = MISSING
    defender_attribute: str | None = MISSING
    defender_dice: list[Any] = MISSING
    defender_top: int = MISSING
    tie_goes_to: str = MISSING
    assisted: dict[str, Any] = MISSING
    """Assisted check: the TN and the helpers' steps; each turn's roll is in ``rolls``, those who spent no
    pool points in ``held``."""
    rolls: list[Any] = MISSING
    held: list[Any] = MISSING
    group: dict[str, Any] = MISSING
    """Group check: the TN and each participant's result."""
