"""The tiered roll builder's words: the odds line, one share per tier (plain strings)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gmconsole.i18n import _, language, ngettext
from gmconsole.systems.family_phrasing import percent

__all__ = ["difficulty_choices", "odds_line", "tier_reading", "tier_shouted", "tier_word"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """Tiered rolls have no difficulty ladder: the tier read from the highest die is the outcome."""
    return ()


def tier_word(key: str) -> str:
    """A tier as the odds line names it: English keeps the odds' own key (``critical``, as the history has
    always shown it); another language reads the tier's name from ``data/tiered.toml`` (大成功)."""
    from gmconsole.families.tiered.rules.roll import Tier

    if language() == "en" or key not in {tier.value for tier in Tier}:
        return key
    return Tier(key).name_in(language())


def tier_shouted(tier: object) -> str:
    """A result's tier as the result line shouts it (the console's and the command line's): ``GREAT`` in
    English, else the data file's name of the tier in the language spoken (the entry keeps the tier's id)."""
    if language() == "en":
        return str(tier).upper()
    from gmconsole.families.tiered.rules.roll import Tier

    try:
        return Tier(str(tier)).name_in(language())
    except ValueError:
        return str(tier).upper()


def odds_line(odds: dict[str, Any]) -> str:
    """A preview's exact odds in one line: each tier's share (``critical 19.6% · great 40.2% · ...``)."""
    return " · ".join(f"{tier_word(name)} {percent(p)}" for name, p in odds.items() if isinstance(p, (int, float)))


def tier_reading(tier: str, faces: Sequence[int], kept: int, keeps_lowest: bool) -> str:
    """What a check's tier was read from, for the words beside it: a Critical's 6s (``2 sixes``: two or more
    6s, the highest die alone says no more than a Great), the lowest of 2d6 a pool of 0 or fewer keeps
    (``lowest 3 kept``, R-TIER-2), else the highest die (``highest 5``)."""
    if tier == "critical":
        sixes = sum(1 for face in faces if face == 6)
        return ngettext("{count} six", "{count} sixes", sixes).format(count=sixes)
    if keeps_lowest:
        return _("lowest {face} kept").format(face=kept)
    return _("highest {face}").format(face=kept)
