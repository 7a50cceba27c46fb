"""The Year Zero roll builder's words: the difficulty ladder, the odds line and the push odds' rows and costs
(plain strings, in the GM's language)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from gmconsole.i18n import N_, _, pick
from gmconsole.phrasing import side_by_side
from gmconsole.rules.data import system_table
from gmconsole.safe_text import shown
from gmconsole.systems.family_phrasing import cost_word, percent


class PushCosts(Protocol):
    """What the push-odds wording reads of :class:`~gmconsole.families.yearzero.rules.push_odds.PushOdds`: named
    here, so the wording (asked by the system's facts) needs nothing of the odds engine."""

    @property
    def cost_details(self) -> Sequence[tuple[str, str | None, dict[int, Fraction]]]: ...

    @property
    def panic_rows(self) -> Mapping[str, Fraction] | None: ...

__all__ = ["cost_label", "cost_name", "cost_rows", "difficulty_choices", "odds_line", "panic_row_name",
           "panic_rows"]


def difficulty_choices(system_id: str) -> tuple[tuple[str, str], ...]:
    """``(id, label)`` of the system table's difficulty ladder, easiest first (``Hard -1``)."""
    rows = system_table(system_id).get("difficulty", [])
    return tuple((r["id"], f"{pick(r['name'])} {r['modifier']:+d}") for r in rows)


KINDS = {"base": N_("base"), "skill": N_("skill"), "gear": N_("gear"), "stress": N_("stress")}
"""A die kind as the odds line names it (the odds keep the English key)."""


def odds_line(odds: dict[str, Any]) -> str:
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
        shares = side_by_side(f"{_(KINDS[k]) if k in KINDS else k} {percent(v)}" for k, v in banes.items())
        parts.append(_("bane after push {shares}").format(shares=shares))
    return " · ".join(parts)




def cost_name(name: str) -> str:
    """A cost by its name in the GM's language (``gear damage``, ``mutation points``)."""
    return shown(cost_word(name))


def _attribute_name(system_id: str, attribute: str) -> str | None:
    for row in system_table(system_id).get("attributes", ()):
        if row.get("id") == attribute:
            return pick(row["name"])
    return None


def cost_label(system_id: str, name: str, target: str | None) -> str:
    """A cost and what it falls on, as a push-odds row names it: ``trauma (Strength)``, ``gear damage (rope)``;
    an attribute by the data file's name in the GM's language, the dog as words, a gear item as the GM typed it."""
    if not target:
        return cost_name(name)
    on = _("the dog") if target == "dog" else _attribute_name(system_id, target) or shown(target)
    return _("{cost} ({target})").format(cost=cost_name(name), target=on)


def cost_rows(odds: PushCosts, system_id: str) -> list[tuple[str, dict[int, Fraction]]]:
    """``(label, {amount: chance})`` of every cost and target a push can charge (:class:`PushOdds.cost_details
    <gmconsole.families.yearzero.rules.push_odds.PushOdds>`), labelled by :func:`cost_label`."""
    return [(cost_label(system_id, name, target), dist) for name, target, dist in odds.cost_details]


def panic_row_name(row_id: str) -> str:
    """A panic table row by its data-file name in the GM's language (``drop-item``: Drop item, 掉落物品)."""
    from gmconsole.families.yearzero.rules.panic import panic_table

    for row in panic_table():
        if row["id"] == row_id:
            return pick(row["name"])
    return shown(row_id.replace("-", " "))


def panic_rows(odds: PushCosts) -> list[tuple[str, Fraction]]:
    """``(row name, chance)`` of each panic table row a push can land on, in table order."""
    return [(panic_row_name(row), p) for row, p in (odds.panic_rows or {}).items()]
