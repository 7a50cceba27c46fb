"""Foundry VTT actors of the Year Zero games, read into the family's sheets (the ``actor_reader`` part).

Which Foundry system plays which of ours: Alien RPG (``alienrpg``), Vaesen and Forbidden Lands → ``yze``;
Twilight 2000 (``t2k4e``) and Blade Runner → ``yze-step``; Mutant: Year Zero (the community system,
``mutant-year-zero``) → ``myz``. The field paths are the systems' own (``template.json`` / data models), under
``system`` (Foundry v10 and later) or ``data`` (v9 and older):

- Alien: ``attributes.{str,agl,wit,emp}.value``, ``skills.<id>.value`` (``.ability`` its attribute),
  ``header.{health,stress}.value`` (health is Strength's current value, as damage lowers it here).
- Forbidden Lands: ``attribute.<name>.{value,max}``, ``skill.<kebab-id>.{value,attribute}``; gear items
  with ``bonus.{value,max}``.
- Vaesen: ``attribute.{physique,precision,logic,empathy}.value`` as Strength, Agility, Wits, Empathy;
  ``skill.<id>.{value,attribute}``.
- Twilight 2000: ``attributes.<id>.score`` and ``skills.<id>.score``, ratings A–D: A = D12 … D = D6.
- Blade Runner: ``attributes.<id>.value`` and ``skills.<id>.value``, die sides (a skill at 0: none).
- Mutant: ``attributes.<name>.value``; skills are items of type ``skill`` with ``{value, attribute,
  skillKey}``.

A skill the family's tables know under another key (Alien's ``closeCbt`` is Close Combat, our ``melee``)
comes back with our id; any other keeps its key and gets a name, to become one of the campaign's own skills.
Whatever is not read (talents, injuries, items given by id only, a value of the wrong type) is named in
``skipped`` with why.
"""

from __future__ import annotations

import re
from typing import Any

from gmconsole.families.yearzero.rules.system import MYZ, YZE, YZE_STEP
from gmconsole.i18n import _, ngettext, verbatim
from gmconsole.systems.actors import ActorRefused, ReadActor, ReadGear, ReadSkill, Skipped

ALIEN, VAESEN, FBL, T2K, BLADE_RUNNER, MUTANT = (
    "alienrpg", "vaesen", "forbidden-lands", "t2k4e", "blade-runner", "mutant-year-zero")

_SYSTEMS = {ALIEN: YZE.id, VAESEN: YZE.id, FBL: YZE.id, T2K: YZE_STEP.id, BLADE_RUNNER: YZE_STEP.id, MUTANT: MYZ.id}
_TITLES = {ALIEN: verbatim("Alien RPG"), VAESEN: verbatim("Vaesen"), FBL: verbatim("Forbidden Lands"),
           T2K: verbatim("Twilight 2000"), BLADE_RUNNER: verbatim("Blade Runner"),
           MUTANT: verbatim("Mutant: Year Zero")}
"""The games' own names (proper names: the same in every language)."""

ATTRIBUTES = ("strength", "agility", "wits", "empathy")
_ATTRIBUTE_WORDS = {
    "str": "strength", "strength": "strength", "physique": "strength",
    "agl": "agility", "agi": "agility", "agility": "agility", "precision": "agility",
    "wit": "wits", "wits": "wits", "int": "wits", "intelligence": "wits", "logic": "wits",
    "emp": "empathy", "empathy": "empathy",
}
"""Each game's word for an attribute (its key in the file, or a skill's ``attribute``) → ours."""

_SKILL_IDS = {
    ALIEN: {"closeCbt": "melee", "rangedCbt": "ranged", "medicalAid": "medicine"},
    FBL: {"endurance": "stamina", "move": "mobility", "marksmanship": "ranged", "scouting": "observation",
          "healing": "medicine"},
    VAESEN: {"closeCombat": "melee", "force": "might", "rangedCombat": "ranged", "agility": "mobility"},
    T2K: {"closeCombat": "melee", "rangedCombat": "ranged", "recon": "observation", "persuasion": "manipulation",
          "medicalAid": "medicine"},
    BLADE_RUNNER: {"force": "might", "handToHandCombat": "melee", "firearms": "ranged", "medicalAid": "medicine"},
}
"""A game's skill key → the Year Zero table's id for the same skill; a key not listed is matched by its
id or name against the campaign's skills, else becomes a skill of the campaign's own."""

_SKILL_ATTRIBUTES = {
    "heavyMach": "strength", "piloting": "agility", "comtech": "wits", "command": "empathy",
    "heavyWeapons": "strength", "driving": "agility", "tech": "wits", "connections": "empathy",
    "investigation": "wits", "learning": "wits", "vigilance": "wits", "inspiration": "empathy",
    "sleight-of-hand": "agility", "lore": "wits", "performance": "empathy", "animal-handling": "empathy",
}
"""The attribute of a skill the Year Zero table lacks, where a file does not say it."""

_SKILL_NAMES = {"heavyMach": verbatim("Heavy Machinery"), "comtech": verbatim("Comtech")}
"""The name a new campaign skill gets where its key does not spell it; as the game's sheets name it."""

