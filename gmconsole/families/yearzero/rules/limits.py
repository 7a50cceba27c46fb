"""R-MYZ-LIMIT: the limits seed 000 puts on `myz` role skills, as warnings (never refusals).

The limits are data (``role_limits`` in ``data/myz.toml``), each with the seed's words:

- Make a Deal: a deal on the side can be rolled once per session (the same Fixer).
- Find the Path: only one Stalker rolls when the group enters a sector (another character's roll for
  the same sector counts).
- Jury-Rig: after a failed roll, not the exact same device again (unless new scrap is found or the
  GM sets a new precondition — the GM records that, and the warning goes away).
- Find the Path: each stunt can be chosen once per roll, so stunts beyond the list's length are lost.

A roll is watched through what it is for, a named skill modifier
(:mod:`gmconsole.families.yearzero.rules.skill_modifiers`:
``side-deal``, ``enter-sector=B7``, ``device=scrap gun``). This module is pure: the campaign layer
hands it the earlier rolls (:class:`PastRoll`) and shows what it returns; the GM may dismiss a warning
by recording why the roll may be made, as for "only one chance" (docs/RULES.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gmconsole.families.yearzero.rules.skill_modifiers import Picked
from gmconsole.rules.data import system_table

__all__ = ["LimitWarning", "PastRoll", "RoleLimit", "limits", "stunt_warning", "warnings", "watched"]


@dataclass(frozen=True)
class RoleLimit:
    """One row of ``role_limits``: which earlier rolls of ``skill`` marked ``when`` stand in the way."""

    id: str
    skill: str
    text: dict[str, Any]
    seed: str
    when: str | None = None
    by: str = "same"
    within: str = "campaign"
    detail: bool = False
    after: str = "any"
    stunts_once: bool = False

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> RoleLimit:
        return cls(id=row["id"], skill=row["skill"], text=row["text"], seed=row.get("seed", ""),
                   when=row.get("when"), by=row.get("by", "same"), within=row.get("within", "campaign"),
                   detail=bool(row.get("detail", False)), after=row.get("after", "any"),
                   stunts_once=bool(row.get("stunts_once", False)))


@dataclass(frozen=True)
class PastRoll:
    """An earlier roll still in force (not undone), as the limits read it: who rolled which skill,
    in which session, for what (``picks``: modifier id → typed detail) and whether it succeeded."""

    entry_id: int
    session: int
    character_id: str
    character: str
    skill: str
    picks: dict[str, Any]
    success: bool


@dataclass(frozen=True)
class LimitWarning:
    """A limit the roll being built runs into: the limit's id, its words (English and Chinese) and
    the earlier entry it comes from (``None`` for a limit within one roll)."""

    limit_id: str
    text: str
    text_zh: str
    entry_id: int | None = None


def limits(system: str) -> list[RoleLimit]:
    """The system's role-skill limits (only `myz` has any)."""
    table = system_table(system)
    return [RoleLimit.from_row(r) for r in table.get("role_limits", ())]


def watched(system: str, skill: str | None, picked: Sequence[Picked]) -> list[RoleLimit]:
    """The limits that look at earlier rolls for a roll of ``skill`` with these picks (none: no
    history needs reading)."""
    ids = {p.modifier.id for p in picked}
    if not ids:
        return []
    return [lim for lim in limits(system) if lim.skill == skill and lim.when and lim.when in ids]


def _same(a: str | None, b: str | None) -> bool:
    return (a or "").casefold() == (b or "").casefold()


def warnings(system: str, character_id: str, character: str, skill: str | None, picked: Sequence[Picked],
             session: int, past: Iterable[PastRoll]) -> list[LimitWarning]:
    """R-MYZ-LIMIT for a roll being built: one warning per limit an earlier roll in ``past`` runs
    into (the newest such roll is named). ``past`` holds the rolls still in force that the GM has
    not already set aside (see the campaign layer)."""
    active = watched(system, skill, picked)
    if not active:
        return []
    mine = {p.modifier.id: p.detail for p in picked}
    rolls = sorted(past, key=lambda r: r.entry_id, reverse=True)
    out: list[LimitWarning] = []
    for lim in active:
        for r in rolls:
            if r.skill != lim.skill or lim.when not in r.picks:
                continue
            if (lim.by == "same") != (r.character_id == character_id):
                continue
            if lim.within == "session" and r.session != session:
                continue
            if lim.detail and not _same(r.picks[lim.when], mine.get(lim.when)):
                continue
            if lim.after == "failure" and r.success:
                continue
            values = {"character": character, "other": r.character, "detail": mine.get(lim.when) or "",
                      "entry": r.entry_id}
            out.append(LimitWarning(lim.id, lim.text["en"].format(**values), lim.text["zh-Hant"].format(**values),
                                    r.entry_id))
            break
    return out


def stunt_warning(system: str, skill: str | None, stunts: int, options: int) -> LimitWarning | None:
    """Find the Path: each stunt once per roll — a roll with more stunts than the list has different
    ones loses the rest (seed 000). ``None`` when the roll's stunts fit."""
    for lim in limits(system):
        if lim.stunts_once and lim.skill == skill and options and stunts > options:
            values = {"stunts": stunts, "options": options}
            return LimitWarning(lim.id, lim.text["en"].format(**values), lim.text["zh-Hant"].format(**values))
    return None
