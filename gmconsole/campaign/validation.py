"""Sheet rules per system: which attributes and skills exist and which numbers they may hold.

The bounds of the numbers every system shares (a counter, an NPC group's size, a gear bonus) are the
ones a campaign file is read with (:mod:`gmconsole.store.shape`): nothing this module lets through is
refused when the file is read back.

Year Zero sheets use the ids of the bundled tables (``data/myz.toml``, ``data/yze.toml``);
exploding and tiered sheets take the GM's own skill names (lower-case ids). Every check raises a
:class:`ValidationError` with one sentence naming the character, the field and what is allowed.
"""

from __future__ import annotations

import re
from dataclasses import fields
from functools import cache

from gmconsole import systems
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import (
    CHARACTER_KINDS,
    CLOCK_SIZES,
    INITIATIVE_MODES,
    SKILL_ONES,
    Attribute,
    Campaign,
    Character,
    Clock,
    Dog,
    Gear,
    Settings,
)
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.i18n import N_, _
from gmconsole.phrasing import possessive, quoted
from gmconsole.rules.data import load_table
from gmconsole.safe_text import refusal
from gmconsole.settings_file import LANGUAGES
from gmconsole.store.shape import ARTIFACT_SIDES, COUNTER_MAX, GEAR_BONUS_MAX, GROUP_MAX, LEVEL_RANGE, STRESS_MAX

ARTIFACT_DICE = ARTIFACT_SIDES

FIELD_WORDS = {"stress": N_("stress"), "mutation_points": N_("mutation points"), "willpower": N_("willpower"),
               "wounds": N_("wounds"), "strain": N_("strain"), "stamina": N_("stamina"),
               "stamina_max": N_("stamina max"), "xp": N_("xp"), "class_bonus": N_("class bonus"),
               "level": N_("level"), "count": N_("count"), "bonus": N_("bonus"), "max_bonus": N_("max bonus"),
               "damage": N_("damage"), "quantity": N_("quantity"), "name": N_("name"), "notes": N_("notes")}
"""A sheet's or an item's field (its key in the file) as a message names it, translated where shown; any other
field by its key with spaces for underscores."""


def field_word(name: str) -> str:
    """One field as the GM reads it: ``max_bonus`` → ``max bonus`` (最大加值)."""
    return _(FIELD_WORDS[name]) if name in FIELD_WORDS else name.replace("_", " ")


def _owned(who: str, field: str) -> str:
    """``Ann's stress``: a field of a character or an item, for a message (``possessive`` says whose)."""
    return _("{owner} {field}").format(owner=possessive(who), field=field)


@cache
def table_skills(system: str) -> dict[str, str]:
    """Skill id → its attribute id from the system's table (empty when its sheets name their own)."""
    table = systems.get(system).skills_table
    if table is None:
        return {}
    return {s["id"]: s.get("attribute", "") for s in load_table(table).get("skills", [])}


@cache
def role_skills(system: str) -> dict[str, str]:
    """Role id → its specialist skill id, from the system's table (Mutant: Year Zero's roles, seed 000);
    empty for a system whose characters have no roles."""
    table = systems.get(system).skills_table
    if table is None or not systems.get(system).has_roles:
        return {}
    return {r["id"]: r["skill"] for r in load_table(table).get("roles", [])}


def attribute_ids(system: str) -> tuple[str, ...] | None:
    """The attribute ids a sheet of ``system`` must have (``None``: the GM names each sheet's traits)."""
    return systems.get(system).attributes


def skills_listed(system: str) -> bool:
    """True when sheets of ``system`` take skills from a list (the table, or the campaign's own
    list); False when they take the GM's own skill ids."""
    return systems.get(system).skills_listed


def known_skills(owner: Campaign | str) -> dict[str, str]:
    """Skill id → attribute id for a campaign (its own list when it has one, else its system's table)
    or for a system name (its table)."""
    if isinstance(owner, str):
        return table_skills(owner)
    if owner.skills is None:
        return table_skills(owner.system)
    return {k.id: k.attribute for k in owner.skills}


