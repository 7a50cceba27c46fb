"""History entries as the chunk files keep them: what a change *is*, without what follows from it.

A roll entry as the campaign records it repeats a great deal: each die as an object of four keys, twice
(``dice`` and ``first_dice``); the pool request with every field at its default; the pool's dice and
explanation, the odds shown before the roll and the stunt list, all of which follow from the request; an
undo record holding a character before *and* after a change of one number. A hundred-session campaign
wrote 3 KB an entry, and every read parsed it all. The chunk files keep entries *lean* instead:

- **dice as text**: each plain die (kind, sides, face, and whether a push rerolled it) as ``base6:4*``:
  ``*`` rerolled, nothing after the face for a die that was not, ``-`` for a die that does not say;
  a list holding any other die (a source, exploding faces) stays as it was;
- **derived fields** written as ``"~"``: the fields the entry's family works out from the entry itself
  (:attr:`~gmconsole.systems.family.GameFamily.recorded`: a Year Zero roll's ``pool``, ``odds`` and
  ``stunt_list`` from its ``pool_request``), worked out again when read, in the reader's language;
- **defaults left out**: an object whose fields are mostly at their defaults (``request``, a Year Zero
  ``pool_request``) is written ``{"~": "defaults", <the fields that differ>}``;
- **undo as changes**: the ``after`` of an undo record as the changes from its ``before``
  (``{"~": "changes", "stress": 2}``), nested objects alike, ``"~gone"`` naming keys removed; an empty
  undo record as ``"~"``.

A lean entry says so with ``"~": 1`` (the format) at its head; an entry without it is read as written,
so every older file reads as before. :func:`pack` writes a field lean only when reading it back gives
the entry exactly (the same keys in the same order, the same values): anything it cannot say exactly is
written as it is. What :func:`unpack` reads is untrusted like every campaign file: a lean form it cannot
read back is a :class:`UnreadableEntry`, which makes the chunk damaged, never guessed at;
the entry read back is then checked against the entry shape as any other.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, overload

from gmconsole import systems
from gmconsole.i18n import _
from gmconsole.rules.dice import MAX_DICE

__all__ = ["FORMAT", "UnreadableEntry", "pack", "unpack"]


class UnreadableEntry(ValueError):
    """A lean form that does not read back; ``str()`` says where and why."""


FORMAT = 1
"""The lean format written (the value of an entry's ``"~"`` key)."""

MARK = "~"
DERIVED = "~"
DEFAULTS = "defaults"
CHANGES = "changes"
GONE = "~gone"

DICE_KEYS = ("dice", "first_dice", "push_dice", "defender_dice")
"""The fields holding a list of dice, in an entry and in the roll states an undo record keeps."""

EMPTY_UNDO: dict[str, object] = {"before": {}, "after": {}, "entries": []}

GENERIC_DEFAULTS: dict[str, dict[str, Any]] = {
    "request": {
        "character_id": "", "skill": None, "attribute": None, "gear": [], "difficulty": None, "helpers": [],
        "modifier": 0, "reactive": False, "goal": None, "tn_modifiers": [], "bonus_dice": 0,
        "push_yourself": False, "skill_modifiers": [],
    },
}
"""Defaults of objects every family's roll entry stores: the roll builder's request. Part of the format:
a value changed here would change how every older entry reads."""

CHARACTER_DEFAULTS = {
    "id": "", "name": "", "kind": "pc", "count": 1, "role": "", "attributes": {}, "skills": {}, "gear": [],
    "stress": 0, "panic": None, "mutation_points": 0, "willpower": 0, "conditions": [], "wounds": 0, "strain": 0,
    "stamina": 0, "stamina_max": 0, "level": 1, "xp": 0, "class_bonus": 0, "dog": None, "notes": "",
}
"""A character's fields at their defaults, in the campaign's order: the character an undo record keeps
(its part ``character:<id>``) leaves out those at their default, and so does each of its gear items
(:data:`GEAR_DEFAULTS`). Part of the format, as :data:`GENERIC_DEFAULTS`."""

GEAR_DEFAULTS = {
    "id": "", "name": "", "bonus": 0, "max_bonus": 0, "artifact_die": None, "damage": 0, "skills": [],
    "quantity": 1, "destroyed": False, "notes": "",
}

_DIE = re.compile(r"([a-z][a-z_]{0,23})(\d{1,3}):(\d{1,3})([*-]?)")
_MAX_DICE_TEXT = 2 * MAX_DICE * 32


# -- the family's part -----------------------------------------------------------------------------------

def _family(entry: Mapping[str, Any]
            ) -> tuple[Mapping[str, Callable[[dict[str, Any]], object]], Mapping[str, dict[str, Any]]]:
    """What the entry's family works out and leaves out (nothing for an entry of no known system)."""
    system = entry.get("system")
    found = systems.find(system) if isinstance(system, str) and entry.get("kind") == "roll" else None
    part = systems.family_of(found.id).recorded if found is not None else None
    if part is None:
        return {}, {}
    return part.DERIVED, part.STORED_DEFAULTS


# -- writing ---------------------------------------------------------------------------------------------

def pack(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` as a chunk file keeps it: lean where that reads back exactly, as given otherwise."""
    derived, defaults = _family(entry)
    out: dict[str, Any] = {MARK: FORMAT}
    for key, value in entry.items():
        if key in DICE_KEYS:
            value = _dice_text(value)
        elif key in derived and _same(_worked_out(derived[key], entry), value):
            value = DERIVED
        elif key == "undo":
            value = _lean_undo(value)
        elif type(value) is dict and (key in defaults or key in GENERIC_DEFAULTS):
            value = _without_defaults(value, defaults.get(key) or GENERIC_DEFAULTS[key])
        out[key] = value
    if len(out) == len(entry) + 1 and all(out[k] is entry[k] for k in entry):
        return entry  # nothing in it is written lean
    with contextlib.suppress(ValueError, TypeError, KeyError):  # a lean form that does not read back
        if _same(unpack(out, ""), entry):
            return out
    return entry


def _same(a: object, b: object) -> bool:
    """Equal as JSON, key order and number types included."""
    if a is _CANNOT or b is _CANNOT:
        return False
    return json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


_CANNOT = object()
"""What :func:`_worked_out` gives for a field its family cannot work out: equal to no stored value."""


def _worked_out(derive: Callable[[dict[str, Any]], object], entry: dict[str, Any]) -> object:
    try:
        return derive(entry)
    except Exception:  # an entry its family cannot work the field out of keeps the field as written
        return _CANNOT


def _plain_die(die: object) -> bool:
    if type(die) is not dict:
        return False
    keys = list(die)
    if keys not in (["kind", "sides", "face"], ["kind", "sides", "face", "rerolled"]):
        return False
    return (type(die["kind"]) is str and type(die["sides"]) is int and type(die["face"]) is int
            and die.get("rerolled", False) in (True, False) and type(die.get("rerolled", False)) is bool
            and _DIE.fullmatch(_die_text(die)) is not None)


def _die_text(die: dict[str, Any]) -> str:
    flag = "-" if "rerolled" not in die else ("*" if die["rerolled"] else "")
    return f"{die['kind']}{die['sides']}:{die['face']}{flag}"


def _dice_text(dice: object) -> object:
    if type(dice) is not list or not dice or not all(_plain_die(d) for d in dice):
        return dice
    return " ".join(_die_text(d) for d in dice)


def _without_defaults(value: dict[str, Any], template: dict[str, Any]) -> dict[str, Any]:
    """``value`` without the fields at their ``template`` default, when that reads back exactly (every
    template field present, in the template's order, any other after them); ``value`` otherwise."""
    out: dict[str, Any] = {MARK: DEFAULTS}
    out.update((k, v) for k, v in value.items() if not (k in template and _same(template[k], v)))
    return out if _same(_with_defaults(out, template), value) else value


def _changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``after`` as the changes from ``before`` (its keys in ``before``'s order, new ones last)."""
    out: dict[str, Any] = {MARK: CHANGES}
    gone = [k for k in before if k not in after]
    if gone:
        out[GONE] = gone
    for key, value in after.items():
        if key in before and _same(before[key], value):
            continue
        if key in before and type(before[key]) is dict and type(value) is dict:
            value = _changes(before[key], value)
        out[key] = value
    kept = [k for k in before if k in after]
    return out if list(after)[:len(kept)] == kept else after  # changes keep ``before``'s key order


def _lean_character(character: object) -> object:
    if type(character) is not dict:
        return character
    gear = character.get("gear")
    if type(gear) is list:
        character = {**character, "gear": [_without_defaults(g, GEAR_DEFAULTS) if type(g) is dict else g
                                           for g in gear]}
    return _without_defaults(character, CHARACTER_DEFAULTS)


def _lean_parts(parts: dict[str, Any]) -> dict[str, Any]:
    """The campaign parts an undo record keeps, each character without its defaults."""
    return {k: _lean_character(v) if k.startswith("character:") else v for k, v in parts.items()}


@overload
def _lean_state(state: dict[str, Any]) -> dict[str, Any]: ...
@overload
def _lean_state(state: object) -> object: ...
def _lean_state(state: object) -> object:
    """A roll's fields as an undo record keeps them, with their dice as text."""
    if type(state) is not dict:
        return state
    return {k: _dice_text(v) if k in DICE_KEYS else v for k, v in state.items()}


def _lean_undo(undo: object) -> object:
    if type(undo) is not dict:
        return undo
    if _same(undo, EMPTY_UNDO):
        return DERIVED
    out = dict(undo)
    if type(undo.get("before")) is dict and type(undo.get("after")) is dict:
        before, after = _lean_parts(undo["before"]), _lean_parts(undo["after"])
        out["before"], out["after"] = before, _changes(before, after)
    if type(undo.get("entries")) is list:
        entries = []
        for record in undo["entries"]:
            if type(record) is dict and type(record.get("before")) is dict and type(record.get("after")) is dict:
                before = _lean_state(record["before"])
                after = _lean_state(record["after"])
                record = {**record, "before": before, "after": _changes(before, after)}
            entries.append(record)
        out["entries"] = entries
    return out


# -- reading ---------------------------------------------------------------------------------------------

def unpack(document: dict[str, Any], where: str) -> dict[str, Any]:
    """The entry a chunk file's ``document`` holds, as the campaign recorded it; a document without the
    lean mark is returned as it is. Raises :class:`UnreadableEntry` saying where a lean
    form does not read back."""
    if MARK not in document:
        return document
    if document[MARK] != FORMAT or type(document[MARK]) is not int:
        raise UnreadableEntry(_("{where} is written in a form this gmconsole does not read ({mark})").format(
            where=where, mark=str(document[MARK])[:24]))
    derived, defaults = _family(document)
    out: dict[str, Any] = {}
    later = []
    for key, value in document.items():
        if key == MARK:
            continue
        path = f"{where}.{key}"
        if key in DICE_KEYS and type(value) is str:
            value = _dice_read(value, path)
        elif value == DERIVED and key == "undo":
            value = {"before": {}, "after": {}, "entries": []}
        elif value == DERIVED:
            if key not in derived:
                raise UnreadableEntry(_("{where} is left to be worked out, but nothing works it out").format(
                    where=path))
            later.append(key)
        elif key == "undo" and type(value) is dict:
            value = _undo_read(value, path)
        elif type(value) is dict and value.get(MARK) == DEFAULTS:
            template = defaults.get(key) or GENERIC_DEFAULTS.get(key)
            if template is None:
                raise UnreadableEntry(_("{where} leaves out defaults nothing names").format(where=path))
            value = _with_defaults(value, template)
        out[key] = value
    for key in later:
        try:
            out[key] = derived[key](out)
        except Exception as error:  # a stored request the rules refuse: the entry is damaged
            raise UnreadableEntry(_("{where} cannot be worked out from the entry ({error})").format(
                where=f"{where}.{key}", error=str(error)[:120])) from None
    return out


def _dice_read(text: str, where: str) -> list[dict[str, Any]]:
    if len(text) > _MAX_DICE_TEXT:
        raise UnreadableEntry(_("{where} holds more dice than a roll has").format(where=where))
    dice = []
    for word in text.split(" "):
        found = _DIE.fullmatch(word)
        if found is None:
            raise UnreadableEntry(_("{where}: {die!r} is not a die (kind, sides, face: base6:4)").format(
                where=where, die=word[:24]))
        kind, sides, face, flag = found.groups()
        die: dict[str, Any] = {"kind": kind, "sides": int(sides), "face": int(face)}
        if flag != "-":
            die["rerolled"] = flag == "*"
        dice.append(die)
    return dice


def _with_defaults(value: dict[str, Any], template: dict[str, Any]) -> dict[str, Any]:
    # a template holds plain values and empty lists or objects: a fresh copy of each container is enough
    out = {k: v.copy() if type(v) in (list, dict) else v for k, v in template.items()}
    for key, item in value.items():
        if key != MARK:
            out[key] = item
    return out


def _apply(before: object, changes: dict[str, Any], where: str) -> dict[str, Any]:
    if type(before) is not dict:
        raise UnreadableEntry(_("{where} holds changes to nothing").format(where=where))
    gone = changes.get(GONE, [])
    if type(gone) is not list:
        raise UnreadableEntry(_("{where}.{gone} is not a list").format(where=where, gone=GONE))
    out: dict[str, Any] = {}
    for key, value in before.items():
        if key in gone:
            continue
        if key in changes and key != MARK:
            value = changes[key]
            if type(value) is dict and value.get(MARK) == CHANGES:
                value = _apply(before[key], value, f"{where}.{key}")
        out[key] = value
    for key, value in changes.items():
        if key not in before and key not in (MARK, GONE):
            if type(value) is dict and value.get(MARK) == CHANGES:
                raise UnreadableEntry(_("{where} holds changes to nothing").format(where=f"{where}.{key}"))
            out[key] = value
    return out


def _state_read(state: object, where: str) -> object:
    if type(state) is not dict:
        return state
    return {k: _dice_read(v, f"{where}.{k}") if k in DICE_KEYS and type(v) is str else v for k, v in state.items()}


def _character_read(character: object) -> object:
    if type(character) is not dict or character.get(MARK) != DEFAULTS:
        return character
    full = _with_defaults(character, CHARACTER_DEFAULTS)
    if type(full.get("gear")) is list:
        full["gear"] = [_with_defaults(g, GEAR_DEFAULTS) if type(g) is dict and g.get(MARK) == DEFAULTS else g
                        for g in full["gear"]]
    return full


def _parts_read(parts: object) -> object:
    if type(parts) is not dict:
        return parts
    return {k: _character_read(v) if k.startswith("character:") else v for k, v in parts.items()}


def _undo_read(undo: dict[str, Any], where: str) -> dict[str, Any]:
    out = dict(undo)
    after = undo.get("after")
    if type(after) is dict and after.get(MARK) == CHANGES:
        after = _apply(undo.get("before"), after, f"{where}.after")
    out["before"], out["after"] = _parts_read(undo.get("before")), _parts_read(after)
    if type(undo.get("entries")) is list:
        entries = []
        for n, record in enumerate(undo["entries"]):
            if type(record) is dict and type(record.get("before")) is dict and type(record.get("after")) is dict:
                here = f"{where}.entries[{n}]"
                after = record["after"]
                if after.get(MARK) == CHANGES:
                    after = _apply(record["before"], after, f"{here}.after")
                record = {**record, "before": _state_read(record["before"], f"{here}.before"),
                          "after": _state_read(after, f"{here}.after")}
            entries.append(record)
        out["entries"] = entries
    return out
