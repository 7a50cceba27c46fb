"""The tiered roll builder's words: the odds line, one share per tier (plain strings)."""

from __future__ import annotations

from gmconsole.systems.words import shares_line

__all__ = ["difficulty_choices", "odds_line"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """Tiered rolls have no difficulty ladder: the tier read from the highest die is the outcome."""
    return ()


def odds_line(odds: dict) -> str:
    """A preview's exact odds in one line: each tier's share."""
    return shares_line(odds)
