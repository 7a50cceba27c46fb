"""A character's sheet as data and as plain lines (``gmconsole sheet NAME CHARACTER``).

Scripts and players read what a roll or its costs changed: attributes current/max, skills, gear,
the trackers and the conditions. Every tracker the model keeps is in the data (each system uses
some of them, the others stay at their default); the text leaves out the ones at their default.
Names come from the campaign file: :func:`sheet_lines` escapes each of them on its own
(``safe_text.shown``, so a line break inside a name is shown, not obeyed); the caller prints the
data through ``safe_text.to_json``.
"""

from __future__ import annotations

from gmconsole.campaign import character_lookup
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.i18n import N_, _, language
from gmconsole.phrasing import side_by_side
from gmconsole.safe_text import shown

__all__ = ["TRACKERS", "find", "sheet", "sheet_lines"]

_DEFAULTS = {"level": 1}


def find(campaign: Campaign, id_or_name: str) -> Character:
    """The character by id or by name (case-insensitive); an unknown one names the roster."""
    found = campaign.find_character(id_or_name)
    if found is None:
        raise ValidationError(character_lookup.not_found(campaign, id_or_name))
    return found


def sheet(character: Character) -> dict:
    """The sheet as JSON data: ``id, name, kind, role, attributes {id: {current, max}}, skills {id: level},
    gear [...], trackers {name: value}, panic, conditions`` and, when held, ``reroll_grants [{name, skills}]``
    (R-EXP-5)."""
    data = {
        "id": character.id,
        "name": character.name,
        "kind": character.kind,
        "role": character.role,
        "attributes": {k: {"current": a.current, "max": a.max} for k, a in character.attributes.items()},
        "skills": dict(character.skills),
        "gear": [g.to_dict() for g in character.gear],
        "trackers": {name: getattr(character, name) for name in TRACKERS},
        "panic": None if character.panic is None else character.panic.to_dict(),
        "conditions": list(character.conditions),
    }
    if character.reroll_grants:  # exploding's grants (R-EXP-5), only when held: other sheets keep their keys
        data["reroll_grants"] = [dict(grant, skills=list(grant.get("skills", []))) for grant in character.reroll_grants]
    return data


def _gear_line(item: dict) -> str:
    text = shown(item["name"])
    if item.get("bonus") or item.get("max_bonus"):
        text += f" +{item.get('bonus', 0)}" + (
            f"/{item['max_bonus']}" if item.get("max_bonus", 0) != item.get("bonus") else ""
        )
    if item.get("artifact_die"):
        # R-ART-3: an artifact item rolls its gear dice and its artifact die; R-ART-2: at gear bonus 0 (once
        # above 0) it cannot be used at all, artifact die included.
        die = f"d{item['artifact_die']}"
        text = (_("{gear} and artifact {die}") if item.get("max_bonus") else _("{gear} artifact {die}")).format(
            gear=text, die=die)
        if item.get("max_bonus") and not item.get("bonus"):
            text = _("{gear} (cannot be used: gear bonus 0, R-ART-2)").format(gear=text)
    if item.get("quantity", 1) != 1:
        text += f" ×{item['quantity']}"
    if item.get("destroyed"):
        text = _("{gear} (destroyed)").format(gear=text)
    return text


TRACKERS = {"stress": N_("stress"), "willpower": N_("willpower"), "mutation_points": N_("mutation points"),
            "xp": N_("xp"), "wounds": N_("wounds"), "strain": N_("strain"), "stamina": N_("stamina"),
            "level": N_("level")}
"""The counters of the model, in the order the sheet lists them, each as the sheet names it (English: the
key, spaced); the JSON keeps the key."""


def _tracker(key: str) -> str:
    return _(TRACKERS[key]) if key in TRACKERS else key.replace("_", " ")


def _attribute(campaign: Campaign | None, key: str) -> str:
    """An attribute's id in English (as before); the data file's name of it in another language."""
    if language() == "en" or campaign is None:
        return key
    from gmconsole.campaign.skills import attribute_name_of

    return attribute_name_of(campaign.system, key) or key


def sheet_lines(data: dict, campaign: Campaign | None = None) -> list[str]:
    """The sheet for a person, one line per part; skills by the name the GM knows them by (the
    campaign's list, :func:`gmconsole.campaign.skills.name_of`), while ``data`` (the JSON) keeps ids."""
    from gmconsole.campaign.skills import name_of

    def skill_name(skill: str) -> str:
        return (name_of(campaign, skill) if campaign is not None else None) or skill

    head = shown(data["name"]) + (f" · {shown(data['role'])}" if data["role"] else "")
    if data["kind"] == "npc":
        head = _("{name} (npc)").format(name=head)
    attributes = side_by_side(f"{shown(_attribute(campaign, k))} {a['current']}/{a['max']}"
                              for k, a in data["attributes"].items()) or _("none")
    skills = side_by_side(f"{shown(skill_name(k))} {v}" for k, v in data["skills"].items() if v) or _("none")
    gear = _(", ").join(_gear_line(g) for g in data["gear"]) or _("none")
    trackers = side_by_side(f"{_tracker(k)} {v}" for k, v in data["trackers"].items()
                            if v != _DEFAULTS.get(k, 0)) or _("all at 0")
    lines = [head, _("attributes: {list}").format(list=attributes), _("skills: {list}").format(list=skills),
             _("gear: {list}").format(list=gear), _("trackers: {list}").format(list=trackers)]
    if data["panic"]:
        from gmconsole.campaign.statistics_phrases import panic_row_name

        effect = data["panic"].get("effect") or ""
        lines.append(_("panic: {total} {effect}").format(
            total=data["panic"].get("total"), effect=shown(panic_row_name(effect) if effect else "")).rstrip())
    lines.append(_("conditions: {conditions}").format(conditions=_(", ").join(shown(c) for c in data["conditions"])
                                                      or _("none")))
    if data.get("reroll_grants"):  # R-EXP-5: a Tradecraft, Trade Secret or Quirk that rerolls failed checks
        from gmconsole.campaign.grants import grant_text

        lines.append(_("reroll grants: {list}").format(list=_("; ").join(grant_text(campaign, grant)
                                                                          for grant in data["reroll_grants"])))
    return lines
