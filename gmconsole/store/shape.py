"""The shapes of the documents gmconsole keeps, checked when they are loaded (issue 10, item 5).

A campaign file is untrusted text: valid JSON of the wrong shape (``roster`` a string, ``name`` a
number, ``max: "x"``, an entry whose ``undo`` is garbage, ``character: 5``) used to end in a
``KeyError`` or ``AttributeError`` far from the file, or in a console traceback. The store now checks
what it loads against the shapes below and refuses a mismatch as a damaged file
(:class:`~gmconsole.store.errors.CorruptFile`, naming the file and offering its newest backup),
like a file that does not parse.

The shapes are what :mod:`gmconsole.campaign.model` (``from_dict``), :mod:`gmconsole.campaign.undo`,
:mod:`gmconsole.rules.initiative` and the history views read: the types of every field they use,
the keys they index without a default, and the few choices they look up (the system, a character's
kind, the initiative mode, an entry's status). Numbers are whole numbers (``true`` is not one).
What the sheet rules allow (an attribute from 1 to 6, a known skill) is not a question of shape:
the campaign's validation checks that when a value is changed. Fields a shape does not name are
left alone, so a file written by a newer gmconsole with extra fields still loads.

:data:`GMCONSOLE` is handed to :class:`~gmconsole.store.campaign_store.CampaignStore` by the campaign
service; the store on its own (its tests, the benchmarks) keeps any JSON object.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmconsole.i18n import N_, _
from gmconsole.settings_file import LANGUAGES
from gmconsole.systems import SYSTEM_IDS


class ShapeError(ValueError):
    """A loaded document of the wrong shape; ``str()`` says where and what was expected."""


Check = Callable[[Any, str], None]
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,60}")


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    name = {dict: N_("an object"), list: N_("a list"), str: N_("text"), int: N_("a number"),
            float: N_("a number")}.get(type(value))
    return _(name) if name else type(value).__name__


def _fail(where: str, value: Any, expected: str) -> ShapeError:
    """``expected`` is marked in English where the shapes are built (at import) and translated here."""
    return ShapeError(_("{where} is {found}, where {expected} belongs").format(
        where=where, found=_describe(value), expected=_(expected)))


def kind_of(python_type: type, expected: str) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not python_type:
            raise _fail(where, value, expected)
    return check


INT = kind_of(int, N_("a whole number"))
STR = kind_of(str, N_("text"))
BOOL = kind_of(bool, N_("true or false"))
OBJECT = kind_of(dict, N_("an object"))


def by_type(choices: dict[type, Check], expected: str) -> Check:
    """One check per JSON type the value may have (e.g. a number, or an object of some shape)."""
    def check(value: Any, where: str) -> None:
        inner = choices.get(type(value))
        if inner is None:
            raise _fail(where, value, expected)
        inner(value, where)
    return check


def optional(inner: Check) -> Check:
    """``inner`` or null."""
    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)
    return check


def one_of(*choices: str) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not str or value not in choices:
            raise _fail(where, value, _("one of {choices}").format(choices=", ".join(choices)))
    return check


def list_of(item: Check, *, non_empty: bool = False) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not list or (non_empty and not value):
            raise _fail(where, value, N_("a list of at least one") if non_empty else N_("a list"))
        for n, element in enumerate(value):
            item(element, f"{where}[{n}]")
    return check


def _key(key: str) -> str:
    """A key of the file as the message shows it: plain when it is a plain word, else JSON-quoted
    (so a control character in an untrusted key is shown escaped, never sent to the terminal)."""
    return key if _PLAIN_KEY.fullmatch(key) else json.dumps(key)


def map_of(item: Check) -> Check:
    def check(value: Any, where: str) -> None:
        OBJECT(value, where)
        for key, element in value.items():
            item(element, f"{where}.{_key(key)}")
    return check


def fields(required: dict[str, Check] | None = None, optional_fields: dict[str, Check] | None = None,
           *, extra: Callable[[dict, str], None] | None = None) -> Check:
    """An object with these ``required`` keys, and these keys checked when present."""
    required = required or {}
    optional_fields = optional_fields or {}

    def check(value: Any, where: str) -> None:
        OBJECT(value, where)
        for key, inner in required.items():
            if key not in value:
                raise ShapeError(_("{where} has no {key!r}").format(where=where, key=key))
            inner(value[key], f"{where}.{key}")
        for key, inner in optional_fields.items():
            if key in value:
                inner(value[key], f"{where}.{key}")
        if extra is not None:
            extra(value, where)
    return check


def _pair(value: Any, where: str) -> None:
    if type(value) is not list or len(value) != 2 or any(type(v) is not int for v in value):
        raise _fail(where, value, N_("a [session, entry id] pair"))


# -- the campaign document (campaign.json, table "state", document 1) ------------------------------

ATTRIBUTE = by_type({int: INT, dict: fields({"max": INT}, {"current": INT})}, N_("a number or {max, current}"))
GEAR = fields({"id": STR, "name": STR}, {
    "bonus": INT, "max_bonus": INT, "artifact_die": optional(INT), "damage": INT,
    "skills": list_of(STR), "quantity": INT, "destroyed": BOOL, "notes": STR,
})
PANIC = optional(fields({"total": INT, "effect": STR}, {"name": STR}))
DOG = optional(fields({}, {"name": STR, "attributes": map_of(ATTRIBUTE)}))
GRANT = fields({"name": STR}, {"skills": list_of(STR)})
"""A reroll grant on an exploding sheet (R-EXP-5): its name and the skills it covers."""
CHARACTER = fields({"id": STR, "name": STR}, {
    "kind": one_of("pc", "npc"), "count": INT, "role": STR, "attributes": map_of(ATTRIBUTE),
    "skills": map_of(INT), "gear": list_of(GEAR), "stress": INT, "panic": PANIC, "mutation_points": INT,
    "willpower": INT, "conditions": list_of(STR), "wounds": INT, "strain": INT, "stamina": INT,
    "stamina_max": INT, "level": INT, "xp": INT, "class_bonus": INT, "dog": DOG, "notes": STR,
    "table_numbers": BOOL, "reroll_grants": list_of(GRANT),
})
SLOT = fields({"combatant": STR, "value": INT},
              {"attribute": INT, "rolloff": list_of(INT), "seq": INT, "delayed": BOOL})


def _turn_in_range(initiative: dict, where: str) -> None:
    turn, slots = initiative.get("turn", 0), initiative.get("slots", [])
    if not (0 <= turn < max(1, len(slots))):
        raise ShapeError(_("{where}.turn is {turn}, but there are {count} in the conflict").format(
            where=where, turn=turn, count=len(slots)))


INITIATIVE = optional(fields({"mode": one_of("cards", "roll", "manual")}, {
    "deck": list_of(INT), "decks": INT, "slots": list_of(SLOT), "round": INT, "turn": INT, "draws": INT,
    "seq": INT, "begun": BOOL, "draw_options": map_of(list_of(INT)), "keepers": list_of(STR),
    "actions": map_of(list_of(one_of("fast", "slow"))),
}, extra=_turn_in_range))
CLOCK = fields({"id": STR, "name": STR}, {"segments": INT, "filled": INT})
SESSION = fields({"number": INT}, {
    "date": STR, "scene": INT, "initiative": INITIATIVE, "doom": INT, "clocks": list_of(CLOCK),
    "title": STR, "started": STR,
})
SETTINGS = fields({}, {
    "push_cost": STR, "max_pushes": INT, "panic_escalation": BOOL, "opposed_reroll_ties": BOOL,
    "tool_takes_damage": BOOL, "condition_coverage": map_of(list_of(STR)), "exploding_tie_to_defender": BOOL,
    "tiered_strict_over": BOOL, "initiative_mode": one_of("cards", "roll", "manual"), "initiative_attribute": STR,
    "skill_ones": one_of("stay", "blank"), "initiative_redraw": BOOL, "language": one_of("", *LANGUAGES),
})
CAMPAIGN_SKILL = fields({"id": STR, "name": STR, "attribute": STR}, {"text": STR})
"""A skill of the campaign's own list (issue 11, :mod:`gmconsole.campaign.skills`)."""
COST = fields({"name": STR, "amount": INT}, {"target": optional(STR), "character_id": optional(STR)})
PENDING_COSTS = list_of(fields({"roll_id": INT, "costs": list_of(COST)}, {
    "session": INT, "character_id": optional(STR), "character": STR,
}))
"""Costs that last (issue 11, :mod:`gmconsole.campaign.pending_costs`): one item per roll."""
CAMPAIGN = fields({"name": STR, "system": one_of(*SYSTEM_IDS), "sessions": list_of(SESSION, non_empty=True)}, {
    "settings": SETTINGS, "roster": list_of(CHARACTER), "next_id": INT, "schema": INT,
    "skills": list_of(CAMPAIGN_SKILL), "pending_costs": PENDING_COSTS,
})
STATE = fields({"campaign": CAMPAIGN}, {
    "undo": list_of(_pair), "redo": list_of(_pair), "last_entry": optional(INT),
})

