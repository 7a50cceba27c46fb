"""R-MYZ-LIMIT in the campaign: read the earlier rolls the limits need and word the warnings (the roll
builder's preview asks through :func:`gmconsole.campaign.role_limits.warnings`, which finds this module through
the family's engine).

The limits themselves are data and rules (:mod:`gmconsole.families.yearzero.rules.limits`); this module finds the
rolls still in force in the history and leaves out those the GM has set aside. Setting a warning aside
works as for "only one chance" (docs/RULES.md): the GM records why the roll may be made (the roll
builder's ``w``, ``service.rolls.change_of_circumstances``) for that character and skill; earlier
rolls before that record no longer warn. Nothing is refused: the GM decides.

The history is read only for a roll a limit watches (a deal on the side, a sector entered, a device)
and the answer is kept until the campaign changes, so the roll builder's per-key preview stays fast.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from gmconsole.campaign.entries import CircumstancesEntry, RollEntry, as_record, given
from gmconsole.families.yearzero.rules import limits as myz_limits
from gmconsole.families.yearzero.rules import skill_modifiers as skill_modifiers
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.store.errors import StoreError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.campaign.model import Character
    from gmconsole.campaign.role_limits import Asked

__all__ = ["past_rolls", "warnings"]

_CACHE: weakref.WeakKeyDictionary[Ledger, tuple] = weakref.WeakKeyDictionary()


def _version(ledger: Ledger) -> tuple:
    """Changes whenever an entry is recorded, undone or redone (the undo/redo stacks move)."""
    return ledger.version()


def _picks(entry: RollEntry) -> dict:
    out = {}
    for row in entry.skill_modifiers or ():
        if isinstance(row, dict) and isinstance(row.get("id"), str):
            detail = row.get("detail")
            out[row["id"]] = detail if isinstance(detail, str) else None
    return out


def past_rolls(ledger: Ledger, skills: set[str], *, all_sessions: bool = True
               ) -> tuple[list[myz_limits.PastRoll], dict]:
    """The rolls of ``skills`` still in force (in every session, or only the current one) and for each
    ``(character_id, skill)`` the id of the newest change of circumstances recorded (the GM setting a
    limit aside)."""
    key = (_version(ledger), frozenset(skills), all_sessions)
    cached = _CACHE.get(ledger)
    if cached is not None and cached[0] == key:
        return cached[1], cached[2]
    rolls: list[myz_limits.PastRoll] = []
    cleared: dict[tuple, int] = {}
    try:
        for number in (ledger.sessions() if all_sessions else [ledger.session.number]):
            for stored in ledger.entries_newest_first(number):
                # the whole history is scanned: the stored dict is asked first, only a kept entry is read
                if stored.get("status", "done") != "done" or stored.get("skill") not in skills:
                    continue
                e = as_record(stored)
                who = (given(e.character_id, None), e.skill)
                if isinstance(e, CircumstancesEntry):
                    cleared[who] = max(cleared.get(who, 0), int(e.id or 0))
                elif isinstance(e, RollEntry):
                    rolls.append(myz_limits.PastRoll(
                        entry_id=int(e.id or 0), session=int(e.session or number),
                        character_id=str(e.character_id or ""), character=str(e.character or ""),
                        skill=str(e.skill), picks=_picks(e), success=bool((e.successes or 0) > 0)))
    except StoreError:
        return [], {}  # an unreadable history only costs these warnings, as for "only one chance"
    _CACHE[ledger] = (key, rolls, cleared)
    return rolls, cleared


def warnings(ledger: Ledger, character: Character, request: Asked) -> list[str]:
    """R-MYZ-LIMIT warnings for the roll being built (empty when no limit watches it)."""
    system = ledger.campaign.system
    try:
        picked = skill_modifiers.resolve(system, request.skill, request.skill_modifiers)
    except RulesError:
        return []  # the pool builder already says what is wrong with the picks
    watched = myz_limits.watched(system, request.skill, picked)
    if not watched:
        return []
    rolls, cleared = past_rolls(ledger, {lim.skill for lim in watched},
                                all_sessions=any(lim.within != "session" for lim in watched))
    since = cleared.get((character.id, request.skill), 0)
    standing = [r for r in rolls if r.entry_id > since]
    found = myz_limits.warnings(system, character.id, character.name, request.skill, picked,
                                ledger.session.number, standing)
    return [_("{warning} (R-MYZ-LIMIT: the GM may allow it, recording why)").format(warning=w.text) for w in found]
