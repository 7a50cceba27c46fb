"""The shapes of the documents gmconsole keeps, checked when they are loaded.

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
Fields a shape does not name are left alone, so a file written by a newer gmconsole with extra fields
still loads.

**Ranges.** Every number a shape names is checked against the range the rules allow, when the file is
read: a clock has 4, 6 or 8 segments (:data:`CLOCK_SEGMENTS`) and no more filled than it has, stress
runs 0 to :data:`STRESS_MAX` (the tracker's own bound), a counter 0 to :data:`COUNTER_MAX`, an
attribute or skill what its system's sheet takes (the system's own ``attribute_refusal`` and
``skill_refusal``, within 0 to :data:`RATING_MAX`), a gear bonus 0 to :data:`GEAR_BONUS_MAX`, an
artifact die a D8, D10 or D12, an initiative card 1 to 10, a die in the history one of the known sizes
showing a face it has. A clock of a billion segments in a hand-edited ``campaign.json`` once made every
view that draws it ask for gigabytes; now it is a damaged file naming the field, like one that does
not parse. The campaign's validation (:mod:`gmconsole.campaign.validation`) takes the same bounds from
here, so nothing gmconsole writes is refused when read back; the store checks each document it saves
against these shapes too (:class:`~gmconsole.store.errors.NotSaved`).

**Text.** A string holding a lone surrogate (a JSON ``"\\udc80"`` escape) reads, but can never be
written back as UTF-8: the field holding it is named and the file refused.

:data:`GMCONSOLE` is handed to :class:`~gmconsole.store.campaign_store.CampaignStore` by the campaign
service; the store on its own (its tests, the benchmarks) keeps any JSON object.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmconsole import systems
from gmconsole.i18n import N_, _
from gmconsole.rules.dice import DIE_SIZES, MAX_DICE
from gmconsole.rules.initiative import MAX_SPEED
from gmconsole.safe_text import cut
from gmconsole.settings_file import LANGUAGES
from gmconsole.store.lean_entries import UnreadableEntry, pack, unpack


class ShapeError(ValueError):
    """A loaded document of the wrong shape; ``str()`` says where and what was expected."""


Check = Callable[[Any, str], None]
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,60}")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")

STRESS_MAX = 100
"""The most stress a character holds (the tracker's bound, :mod:`gmconsole.campaign.counters`)."""
COUNTER_MAX = 9999
"""The most any other counter holds (mutation points, willpower, wounds, strain, stamina, XP, class bonus,
the doom pool, a panic total, a cost's amount): four digits, far above any evening's play."""
GROUP_MAX = 999
"""The most NPCs one group sheet stands for."""
RATING_MAX = 12
"""The largest attribute or skill rating any system takes (a D12 step or trait die; Year Zero counts 1-6)."""
GEAR_BONUS_MAX = 10
"""The largest gear bonus (the campaign's validation: an item's maximum bonus is 0 to 10)."""
ARTIFACT_SIDES = (8, 10, 12)
"""An artifact die: a D8 (mighty), D10 (epic) or D12 (legendary), R-ART-1."""
LEVEL_RANGE = (1, 20)
"""A tiered character's level."""
MAX_PUSHES = 3
"""The most pushes the ``max_pushes`` setting allows (R-PUSH-2)."""
CLOCK_SEGMENTS = (4, 6, 8)
"""A progress clock's sizes (the tracker's clock form; tiered's seed, section 3)."""
CARDS = (1, 10)
"""An initiative card (section 4: a deck of cards 1-10)."""
SESSION_MAX = 99_999
"""The highest session or scene number: a session a week for two thousand years."""
ID_MAX = 10**9
"""The highest id, sequence or round number a file may hold (an entry id, ``next_id``, a draw count)."""
SIGNED_MAX = COUNTER_MAX
"""The largest result a history entry records, either way (a total, a margin, a change)."""


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
BOOL = kind_of(bool, N_("true or false"))
OBJECT = kind_of(dict, N_("an object"))


def _text(value: Any, where: str) -> None:
    """Text that can be written back: a lone surrogate (a ``"\\udc80"`` escape in the file) reads, but
    every save after it would fail, so the field holding it is refused when the file is read."""
    if type(value) is not str:
        raise _fail(where, value, N_("text"))
    found = _LONE_SURROGATE.search(value)
    if found:
        raise ShapeError(_("{where} holds {escape}, a lone surrogate: not text, and it cannot be saved").format(
            where=where, escape=f"\\u{ord(found.group()):04x}"))


STR: Check = _text


def whole(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high``: the range the rules allow (see the module docstring)."""
    def check(value: Any, where: str) -> None:
        INT(value, where)
        if not low <= value <= high:
            raise ShapeError(_("{where} is {value}, where a whole number from {low} to {high} belongs").format(
                where=where, value=cut(str(value), 24), low=low, high=high))
    return check


def whole_of(*choices: int) -> Check:
    """A whole number that is one of ``choices`` (a clock's segments, a die's sides)."""
    def check(value: Any, where: str) -> None:
        INT(value, where)
        if value not in choices:
            raise ShapeError(_("{where} is {value}, where one of {choices} belongs").format(
                where=where, value=cut(str(value), 24), choices=", ".join(map(str, choices))))
    return check


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


def a_system(value: Any, where: str) -> None:
    """A system id some installed game family plays (the families are found when first asked for)."""
    if type(value) is not str or systems.find(value) is None:
        raise _fail(where, value, _("one of {choices}").format(choices=", ".join(systems.SYSTEM_IDS)))


def list_of(item: Check, *, non_empty: bool = False, most: int | None = None) -> Check:
    """A list of ``item``\\ s (at least one when ``non_empty``; at most ``most`` when given)."""
    def check(value: Any, where: str) -> None:
        if type(value) is not list or (non_empty and not value):
            raise _fail(where, value, N_("a list of at least one") if non_empty else N_("a list"))
        if most is not None and len(value) > most:
            raise ShapeError(_("{where} holds {count} items, where at most {most} belong").format(
                where=where, count=len(value), most=most))
        for n, element in enumerate(value):
            item(element, f"{where}[{n}]")
    return check


def plain_key(key: str) -> str:
    """A key of the file as the message shows it: plain when it is a plain word, else JSON-quoted
    (so a control character in an untrusted key is shown escaped, never sent to the terminal)."""
    return key if _PLAIN_KEY.fullmatch(key) else json.dumps(key)


def map_of(item: Check) -> Check:
    def check(value: Any, where: str) -> None:
        OBJECT(value, where)
        for key, element in value.items():
            item(element, f"{where}.{plain_key(key)}")
    return check


def fields(required: dict[str, Check] | None = None, optional_fields: dict[str, Check] | None = None,
           *, extra: Callable[[dict[str, Any], str], None] | None = None) -> Check:
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
    whole(0, SESSION_MAX)(value[0], f"{where}[0]")
    whole(0, ID_MAX)(value[1], f"{where}[1]")


def _at_most(low: str, high: str) -> Callable[[dict[str, Any], str], None]:
    """An object whose ``low`` number is not above its ``high`` one (when both are there): a clock's filled
    segments and its size, an attribute's current value and its maximum, a gear bonus and its maximum."""
    def check(value: dict[str, Any], where: str) -> None:
        if low in value and high in value and value[low] > value[high]:
            raise ShapeError(_("{where}.{low} is {value}, more than its {high} {most}").format(
                where=where, low=low, value=value[low], high=high, most=value[high]))
    return check


COUNTER = whole(0, COUNTER_MAX)
SIGNED = whole(-SIGNED_MAX, SIGNED_MAX)
SESSION_NUMBER = whole(0, SESSION_MAX)
ID = whole(0, ID_MAX)
RATING = whole(0, RATING_MAX)

# -- the campaign document (campaign.json, table "state", document 1) ------------------------------

ATTRIBUTE = by_type({int: RATING, dict: fields({"max": RATING}, {"current": RATING}, extra=_at_most("current", "max"))},
                    N_("a number or {max, current}"))
GEAR = fields({"id": STR, "name": STR}, {
    "bonus": whole(0, GEAR_BONUS_MAX), "max_bonus": whole(0, GEAR_BONUS_MAX),
    "artifact_die": optional(whole_of(*ARTIFACT_SIDES)), "damage": COUNTER,
    "skills": list_of(STR), "quantity": COUNTER, "destroyed": BOOL, "notes": STR,
}, extra=_at_most("bonus", "max_bonus"))
PANIC = optional(fields({"total": COUNTER, "effect": STR}, {"name": STR}))
DOG = optional(fields({}, {"name": STR, "attributes": map_of(ATTRIBUTE)}))
GRANTS_MAX = 100
"""More than a sheet may hold (:data:`gmconsole.campaign.validation.GRANTS_MOST`): only a hostile file has more."""
GRANT = fields({"name": STR}, {"skills": list_of(STR, most=GRANTS_MAX)})
"""A reroll grant on an exploding sheet (R-EXP-5): its name and the skills it covers (at most
:data:`GRANTS_MAX` grants on a sheet, and skills to a grant)."""
CHARACTER = fields({"id": STR, "name": STR}, {
    "kind": one_of("pc", "npc"), "count": whole(1, GROUP_MAX), "role": STR, "attributes": map_of(ATTRIBUTE),
    "skills": map_of(RATING), "gear": list_of(GEAR), "stress": whole(0, STRESS_MAX), "panic": PANIC,
    "mutation_points": COUNTER, "willpower": COUNTER, "conditions": list_of(STR), "wounds": COUNTER,
    "strain": COUNTER, "stamina": COUNTER, "stamina_max": COUNTER, "level": whole(*LEVEL_RANGE), "xp": COUNTER,
    "class_bonus": COUNTER, "dog": DOG, "notes": STR, "table_numbers": BOOL,
    "reroll_grants": list_of(GRANT, most=GRANTS_MAX),
})
SLOT = fields({"combatant": STR, "value": SIGNED},
              {"attribute": whole(-10, 20), "rolloff": list_of(whole(1, 6), most=MAX_DICE), "seq": ID,
               "delayed": BOOL})


def _turn_in_range(initiative: dict[str, Any], where: str) -> None:
    turn, slots = initiative.get("turn", 0), initiative.get("slots", [])
    if not (0 <= turn < max(1, len(slots))):
        raise ShapeError(_("{where}.turn is {turn}, but there are {count} in the conflict").format(
            where=where, turn=turn, count=len(slots)))


INITIATIVE = optional(fields({"mode": one_of("cards", "roll", "manual")}, {
    "deck": list_of(whole(*CARDS), most=MAX_DICE), "decks": ID, "slots": list_of(SLOT), "round": ID, "turn": ID,
    "draws": ID, "seq": ID, "begun": BOOL, "draw_options": map_of(list_of(whole(1, MAX_SPEED), most=2)),
    "keepers": list_of(STR), "actions": map_of(list_of(one_of("fast", "slow"), most=2 * MAX_SPEED)),
}, extra=_turn_in_range))
CLOCK = fields({"id": STR, "name": STR},
               {"segments": whole_of(*CLOCK_SEGMENTS), "filled": whole(0, max(CLOCK_SEGMENTS))},
               extra=_at_most("filled", "segments"))
SESSION = fields({"number": SESSION_NUMBER}, {
    "date": STR, "scene": SESSION_NUMBER, "initiative": INITIATIVE, "doom": COUNTER, "clocks": list_of(CLOCK),
    "title": STR, "started": STR, "player_difficulty": optional(STR),
})
SETTINGS = fields({}, {
    "push_cost": STR, "max_pushes": whole(0, MAX_PUSHES), "panic_escalation": BOOL, "opposed_reroll_ties": BOOL,
    "tool_takes_damage": BOOL, "condition_coverage": map_of(list_of(STR)), "exploding_tie_to_defender": BOOL,
    "tiered_strict_over": BOOL, "initiative_mode": one_of("cards", "roll", "manual"), "initiative_attribute": STR,
    "skill_ones": one_of("stay", "blank"), "initiative_redraw": BOOL, "language": one_of("", *LANGUAGES),
    "player_rolls": one_of("free", "approve"),
})
CAMPAIGN_SKILL = fields({"id": STR, "name": STR, "attribute": STR}, {"text": STR})
"""A skill of the campaign's own list (:mod:`gmconsole.campaign.skills`)."""
COST = fields({"name": STR, "amount": SIGNED}, {"target": optional(STR), "character_id": optional(STR)})
PENDING_COSTS = list_of(fields({"roll_id": ID, "costs": list_of(COST)}, {
    "session": SESSION_NUMBER, "character_id": optional(STR), "character": STR,
}))
"""Costs that last (:mod:`gmconsole.campaign.pending_costs`): one item per roll."""
GM_TABLE = fields({"name": STR, "die": STR, "rows": list_of(fields({"low": SIGNED, "high": SIGNED, "text": STR},
                                                                   {"costs": list_of(COST)}), most=300)})
"""One of the GM's own tables (:mod:`gmconsole.campaign.gm_tables`)."""


def _sheets_of_system(campaign: dict[str, Any], where: str) -> None:
    """Each sheet's attributes and skills as its system's sheet takes them (the system's own refusal: a
    Year Zero attribute 1 to 6, a step die D6 to D12, an exploding trait a die size ...)."""
    system = systems.get(campaign["system"])
    for n, character in enumerate(campaign.get("roster", [])):
        for name, value in character.get("attributes", {}).items():
            maximum = value if type(value) is int else value["max"]
            current = value if type(value) is int else value.get("current", maximum)
            reason = system.attribute_refusal(f"{where}.roster[{n}].attributes.{plain_key(name)}", maximum, current)
            if reason:
                raise ShapeError(reason)
        for name, level in character.get("skills", {}).items():
            reason = system.skill_refusal(f"{where}.roster[{n}].skills.{plain_key(name)}", level)
            if reason:
                raise ShapeError(reason)


CAMPAIGN = fields({"name": STR, "system": a_system, "sessions": list_of(SESSION, non_empty=True)}, {
    "settings": SETTINGS, "roster": list_of(CHARACTER), "next_id": ID, "schema": ID,
    "skills": list_of(CAMPAIGN_SKILL), "pending_costs": PENDING_COSTS, "tables": list_of(GM_TABLE, most=50),
}, extra=_sheets_of_system)
STATE = fields({"campaign": CAMPAIGN}, {
    "undo": list_of(_pair), "redo": list_of(_pair), "last_entry": optional(ID),
})

# -- history entries (history/session-NNNN/entries-*.json, table "entries") --------------------------


def _no_reserved(update: dict[str, Any], where: str) -> None:
    for side in ("before", "after"):
        for key in ("id", "session"):
            if key in update[side]:
                raise ShapeError(_("{where}.{side} changes the entry's {key!r}").format(
                    where=where, side=side, key=key))


def _die(die: dict[str, Any], where: str, sizes: tuple[int, ...] = DIE_SIZES) -> None:
    """A die recorded in the history: one of the known sizes (``sizes``: the entry's system's), showing faces it has."""
    whole_of(*sizes)(die["sides"], f"{where}.sides")
    face = whole(1, die["sides"])
    if die.get("face") is not None:
        face(die["face"], f"{where}.face")
    if "faces" in die:
        list_of(face, most=MAX_DICE)(die["faces"], f"{where}.faces")


def _dice_in(entry: dict[str, Any], where: str) -> None:
    """Every die an entry records, however deep (a roll's dice, a defender's, each of a group check's):
    any object with ``sides`` outside the entry's undo record. The statistics count each die's faces
    from 1 to its sides, so a die of a billion sides would have them ask for gigabytes. A die's size is
    one of the entry's system's (``GameSystem.die_sizes``), the standard ones for an entry of no known system."""
    found = systems.find(entry.get("system"))
    sizes = DIE_SIZES if found is None else tuple(sorted({*DIE_SIZES, *found.die_sizes}))
    stack = [(f"{where}.{plain_key(key)}", value) for key, value in entry.items()
             if key != "undo" and type(value) in (dict, list)]
    while stack:
        path, value = stack.pop()
        if type(value) is dict:
            if "sides" in value:
                _die(value, path, sizes)
            stack.extend((f"{path}.{plain_key(key)}", item) for key, item in value.items()
                         if type(item) in (dict, list))
        else:
            stack.extend((f"{path}[{n}]", item) for n, item in enumerate(value) if type(item) in (dict, list))


UNDO = fields({}, {
    "before": OBJECT, "after": OBJECT,
    "entries": list_of(fields({"session": SESSION_NUMBER, "id": ID, "before": OBJECT, "after": OBJECT},
                              extra=_no_reserved)),
})
DIE = OBJECT
DICE = list_of(DIE, most=2 * MAX_DICE)
SKILL_MODIFIER = fields({"id": STR}, {"name": map_of(STR), "modifier": SIGNED, "group": map_of(STR), "detail": STR})
ENTRY = fields({"kind": STR}, {
    "at": STR, "session": SESSION_NUMBER, "scene": optional(SESSION_NUMBER), "character": optional(STR),
    "character_id": optional(STR), "summary": STR, "status": one_of("done", "undone", "failed"),
    "undo": UNDO, "skill": optional(STR), "successes": SIGNED, "pushes": whole(0, MAX_PUSHES), "tier": STR,
    "damage": SIGNED, "top": SIGNED, "total": SIGNED, "score": SIGNED, "winner_name": STR, "dice": DICE,
    "first_dice": optional(DICE), "push_dice": optional(DICE), "defender_dice": optional(DICE),
    "pool": optional(fields({}, {"dice": DICE, "explanation": list_of(STR)})), "odds": optional(OBJECT),
    "costs": optional(list_of(OBJECT)), "costs_status": STR, "by_hand": BOOL,
    "by_hand_steps": list_of(BOOL), "system": STR, "goal": optional(STR), "roll_id": ID,
    "inspire_roll_id": optional(ID), "done_at": STR, "undone_at": STR, "skill_modifiers": list_of(SKILL_MODIFIER),
    "title": STR, "stunts": optional(SIGNED), "stress_paid": optional(SIGNED), "highest": optional(SIGNED),
    "margin": optional(SIGNED), "push_step": optional(SIGNED), "stress_gained": optional(SIGNED),
    "defender_top": optional(SIGNED), "delta": optional(SIGNED), "before": optional(SIGNED),
    "value": optional(SIGNED), "source": STR,
}, extra=_dice_in)


def identity(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry kept in its chunk file as recorded."""
    return entry


def read_as_is(document: dict[str, Any], where: str) -> dict[str, Any]:
    """An entry read back from its chunk file as it is there."""
    return document


@dataclass(frozen=True)
class Shapes:
    """What a store checks its documents against, the campaign document and each history entry, and how
    its chunk files keep the entries: ``pack`` gives what a chunk file holds for an entry, ``unpack`` the
    entry a chunk file's document holds (raising :class:`ShapeError`), before ``entry`` checks it."""

    state: Check
    entry: Check
    pack: Callable[[dict[str, Any]], dict[str, Any]] = identity
    unpack: Callable[[dict[str, Any], str], dict[str, Any]] = read_as_is

    def stored_entry(self, document: Any, where: str) -> None:
        """Check a chunk file's document: the entry it holds has the entry shape."""
        if not isinstance(document, dict):
            raise ShapeError(_("{where} is not an object").format(where=where))
        try:
            entry = self.unpack(document, where)
        except UnreadableEntry as error:
            raise ShapeError(str(error)) from None
        self.entry(entry, where)


GMCONSOLE = Shapes(state=STATE, entry=ENTRY, pack=pack, unpack=unpack)
"""The shapes of gmconsole's own campaigns (see the module docstring)."""


def check_campaign(document: Any, where: str | None = None) -> None:
    """Check a campaign document (e.g. one rebuilt by undo from an entry's record); raises :class:`ShapeError`."""
    CAMPAIGN(document, _("the campaign") if where is None else where)