def skill_attribute(owner: Campaign | str, skill: str) -> str | None:
    """The attribute a skill rolls with (``None`` when the system has no list or no such skill). R-PUSH:
    the attribute a push charges is the skill's own, so a campaign skill's linked attribute counts."""
    return known_skills(owner).get(skill) or None


def check_settings(settings: Settings, system: str) -> Settings:
    """Refuse settings outside their choices."""
    # the push costs of every system whose push cost is a setting (the Year Zero Engine SRD's five)
    push_costs = tuple(dict.fromkeys(cost for game in systems.all_systems() if game.push_cost_is_a_setting
                                     for cost in game.push_costs))
    if settings.push_cost not in push_costs:
        raise ValidationError(_("push cost {value} is not one of {choices}").format(
            value=quoted(settings.push_cost), choices=", ".join(push_costs)))
    if not isinstance(settings.max_pushes, int) or not 0 <= settings.max_pushes <= 3:
        raise ValidationError(_("max pushes must be a whole number from 0 to 3"))
    if settings.skill_ones not in SKILL_ONES:
        raise ValidationError(_("skill ones {value} is not one of {choices} (R-PUSH-5)").format(
            value=quoted(settings.skill_ones), choices=", ".join(SKILL_ONES)))
    if settings.initiative_mode not in INITIATIVE_MODES:
        raise ValidationError(_("initiative mode {value} is not one of {choices}").format(
            value=quoted(settings.initiative_mode), choices=", ".join(INITIATIVE_MODES)))
    if settings.language not in ("", *LANGUAGES):
        raise ValidationError(_("language {value} is not one of {choices} (or empty: the settings file's)").format(
            value=quoted(settings.language), choices=", ".join(LANGUAGES)))
    for flag in ("panic_escalation", "opposed_reroll_ties", "tool_takes_damage", "exploding_tie_to_defender",
                 "tiered_strict_over", "initiative_redraw"):
        if not isinstance(getattr(settings, flag), bool):
            raise ValidationError(_("setting {name} must be on or off").format(name=flag))
    if not isinstance(settings.condition_coverage, dict) or not all(
        isinstance(v, list) for v in settings.condition_coverage.values()
    ):
        raise ValidationError(_("condition coverage must map each condition to a list of skills"))
    return settings


