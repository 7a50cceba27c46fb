"""The named modifiers a skill's roll carries (Year Zero): which of them still belong to a newly picked
skill, and whether a skill rolled for one of its uses (myz Sic a Dog) still waits for the use to be picked.
Plain values in, plain values out: the controller asks before a roll, the modifier picker after one."""

from __future__ import annotations

from gmconsole.campaign.model import Character
from gmconsole.ui.family_console import console_of
from gmconsole.ui.roll_builder.draft import RollDraft

__all__ = ["kept_for_skill", "use_missing"]


def kept_for_skill(system: str, skill: str | None, picks: tuple[str, ...]) -> tuple[str, ...]:
    """The picks that still belong to ``skill`` (a newly picked skill drops the others', like gear)."""
    named = console_of(system).skill_modifiers
    if named is None:
        return ()
    ids = {row.id for row in named.modifiers_for(system, skill)}
    return tuple(p for p in picks if p.split("=", 1)[0] in ids)


def use_missing(system: str, draft: RollDraft, character: Character | None) -> bool:
    """The skill being built is rolled for one of its uses (myz Sic a Dog: fight, scout, track) and none is
    picked yet — and the character has the skill (without it the roll is refused for that, R-MYZ-SPEC)."""
    if character is None or not draft.skill or character.skills.get(draft.skill, 0) < 1:
        return False
    named = console_of(system).skill_modifiers
    if named is None:
        return False
    uses = named.uses_for(system, draft.skill)
    return bool(uses) and named.use_of(system, draft.skill, draft.skill_modifiers) is None
