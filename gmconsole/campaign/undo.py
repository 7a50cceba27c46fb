"""What undo needs: the campaign split into parts, and the before/after of the parts a change touched.

A change is recorded as ``{"before": {part: value}, "after": {part: value}}`` over the parts of
the campaign document (settings, the campaign's own fields with the roster order, one part per
character, one per session, and the costs still pending). Undo writes the ``before`` values back,
redo the ``after`` values.
Because the stack is linear (a new change clears redo) the campaign at undo time is exactly the
``after`` state of the entry being undone, so restoring parts gives back the state before it.
"""

from __future__ import annotations

import copy
from typing import Any

META = "meta"
SETTINGS = "settings"
SKILLS = "skills"
PENDING_COSTS = "pending_costs"
TABLES = "tables"


def split(document: dict) -> dict[str, Any]:
    """The campaign document as ``{part name: value}``."""
    parts: dict[str, Any] = {
        SETTINGS: document["settings"],
        META: {
            "schema": document.get("schema"),
            "name": document["name"],
            "system": document["system"],
            "next_id": document["next_id"],
            "roster_order": [c["id"] for c in document["roster"]],
            "session_order": [s["number"] for s in document["sessions"]],
        },
    }
    if document.get("skills") is not None:  # the campaign's own skill list (absent: the system's)
        parts[SKILLS] = document["skills"]
    parts[PENDING_COSTS] = document.get("pending_costs", [])  # costs that last are campaign state, undone with it
    if document.get("tables"):  # the GM's own tables (absent: none)
        parts[TABLES] = document["tables"]
    for character in document["roster"]:
        parts[f"character:{character['id']}"] = character
    for session in document["sessions"]:
        parts[f"session:{session['number']}"] = session
    return parts


def join(parts: dict[str, Any]) -> dict:
    """The campaign document back from its parts (roster and sessions in the recorded order)."""
    meta = parts[META]
    skills = {} if parts.get(SKILLS) is None else {SKILLS: parts[SKILLS]}
    return {
        "schema": meta["schema"],
        "name": meta["name"],
        "system": meta["system"],
        "settings": parts[SETTINGS],
        "roster": [parts[f"character:{cid}"] for cid in meta["roster_order"]],
        "sessions": [parts[f"session:{n}"] for n in meta["session_order"]],
        "next_id": meta["next_id"],
        **skills,
        "pending_costs": parts.get(PENDING_COSTS, []),
        **({TABLES: parts[TABLES]} if parts.get(TABLES) else {}),
    }


def diff(before: dict, after: dict) -> dict:
    """The parts that differ between two campaign documents: ``{"before": ..., "after": ...}``.

    A part missing on one side (a character added or removed) is recorded as ``None``.
    """
    old, new = split(before), split(after)
    changed = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return {
        "before": {k: copy.deepcopy(old.get(k)) for k in changed},
        "after": {k: copy.deepcopy(new.get(k)) for k in changed},
    }


def apply(document: dict, values: dict) -> dict:
    """``document`` with the recorded part values written back (``None`` removes a part)."""
    parts = split(document)
    for key, value in values.items():
        if value is None:
            parts.pop(key, None)
        else:
            parts[key] = copy.deepcopy(value)
    return join(parts)