def _whole(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(_("{what} must be a whole number, not {value}").format(what=what, value=quoted(value)))
    return value


def _check_attribute_value(system: str, who: str, name: str, attribute: Attribute) -> None:
    what = _owned(who, attribute_shown(system, name))
    _whole(attribute.max, what)
    _whole(attribute.current, what)
    reason = systems.get(system).attribute_refusal(what, attribute.max, attribute.current)
    if reason:
        raise ValidationError(reason)
    if not 0 <= attribute.current <= attribute.max:
        raise ValidationError(_("{what} current value must be from 0 to {maximum} (it is {current})").format(
            what=what, maximum=attribute.max, current=attribute.current))


def _check_skill_value(system: str, who: str, skill: str, level) -> None:
    what = _owned(who, skill)
    _whole(level, what)
    reason = systems.get(system).skill_refusal(what, level)
    if reason:
        raise ValidationError(reason)


def check_typed_text(text, what: str):
    """Refuse a name (or note) the GM typed that holds a control or text-direction character: it would
    reach every terminal that shows it. ``what`` names the field ("a character name").
    Only typed text is checked; text already in a campaign file is shown escaped instead."""
    if isinstance(text, str):
        reason = refusal(text, what)
        if reason:
            raise ValidationError(reason)
    return text


def _check_typed_fields(raw: dict, before: dict | None, fields_: dict[str, str]) -> None:
    """:func:`check_typed_text` on each typed field of ``raw`` that is new or changed from ``before``."""
    for key, what in fields_.items():
        if key in raw and (before is None or raw[key] != before.get(key)):
            check_typed_text(raw[key], _(what))


_CHARACTER_TEXT = {"name": N_("a character name"), "notes": N_("a character's notes")}
_GEAR_TEXT = {"name": N_("an item name"), "notes": N_("an item's notes")}
"""The typed fields checked by :func:`check_typed_text`, named for its refusal (translated where checked)."""


def check_skill_name(owner: Campaign | str, skill: str) -> None:
    """A skill id the campaign (or system) knows — Year Zero: the campaign's own list or the system's
    table — or a plain lower-case id (exploding, tiered). An unknown skill says which skills exist."""
    system = owner if isinstance(owner, str) else owner.system
    if skills_listed(system):
        known = known_skills(owner)
        if skill not in known:
            where = system if isinstance(owner, str) else _("the campaign {name}").format(name=owner.name)
            listed = _(", ").join(known) or _("none (add some with `gmconsole skills`)")
            raise ValidationError(_("{campaign} has no skill {skill}; its skills are: {skills}").format(
                campaign=where, skill=quoted(skill), skills=listed))
    elif not re.fullmatch(r"[a-z][a-z0-9-]{0,39}", skill or ""):
        raise ValidationError(_("{skill} is not a skill id (lower-case letters, digits and dashes)").format(
            skill=quoted(skill)))


def check_gear(item: Gear) -> Gear:
    """An item: a name, bonus 0..max_bonus (max ≤ 10), artifact die 8/10/12 or none, damage ≥ 0."""
    if not isinstance(item.name, str) or not item.name.strip():
        raise ValidationError(_("an item needs a name"))
    for name in ("bonus", "max_bonus", "damage", "quantity"):
        _whole(getattr(item, name), _owned(item.name, field_word(name)))
    whose = possessive(item.name)
    if not 0 <= item.max_bonus <= GEAR_BONUS_MAX:
        raise ValidationError(_("{owner} maximum bonus must be from 0 to 10").format(owner=whose))
    if not 0 <= item.bonus <= item.max_bonus:
        raise ValidationError(_("{owner} bonus must be from 0 to its maximum {maximum}").format(
            owner=whose, maximum=item.max_bonus))
    if item.artifact_die is not None and item.artifact_die not in ARTIFACT_DICE:
        raise ValidationError(_("{owner} artifact die must be a D8, D10 or D12").format(owner=whose))
    if item.damage < 0 or item.quantity < 0:
        raise ValidationError(_("{owner} damage and quantity cannot be negative").format(owner=whose))
    if item.damage > COUNTER_MAX or item.quantity > COUNTER_MAX:
        raise ValidationError(_("{owner} damage and quantity must be at most {most}").format(
            owner=whose, most=COUNTER_MAX))
    return item


def check_character(campaign: Campaign, character: Character) -> Character:
    """The whole sheet against the campaign's system; returns it unchanged or raises."""
    system = campaign.system
    if not isinstance(character.name, str) or not character.name.strip():
        raise ValidationError(_("a character needs a name"))
    who = character.name
    if character.kind not in CHARACTER_KINDS:
        raise ValidationError(_("{name} must be a pc or an npc").format(name=who))
    _whole(character.count, _owned(who, field_word("count")))
    if character.count < 1 or (character.kind == "pc" and character.count != 1):
        raise ValidationError(_("{name}: only an NPC group may count more than 1, and a count is at least 1").format(
            name=who))
    if character.count > GROUP_MAX:
        raise ValidationError(_("{name}: an NPC group counts at most {most}").format(name=who, most=GROUP_MAX))
    expected = attribute_ids(system)
    if expected is not None:
        missing = [a for a in expected if a not in character.attributes]
        extra = [a for a in character.attributes if a not in expected]
        if missing or extra:
            raise ValidationError(_("{name} needs exactly the attributes {attributes}").format(
                name=who, attributes=", ".join(expected)))
    elif not character.attributes:
        raise ValidationError(_("{name} needs at least one trait").format(name=who))
    for name, attribute in character.attributes.items():
        _check_attribute_value(system, who, name, attribute)
    for skill, level in character.skills.items():
        check_skill_name(campaign, skill)
        _check_skill_value(system, who, skill, level)
    if systems.get(system).has_roles and character.role:
        roles = role_skills(system)
        if character.role not in roles:
            raise ValidationError(_("{owner} role {role} is not one of {roles}").format(
                owner=possessive(who), role=quoted(character.role), roles=", ".join(roles)))
        for skill in set(roles.values()) - {roles[character.role]}:
            if character.skills.get(skill, 0) > 0:
                raise ValidationError(_("{name} cannot have {skill}: it belongs to another role").format(
                    name=who, skill=skill))
    if character.dog is not None and (not systems.get(system).has_roles or character.role != "dog-handler"):
        raise ValidationError(_("{name} is not a myz Dog Handler, so cannot have a dog").format(name=who))
    for counter in ("stress", "mutation_points", "willpower", "wounds", "strain", "stamina", "stamina_max", "xp",
                    "class_bonus"):
        value = _whole(getattr(character, counter), _owned(who, field_word(counter)))
        if value < 0:
            raise ValidationError(_("{what} cannot be negative").format(what=_owned(who, field_word(counter))))
        most = STRESS_MAX if counter == "stress" else COUNTER_MAX
        if value > most:
            raise ValidationError(_("{what} must be at most {most}").format(what=_owned(who, field_word(counter)),
                                                                          most=most))
    if not LEVEL_RANGE[0] <= _whole(character.level, _owned(who, field_word("level"))) <= LEVEL_RANGE[1]:
        raise ValidationError(_("{owner} level must be from 1 to 20").format(owner=possessive(who)))
    if character.stamina_max and character.stamina > character.stamina_max:
        raise ValidationError(_("{owner} stamina cannot be above its maximum {maximum}").format(
            owner=possessive(who), maximum=character.stamina_max))
    check_grants(campaign, character)
    ids = [g.id for g in character.gear]
    if len(set(ids)) != len(ids):
        raise ValidationError(_("{name} has two items with the same id").format(name=who))
    for item in character.gear:
        check_gear(item)
    return character


GRANT_NAME_MOST = 40
"""A reroll grant's name is at most this long (like a skill's name)."""
GRANTS_MOST = 20
"""A sheet holds at most this many reroll grants, each covering at most this many skills."""


def check_grants(campaign: Campaign, character: Character) -> None:
    """R-EXP-5: the reroll grants on a sheet (seed 003's Tradecraft, Trade Secrets and Quirks), each
    ``{"name", "skills"}``: a name (unique on the sheet, any case), the skill ids it covers (none: every
    skill); only a system with grants (:attr:`GameSystem.reroll_grants`) holds any."""
    grants = character.reroll_grants
    if not grants:
        return
    who = character.name
    if not systems.get(campaign.system).reroll_grants:
        raise ValidationError(_("{name} cannot hold reroll grants: {system} has none (R-EXP-5)").format(
            name=who, system=campaign.system))
    if len(grants) > GRANTS_MOST:
        raise ValidationError(_("{name} may hold at most {most} reroll grants").format(name=who, most=GRANTS_MOST))
    seen: set[str] = set()
    for grant in grants:
        if not isinstance(grant, dict) or set(grant) - {"name", "skills"}:
            raise ValidationError(_("{owner} reroll grants must each be a name and the skills it covers").format(
                owner=possessive(who)))
        name = grant.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > GRANT_NAME_MOST:
            raise ValidationError(_("{owner} reroll grant needs a name of 1 to {most} characters").format(
                owner=possessive(who), most=GRANT_NAME_MOST))
        if name.strip().casefold() in seen:
            raise ValidationError(_("{name} holds two reroll grants named {grant}").format(
                name=who, grant=quoted(name.strip())))
        seen.add(name.strip().casefold())
        covered = grant.get("skills", [])
        if (not isinstance(covered, list) or not all(isinstance(skill, str) for skill in covered)
                or len(covered) > GRANTS_MOST):
            raise ValidationError(_("the skills of {owner} grant {grant} must be a list of at most {most} "
                                    "skills").format(owner=possessive(who), grant=quoted(name), most=GRANTS_MOST))
        for skill in covered:
            check_skill_name(campaign, skill)


def _check_grant_names(raw: dict, before: dict | None) -> None:
    """:func:`check_typed_text` on the names of reroll grants the GM typed (new or changed)."""
    grants = raw.get("reroll_grants")
    if isinstance(grants, list) and (before is None or grants != before.get("reroll_grants", [])):
        for grant in grants:
            if isinstance(grant, dict):
                check_typed_text(grant.get("name"), _("a reroll grant's name"))


def _character_fields() -> set[str]:
    return {f.name for f in fields(Character)}


def _name_key(name) -> str:
    return name.strip().casefold() if isinstance(name, str) else ""


def check_unique_name(campaign: Campaign, name: str, character_id: str | None = None) -> None:
    """Refuse a name another roster member already has (trimmed, case-insensitive): ``--character NAME``
    and the console's name look-ups must find exactly one character."""
    key = _name_key(name)
    taken = next((c for c in campaign.roster if c.id != character_id and _name_key(c.name) == key), None)
    if key and taken is not None:
        raise ValidationError(_("the roster already has a character named {name}; pick another name").format(
            name=taken.name))


def free_copy_name(campaign: Campaign, name: str) -> str:
    """A name for a copy of ``name`` that no roster member has: "NAME (copy)", then "NAME (copy 2)", ...
    in the console's language (zh-Hant: "NAME（副本）"); like a typed name, it stays as it was made."""
    base = name.strip()
    taken = {_name_key(c.name) for c in campaign.roster}
    candidate, n = _("{name} (copy)").format(name=base), 2
    while _name_key(candidate) in taken:
        candidate, n = _("{name} (copy {n})").format(name=base, n=n), n + 1
    return candidate


def new_character(campaign: Campaign, data: dict) -> Character:
    """A character from ``data`` (no ``id``) with fresh ids for it and its gear, checked."""
    if not isinstance(data, dict):
        raise ValidationError(_("a character must be given as a dict of sheet fields"))
    unknown = sorted(set(data) - _character_fields())
    if unknown:
        raise ValidationError(_("unknown character field {field}").format(field=quoted(unknown[0])))
    raw = dict(data)
    raw["id"] = campaign.new_id("c")
    raw.setdefault("name", "")
    system = systems.get(campaign.system)
    if system.attributes is not None and "attributes" not in raw:
        raw["attributes"] = {a: int(system.new_attribute_text) for a in system.attributes}
    gear = []
    for item in raw.get("gear", []):
        item = dict(item)
        item["id"] = campaign.new_id("g")
        item.setdefault("max_bonus", item.get("bonus", 0))
        gear.append(item)
    raw["gear"] = gear
    if (
        raw.get("role") == "dog-handler" and raw.get("dog") is None and system.has_roles
        and raw.get("skills", {}).get("sic-a-dog", 0) >= 1
    ):
        raw["dog"] = Dog(name=_("Dog")).to_dict()  # a new dog's name in the GM's language; the GM may rename it
    if isinstance(raw["name"], str):
        raw["name"] = raw["name"].strip()
    _check_typed_fields(raw, None, _CHARACTER_TEXT)
    _check_grant_names(raw, None)
    try:
        character = Character.from_dict(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValidationError(_("cannot read the character sheet: {error}").format(error=exc)) from exc
    check_character(campaign, character)
    check_unique_name(campaign, character.name)
    return character


def updated_character(campaign: Campaign, character: Character, changes: dict) -> Character:
    """``character`` with ``changes`` (sheet fields, not ``id``) applied, checked."""
    unknown = sorted(set(changes) - _character_fields())
    if unknown:
        raise ValidationError(_("unknown character field {field}").format(field=quoted(unknown[0])))
    if "id" in changes and changes["id"] != character.id:
        raise ValidationError(_("a character's id cannot change"))
    raw = character.to_dict()
    raw.update(changes)
    if isinstance(raw.get("name"), str):
        raw["name"] = raw["name"].strip()
    _check_typed_fields(raw, character.to_dict(), _CHARACTER_TEXT)
    _check_grant_names(raw, character.to_dict())
    try:
        updated = Character.from_dict(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValidationError(_("cannot read the change to {name}: {error}").format(name=character.name,
                                                                                     error=exc)) from exc
    check_character(campaign, updated)
    if _name_key(updated.name) != _name_key(character.name):
        check_unique_name(campaign, updated.name, character.id)
    return updated


def set_attribute(campaign: Campaign, character: Character, attribute: str, *, current=None, maximum=None) -> None:
    """Set an attribute's current and/or maximum value on ``character`` (checked)."""
    if attribute not in character.attributes:
        raise ValidationError(_("{name} has no attribute {attribute}").format(name=character.name,
                                                                               attribute=quoted(attribute)))
    a = character.attributes[attribute]
    new = Attribute(max=a.max if maximum is None else maximum, current=a.current if current is None else current)
    if maximum is not None and current is None:
        new.current = min(new.current, new.max)
    _check_attribute_value(campaign.system, character.name, attribute, new)
    character.attributes[attribute] = new


def set_skill(campaign: Campaign, character: Character, skill: str, level: int) -> None:
    """Set a skill level on ``character`` (checked, including myz role skills)."""
    character.skills[skill] = level
    check_character(campaign, character)


def new_gear(campaign: Campaign, data: dict) -> Gear:
    """An item from ``data`` (no ``id``) with a fresh id; ``max_bonus`` defaults to ``bonus``."""
    if not isinstance(data, dict):
        raise ValidationError(_("an item must be given as a dict of gear fields"))
    unknown = sorted(set(data) - {f.name for f in fields(Gear)} - {"id"})
    if unknown:
        raise ValidationError(_("unknown gear field {field}").format(field=quoted(unknown[0])))
    raw = dict(data)
    raw["id"] = campaign.new_id("g")
    raw.setdefault("name", "")
    raw.setdefault("max_bonus", raw.get("bonus", 0))
    _check_typed_fields(raw, None, _GEAR_TEXT)
    try:
        item = Gear.from_dict(raw)
    except (TypeError, ValueError) as exc:
        raise ValidationError(_("cannot read the item: {error}").format(error=exc)) from exc
    return check_gear(item)


def updated_gear(item: Gear, changes: dict) -> Gear:
    """``item`` with ``changes`` applied (not ``id``), checked."""
    unknown = sorted(set(changes) - {f.name for f in fields(Gear)})
    if unknown:
        raise ValidationError(_("unknown gear field {field}").format(field=quoted(unknown[0])))
    if "id" in changes and changes["id"] != item.id:
        raise ValidationError(_("an item's id cannot change"))
    raw = item.to_dict()
    raw.update(changes)
    _check_typed_fields(raw, item.to_dict(), _GEAR_TEXT)
    return check_gear(Gear.from_dict(raw))


def new_clock(campaign: Campaign, name: str, segments: int) -> Clock:
    """A clock of 4, 6 or 8 segments with a name."""
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(_("a clock needs a name"))
    check_typed_text(name, _("a clock name"))
    if segments not in CLOCK_SIZES:
        raise ValidationError(_("a clock has 4, 6 or 8 segments, not {segments}").format(segments=segments))
    return Clock(id=campaign.new_id("k"), name=name.strip(), segments=segments)


def changed_fields(before, after) -> list[str]:
    """The fields of two versions of one dataclass (a character, an item) whose values differ, sorted.

    A form sends every field it shows; the history names only what really changed."""
    return sorted(f.name for f in fields(before) if getattr(before, f.name) != getattr(after, f.name))


def field_words(names: list[str]) -> str:
    """Field names as the GM reads them: ``max_bonus, artifact_die`` → ``max bonus, artifact die``."""
    return _(", ").join(field_word(name) for name in names)
