"""What the roll builder and the command line ask of a roll from the sheet, in sheet terms.

Its own module so that the typed parts of a family's roll engine (:mod:`gmconsole.campaign.engine_parts`) can name
it without importing the pool builder (:mod:`gmconsole.campaign.sheet_rolls`, which asks those parts).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["RollRequest"]


@dataclass(frozen=True)
class RollRequest:
    """What the roll builder asks for, in sheet terms (ids from the system's tables)."""

    character_id: str
    skill: str | None = None
    attribute: str | None = None
    gear: tuple[str, ...] = ()
    difficulty: str | None = None
    helpers: tuple[str, ...] = ()
    modifier: int = 0
    reactive: bool = False
    goal: str | None = None
    tn_modifiers: tuple[str, ...] = ()
    bonus_dice: int = 0
    push_yourself: bool = False
    skill_modifiers: tuple[str, ...] = ()
    hidden: bool = False
    """The GM's hidden roll: recorded as usual, never shown on the players' table view."""

    def as_dict(self) -> dict:
        """The request as the entry stores it (``hidden`` is the entry's own key, written only when true)."""
        out = asdict(self)
        del out["hidden"]
        for key in ("gear", "helpers", "tn_modifiers", "skill_modifiers"):
            out[key] = list(out[key])
        return out
