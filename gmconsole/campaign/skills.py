"""The campaign's own skills (issue 11): add, rename, re-link and remove skills, or load a whole list.

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

from gmconsole import systems
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, CampaignSkill
from gmconsole.i18n import pick
from gmconsole.rules.data import load_table
from gmconsole.systems.yearzero.system import ATTRIBUTES as YEAR_ZERO_ATTRIBUTES
from gmconsole.wording import quoted

ATTRIBUTES = YEAR_ZERO_ATTRIBUTES
"""The attributes a campaign's own skill may roll with: only Year Zero sheets take skills from a list."""
MAX_NAME = 40
MAX_TEXT = 2000
MAX_SKILLS = 100


def check_listed(campaign: Campaign) -> None:
    """Refuse a campaign whose system has no skill list to change (exploding, tiered)."""
    if not validation.skills_listed(campaign.system):
        raise ValidationError(
            f"{campaign.system} sheets take any skill the GM names (e.g. lore=2 on the sheet) and the "
            "attribute at each roll, so there is no skill list to change; a campaign's own skill list "
            "is for myz, yze and yze-step")


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
        raise ValidationError(f"{quoted(name)} cannot name a skill: use letters or digits")
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
    """The name a skill is shown to the GM by (play-test 3): its id stays the key of sheets, history
    entries and JSON, and is kept on a rename, so "[red]Scrap Lore" renamed "Scrap Lore" keeps the id
    ``red-scrap-lore`` but is shown "Scrap Lore". The campaign's own list's name, else the system
    table's; a skill no list knows (exploding and tiered sheets, a removed skill) as it is. The name
    comes from the campaign file: escape it (:mod:`gmconsole.safe_text`) before a terminal shows it."""
    if not skill or not validation.skills_listed(campaign.system):
        return skill
    return next((s.name for s in listing(campaign) if s.id == skill and s.name), skill)


def attribute_name_of(system: str, attribute: str | None) -> str | None:
    """The name an attribute is shown to the GM by (play-test 5): ``Strength`` for ``strength`` (Year
    Zero) or ``str`` (tiered), from the system table's ``attributes``; the id stays the key of sheets
    and entries. An attribute the table does not know (exploding's traits are the GM's own) as it is."""
    from gmconsole.rules.data import system_table

    if not attribute:
        return attribute
    row = next((r for r in system_table(system).get("attributes", []) if r.get("id") == attribute), None)
    return (pick(row.get("name")) or attribute) if row else attribute


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
    return ", ".join(s.name or s.id for s in listing(campaign)) or "none"


def resolve(campaign: Campaign, text: str | None) -> str | None:
    """The id of the skill ``text`` names (id or name); an unknown skill says which skills exist.
    Systems without a list (exploding, tiered) get ``text`` back unchanged."""
    if not text or not validation.skills_listed(campaign.system):
        return text
    found = find(campaign, text)
    if found is None:
        raise ValidationError(f"{campaign.name} has no skill {quoted(text)}; its skills are: {names(campaign)}")
    return found.id


def holders(campaign: Campaign, skill: str) -> list[str]:
    """The names of the characters whose sheets give ``skill`` a level above 0."""
    return [c.name for c in campaign.roster if c.skills.get(skill, 0) > 0]


