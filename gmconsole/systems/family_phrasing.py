"""Small wording helpers every family's result text shares (plain strings, no markup)."""

from __future__ import annotations

from typing import Any, SupportsFloat

from gmconsole.i18n import N_, _

__all__ = ["COST_WORDS", "cost_word", "en", "percent", "shares_line"]

COST_WORDS = {"stress": N_("stress"), "damage": N_("damage"), "willpower": N_("willpower"), "trauma": N_("trauma"),
              "mutation_points": N_("mutation points"), "broken": N_("broken"), "condition": N_("condition"),
              "doom": N_("doom"), "gear_damage": N_("gear damage"), "panic": N_("panic"), "xp": N_("XP"),
              "wounds": N_("wounds"), "strain": N_("strain"), "stamina": N_("stamina")}
"""A cost's key (as rolls, pushes and the history keep it) → its name as the GM reads it: the one table of
every system's costs, for every place that names one (a roll's text, the push odds, pending costs)."""


def cost_word(name: str) -> str:
    """A cost by its name in the console's language (``gear damage``, ``mutation points``); a key the table
    lacks with its underscores as spaces (not escaped: the caller shows it safely)."""
    words = COST_WORDS.get(name)
    return _(words) if words else name.replace("_", " ")


def percent(p: SupportsFloat) -> str:
    """A probability as the console shows it: ``42.1%``."""
    return f"{100 * float(p):.1f}%"


def en(value: object) -> str:
    """A name from the data folder in English (the first language given when English is missing)."""
    if isinstance(value, dict):
        return str(value.get("en") or next(iter(value.values()), ""))
    return str(value)


def shares_line(odds: dict[str, Any]) -> str:
    """Every numeric share of ``odds`` as ``name 42.1%``, joined with `` · `` (tiered's tiers)."""
    return " · ".join(f"{name} {percent(p)}" for name, p in odds.items() if isinstance(p, (int, float)))
