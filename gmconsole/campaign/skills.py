"""The campaign's own skills: add, rename, re-link and remove skills, or load a whole list.

A Year Zero campaign (``myz``, ``yze``, ``yze-step``) rolls the skills of its system's table until the
GM changes the list; the first change copies the table into ``campaign.skills`` (ids kept, so the
table's stunts, modifiers and role rules still find them) and changes the copy. Loading a list from a
TOML file (another Year Zero game's skills: Heavy Machinery, Piloting, Command, ...) replaces it.
Each skill has an ``id`` (what sheets and history entries name; made from the name when added and
kept on a rename), a ``name`` in the campaign's language, the attribute it rolls with (R-PUSH: a push
charges the skill's own attribute) and ``text``, its stunts or bonus effects.

``exploding`` and ``tiered`` sheets already take any skill id the GM types (``ranged=2 lore=1``), with
the attribute named at each roll, so they have no list to change: the functions here refuse them
with a sentence saying so.

The functions change the campaign given to them (the service passes its copy inside its one safe
commit, so every change is validated, recorded with its undo and saved) and raise
:class:`ValidationError` with one sentence to refuse.
"""

from __future__ import annotations

import re
from typing import overload

from gmconsole import systems
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, CampaignSkill
from gmconsole.i18n import _, ngettext, pick
from gmconsole.phrasing import quoted
from gmconsole.rules.data import load_table

MAX_NAME = 40
MAX_TEXT = 2000
MAX_SKILLS = 100


def skill_attributes() -> tuple[str, ...]:
    """The attributes a campaign's own skill may roll with: those of the sheets that take skills from a list
    (``GameSystem.skills_listed``: every Year Zero sheet's four), in sheet order."""
    found: dict[str, None] = {}
    for game in systems.all_systems():
        if game.skills_listed and game.attributes:
            found.update(dict.fromkeys(game.attributes))
    return tuple(found)


def check_listed(campaign: Campaign) -> None:
    """Refuse a campaign whose system has no skill list to change (exploding, tiered)."""
    if not validation.skills_listed(campaign.system):
        raise ValidationError(_(
            "{system} sheets take any skill the GM names (e.g. lore=2 on the sheet) and the attribute at each "
            "roll, so there is no skill list to change; a campaign's own skill list is for myz, yze and yze-step"
        ).format(system=campaign.system))


def _table_rows(system: str) -> list[dict]:
    table = systems.get(system).skills_table
    return list(load_table(table).get("skills", [])) if table else []



def listing(campaign: Campaign) -> list[CampaignSkill]:
    """The skills a campaign rolls: its own list, else its system's table (English names and text)."""
    if campaign.skills is not None:
        return list(campaign.skills)
    return [CampaignSkill(r["id"], pick(r.get("name")) or r["id"], r.get("attribute", ""), pick(r.get("text")))
            for r in _table_rows(campaign.system)]


def is_default(campaign: Campaign) -> bool:
    """True while the campaign rolls its system's table (no list of its own)."""
    return campaign.skills is None


def skill_id(name: str) -> str:
    """The id a new skill gets from its name: lower case, words joined by dashes (any script)."""
    made = re.sub(r"[^\w]+", "-", name.casefold()).strip("-_")
    if not made:
        raise ValidationError(_("{name} cannot name a skill: use letters or digits").format(name=quoted(name)))
    return made[:MAX_NAME]


def find(campaign: Campaign, text: str) -> CampaignSkill | None:
    """The skill named ``text``: by id, else by name (case-insensitive; also the table's Chinese names)."""
    wanted = (text or "").strip()
    skills = listing(campaign)
    for skill in skills:
        if skill.id == wanted:
            return skill
    folded = wanted.casefold()
    for skill in skills:
        if skill.name.casefold() == folded:
            return skill
    if campaign.skills is None:
        for row in _table_rows(campaign.system):
            if isinstance(row.get("name"), dict) and folded in (n.casefold() for n in row["name"].values()):
                return next(s for s in skills if s.id == row["id"])
    return None


def name_of(campaign: Campaign, skill: str | None) -> str | None:
    """The name a skill is shown to the GM by: its id stays the key of sheets, history
    entries and JSON, and is kept on a rename, so "[red]Scrap Lore" renamed "Scrap Lore" keeps the id
    ``red-scrap-lore`` but is shown "Scrap Lore". The campaign's own list's name, else the system
    table's; a skill no list knows (exploding and tiered sheets, a removed skill) as it is. The name
    comes from the campaign file: escape it (:mod:`gmconsole.safe_text`) before a terminal shows it."""
    if not skill or not validation.skills_listed(campaign.system):
        return skill
    return next((s.name for s in listing(campaign) if s.id == skill and s.name), skill)


