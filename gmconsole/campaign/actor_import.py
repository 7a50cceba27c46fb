"""Bringing a party in from Foundry VTT: actor files read, matched against a campaign, added or updated.

:func:`read_files` reads the files the GM names (an actor's "Export Data" JSON, a compendium source file:
one actor, a list of actors, or one actor a line), bounded like every file the GM names
(:mod:`gmconsole.user_files`), and hands each actor to the family that reads its Foundry system (the
family's ``actor_reader`` part, :mod:`gmconsole.systems.actors`). The game is the file's
``_stats.systemId`` (Foundry v10 and later), its ``flags.exportSource.system`` (older exports), else what its
data looks like; the actor's data is under ``system`` (v10+) or ``data`` (v9 and older).

:func:`apply` puts the actors into a campaign (the ledger's copy inside one commit, or a copy for a dry
run) and returns the plan ``{"add": [...], "update": [...], "skipped": [{"field", "why"}]}``. A character
is matched by name (without regard to case). An update takes the sheet from the file (attribute maximums,
skill levels, gear and its maximum bonus) and keeps what the GM changed since: damage and trauma (each
attribute's loss below its maximum), stress, a gear bonus lowered in play, the costs still owed; with
``replace`` the file's values win for those too, and the costs owed are dropped. A skill the campaign does
not know becomes one of its own skills (with its attribute), as ``gmconsole skills --add`` does.

Anything that cannot be read refuses the whole import with :class:`ImportRefused`, one line naming the file
and why: nothing is half-imported. Names from the file are cleaned of control and text-direction
characters (said in ``skipped``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmconsole import systems
from gmconsole.campaign import skills as campaign_skills
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.i18n import _, ngettext
from gmconsole.safe_text import UNSAFE, shown
from gmconsole.systems.actors import ActorRefused, ReadActor, Skipped
from gmconsole.user_files import MIB, UserFileRefused, deeper_than, read_user_text, unparsable

__all__ = ["MAX_ACTOR_FILE", "FoundActor", "ImportRefused", "apply", "plan_lines", "read_files"]

MAX_ACTOR_FILE = 4 * MIB
"""The largest actor file read: an export with its items' descriptions is tens of KiB, a compendium more."""
MAX_DEPTH = 24
"""Foundry nests an actor's data about eight deep; a file nested deeper than this is refused."""
MAX_ACTORS = 200
MAX_NAME = 60


class ImportRefused(ValidationError):
    """An import refused as a whole: the sentence names the file and why."""


@dataclass
class FoundActor:
    """An actor read from ``file`` (its name as the GM gave it), in gmconsole's terms."""

    file: str
    actor: ReadActor


def _readers() -> list[Any]:
    return [reader for family in systems.all_families()
            if (reader := getattr(family, "actor_reader", None)) is not None]


def _documents(text: str, label: str) -> list[Any]:
    """The JSON documents of a file: one document, or one a line (a Foundry v9/v10 compendium ``.db``)."""
    try:
        try:
            return [json.loads(text)]
        except json.JSONDecodeError as first:
            lines = [line for line in text.splitlines() if line.strip()]
            if len(lines) < 2:
                raise ImportRefused(_("{file} is not JSON: {error}").format(file=label, error=first)) from None
            try:
                return [json.loads(line) for line in lines]
            except json.JSONDecodeError:
                raise ImportRefused(_("{file} is not JSON: {error}").format(file=label, error=first)) from None
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, ImportRefused):
            raise
        raise ImportRefused(_("{file} cannot be read: {reason}").format(file=label, reason=unparsable(exc))) from None


def _actors_of(documents: list[Any], label: str) -> list[dict[str, Any]]:
    found: list[Any] = []
    for document in documents:
        found.extend(document if isinstance(document, list) else [document])
    if not found:
        raise ImportRefused(_("{file} holds no actor").format(file=label))
    if len(found) > MAX_ACTORS:
        raise ImportRefused(_("{file} holds {n} actors; an import reads at most {most}").format(
            file=label, n=len(found), most=MAX_ACTORS))
    for actor in found:
        body = actor.get("system", actor.get("data")) if isinstance(actor, dict) else None
        if not (isinstance(body, dict) and isinstance(actor.get("name"), str) and isinstance(actor.get("type"), str)):
            raise ImportRefused(_("{file} is not a Foundry actor: an actor has a name, a type and its data under "
                                  "system (or data)").format(file=label))
    return found


