"""Add or edit a character (PC, NPC or NPC group) in a modal form with inline validation.

Attributes are typed as ``max`` or ``current/max`` (the roster shows them the same way; step and
exploding sheets take die sizes such as ``8``); skills as ``id=level`` pairs (``ranged=2 mobility=1``);
counters per system (stress, willpower, mutation points, wounds, stamina ...). A typing slip gets a
message naming the field; the service then checks the sheet against the system (ranges, myz role
skills) and its refusal shows here too. Nothing changes until the service accepts.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.app import ComposeResult

from gmconsole import systems
from gmconsole.campaign.model import Campaign, Character
from gmconsole.i18n import N_, _, language
from gmconsole.phrasing import quoted
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row
from gmconsole.ui.widgets.sheet_view import attribute_ids

__all__ = ["CharacterForm"]



def _attribute_text(system: str, character: Character | None, attribute: str) -> str:
    if character is None or attribute not in character.attributes:
        return systems.get(system).new_attribute_text
    value = character.attributes[attribute]
    return str(value.max) if value.current == value.max else f"{value.current}/{value.max}"


def skill_named(campaign: Campaign, name: str) -> str:
    """The id of the skill a form names by its id or by its name in any language (射擊 is ``ranged``: a GM
    types the names the console shows); an unknown one is refused with the campaign's skills, never dropped."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.campaign.skills import resolve

    try:
        return (resolve(campaign, name) or name).lower()
    except ValidationError as exc:
        raise FormError(str(exc)) from None


def _skills_example(campaign: Campaign) -> str:
    """``id=level`` pairs of the campaign's own first two skills, so the example is one this campaign
    takes (never Year Zero's ``ranged=2 mobility=1`` on a tiered form)."""
    from gmconsole.campaign import skills

    ids = [skill.id for skill in skills.listing(campaign)[:2]]
    return " ".join(f"{skill_id}={level}" for skill_id, level in zip(ids, (2, 1))) or "athletics=2 stealth=1"


COUNTER_LABELS = {"stress": N_("Stress"), "willpower": N_("Willpower"), "mutation_points": N_("Mutation points"),
                  "xp": N_("Xp"), "wounds": N_("Wounds"), "strain": N_("Strain"), "stamina": N_("Stamina"),
                  "stamina_max": N_("Stamina max"), "level": N_("Level"),
                  "class_bonus": N_("Class bonus")}
"""A sheet counter's field label (English: the key, spaced and capitalised, as before)."""


def grants_typed(grants: list[dict]) -> str:
    """A sheet's reroll grants as the form shows them to edit (R-EXP-5): ``Old hand: stealth, notice; Lucky``,
    parted with the catalogue's punctuation (a zh-Hant form shows ``；`` and ``、``, which it reads back)."""
    return _("; ").join(_("{grant}: {skills}").format(grant=grant["name"], skills=_(", ").join(grant["skills"]))
                        if grant.get("skills") else grant["name"] for grant in grants)


def _counter_label(counter: str) -> str:
    return _(COUNTER_LABELS[counter]) if counter in COUNTER_LABELS else counter.replace("_", " ").capitalize()


def _attribute_label(system: str, attribute: str) -> str:
    """An attribute's field label: ``Strength`` (the id, titled) in English; the data file's name otherwise."""
    if language() == "en":
        return attribute.title()
    from gmconsole.campaign.skills import attribute_name_of

    return attribute_name_of(system, attribute) or attribute.title()


