"""The Year Zero roll builder's words: the difficulty ladder and the odds line (plain strings)."""

from __future__ import annotations

from gmconsole.i18n import N_, _, pick
from gmconsole.rules.data import system_table
from gmconsole.systems.words import percent

__all__ = ["difficulty_choices", "odds_line"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """``(id, label)`` of the system table's difficulty ladder, easiest first (``Hard -1``)."""
    rows = system_table(system_id).get("difficulty", [])
    return tuple((r["id"], f"{pick(r['name'])} {r['modifier']:+d}") for r in rows)


KINDS = {"base": N_("base"), "skill": N_("skill"), "gear": N_("gear"), "stress": N_("stress")}
"""A die kind as the odds line names it (the odds keep the English key)."""


def odds_line(odds: dict) -> str:
    """A preview's exact odds in one line: success, with push, panic, banes after a push."""
    parts = [_("success {p}").format(p=percent(odds.get("p_success", 0)))]
    if "p_success_with_push" in odds:
        parts.append(_("with push {p}").format(p=percent(odds["p_success_with_push"])))
    if "p_panic" in odds:
        parts.append(_("panic {p}").format(p=percent(odds["p_panic"])))
    if "p_panic_with_push" in odds:
        parts.append(_("panic if pushed {p}").format(p=percent(odds["p_panic_with_push"])))
    banes = odds.get("p_bane_after_push") or {}
    if banes:
        shares = ", ".join(f"{_(KINDS[k]) if k in KINDS else k} {percent(v)}" for k, v in banes.items())
        parts.append(_("bane after push {shares}").format(shares=shares))
    return " · ".join(parts)
