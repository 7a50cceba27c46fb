"""The roll builder's settings line, in words: ``skill Ranged Combat · attr Agility · gear none · mod +1 ·
diff default (pinned)``; and each per-roll option as the line and ``!`` say it (``mod −1``, ``diff demanding``).
Plain values in, text out (names from the campaign escaped for the screen)."""

from __future__ import annotations

from gmconsole.campaign.model import Character, RollPreview
from gmconsole.campaign.service import CampaignService
from gmconsole.campaign.sheet_rolls import lasting_modifiers
from gmconsole.i18n import _, language, pick
from gmconsole.phrasing import quoted
from gmconsole.safe_text import shown
from gmconsole.ui.family_console import console_of
from gmconsole.ui.roll_builder.draft import RollDraft
from gmconsole.ui.widgets.roll_text import signed

__all__ = ["attribute_name", "option_words", "settings_line", "skill_name"]


def skill_name(service: CampaignService, skill: str | None) -> str:
    """A skill as the GM knows it (its name; the id stays the key), escaped."""
    from gmconsole.campaign.skills import name_of

    return shown(name_of(service.campaign, skill) or "")


def attribute_name(system: str, attribute: str | None) -> str:
    """An attribute as the GM knows it (the system table's name; exploding traits as typed), escaped."""
    from gmconsole.campaign.skills import attribute_name_of

    return shown(attribute_name_of(system, attribute) or "")


def difficulty_name(system: str, difficulty: str | None) -> str | None:
    """A difficulty id as the GM reads it: the id in English, the system table's name in another language
    (the id when the table has no such row)."""
    if difficulty is None or language() == "en":
        return difficulty
    from gmconsole.rules.data import system_table

    try:
        rows = system_table(system).get("difficulty", [])
    except (OSError, KeyError, ValueError):
        return difficulty
    row = next((r for r in rows if isinstance(r, dict) and r.get("id") == difficulty), None)
    return pick(row["name"]) if row and "name" in row else difficulty


def option_words(service: CampaignService, draft: RollDraft, character: Character | None,
                 preview: RollPreview | None, name: str) -> str:
    """One per-roll option of ``draft`` as the settings line and ``!`` say it: ``mod −1``, ``diff demanding``."""
    if name == "difficulty":
        return _("diff {difficulty}").format(
            difficulty=difficulty_name(service.campaign.system, draft.difficulty) or _("default"))
    if name == "modifier":
        said = _("mod {modifier}").format(modifier=signed(draft.modifier))
        # a panic row's modifier beside the GM's own: "mod +0, panic −2" (the pool's lines name the row)
        lasting = lasting_modifiers(service.campaign.system, character, getattr(preview, "attribute", None),
                                    draft.skill)
        return _(", ").join([said, *(f"{m['source']} {signed(m['modifier'])}" for m in lasting)])
    if name == "helpers":
        def who(ref: str) -> str:
            found = service.campaign.find_character(ref)
            return found.name if found is not None else ref

        return _("help {helpers}").format(helpers=", ".join(who(h) for h in draft.helpers) or _("none"))
    if name == "reactive":
        return _("REACTIVE") if draft.reactive else _("active")
    if name == "skill_modifiers":
        return _("mods {modifiers}").format(modifiers=", ".join(draft.skill_modifiers))
    if name == "tn_modifiers":
        tables = console_of(service.campaign.system).tn_modifiers
        named = draft.tn_modifiers if tables is None else [tables.tn_modifier_text(m) for m in draft.tn_modifiers]
        return _("TN mods {modifiers}").format(modifiers=", ".join(named))
    if name == "bonus_dice":
        return _("bonus {count}").format(count=draft.bonus_dice)
    if name == "hidden":
        return _("HIDDEN from the table")
    return _("push yourself")


def settings_line(service: CampaignService, draft: RollDraft, character: Character, preview: RollPreview | None,
                  no_match: str | None, options: tuple[str, ...]) -> str:
    """The settings line of ``character``'s ``draft``: skill, attribute, gear, then the system's ``options``
    that show (each marked when pinned). ``no_match``: what the skill filter matches nothing of."""
    attribute = preview.attribute if preview is not None else draft.attribute

    def gear_name(ref: str) -> str:
        item = character.gear_item(ref)
        return item.name if item is not None else ref

    gear = ", ".join(gear_name(g) for g in draft.gear) or _("none")
    named = skill_name(service, draft.skill) if draft.skill else _("none")
    parts = [_("skill — (no skill matches {typed})").format(typed=quoted(no_match)) if no_match is not None
             else _("skill {skill}").format(skill=named),
             _("attr {attribute}").format(attribute=attribute_name(service.campaign.system, attribute) or "—"),
             _("gear {gear}").format(gear=gear)]
    parts += [draft.mark(name, option_words(service, draft, character, preview, name))
              for name in draft.shown_options((*options, "hidden"))]
    return " · ".join(parts)