def name_in_message(campaign: Campaign, skill: str) -> str:
    """A skill in a message: its id in English, as the messages always wrote it; the name the campaign shows
    it by (:func:`name_of`: the data file's zh-Hant name, or the campaign list's) in another language."""
    from gmconsole.i18n import language

    return skill if language() == "en" else (name_of(campaign, skill) or skill)


def attribute_name_of(system: str, attribute: str | None) -> str | None:
    """The name an attribute is shown to the GM by (:func:`gmconsole.campaign.shown_names.attribute_shown`:
    ``Strength`` for ``strength``, ``敏捷`` for exploding's ``agility`` in zh-Hant); the id stays the key of
    sheets, entries and ``--json``. No attribute (``None``, ``""``) as it is."""
    from gmconsole.campaign.shown_names import attribute_shown

    return attribute_shown(system, attribute) if attribute else attribute


def die_source_name(campaign: Campaign, kind: str, source: str) -> str:
    """What a die's source reads as beside its kind: a step die's attribute or skill by its name (``step
    (Agility)``, ``step (Ranged)``: the dice keep the ids, a push's damage is read from the attribute's), the
    d6 a step up added as a modifier's; a gear or artifact die's item as it was typed."""
    if kind != "step" or not source:
        return source
    if source in ("modifier", "skill"):  # the pool's words for a die with no attribute or skill of its own
        return _("modifier") if source == "modifier" else _("skill")
    named = attribute_name_of(campaign.system, source)
    return named if named is not None and named != source else (name_of(campaign, source) or source)


@overload
def attribute_id(system: str, text: str) -> str: ...


@overload
def attribute_id(system: str, text: None) -> None: ...


@overload
def attribute_id(system: str, text: str | None) -> str | None: ...


def attribute_id(system: str, text: str | None) -> str | None:
    """The id of the attribute ``text`` names: its id or any of its names in the system table, without
    regard to case (``Dexterity``, ``dex``); text no row knows comes back as it is, for the caller's
    own refusal (which names the attributes)."""
    from gmconsole.rules.data import system_table

    if not text:
        return text
    folded = text.strip().casefold()
    for row in system_table(system).get("attributes", []):
        names = row.get("name")
        names = names.values() if isinstance(names, dict) else [names or ""]
        if folded == str(row.get("id", "")).casefold() or folded in (str(n).casefold() for n in names):
            return row["id"]
    return text


def names(campaign: Campaign) -> str:
    """The skills that exist, for a message: ``Might, Melee, Know the Zone, ...`` — their names, which
    find them (:func:`find`, without regard to case); the ids are the files' business."""
    return _(", ").join(s.name or s.id for s in listing(campaign)) or _("none")


def resolve(campaign: Campaign, text: str | None) -> str | None:
    """The id of the skill ``text`` names (id or name); an unknown skill says which skills exist.
    Systems without a list (exploding, tiered) get ``text`` back unchanged."""
    if not text or not validation.skills_listed(campaign.system):
        return text
    found = find(campaign, text)
    if found is None:
        raise ValidationError(_("{campaign} has no skill {skill}; its skills are: {skills}").format(
            campaign=campaign.name, skill=quoted(text), skills=names(campaign)))
    return found.id


def holders(campaign: Campaign, skill: str) -> list[str]:
    """The names of the characters whose sheets give ``skill`` a level above 0."""
    return [c.name for c in campaign.roster if c.skills.get(skill, 0) > 0]


