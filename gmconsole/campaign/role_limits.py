"""Limits on a role skill's rolls (R-MYZ-LIMIT) in the roll builder's preview, where the family has any.

The limits, the earlier rolls they read and their words are the family's (Year Zero's myz: a deal on the side,
a sector entered, a device built); its engine hands them over as :class:`RoleLimitsPart`. Nothing is refused:
the GM decides, and records why a roll may be made (the roll builder's ``w``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from gmconsole import systems

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.campaign.model import Character

__all__ = ["Asked", "RoleLimitsPart", "warnings"]


class Asked(Protocol):
    """What these warnings read of the roll being built (a :class:`~gmconsole.campaign.sheet_rolls.RollRequest`)."""

    @property
    def skill(self) -> str | None: ...

    @property
    def skill_modifiers(self) -> tuple[str, ...]: ...


@runtime_checkable
class RoleLimitsPart(Protocol):
    """A family engine that watches earlier rolls before a role skill is rolled again."""

    def limit_warnings(self, ledger: Ledger, character: Character, request: Asked) -> list[str]:
        """The warnings for the roll being built (empty when no limit watches it)."""
        ...


def warnings(ledger: Ledger, character: Character, request: Asked) -> list[str]:
    """R-MYZ-LIMIT warnings for the roll being built, from the family's engine (none where it watches nothing)."""
    engine = systems.family_of(ledger.campaign.system).engine
    return engine.limit_warnings(ledger, character, request) if isinstance(engine, RoleLimitsPart) else []
