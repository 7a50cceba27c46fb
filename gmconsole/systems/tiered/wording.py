"""The tiered roll builder's words: the odds line, one share per tier (plain strings)."""

from __future__ import annotations

from gmconsole.i18n import language
from gmconsole.systems.words import percent

__all__ = ["difficulty_choices", "odds_line", "tier_word"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """Tiered rolls have no difficulty ladder: the tier read from the highest die is the outcome."""
    return ()


def tier_word(key: str) -> str:
    """A tier as the odds line names it: English keeps the odds' own key (``critical``, as the history has
    always shown it); another language reads the tier's name from ``data/tiered.toml`` (大成功)."""
    from gmconsole.systems.tiered.roll import Tier

    if language() == "en" or key not in {tier.value for tier in Tier}:
        return key
    return Tier(key).name_in(language())


def odds_line(odds: dict) -> str:
    """A preview's exact odds in one line: each tier's share (``critical 19.6% · great 40.2% · ...``)."""
    return " · ".join(f"{tier_word(name)} {percent(p)}" for name, p in odds.items() if isinstance(p, (int, float)))