class CharacterForm(FormScreen):
    """``character`` None adds a new one; ``submit(data)`` asks the service (None = accepted)."""

    def __init__(self, campaign: Campaign, character: Character | None, submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.campaign = campaign
        self.character = character
        self.form_title = (_("Edit {name}").format(name=character.name) if character
                           else _("New character ({system})").format(system=campaign.system))
        self.attributes = attribute_ids(campaign) if systems.get(campaign.system).attributes is not None else (
            list(character.attributes) if character else attribute_ids(campaign))

    def fields(self) -> ComposeResult:
        c = self.character
        system = systems.get(self.campaign.system)
        yield field_row(_("Name"), "name", c.name if c else "")
        yield field_row(_("Kind (pc/npc)"), "kind", c.kind if c else "pc")
        yield field_row(_("Count"), "count", str(c.count) if c else "1", _("NPC group size"))
        if system.has_roles:
            yield field_row(_("Role"), "role", c.role if c else "", _("e.g. enforcer, gearhead, stalker"))
        if system.attributes is None:
            traits = " ".join(f"{k}={v.max}" for k, v in c.attributes.items()) if c else ""
            yield field_row(_("Traits"), "traits", traits, _(system.attribute_hint))
        else:
            for attribute in self.attributes:
                yield field_row(_attribute_label(system.id, attribute), f"attr-{attribute}",
                                _attribute_text(system.id, c, attribute), _(system.attribute_hint))
        skills = " ".join(f"{k}={v}" for k, v in c.skills.items()) if c else ""
        yield field_row(_("Skills"), "skills", skills, _skills_example(self.campaign))
        for counter in system.sheet_counters:
            yield field_row(_counter_label(counter), counter, str(getattr(c, counter)) if c else "")
        yield field_row(_("Conditions"), "conditions", _(", ").join(c.conditions) if c else "",
                        _("comma-separated, e.g. tired, scared"))
        if system.reroll_grants:
            yield field_row(_("Reroll grants"), "reroll_grants", grants_typed(c.reroll_grants) if c else "",
                            _("R-EXP-5 name: skills; … e.g. Old hand: stealth, notice; Lucky"))
        yield field_row(_("Notes"), "notes", c.notes if c else "")

    @staticmethod
    def _pairs(text: str, what: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for part in re.split(r"[,\s]+", text.strip()):
            if not part:
                continue
            match = re.fullmatch(r"([^\W\d_][\w-]*)=(-?\d+)", part)
            if not match:
                said = _("{what}: write each as name=number, not {typed}.")
                raise FormError(said.format(what=what, typed=quoted(part)))
            out[match.group(1).lower()] = int(match.group(2))
        return out

    def _attribute(self, attribute: str) -> dict:
        raw = self.text(f"attr-{attribute}")
        match = re.fullmatch(r"(\d+)(?:\s*/\s*(\d+))?", raw)
        if not match:
            raise FormError(_("{attribute} must be a number or current/max, not {typed}.").format(
                attribute=_attribute_label(self.campaign.system, attribute), typed=quoted(raw)))
        if match.group(2) is None:
            value = int(match.group(1))
            return {"max": value, "current": value}
        return {"max": int(match.group(2)), "current": int(match.group(1))}

    def parse(self) -> dict:
        system = systems.get(self.campaign.system)
        data: dict = {"name": self.text("name")}
        if not data["name"]:
            raise FormError(_("Name: a character needs a name."))
        kind = self.text("kind").lower()
        if kind not in ("pc", "npc"):
            raise FormError(_("Kind must be pc or npc, not {typed}.").format(typed=quoted(kind)))
        data["kind"] = kind
        data["count"] = self.whole("count", _("Count"), blank=1)
        if system.has_roles:
            data["role"] = self.text("role").lower()
        if system.attributes is None:
            traits = self._pairs(self.text("traits"), _("Traits"))
            if not traits:
                raise FormError(_("Traits: give at least one, e.g. agility=8."))
            data["attributes"] = {k: {"max": v, "current": v} for k, v in traits.items()}
        else:
            data["attributes"] = {a: self._attribute(a) for a in self.attributes}
        data["skills"] = {skill_named(self.campaign, name): level
                          for name, level in self._pairs(self.text("skills"), _("Skills")).items()}
        for counter in system.sheet_counters:
            default = 1 if counter == "level" else 0
            data[counter] = self.whole(counter, _counter_label(counter), blank=default)
        data["conditions"] = [c.lower() for c in self.items("conditions")]
        if system.reroll_grants:
            data["reroll_grants"] = self._grants()
        data["notes"] = self.text("notes")
        return data

    def _grants(self) -> list[dict]:
        """R-EXP-5: the reroll grants typed as ``Old hand: stealth, notice; Lucky`` — grants parted by ``;``
        (or ``；``), each a name, then after ``:`` (or ``：``) the skills it covers, by id or name (none: every
        skill)."""
        grants = []
        for part in re.split(r"[;；]", self.text("reroll_grants")):
            name, _sep, covered = re.sub("：", ":", part).partition(":")
            if not name.strip() and not covered.strip():
                continue
            if not name.strip():
                raise FormError(_("Reroll grants: each grant needs a name before its skills, not {typed}.").format(
                    typed=quoted(part.strip())))
            skills = [skill_named(self.campaign, skill.strip()) for skill in re.split(r"[,，、]", covered)
                      if skill.strip()]
            grants.append({"name": name.strip(), "skills": list(dict.fromkeys(skills))})
        return grants