_STEP_RATINGS = {"A": 12, "B": 10, "C": 8, "D": 6}
"""Twilight 2000's ratings as the step dice gmconsole keeps (RULES: A = D12, B = D10, C = D8, D = D6)."""

_GEAR_TYPES = frozenset({"item", "gear", "weapon", "armor", "equipment", "explosive"})
_NPC_TYPES = frozenset({"npc", "creature", "monster", "vaesen"})
_PC_TYPES = frozenset({"character", "pc", "player", "synthetic", "mutant", "animal", "robot", "human"})
"""The actor types that are characters: Alien's synthetic, Mutant's mutant, animal, robot and human are played
characters like any other; a vehicle, a ship, a party or a loot pile is not a character."""
_BONUS_MOST = 10


def systems_read() -> dict[str, str]:
    return dict(_SYSTEMS)


def titles() -> dict[str, str]:
    return dict(_TITLES)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def guess(body: dict[str, Any]) -> str | None:
    """The game an actor's data looks like when the file does not name it (older exports)."""
    if isinstance(_dict(body.get("header")).get("health"), dict):
        return ALIEN
    attribute = _dict(body.get("attribute"))
    if "physique" in attribute:
        return VAESEN
    if "strength" in attribute and isinstance(body.get("skill"), dict):
        return FBL
    attributes = _dict(body.get("attributes"))
    if any(isinstance(_dict(a).get("score"), str) for a in attributes.values()):
        return T2K
    if "str" in attributes and "agl" in attributes:
        return ALIEN
    if "strength" in attributes:
        return MUTANT
    return None