def _source(actor: dict[str, Any], body: dict[str, Any], readers: list[Any]) -> str | None:
    stats = actor.get("_stats")
    named = stats.get("systemId") if isinstance(stats, dict) else None
    if not isinstance(named, str):
        flags = actor.get("flags")
        export = flags.get("exportSource") if isinstance(flags, dict) else None
        named = export.get("system") if isinstance(export, dict) else None
    if isinstance(named, str):
        return named
    return next((guessed for reader in readers if (guessed := reader.guess(body)) is not None), None)


def _clean_name(raw: str, label: str, skipped: list[Skipped]) -> str:
    name = UNSAFE.sub("", raw).strip()
    if name != raw.strip():
        skipped.append(Skipped("name", _("{name}: control or text-direction characters removed from the name").format(
            name=name or shown(raw))))
    if not name:
        raise ImportRefused(_("{file}: an actor has no name").format(file=label))
    if len(name) > MAX_NAME:
        raise ImportRefused(_("{file}: the actor name {name} is longer than {most} characters").format(
            file=label, name=shown(name[:40]) + "...", most=MAX_NAME))
    return name


def _cleaned(name: str) -> str:
    """An item's or a skill's name from the file without control or text-direction characters."""
    return UNSAFE.sub("", name).strip()[:MAX_NAME] or "?"


def read_file(path: str | Path, system: str) -> list[FoundActor]:
    """The actors of one file, for a campaign playing ``system``; :class:`ImportRefused` otherwise."""
    label = Path(path).name
    try:
        text = read_user_text(path, _("a Foundry actor file"), MAX_ACTOR_FILE)
    except UserFileRefused as exc:
        raise ImportRefused(str(exc)) from None
    documents = _documents(text, label)
    if deeper_than(documents, MAX_DEPTH):
        raise ImportRefused(_("{file} nests its data more than {most} deep: it is not an actor export").format(
            file=label, most=MAX_DEPTH))
    readers = _readers()
    out = []
    for actor in _actors_of(documents, label):
        base = "system" if isinstance(actor.get("system"), dict) else "data"
        body = actor[base]
        source = _source(actor, body, readers)
        reader = next((r for r in readers if source in r.systems_read()), None)
        if reader is None:
            listed = ", ".join(sorted(s for r in readers for s in r.systems_read()))
            raise ImportRefused(_("{file}: the Foundry system {system} is not one gmconsole reads ({listed})").format(
                file=label, system=shown(source) if source else _("(not named, and not recognised)"), listed=listed))
        plays = reader.systems_read()[source]
        if plays != system:
            raise ImportRefused(_("{file} holds a character of {game}, which imports into {plays} campaigns; this "
                                  "campaign plays {system}").format(file=label, game=reader.titles()[source],
                                                                    plays=plays, system=system))
        skipped: list[Skipped] = []
        name = _clean_name(actor["name"], label, skipped)
        try:
            found = reader.read({**actor, "name": name}, body, source, base)
        except ActorRefused as exc:
            raise ImportRefused(_("{file}: {name}: {why}").format(file=label, name=name, why=exc)) from None
        found.skipped[:0] = skipped
        found.gear = [dataclasses.replace(g, name=_cleaned(g.name)) for g in found.gear]
        found.skills = [dataclasses.replace(k, name=_cleaned(k.name)[:campaign_skills.MAX_NAME]) for k in found.skills]
        out.append(FoundActor(label, found))
    return out


def read_files(paths: list[str], system: str) -> list[FoundActor]:
    """Every actor of every file (all or nothing); two actors of the same name are refused."""
    found = [actor for path in paths for actor in read_file(path, system)]
    seen: dict[str, str] = {}
    for item in found:
        key = item.actor.name.casefold()
        if key in seen:
            raise ImportRefused(_("{file}: {name} is also in {other}; import each character once").format(
                file=item.file, name=item.actor.name, other=seen[key]))
        seen[key] = item.file
    return found


