"""The exploding roll builder's words: the difficulty ladder and the odds line (plain strings)."""

from __future__ import annotations

from gmconsole.systems.words import en, percent

__all__ = ["difficulty_choices", "odds_line"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """``(key, label)`` of the difficulty table, easiest first (``Hard TN 6``)."""
    from gmconsole.systems.exploding.target import difficulties

    return tuple((d.key, f"{en(d.name)} TN {d.tn}") for d in difficulties())


def odds_line(odds: dict) -> str:
    """A preview's exact odds in one line: success and critical failure."""
    parts = []
    for key, label in (("p_success", "success"), ("success", "success"),
                       ("p_critical_failure", "critical failure"), ("critical_failure", "critical failure")):
        if key in odds and isinstance(odds[key], (int, float)):
            parts.append(f"{label} {percent(odds[key])}")
    return " · ".join(parts)