class _Reading:
    """One actor being read: its field paths' prefix and what was left out."""

    def __init__(self, name: str, base: str) -> None:
        self.name = name
        self.base = base
        self.skipped: list[Skipped] = []

    def skip(self, path: str, why: str) -> None:
        self.skipped.append(Skipped(path, _("{name}: {why}").format(name=self.name, why=why)))

    def whole(self, value: Any, path: str, *, low: int = 0) -> int | None:
        """A whole number at ``path``, or ``None`` (left out, saying why) for a value of another type."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*\d{1,3}\s*", value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.skip(path, _("{value} is not a whole number").format(value=_cut(value)))
            return None
        if value < low:
            self.skip(path, _("{value} is below {low}").format(value=value, low=low))
            return None
        return value

    def step(self, value: Any, path: str) -> int | None:
        """A step die from a rating letter (A–D) or a die size (6, 8, 10, 12); 0 or blank: none."""
        if isinstance(value, str) and value.strip().upper() in _STEP_RATINGS:
            return _STEP_RATINGS[value.strip().upper()]
        if value in ("", None, 0):
            return 0
        sides = self.whole(value, path)
        if sides is not None and sides not in (0, 6, 8, 10, 12):
            self.skip(path, _("{value} is not a rating A–D or a die size 6, 8, 10 or 12").format(value=sides))
            return None
        return sides


def _cut(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def skill_name(key: str) -> str:
    """A readable name for a skill key: ``heavyMach`` → Heavy Machinery, ``animal-handling`` → Animal Handling."""
    if key in _SKILL_NAMES:
        return _SKILL_NAMES[key]
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", key).replace("-", " ").replace("_", " ").split()
    small = {"of", "the", "and", "a"}
    return " ".join(w.lower() if n and w.lower() in small else w[:1].upper() + w[1:]
                    for n, w in enumerate(words))[:40] or key


def _kind(actor: dict[str, Any]) -> str:
    kind = actor.get("type")
    if kind in _NPC_TYPES:
        return "npc"
    if kind in _PC_TYPES:
        return "pc"
    raise ActorRefused(_("a {type} actor, not a character").format(type=kind if isinstance(kind, str) else _cut(kind)))


def read(actor: dict[str, Any], body: dict[str, Any], source: str, base: str) -> ReadActor:
    if source not in _SYSTEMS:
        raise ActorRefused(_("the Year Zero games do not read {system}").format(system=source))
    kind = _kind(actor)
    reading = _Reading(str(actor.get("name", "")), base)
    step = _SYSTEMS[source] == YZE_STEP.id
    attributes = _attributes(reading, body, source)
    missing = [a for a in ATTRIBUTES if a not in attributes]
    if missing:
        raise ActorRefused(ngettext("it has no {attributes} attribute", "it has no {attributes} attributes",
                                    len(missing)).format(attributes=", ".join(missing)))
    skills = _skills(reading, body, source, step)
    stress = None
    if source == ALIEN:
        header = _dict(body.get("header"))
        path = f"{base}.header"
        health = _dict(header.get("health"))
        if "value" in health:
            value = reading.whole(health["value"], f"{path}.health.value")
            if value is not None:
                top = attributes["strength"][0]
                attributes["strength"] = (top, min(value, top))
        if "value" in _dict(header.get("stress")):
            stress = reading.whole(_dict(header.get("stress"))["value"], f"{path}.stress.value")
    gear, more_skills = _items(reading, actor, source)
    return ReadActor(name=reading.name, kind=kind, source=source, system=_SYSTEMS[source], attributes=attributes,
                     skills=skills + more_skills, gear=gear, stress=stress, skipped=reading.skipped)


def _attributes(reading: _Reading, body: dict[str, Any], source: str) -> dict[str, tuple[int, int]]:
    step = _SYSTEMS[source] == YZE_STEP.id
    key = "attribute" if source in (FBL, VAESEN) else "attributes"
    found: dict[str, tuple[int, int]] = {}
    for name, value in _dict(body.get(key)).items():
        ours = _ATTRIBUTE_WORDS.get(str(name).casefold())
        path = f"{reading.base}.{key}.{name}"
        if ours is None or ours in found:
            reading.skip(path, _("not one of the four attributes"))
            continue
        value = _dict(value)
        if step:
            field = "score" if source == T2K else "value"
            sides = reading.step(value.get(field), f"{path}.{field}")
            if sides:
                found[ours] = (sides, sides)
            continue
        current = reading.whole(value.get("value"), f"{path}.value")
        if current is None:
            continue
        top = reading.whole(value["max"], f"{path}.max") if "max" in value else None
        top = max(top or 0, current) if top is not None else current
        found[ours] = (top, current)
    return found


def _skills(reading: _Reading, body: dict[str, Any], source: str, step: bool) -> list[ReadSkill]:
    if source == MUTANT:
        return []  # skills are items there
    key = "skill" if source in (FBL, VAESEN) else "skills"
    field = "score" if source == T2K else "value"
    out = []
    for name, value in _dict(body.get(key)).items():
        path = f"{reading.base}.{key}.{name}"
        if not isinstance(value, dict):
            reading.skip(path, _("not a skill"))
            continue
        level = reading.step(value.get(field), f"{path}.{field}") if step else reading.whole(
            value.get(field), f"{path}.{field}")
        if level is None:
            continue
        words = value.get("attribute", value.get("ability"))
        attribute = _ATTRIBUTE_WORDS.get(words.casefold()) if isinstance(words, str) else None
        out.append(_skill(str(name), source, level, attribute, path=path))
    return out


def _skill(key: str, source: str, level: int, attribute: str | None, name: str | None = None,
           path: str = "") -> ReadSkill:
    ours = _SKILL_IDS.get(source, {}).get(key)
    if ours is not None:
        return ReadSkill(ours, skill_name(ours), level, attribute, path)
    return ReadSkill(key, name or skill_name(key), level, attribute or _SKILL_ATTRIBUTES.get(key), path)


def _items(reading: _Reading, actor: dict[str, Any], source: str) -> tuple[list[ReadGear], list[ReadSkill]]:
    items = actor.get("items")
    if items is None:
        return [], []
    if not isinstance(items, list):
        reading.skip("items", _("not a list of items"))
        return [], []
    ids = [item for item in items if isinstance(item, str)]
    if ids:
        reading.skip("items", ngettext("{n} item is named by its id only (a world dump): it is not in the file",
                                       "{n} items are named by their ids only (a world dump): they are not in the file",
                                       len(ids)).format(n=len(ids)))
    gear: list[ReadGear] = []
    skills: list[ReadSkill] = []
    for n, item in enumerate(items):
        if isinstance(item, str):
            continue
        path = f"items[{n}]"
        item = _dict(item)
        name, kind = item.get("name"), item.get("type")
        body = _dict(item.get("system", item.get("data")))
        if not isinstance(name, str) or not name.strip():
            reading.skip(path, _("an item without a name"))
            continue
        if kind == "skill" and source == MUTANT:
            level = reading.whole(body.get("value"), f"{path}.system.value")
            words = body.get("attribute")
            attribute = _ATTRIBUTE_WORDS.get(words.casefold()) if isinstance(words, str) else None
            key = body.get("skillKey") if isinstance(body.get("skillKey"), str) and body.get("skillKey") else name
            if level is not None:
                skills.append(_skill(str(key), source, level, attribute, name.strip(), path))
            continue
        if kind not in _GEAR_TYPES:
            reading.skip(path, _("{item} is a {type}: sheets here keep gear only").format(
                item=name, type=kind if isinstance(kind, str) else _cut(kind)))
            continue
        gear.append(_gear(reading, name.strip(), body, path))
    return gear, skills


def _gear(reading: _Reading, name: str, body: dict[str, Any], path: str) -> ReadGear:
    bonus = body.get("bonus", _dict(_dict(body.get("attributes")).get("bonus")).get("value", 0))
    if isinstance(bonus, dict):
        value = reading.whole(bonus.get("value", 0), f"{path}.system.bonus.value") or 0
        top = reading.whole(bonus.get("max", value), f"{path}.system.bonus.max") or 0
    else:
        value = top = reading.whole(bonus, f"{path}.system.bonus") or 0
    top = max(top, value)
    if top > _BONUS_MOST:
        reading.skip(f"{path}.system.bonus", _("{item}: a bonus of {n} is more than {most}; kept at {most}").format(
            item=name, n=top, most=_BONUS_MOST))
        top, value = _BONUS_MOST, min(value, _BONUS_MOST)
    return ReadGear(name, value, top)
