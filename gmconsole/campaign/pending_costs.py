"""Costs that last: the costs of a roll not yet applied are part of the campaign state.

A roll or a push that leaves costs waiting (trauma, damage, a panic roll owed, a condition, ...)
used to keep them only in the roll's history entry and in the roll builder: quit before `c`, or
record the push from the command line, and nothing could apply them any more. Now the campaign
document keeps a ``pending_costs`` list, one item per roll::

    {"roll_id": 12, "session": 1, "character_id": "c1", "character": "Ann", "costs": [...]}

The list is kept in step by :func:`follow`, called by the service's one commit for every change:
a new roll entry with ``costs_status`` ``pending`` adds its item; a change to an earlier entry's
``costs_status`` (a push adding or replacing costs, costs applied) sets or drops the item. Because
the list is a part of the campaign document (:mod:`gmconsole.campaign.undo`), undoing the costs
brings the item back, and undoing the roll takes it away, with no undo code of its own.
The roll's entry keeps its ``costs_status`` (``pending``/``applied``/``dropped``, the last when the GM
dismissed them or the character owing them left the roster) for the history views.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from functools import cache

from gmconsole.i18n import N_, _, pick
from gmconsole.systems.family_phrasing import COST_WORDS, cost_word

__all__ = ["cost_name", "cost_target_text", "cost_text", "costs_status_text", "drop_lost", "drop_of_character",
           "follow", "pending_list", "public"]


def _item_for(items: list[dict], roll_id: int) -> int | None:
    return next((n for n, item in enumerate(items) if item.get("roll_id") == roll_id), None)


def _set(items: list[dict], item: dict) -> None:
    at = _item_for(items, item["roll_id"])
    if at is None:
        items.append(item)
    else:
        items[at] = item


def _drop(items: list[dict], roll_id: int) -> None:
    at = _item_for(items, roll_id)
    if at is not None:
        del items[at]


def follow(
    items: list[dict],
    info: dict,
    entry_updates: Sequence[tuple[int, int, dict, dict]],
    *,
    session: int,
    character_id: str | None,
    character: str,
    next_id: Callable[[], int],
) -> None:
    """Keep ``items`` (the copy's ``pending_costs``) in step with the change being committed.

    ``info`` is the new entry's fields; ``entry_updates`` the changes to earlier entries
    ``(session, id, before, after)``; ``next_id()`` the id the new entry will get (asked only
    when the new entry itself has costs pending)."""
    for update_session, entry_id, _before, after in entry_updates:
        status = after.get("costs_status")
        if status is None:
            continue
        if status == "pending" and after.get("costs"):
            at = _item_for(items, entry_id)
            old = items[at] if at is not None else {}
            _set(items, {"roll_id": entry_id, "session": update_session,
                         "character_id": old.get("character_id", character_id),
                         "character": old.get("character", character),
                         "costs": copy.deepcopy(after["costs"])})
        else:
            _drop(items, entry_id)
    if info.get("costs_status") == "pending" and info.get("costs"):
        _set(items, {"roll_id": next_id(), "session": session, "character_id": character_id,
                     "character": character, "costs": copy.deepcopy(info["costs"])})


def pending_list(items: list[dict]) -> list[dict]:
    """A copy of the pending items, oldest roll first."""
    return sorted((copy.deepcopy(item) for item in items), key=lambda item: item["roll_id"])


def public(item: dict) -> dict:
    """An item as ``gmconsole costs --json`` prints it: ``{"roll_id", "character", "costs"}``."""
    return {"roll_id": item["roll_id"], "character": item.get("character", ""), "costs": item.get("costs", [])}



COSTS_STATUS = {"pending": N_("pending"), "applied": N_("applied"), "dropped": N_("dropped")}
"""A roll's costs state (the stored value scripts compare) as the GM reads it."""

_ONCE = frozenset({"panic", "broken", "condition"})
"""Costs that happen or not: their amount (always 1) is left out of the words."""


def cost_text(cost: dict) -> str:
    """One cost as the GM reads it, the one wording of every listing (the recap, ``costs``, a roll's
    text, the console's questions): ``trauma 3 (wits)``, ``mutation points 3``, ``panic roll``; never
    the raw key (``mutation_points``). A tiered effect applied with its roll or push (``target``, ``amount``,
    no ``name``, or an empty one as the recap copies it) reads ``stamina -2``."""
    if not cost.get("name") and isinstance(cost.get("target"), str) and type(cost.get("amount")) is int:
        return f"{cost_word(cost['target'])} {cost['amount']:+d}"
    name = str(cost.get("name", "?"))
    words = cost_name(name)
    amount = "" if name in _ONCE or cost.get("amount") is None else f" {cost['amount']}"
    target = cost_target_text(cost["target"]) if cost.get("target") else ""
    return _("{cost} ({target})").format(cost=f"{words}{amount}", target=target) if target else f"{words}{amount}"


def cost_name(name: str) -> str:
    """A cost key as the GM reads it in the console's language: ``mutation_points`` → ``mutation points``; a
    panic owed is a ``panic roll`` here, where costs are listed (the statistics count ``panic 2``)."""
    return _("panic roll") if name == "panic" else cost_word(name)


def cost_target_text(target: object) -> str:
    """What a cost falls on as the GM reads it, in English as in the console's language: an attribute by its
    name from the first system's table that names it (the only costs with a target are Year Zero's: ``Wits``
    for ``wits``), the dog, or an item as it was typed. The cost keeps the id as its target."""
    text = str(target)
    if text == "dog":
        return _("dog")
    if text in COST_WORDS:  # a tiered effect's counter (xp, stamina)
        return cost_name(text)
    row = _attribute_rows().get(text)
    return pick(row.get("name")) if row else text


@cache
def _attribute_rows() -> dict[str, dict]:
    """Attribute id → its row in the first system's bundled table that lists it (the systems in their order)."""
    from gmconsole import systems
    from gmconsole.rules.data import system_table

    rows: dict[str, dict] = {}
    for system in systems.all_systems():
        for row in system_table(system.id).get("attributes", []):
            if isinstance(row, dict) and isinstance(row.get("id"), str):
                rows.setdefault(row["id"], row)
    return rows


def costs_status_text(status: str) -> str:
    """A roll's costs state in the console's language (``pending`` → 待套用); an unknown state as stored."""
    return _(COSTS_STATUS[status]) if status in COSTS_STATUS else status


def drop_lost(items: list[dict], missing, *, written: bool = True) -> str:
    """Drop from ``items`` (in place) the costs of rolls no longer in the history (``missing``: their
    ``(session, id)``): they can never be applied, so they must not wait forever. Returns the sentence
    that says so, or ``""``: that they were dropped when the drop is ``written``
    (a writer saves it), else that they cannot be applied (a reader drops them from what it shows only)."""
    lost = [i for i in items if (i.get("session"), i.get("roll_id")) in missing]
    for item in lost:
        items.remove(item)
    if not lost:
        return ""
    if not written:
        return _("The costs waiting for {count} of those rolls cannot be applied.").format(count=len(lost))
    rolls = _(", ").join(_("roll {id} ({character})").format(id=i.get("roll_id"), character=i.get("character", ""))
                         for i in lost)
    return _("The costs waiting for {rolls} were dropped: the roll is no longer in the history.").format(
        rolls=rolls)


def drop_of_character(items: list[dict], character_id: str) -> list[dict]:
    """Drop from ``items`` (in place) the costs a character owes, when the character leaves the
    roster: nobody could pay them, and they would wait forever. Returns the dropped items."""
    owed = [i for i in items if i.get("character_id") == character_id]
    for item in owed:
        items.remove(item)
    return owed
