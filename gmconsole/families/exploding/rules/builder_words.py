"""The exploding roll builder's words: the difficulty ladder and the odds line (plain strings)."""

from __future__ import annotations

from typing import Any

from gmconsole.i18n import N_, _, pick
from gmconsole.systems.family_phrasing import percent

__all__ = ["difficulty_choices", "odds_line"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """``(key, label)`` of the difficulty table, easiest first (``Hard TN 6``)."""
    from gmconsole.families.exploding.rules.target import difficulties

    return tuple((d.key, _("{name} TN {tn}").format(name=pick(d.name), tn=d.tn)) for d in difficulties())


def odds_line(odds: dict[str, Any]) -> str:
    """A preview's exact odds in one line: success and critical failure."""
    parts = []
    for key, label in (("p_success", N_("success {p}")), ("success", N_("success {p}")),
                       ("p_critical_failure", N_("critical failure {p}")),
                       ("critical_failure", N_("critical failure {p}"))):
        if key in odds and isinstance(odds[key], (int, float)):
            parts.append(_(label).format(p=percent(odds[key])))
    return " · ".join(parts)
