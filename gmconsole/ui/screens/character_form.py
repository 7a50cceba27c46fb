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
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row
from gmconsole.ui.widgets.sheet_view import attribute_ids
from gmconsole.wording import quoted

__all__ = ["CharacterForm"]



def _attribute_text(system: str, character: Character | None, attribute: str) -> str:
    if character is None or attribute not in character.attributes:
        return systems.get(system).new_attribute_text
    value = character.attributes[attribute]
    return str(value.max) if value.current == value.max else f"{value.current}/{value.max}"


def _skills_example(campaign: Campaign) -> str:
    """``id=level`` pairs of the campaign's own first two skills, so the example is one this campaign
    takes (play-test finding: a tiered form suggested Year Zero's ``ranged=2 mobility=1``)."""
    from gmconsole.campaign import skills

    ids = [skill.id for skill in skills.listing(campaign)[:2]]
    return " ".join(f"{skill_id}={level}" for skill_id, level in zip(ids, (2, 1))) or "athletics=2 stealth=1"


class CharacterForm(FormScreen):
    """``character`` None adds a new one; ``submit(data)`` asks the service (None = accepted)."""

    def __init__(self, campaign: Campaign, character: Character | None, submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.campaign = campaign
        self.character = character
        self.form_title = f"Edit {character.name}" if character else f"New character ({campaign.system})"
        self.attributes = attribute_ids(campaign) if systems.get(campaign.system).attributes is not None else (
            list(character.attributes) if character else attribute_ids(campaign))

    def fields(self) -> ComposeResult:
        c = self.character
        system = systems.get(self.campaign.system)
        yield field_row("Name", "name", c.name if c else "")
        yield field_row("Kind (pc/npc)", "kind", c.kind if c else "pc")
        yield field_row("Count", "count", str(c.count) if c else "1", "NPC group size")
        if system.has_roles:
            yield field_row("Role", "role", c.role if c else "", "e.g. enforcer, gearhead, stalker")
        if system.attributes is None:
            traits = " ".join(f"{k}={v.max}" for k, v in c.attributes.items()) if c else ""
            yield field_row("Traits", "traits", traits, system.attribute_hint)
        else:
            for attribute in self.attributes:
                yield field_row(attribute.title(), f"attr-{attribute}", _attribute_text(system.id, c, attribute),
                                system.attribute_hint)
        skills = " ".join(f"{k}={v}" for k, v in c.skills.items()) if c else ""
        yield field_row("Skills", "skills", skills, _skills_example(self.campaign))
        for counter in system.sheet_counters:
            yield field_row(counter.replace("_", " ").capitalize(), counter, str(getattr(c, counter)) if c else "")
        yield field_row("Conditions", "conditions", ", ".join(c.conditions) if c else "",
                        "comma-separated, e.g. tired, scared")
        yield field_row("Notes", "notes", c.notes if c else "")

    @staticmethod
    def _pairs(text: str, what: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for part in re.split(r"[,\s]+", text.strip()):
            if not part:
                continue
            match = re.fullmatch(r"([A-Za-z][\w-]*)=(-?\d+)", part)
            if not match:
                raise FormError(f"{what}: write each as name=number, not {quoted(part)}.")
            out[match.group(1).lower()] = int(match.group(2))
        return out

    def _attribute(self, attribute: str) -> dict:
        raw = self.text(f"attr-{attribute}")
        match = re.fullmatch(r"(\d+)(?:\s*/\s*(\d+))?", raw)
        if not match:
            raise FormError(f"{attribute.title()} must be a number or current/max, not {quoted(raw)}.")
        if match.group(2) is None:
            value = int(match.group(1))
            return {"max": value, "current": value}
        return {"max": int(match.group(2)), "current": int(match.group(1))}

    def parse(self) -> dict:
        system = systems.get(self.campaign.system)
        data: dict = {"name": self.text("name")}
        if not data["name"]:
            raise FormError("Name: a character needs a name.")
        kind = self.text("kind").lower()
        if kind not in ("pc", "npc"):
            raise FormError(f"Kind must be pc or npc, not {quoted(kind)}.")
        data["kind"] = kind
        data["count"] = self.whole("count", "Count", blank=1)
        if system.has_roles:
            data["role"] = self.text("role").lower()
        if system.attributes is None:
            traits = self._pairs(self.text("traits"), "Traits")
            if not traits:
                raise FormError("Traits: give at least one, e.g. agility=8.")
            data["attributes"] = {k: {"max": v, "current": v} for k, v in traits.items()}
        else:
            data["attributes"] = {a: self._attribute(a) for a in self.attributes}
        data["skills"] = self._pairs(self.text("skills"), "Skills")
        for counter in system.sheet_counters:
            default = 1 if counter == "level" else 0
            data[counter] = self.whole(counter, counter.replace("_", " ").capitalize(), blank=default)
        data["conditions"] = [c.strip().lower() for c in self.text("conditions").split(",") if c.strip()]
        data["notes"] = self.text("notes")
        return data