def _check_fields(name, attribute, text, where: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(f"{where} needs a name")
    validation.check_typed_text(name, "a skill name")
    if len(name) > MAX_NAME:
        raise ValidationError(f"{where}: a skill name is at most {MAX_NAME} characters")
    if attribute not in ATTRIBUTES:
        raise ValidationError(f"{where}: the attribute {quoted(attribute)} is not one of {', '.join(ATTRIBUTES)}")
    if not isinstance(text, str):
        raise ValidationError(f"{where}: the text must be text")
    validation.check_typed_text(text.replace("\n", " "), "a skill's text")
    if len(text) > MAX_TEXT:
        raise ValidationError(f"{where}: a skill's text is at most {MAX_TEXT} characters")


def _own(campaign: Campaign) -> list[CampaignSkill]:
    """The campaign's own list, made from the system's table on the first change."""
    check_listed(campaign)
    if campaign.skills is None:
        campaign.skills = listing(campaign)
    return campaign.skills


def _taken(skills: list[CampaignSkill], name: str, new_id: str, but: CampaignSkill | None = None) -> None:
    for other in skills:
        if other is not but and (other.id == new_id or other.name.casefold() == name.strip().casefold()):
            raise ValidationError(f"the campaign already has a skill {quoted(other.name)} ({other.id})")


def add(campaign: Campaign, name: str, attribute: str, text: str = "") -> CampaignSkill:
    """Add a skill to the campaign's list; returns it."""
    skills = _own(campaign)
    name = name.strip() if isinstance(name, str) else name
    attribute = attribute.strip().casefold() if isinstance(attribute, str) else attribute
    _check_fields(name, attribute, text, f"the skill {quoted(name)}")
    skill = CampaignSkill(skill_id(name), name, attribute, text)
    _taken(skills, name, skill.id)
    if len(skills) >= MAX_SKILLS:
        raise ValidationError(f"a campaign has at most {MAX_SKILLS} skills")
    skills.append(skill)
    return skill


def edit(campaign: Campaign, skill: str, *, name: str | None = None, attribute: str | None = None,
         text: str | None = None) -> tuple[CampaignSkill, CampaignSkill]:
    """Rename a skill, link it to another attribute or change its text (its id stays, so sheets and
    past rolls keep pointing at it); returns (before, after)."""
    skills = _own(campaign)
    found = find(campaign, skill)
    if found is None:
        raise ValidationError(f"{campaign.name} has no skill {quoted(skill)}; its skills are: {names(campaign)}")
    before = CampaignSkill(**found.to_dict())
    new_name = found.name if name is None else name.strip()
    new_attribute = found.attribute if attribute is None else attribute.strip().casefold()
    new_text = found.text if text is None else text
    _check_fields(new_name, new_attribute, new_text, f"the skill {quoted(new_name)}")
    _taken(skills, new_name, found.id, but=found)
    found.name, found.attribute, found.text = new_name, new_attribute, new_text
    return before, found


def remove(campaign: Campaign, skill: str) -> CampaignSkill:
    """Remove a skill. Refused, naming them, while characters have it at a level above 0 (lower it on
    their sheets first: a removal never takes levels away silently); a level of 0 goes with it."""
    skills = _own(campaign)
    found = find(campaign, skill)
    if found is None:
        raise ValidationError(f"{campaign.name} has no skill {quoted(skill)}; its skills are: {names(campaign)}")
    who = holders(campaign, found.id)
    if who:
        raise ValidationError(f"{', '.join(who)} {'has' if len(who) == 1 else 'have'} {found.name}: set it to 0 "
                              "on their sheets first, then remove it")
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
        shown = ", ".join(f"{who} ({sid})" for who, sid in lost[:6]) + (" ..." if len(lost) > 6 else "")
        raise ValidationError(f"the new list lacks skills characters have: {shown}; set them to 0 first")
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
    return {"summary": "; ".join(parts) or "skills unchanged"}


def change_entry(action: str, *changed, source: str = "") -> dict:
    """The history entry's own fields for a change of the skill list (its summary)."""
    if action == "load":
        return {"summary": f"skills loaded from {source}: {len(changed[0])} skills"}
    if action == "edit":
        before, after = changed
        what = [f"{before.name} → {after.name}"] if before.name != after.name else [after.name]
        if before.attribute != after.attribute:
            what.append(f"rolls {after.attribute} (was {before.attribute})")
        if before.text != after.text:
            what.append("new text")
        return {"summary": "skill changed: " + ", ".join(what)}
    skill = changed[0]
    verb = {"add": "skill added", "remove": "skill removed"}[action]
    return {"summary": f"{verb}: {skill.name} ({skill.attribute})"}


def _entry_lines(text: str) -> list[int]:
    """The line number of each ``[[skills]]`` header, so a bad entry is named by its line."""
    return [n for n, line in enumerate(text.splitlines(), 1) if re.match(r"\s*\[\[\s*skills\s*\]\]", line)]


def parse_list(text: str, source: str = "the skill list") -> list[CampaignSkill]:
    """A skill list from TOML text::

        [[skills]]
        name = "Heavy Machinery"
        attribute = "strength"
        text = "Drive, lift or repair big machines."   # optional
        id = "heavy-machinery"                        # optional: made from the name

    A file that is not TOML, an entry without a name, an unknown attribute, a control character or
    two skills of the same name is refused with one sentence naming the entry and its line."""
    import tomllib  # here, not at import: the console's start-up does not need it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValidationError(f"{source} is not TOML: {exc}") from None
    rows = data.get("skills")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise ValidationError(f"{source} has no [[skills]] entries")
    if len(rows) > MAX_SKILLS:
        raise ValidationError(f"{source} has {len(rows)} skills; a campaign has at most {MAX_SKILLS}")
    lines = _entry_lines(text)
    out: list[CampaignSkill] = []
    for n, row in enumerate(rows):
        where = f"{source}, skill {n + 1}" + (f" (line {lines[n]})" if n < len(lines) else "")
        name, attribute, body = row.get("name"), row.get("attribute"), row.get("text", "")
        unknown = sorted(set(row) - {"id", "name", "attribute", "text"})
        if unknown:
            raise ValidationError(f"{where}: unknown key {quoted(unknown[0])} (use name, attribute, text, id)")
        try:
            attribute = attribute.strip().casefold() if isinstance(attribute, str) else attribute
            _check_fields(name.strip() if isinstance(name, str) else name, attribute, body, where)
            sid = row.get("id") or skill_id(name)
            if not isinstance(sid, str) or sid != skill_id(sid):
                raise ValidationError(f"{where}: the id {quoted(sid)} must be lower case, words joined by dashes")
            skill = CampaignSkill(sid, name.strip(), attribute, body)
            _taken(out, skill.name, skill.id)
        except ValidationError as exc:
            message = str(exc)
            raise ValidationError(message if message.startswith(where) else f"{where}: {message}") from None
        out.append(skill)
    return out