def _check_fields(name, attribute, text, where: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(_("{where} needs a name").format(where=where))
    validation.check_typed_text(name, _("a skill name"))
    if len(name) > MAX_NAME:
        raise ValidationError(_("{where}: a skill name is at most {limit} characters").format(where=where,
                                                                                              limit=MAX_NAME))
    attributes = skill_attributes()
    if attribute not in attributes:
        raise ValidationError(_("{where}: the attribute {attribute} is not one of {attributes}").format(
            where=where, attribute=quoted(attribute), attributes=", ".join(attributes)))
    if not isinstance(text, str):
        raise ValidationError(_("{where}: the text must be text").format(where=where))
    validation.check_typed_text(text.replace("\n", " "), _("a skill's text"))
    if len(text) > MAX_TEXT:
        raise ValidationError(_("{where}: a skill's text is at most {limit} characters").format(where=where,
                                                                                                limit=MAX_TEXT))


def _own(campaign: Campaign) -> list[CampaignSkill]:
    """The campaign's own list, made from the system's table on the first change."""
    check_listed(campaign)
    if campaign.skills is None:
        campaign.skills = listing(campaign)
    return campaign.skills


def _taken(skills: list[CampaignSkill], name: str, new_id: str, but: CampaignSkill | None = None) -> None:
    for other in skills:
        if other is not but and (other.id == new_id or other.name.casefold() == name.strip().casefold()):
            raise ValidationError(_("the campaign already has a skill {name} ({id})").format(
                name=quoted(other.name), id=other.id))


def add(campaign: Campaign, name: str, attribute: str, text: str = "") -> CampaignSkill:
    """Add a skill to the campaign's list; returns it."""
    skills = _own(campaign)
    name = name.strip() if isinstance(name, str) else name
    attribute = attribute.strip().casefold() if isinstance(attribute, str) else attribute
    _check_fields(name, attribute, text, _("the skill {name}").format(name=quoted(name)))
    skill = CampaignSkill(skill_id(name), name, attribute, text)
    _taken(skills, name, skill.id)
    if len(skills) >= MAX_SKILLS:
        raise ValidationError(_("a campaign has at most {limit} skills").format(limit=MAX_SKILLS))
    skills.append(skill)
    return skill


def edit(campaign: Campaign, skill: str, *, name: str | None = None, attribute: str | None = None,
         text: str | None = None) -> tuple[CampaignSkill, CampaignSkill]:
    """Rename a skill, link it to another attribute or change its text (its id stays, so sheets and
    past rolls keep pointing at it); returns (before, after)."""
    skills = _own(campaign)
    found = find(campaign, skill)
    if found is None:
        raise ValidationError(_("{campaign} has no skill {skill}; its skills are: {skills}").format(
            campaign=campaign.name, skill=quoted(skill), skills=names(campaign)))
    before = CampaignSkill(**found.to_dict())
    new_name = found.name if name is None else name.strip()
    new_attribute = found.attribute if attribute is None else attribute.strip().casefold()
    new_text = found.text if text is None else text
    _check_fields(new_name, new_attribute, new_text, _("the skill {name}").format(name=quoted(new_name)))
    _taken(skills, new_name, found.id, but=found)
    found.name, found.attribute, found.text = new_name, new_attribute, new_text
    return before, found


def remove(campaign: Campaign, skill: str) -> CampaignSkill:
    """Remove a skill. Refused, naming them, while characters have it at a level above 0 (lower it on
    their sheets first: a removal never takes levels away silently); a level of 0 goes with it."""
    skills = _own(campaign)
    found = find(campaign, skill)
    if found is None:
        raise ValidationError(_("{campaign} has no skill {skill}; its skills are: {skills}").format(
            campaign=campaign.name, skill=quoted(skill), skills=names(campaign)))
    who = holders(campaign, found.id)
    if who:
        raise ValidationError(ngettext("{who} has {skill}: set it to 0 on their sheets first, then remove it",
                                       "{who} have {skill}: set it to 0 on their sheets first, then remove it",
                                       len(who)).format(who=_(", ").join(who), skill=found.name))
    skills.remove(found)
    for character in campaign.roster:
        character.skills.pop(found.id, None)
    return found


def replace(campaign: Campaign, new: list[CampaignSkill]) -> list[CampaignSkill]:
    """Put a loaded list in place of the campaign's. Refused, naming them, when characters have a
    skill the new list lacks (the same rule as :func:`remove`)."""
    check_listed(campaign)
    ids = {s.id for s in new}
    lost = sorted({(c.name, sid) for c in campaign.roster for sid, level in c.skills.items()
                   if level > 0 and sid not in ids})
    if lost:
        shown = _(", ").join(f"{who} ({sid})" for who, sid in lost[:6]) + (" ..." if len(lost) > 6 else "")
        raise ValidationError(_("the new list lacks skills characters have: {lost}; set them to 0 first").format(
            lost=shown))
    campaign.skills = list(new)
    for character in campaign.roster:
        for sid in [s for s in character.skills if s not in ids]:
            del character.skills[sid]
    return campaign.skills


def batch(campaign: Campaign, new: list[CampaignSkill] | None, source: str, add_=(), rename=(),
          remove_=()) -> dict:
    """Load, add, rename and remove in one change (the command line's flags); the entry's fields."""
    check_listed(campaign)
    parts = []
    if new is not None:
        parts.append(change_entry("load", replace(campaign, new), source=source)["summary"])
    for name, attribute in add_:
        parts.append(change_entry("add", add(campaign, name, attribute))["summary"])
    for skill, name in rename:
        parts.append(change_entry("edit", *edit(campaign, skill, name=name))["summary"])
    for skill in remove_:
        parts.append(change_entry("remove", remove(campaign, skill))["summary"])
    return {"summary": _("; ").join(parts) or _("skills unchanged")}


def change_entry(action: str, *changed, source: str = "") -> dict:
    """The history entry's own fields for a change of the skill list (its summary)."""
    if action == "load":
        return {"summary": ngettext("skills loaded from {source}: {n} skill", "skills loaded from {source}: {n} skills",
                                    len(changed[0])).format(source=source, n=len(changed[0]))}
    if action == "edit":
        before, after = changed
        what = [f"{before.name} → {after.name}"] if before.name != after.name else [after.name]
        if before.attribute != after.attribute:
            what.append(_("rolls {attribute} (was {before})").format(attribute=after.attribute,
                                                                      before=before.attribute))
        if before.text != after.text:
            what.append(_("new text"))
        return {"summary": _("skill changed: {what}").format(what=_(", ").join(what))}
    skill = changed[0]
    verb = _("skill added: {name} ({attribute})") if action == "add" else _("skill removed: {name} ({attribute})")
    return {"summary": verb.format(name=skill.name, attribute=skill.attribute)}


def _entry_lines(text: str) -> list[int]:
    """The line number of each ``[[skills]]`` header, so a bad entry is named by its line."""
    return [n for n, line in enumerate(text.splitlines(), 1) if re.match(r"\s*\[\[\s*skills\s*\]\]", line)]


def parse_list(text: str, source: str | None = None) -> list[CampaignSkill]:
    """A skill list from TOML text::

        [[skills]]
        name = "Heavy Machinery"
        attribute = "strength"
        text = "Drive, lift or repair big machines."   # optional
        id = "heavy-machinery"                        # optional: made from the name

    A file that is not TOML, an entry without a name, an unknown attribute, a control character or
    two skills of the same name is refused with one sentence naming the entry and its line."""
    from gmconsole.campaign.toml_text import toml_document

    source = source or _("the skill list")
    data = toml_document(text, source)
    rows = data.get("skills")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise ValidationError(_("{source} has no [[skills]] entries").format(source=source))
    if len(rows) > MAX_SKILLS:
        raise ValidationError(_("{source} has {n} skills; a campaign has at most {limit}").format(
            source=source, n=len(rows), limit=MAX_SKILLS))
    lines = _entry_lines(text)
    out: list[CampaignSkill] = []
    for n, row in enumerate(rows):
        where = (_("{source}, skill {n} (line {line})").format(source=source, n=n + 1, line=lines[n]) if n < len(lines)
                 else _("{source}, skill {n}").format(source=source, n=n + 1))
        name, attribute, body = row.get("name"), row.get("attribute"), row.get("text", "")
        unknown = sorted(set(row) - {"id", "name", "attribute", "text"})
        if unknown:
            raise ValidationError(_("{where}: unknown key {key} (use name, attribute, text, id)").format(
                where=where, key=quoted(unknown[0])))
        try:
            attribute = attribute.strip().casefold() if isinstance(attribute, str) else attribute
            _check_fields(name.strip() if isinstance(name, str) else name, attribute, body, where)
            sid = row.get("id") or skill_id(name)
            if not isinstance(sid, str) or sid != skill_id(sid):
                raise ValidationError(_("{where}: the id {id} must be lower case, words joined by dashes").format(
                    where=where, id=quoted(sid)))
            skill = CampaignSkill(sid, name.strip(), attribute, body)
            _taken(out, skill.name, skill.id)
        except ValidationError as exc:
            message = str(exc)
            raise ValidationError(message if message.startswith(where)
                                  else _("{where}: {message}").format(where=where, message=message)) from None
        out.append(skill)
    return out
