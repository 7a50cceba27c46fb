"""Changes to the roster: characters joining, leaving, copied, and what is on their sheets.

A character's sheet (attributes, skills, gear) is checked for the campaign's system
(:mod:`gmconsole.campaign.validation`); each change is one undoable history entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign import character_lookup, counters, harm, pending_costs, skills, validation
from gmconsole.campaign.commands.costs import dropped_marks
from gmconsole.campaign.commands.trackers import tracker_change
from gmconsole.campaign.errors import Unchanged
from gmconsole.campaign.model import Campaign, Character, Gear
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def add_character(ledger: Ledger, data: dict) -> Character:
    """Add a PC or NPC from a character dict without ``id`` (``name`` required; ``kind`` pc/npc;
    ``count`` > 1 for an NPC group); the sheet is validated for the system. Returns it with its id."""
    created: list[str] = []

    def mutate(c: Campaign) -> dict:
        character = validation.new_character(c, data)
        c.roster.append(character)
        created.append(character.id)
        return {"summary": _("{name} joins the roster").format(name=character.name), "character_id": character.id,
                "character": character.name}

    ledger.commit("roster", mutate)
    return character_lookup.member(ledger.campaign, created[0])


def update_character(ledger: Ledger, character_id: str, changes: dict) -> dict:
    """Change fields of a character's sheet (any :class:`Character` field but ``id``), validated."""

    def mutate(c: Campaign) -> dict:
        character = character_lookup.character_in(c, character_id)
        updated = validation.updated_character(c, character, changes)
        c.roster[c.roster.index(character)] = updated
        changed = validation.changed_fields(character, updated)
        return {"summary": _edit_summary(c, updated.name, changed, values := harm.sheet_values(c, character, updated)),
                "changes": changed, **({"values": values} if values else {})}

    return ledger.commit("roster", mutate, character_id=ledger.character(character_id).id)


def _edit_summary(c: Campaign, name: str, changed: list[str], values: list[dict]) -> str:
    """An edit in words: each number with its values (``Ripley Hale: Strength 3 → 2, stress 1 → 0``), then
    the other fields by name (``name, notes changed``), so the history and the recap say who lost what."""
    numbers = {"attributes", "skills"} | {v["counter"] for v in values if "counter" in v}
    others = [field for field in changed if field not in numbers]
    parts = [harm.values_text(c, values)] if values else []
    if others or not parts:
        parts.append(_("{fields} changed").format(fields=validation.field_words(others) or _("nothing")))
    return _("{name}: {changes}").format(name=name, changes=_(", ").join(parts))


def show_on_table(ledger: Ledger, character_id: str, numbers: bool) -> dict:
    """The table view shows ``character_id``'s numbers (``numbers``) or the name only, as the GM chose."""

    def mutate(c: Campaign) -> dict:
        character = character_lookup.character_in(c, character_id)
        character.table_numbers = bool(numbers)
        shows = _("numbers") if numbers else _("name only")
        return {"summary": _("the table view shows {name}: {shows}").format(name=character.name, shows=shows),
                "changes": ["table_numbers"]}

    return ledger.commit("roster", mutate, character_id=ledger.character(character_id).id)


def duplicate_character(ledger: Ledger, character_id: str, name: str | None = None) -> Character:
    """A copy of a character (new id, new gear ids) placed right after it; ``name`` must be free in the
    roster, and without it the copy gets the first free "NAME (copy)", "NAME (copy 2)", ..."""
    created: list[str] = []

    def mutate(c: Campaign) -> dict:
        original = character_lookup.character_in(c, character_id)
        copy_ = Character.from_dict(original.to_dict())
        copy_.id = c.new_id("c")
        copy_.name = name.strip() if name and name.strip() else validation.free_copy_name(c, original.name)
        validation.check_typed_text(name, _("a character name"))
        for item in copy_.gear:
            item.id = c.new_id("g")
        validation.check_character(c, copy_)
        validation.check_unique_name(c, copy_.name, copy_.id)
        c.roster.insert(c.roster.index(original) + 1, copy_)
        created.append(copy_.id)
        return {"summary": _("{name} copied from {original}").format(name=copy_.name, original=original.name),
                "character_id": copy_.id,
                "character": copy_.name}

    ledger.commit("roster", mutate)
    return character_lookup.member(ledger.campaign, created[0])


def remove_character(ledger: Ledger, character_id: str) -> dict:
    """Remove a character from the roster (and from the conflict, if in one)."""
    from gmconsole.rules import initiative

    def mutate(c: Campaign) -> dict:
        character = character_lookup.character_in(c, character_id)
        c.roster.remove(character)
        session = c.current_session
        if session.initiative is not None:
            state = initiative.Initiative.from_dict(session.initiative)
            if character.id in state.combatants():
                session.initiative = initiative.remove(state, character.id).to_dict()
        owed = pending_costs.drop_of_character(c.pending_costs, character.id)  # nobody could pay them
        rolls = _(", ").join(str(item["roll_id"]) for item in owed)
        leaves = (_("{name} leaves the roster (the costs waiting for roll {rolls} are dropped with them)") if owed
                  else _("{name} leaves the roster"))
        return {"summary": leaves.format(name=character.name, rolls=rolls)}

    wanted = ledger.character(character_id).id
    owing = [item for item in ledger.campaign.pending_costs if item.get("character_id") == wanted]
    return ledger.commit("roster", mutate, character_id=wanted, entry_updates=dropped_marks(ledger, owing))