# -- history entries (history/session-NNNN/entries-*.json, table "entries") --------------------------


def _no_reserved(update: dict, where: str) -> None:
    for side in ("before", "after"):
        for key in ("id", "session"):
            if key in update[side]:
                raise ShapeError(_("{where}.{side} changes the entry's {key!r}").format(
                    where=where, side=side, key=key))


UNDO = fields({}, {
    "before": OBJECT, "after": OBJECT,
    "entries": list_of(fields({"session": INT, "id": INT, "before": OBJECT, "after": OBJECT}, extra=_no_reserved)),
})
DIE = OBJECT
SKILL_MODIFIER = fields({"id": STR}, {"name": map_of(STR), "modifier": INT, "group": map_of(STR), "detail": STR})
ENTRY = fields({"kind": STR}, {
    "at": STR, "session": INT, "scene": optional(INT), "character": optional(STR),
    "character_id": optional(STR), "summary": STR, "status": one_of("done", "undone", "failed"),
    "undo": UNDO, "skill": optional(STR), "successes": INT, "pushes": INT, "tier": STR, "damage": INT,
    "top": INT, "total": INT, "score": INT, "winner_name": STR, "dice": list_of(DIE),
    "first_dice": optional(list_of(DIE)), "pool": optional(fields({}, {"dice": list_of(DIE),
    "explanation": list_of(STR)})), "odds": optional(OBJECT),
    "costs": optional(list_of(OBJECT)), "costs_status": STR, "by_hand": BOOL,
    "by_hand_steps": list_of(BOOL), "system": STR, "goal": optional(STR), "roll_id": INT,
    "done_at": STR, "undone_at": STR, "skill_modifiers": list_of(SKILL_MODIFIER),
    "title": STR,
})


@dataclass(frozen=True)
class Shapes:
    """What a store checks its documents against: the campaign document and each history entry."""

    state: Check
    entry: Check


GMCONSOLE = Shapes(state=STATE, entry=ENTRY)
"""The shapes of gmconsole's own campaigns (see the module docstring)."""


def check_campaign(document: Any, where: str | None = None) -> None:
    """Check a campaign document (e.g. one rebuilt by undo from an entry's record); raises :class:`ShapeError`."""
    CAMPAIGN(document, _("the campaign") if where is None else where)
