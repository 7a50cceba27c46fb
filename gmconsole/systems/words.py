"""Small wording helpers every family's result text shares (plain strings, no markup)."""

from __future__ import annotations

__all__ = ["en", "percent", "shares_line"]


def percent(p) -> str:
    """A probability as the console shows it: ``42.1%``."""
    return f"{100 * float(p):.1f}%"


def en(value) -> str:
    """A name from the data folder in English (the first language given when English is missing)."""
    if isinstance(value, dict):
        return str(value.get("en") or next(iter(value.values()), ""))
    return str(value)


def shares_line(odds: dict) -> str:
    """Every numeric share of ``odds`` as ``name 42.1%``, joined with `` · `` (tiered's tiers)."""
    return " · ".join(f"{name} {percent(p)}" for name, p in odds.items() if isinstance(p, (int, float)))
