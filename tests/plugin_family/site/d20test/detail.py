"""What only a d20 roll entry carries: the face against the target, and the verdict."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.systems.roll_detail import MISSING, RollDetail


@dataclass(frozen=True)
class D20Detail(RollDetail):
    """A d20 roll's own fields, under the keys the history stores them by."""

    top: int = MISSING
    """The face the d20 showed."""
    tn: Any = MISSING
    """The target: attribute + skill; the face must be at or under it."""
    success: bool = MISSING
    margin: int = MISSING
    """The target minus the face."""