def _folded(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _campaign_skill(campaign: Campaign, key: str, name: str) -> str | None:
    wanted = {_folded(key), _folded(name)}
    for skill in campaign_skills.listing(campaign):
        if skill.id == key or _folded(skill.id) in wanted or _folded(skill.name) in wanted:
            return skill.id
    return None


def _skill_levels(campaign: Campaign, read: ReadActor, file: str, new_skills: list[dict],
                  skipped: list[Skipped]) -> dict[str, int]:
    levels: dict[str, int] = {}
    for skill in read.skills:
        found = _campaign_skill(campaign, skill.key, skill.name)
        if found is None:
            where = skill.path or skill.key
            if skill.level <= 0:
                skipped.append(Skipped(where, _("{name}: {skill} is at 0 and not one of the campaign's skills: "
                                                "not added").format(name=read.name, skill=skill.name)))
                continue
            if skill.attribute is None:
                skipped.append(Skipped(where, _("{name}: {skill} names no attribute to roll with: not "
                                                "added").format(name=read.name, skill=skill.name)))
                continue
            try:
                added = campaign_skills.add(campaign, skill.name, skill.attribute)
            except ValidationError as exc:
                raise ImportRefused(_("{file}: {name}: {why}").format(file=file, name=read.name, why=exc)) from None
            new_skills.append({"id": added.id, "name": added.name, "attribute": added.attribute})
            found = added.id
        levels[found] = skill.level
    return levels


def _new_sheet(read: ReadActor, levels: dict[str, int]) -> dict:
    return {
        "name": read.name, "kind": read.kind,
        "attributes": {a: {"max": top, "current": now} for a, (top, now) in read.attributes.items()},
        "skills": levels,
        "gear": [{"name": g.name, "bonus": g.bonus, "max_bonus": g.max_bonus} for g in read.gear],
        **({"stress": read.stress} if read.stress is not None else {}),
    }


def _updated_sheet(campaign: Campaign, old: Character, read: ReadActor, levels: dict[str, int],
                   replace: bool) -> dict:
    attributes = {}
    for a, (top, now) in read.attributes.items():
        before = old.attributes.get(a)
        kept = now if replace or before is None else max(0, top - before.trauma)
        attributes[a] = {"max": top, "current": min(kept, top)}
    gear = [g.to_dict() for g in old.gear]
    for item in read.gear:
        same = next((g for g in gear if g["name"].casefold() == item.name.casefold()), None)
        if same is None:
            gear.append({"id": campaign.new_id("g"), "name": item.name, "bonus": item.bonus,
                         "max_bonus": item.max_bonus})
            continue
        same["max_bonus"] = item.max_bonus
        same["bonus"] = item.bonus if replace else min(same["bonus"], item.max_bonus)
    changes: dict[str, Any] = {"attributes": attributes, "skills": {**old.skills, **levels}, "gear": gear,
                               "kind": read.kind}
    if replace and read.stress is not None:
        changes["stress"] = read.stress
    return changes


def _differences(before: Character, after: Character) -> dict[str, list]:
    out: dict[str, list] = {}
    for a, value in after.attributes.items():
        old = before.attributes.get(a)
        if old is None or old.to_dict() != value.to_dict():
            out[a] = [None if old is None else old.to_dict(), value.to_dict()]
    for skill, level in after.skills.items():
        if before.skills.get(skill, 0) != level:
            out[f"skill:{skill}"] = [before.skills.get(skill, 0), level]
    old_gear = {g.name.casefold(): g for g in before.gear}
    for item in after.gear:
        was = old_gear.get(item.name.casefold())
        if was is None or (was.bonus, was.max_bonus) != (item.bonus, item.max_bonus):
            out[f"gear:{item.name}"] = [None if was is None else [was.bonus, was.max_bonus],
                                        [item.bonus, item.max_bonus]]
    for name in ("stress", "kind"):
        if getattr(before, name) != getattr(after, name):
            out[name] = [getattr(before, name), getattr(after, name)]
    return out


def apply(campaign: Campaign, found: list[FoundActor], replace: bool = False) -> dict:
    """Put ``found`` into ``campaign`` (changed in place: the ledger's copy, or a copy for a dry run); the plan."""
    plan: dict[str, list] = {"add": [], "update": [], "skipped": []}
    for item in found:
        read, file = item.actor, item.file
        skipped = list(read.skipped)
        new_skills: list[dict] = []
        levels = _skill_levels(campaign, read, file, new_skills, skipped)
        existing = next((c for c in campaign.roster if c.name.strip().casefold() == read.name.casefold()), None)
        try:
            if existing is None:
                character = validation.new_character(campaign, _new_sheet(read, levels))
                campaign.roster.append(character)
                plan["add"].append({"file": file, "name": character.name, "character_id": character.id,
                                    "kind": character.kind, "sheet": _sheet_numbers(character),
                                    "new_skills": new_skills})
            else:
                updated = validation.updated_character(campaign, existing,
                                                       _updated_sheet(campaign, existing, read, levels, replace))
                campaign.roster[campaign.roster.index(existing)] = updated
                plan["update"].append({"file": file, "name": updated.name, "character_id": updated.id,
                                       "changes": _differences(existing, updated), "new_skills": new_skills})
        except ValidationError as exc:
            raise ImportRefused(_("{file}: {name}: {why}").format(file=file, name=read.name, why=exc)) from None
        plan["skipped"].extend(s.to_dict() for s in skipped)
    return plan


def _sheet_numbers(character: Character) -> dict:
    return {"attributes": {a: v.to_dict() for a, v in character.attributes.items()},
            "skills": dict(character.skills),
            "gear": [{"name": g.name, "bonus": g.bonus, "max_bonus": g.max_bonus} for g in character.gear],
            "stress": character.stress}


def summary(plan: dict, files: list[str]) -> str:
    """The history's line for an import: who joined and who was updated, from which files."""
    parts = []
    if plan["add"]:
        parts.append(ngettext("{n} added ({names})", "{n} added ({names})", len(plan["add"])).format(
            n=len(plan["add"]), names=_(", ").join(a["name"] for a in plan["add"])))
    if plan["update"]:
        parts.append(ngettext("{n} updated ({names})", "{n} updated ({names})", len(plan["update"])).format(
            n=len(plan["update"]), names=_(", ").join(u["name"] for u in plan["update"])))
    return _("imported from {files}: {what}").format(files=_(", ").join(files),
                                                      what=_("; ").join(parts) or _("nothing changed"))


def plan_lines(plan: dict, system: str) -> list[str]:
    """The plan in words for a campaign of ``system``, one line each (names escaped: they come from a file);
    numbers as the sheet shows them (``3/4``, ``d10``)."""
    from gmconsole.campaign.shown_names import attribute_shown

    game = systems.get(system)
    lines = []
    for item in plan["add"]:
        sheet = item["sheet"]
        attributes = " ".join(f"{attribute_shown(system, a)} {game.attribute_text(v['current'], v['max'])}"
                              for a, v in sheet["attributes"].items())
        skills = _(", ").join(f"{s} {game.rating_text(n)}" for s, n in sheet["skills"].items() if n) or _("no skills")
        lines.append(_("add {name} ({file}): {attributes}; {skills}").format(
            name=shown(item["name"]), file=shown(item["file"]), attributes=attributes, skills=shown(skills)))
        if sheet["gear"]:
            lines.append("    " + _("gear: {gear}").format(gear=shown(_(", ").join(
                f"{g['name']} +{g['bonus']}" if g["bonus"] else g["name"] for g in sheet["gear"]))))
        lines.extend(_new_skill_lines(item))
    for item in plan["update"]:
        changes = item["changes"]
        lines.append(ngettext("update {name} ({file}): {n} change", "update {name} ({file}): {n} changes",
                              len(changes)).format(name=shown(item["name"]), file=shown(item["file"]), n=len(changes)))
        lines.extend(f"    {shown(field)}: {_value(game, before, field)} → {_value(game, after, field)}"
                     for field, (before, after) in changes.items())
        lines.extend(_new_skill_lines(item))
    for item in plan["skipped"]:
        lines.append(_("skipped {field}: {why}").format(field=shown(item["field"]), why=shown(item["why"])))
    return lines


def _new_skill_lines(item: dict) -> list[str]:
    return ["    " + _("new skill of the campaign: {name} ({attribute})").format(
        name=shown(s["name"]), attribute=s["attribute"]) for s in item["new_skills"]]


def _value(game: Any, value: Any, field: str = "") -> str:
    if field.startswith("skill:") and isinstance(value, int):
        return game.rating_text(value) if value else "0"
    if isinstance(value, dict) and "max" in value:
        return game.attribute_text(value["current"], value["max"])
    if isinstance(value, list):
        return f"+{value[0]} ({value[1]})"
    return _("none") if value is None else shown(str(value))