def set_attribute(ledger: Ledger, character_id: str, attribute: str, *, current: int | None = None,
                  maximum: int | None = None) -> dict:
    """Set an attribute's current and/or maximum value (validated for the system)."""

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.character_in(c, character_id)
        before = Character.from_dict(ch.to_dict())
        validation.set_attribute(c, ch, attribute, current=current, maximum=maximum)
        values = harm.sheet_values(c, before, ch)
        if not values:
            raise Unchanged(_("{name}: {attribute} is already {value}: nothing recorded").format(
                name=ch.name, attribute=attribute_shown(c.system, attribute),
                value=systems.get(c.system).attribute_text(ch.attributes[attribute].current,
                                                           ch.attributes[attribute].max)))
        return {"summary": _("{name}: {changes}").format(name=ch.name, changes=harm.values_text(c, values)),
                "attribute": attribute, "values": values}

    return ledger.commit("sheet", mutate, character_id=ledger.character(character_id).id)


def set_skill(ledger: Ledger, character_id: str, skill: str, level: int) -> dict:
    """Set a skill level (myz/yze 0–5; yze-step/exploding a die size or 0)."""

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.character_in(c, character_id)
        before = Character.from_dict(ch.to_dict())
        validation.set_skill(c, ch, skill, level)
        values = harm.sheet_values(c, before, ch)
        if not values:
            raise Unchanged(_("{name}: {skill} is already {level}: nothing recorded").format(
                name=ch.name, skill=skills.name_in_message(c, skill), level=level))
        return {"summary": _("{name}: {changes}").format(name=ch.name, changes=harm.values_text(c, values)),
                "skill": skill, "values": values}

    return ledger.commit("sheet", mutate, character_id=ledger.character(character_id).id)


def add_gear(ledger: Ledger, character_id: str, data: dict) -> Gear:
    """Give a character an item from a gear dict without ``id`` (``name`` required; ``bonus``,
    ``max_bonus``, ``artifact_die`` 8/10/12, ``damage``, ``skills``...). Returns it with its id."""
    created: list[str] = []

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.character_in(c, character_id)
        item = validation.new_gear(c, data)
        ch.gear.append(item)
        created.append(item.id)
        return {"summary": _("{name} gains {item}").format(name=ch.name, item=item.name), "gear_id": item.id,
                "gear": item.name}

    ledger.commit("gear", mutate, character_id=ledger.character(character_id).id)
    owner = character_lookup.member(ledger.campaign, ledger.character(character_id).id)
    return character_lookup.gear_of(owner, created[0])


def update_gear(ledger: Ledger, character_id: str, gear_id: str, changes: dict) -> dict:
    """Change fields of an item (any :class:`Gear` field but ``id``), validated."""

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.character_in(c, character_id)
        item = character_lookup.gear_of(ch, gear_id)
        updated = validation.updated_gear(item, changes)
        ch.gear[ch.gear.index(item)] = updated
        words = validation.field_words(validation.changed_fields(item, updated)) or _("nothing")
        return {"summary": _("{name}: {item} {fields} changed").format(name=ch.name, item=updated.name, fields=words),
                "gear_id": item.id, "gear": updated.name}

    return ledger.commit("gear", mutate, character_id=ledger.character(character_id).id)


def remove_gear(ledger: Ledger, character_id: str, gear_id: str) -> dict:
    """Take an item off a character's sheet."""

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.character_in(c, character_id)
        item = character_lookup.gear_of(ch, gear_id)
        ch.gear.remove(item)
        return {"summary": _("{name} loses {item}").format(name=ch.name, item=item.name), "gear_id": item.id,
                "gear": item.name}

    return ledger.commit("gear", mutate, character_id=ledger.character(character_id).id)


def damage_gear(ledger: Ledger, character_id: str, gear_id: str, amount: int = 1) -> dict:
    """Lower an item's current bonus by ``amount`` (not below 0)."""
    return tracker_change(ledger, character_id, "gear",
                          lambda c, ch: counters.damage_gear(ch, character_lookup.gear_of(ch, gear_id), amount))


def repair_gear(ledger: Ledger, character_id: str, gear_id: str, successes: int) -> dict:
    """R-REPAIR-1: apply a repair roll's result to an item (myz Jury-Rig: success restores the full
    bonus; yze: each success restores 1 up to the starting value; failure makes the current bonus
    the new maximum, and failing at bonus 0 destroys the item)."""
    return tracker_change(
        ledger, character_id, "repair",
        lambda c, ch: counters.repair_gear(c.system, ch, character_lookup.gear_of(ch, gear_id), successes),
    )
