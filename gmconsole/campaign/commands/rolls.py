"""Rolls recorded from the sheet: roll, push, and a change of circumstances.

The pool is built by :mod:`gmconsole.campaign.sheet_rolls` (the same build the preview shows); the dice and
outcome come from the family's rules; every change is committed through the campaign's
:class:`~gmconsole.campaign.ledger.Ledger`, so it is persisted, recorded and undoable.
"""

# The engine parts are Protocols handed to engine_parts.part_of as type[Part]; mypy calls that passing an
# abstract class (python/mypy#4717), which here is the point: the part is looked up, never instantiated.
# mypy: disable-error-code="type-abstract"

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmconsole import systems
from gmconsole.campaign import character_lookup, combat_actions, sheet_rolls, skills, validation
from gmconsole.campaign.commands.roll_fields import (
    roll_summary,
    sixes_text,
)
from gmconsole.campaign.engine_parts import PushAfterPart, PushPart, part_of
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import (
    RollRequest,
    build,
    latest_roll,
)
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.store.errors import StoreError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def roll(ledger: Ledger, request: RollRequest, faces: str | None, rng: random.Random,
         decorate=None, entry_updates=()) -> dict:
    """Roll and record; tiered Push Yourself stamina and Limited XP are applied with the roll itself.

    ``decorate(fields, result)`` adds to the entry before it is recorded (the opposed roll's defender and its
    summary);
    ``entry_updates`` change earlier entries in the same change (a check rerolled with a grant, R-EXP-5)."""
    campaign = ledger.campaign
    built = build(campaign, request)
    if not built.can_roll:
        raise RulesError(built.reason or _("this pool cannot be rolled"))
    fields: dict[str, Any] = {
        "system": campaign.system, "skill": built.skill, "attribute": built.attribute, "goal": request.goal,
        "request": request.as_dict(), "pool": {"dice": built.dice, "explanation": built.explanation},
        "odds": built.odds, "helpers": list((built.extra or {}).get("helpers", [])),
    }
    if request.hidden:  # only when true, so the entries of every other roll keep their shape
        fields["hidden"] = True
    if request.skill_modifiers:  # recorded by name (seed 002's lists; myz: what a role skill's roll is for)
        fields["skill_modifiers"] = sheet_rolls.named_modifiers(campaign.system, built.skill,
                                                                request.skill_modifiers)
    applied, result = sheet_rolls.engine_of(campaign.system).roll(fields, built, faces, rng)
    # Each step of a roll (the first roll, then each push) records whether its faces were typed;
    # the entry's own ``by_hand`` keeps meaning "the first roll was typed".
    fields["by_hand_steps"] = [bool(fields.get("by_hand"))]
    shown_skill = skills.name_of(campaign, built.skill)  # the GM reads the name; the entry keeps the id
    shown_attribute = skills.attribute_name_of(campaign.system, built.attribute)
    fields["summary"] = roll_summary(built.character.name, shown_skill, shown_attribute, fields,
                                     sixes_text(campaign.system, built.skill, fields))
    if decorate is not None:  # it may write the summary anew (an opposed roll names both sides)
        decorate(fields, result)
    if request.hidden:  # the GM's history says so wherever it shows the summary
        fields["summary"] = _("{summary} (hidden from the table)").format(summary=fields["summary"])

    def mutate(c: Campaign) -> dict:
        character = character_lookup.member(c, built.character.id)
        for effect in applied:
            if effect["target"] == "xp":
                character.xp += effect["amount"]
            elif effect["target"] == "stamina":
                character.stamina = max(0, character.stamina + effect["amount"])
        helping = combat_actions.mark_helpers(c, built.character.id, fields["request"]["helpers"])
        if helping is not None:  # R-ACT-2: in a conflict each helper takes an action of the kind helped
            fields["actions"] = {"kind": helping["kind"], "helpers": helping["helpers"]}
            fields["summary"] += "; " + helping["summary"]
        return fields

    entry = ledger.commit("roll", mutate, character_id=built.character.id, entry_updates=entry_updates)
    ledger.remember_roll(entry)
    return entry


def _refuse_push_of_system(ledger: Ledger) -> None:
    if not systems.get(ledger.campaign.system).pushes:
        raise RulesError(_("{system} rolls cannot be pushed").format(system=ledger.campaign.system))


def refuse_push_of(ledger: Ledger, entry: dict) -> None:
    """What the campaign (not the dice) forbids a push of ``entry`` for: its scene ended, its costs applied."""
    ended = sheet_rolls.push_out_of_scene(ledger, entry)
    if ended:
        raise ValidationError(ended)
    if entry.get("costs_status") == "applied":
        raise ValidationError(_("this roll's costs were already applied; undo them before pushing"))
    if entry.get("role_outcome"):  # R-MYZ-ROLE-1: the build, finds or Save a Life followed the roll as it was
        raise ValidationError(_("this roll's outcome was already applied ({summary}); undo it before pushing").format(
            summary=entry["role_outcome"].get("summary", "")))


def push(ledger: Ledger, entry_id: int | None, faces: str | None, rng: random.Random,
         condition: str | None) -> dict:
    """Push a recorded roll of the current scene (push in the scene, docs/RULES.md) as the family's engine pushes:
    its dice rerolled (:class:`~gmconsole.campaign.engine_parts.PushPart`), or a die added after the roll
    (:class:`~gmconsole.campaign.engine_parts.PushAfterPart`, tiered Push Yourself). The roll's entry is updated,
    the push is its own entry, one undo takes both back."""
    system = ledger.campaign.system
    if systems.get(system).push_adds_die:
        return part_of(system, PushAfterPart).push_yourself(ledger, entry_id, faces, rng)
    _refuse_push_of_system(ledger)
    try:
        return part_of(system, PushPart).push(ledger, entry_id, faces, rng, condition)
    except (RulesError, ValidationError):
        _refuse_if_pushed_elsewhere(ledger, entry_id)
        raise


def _refuse_if_pushed_elsewhere(ledger: Ledger, entry_id: int | None) -> None:
    """A push refused because another writer (the command line, a player's page, another console) pushed
    the roll first, and it has no push left, says so and where, as costs applied elsewhere do: "roll 52 was
    already pushed from the command line". Only a roll with no push left (R-PUSH-2: ``max_pushes``) is said so;
    any other refusal keeps its own words."""
    try:
        entry = latest_roll(ledger, entry_id, "push")
    except (ValidationError, StoreError):
        return
    if entry.get("pushes", 0) < ledger.campaign.settings.max_pushes:
        return
    session = ledger.session.number
    change = ledger.others.newest_change(entry["session"], entry["id"], session)
    where = ledger.others.changed_where(entry["session"], entry["id"], ledger.campaign, session)
    if change is not None and change.get("kind") == "push" and where:
        raise ValidationError(_("roll {id} was already pushed {where}").format(id=entry["id"], where=where))


def push_odds(ledger: Ledger, entry_id: int):
    """What pushing the recorded roll ``entry_id`` would give and cost, refused for the same reasons
    :func:`push` refuses (the family's engine reads the dice, :class:`~gmconsole.campaign.engine_parts.PushPart`)."""
    _refuse_push_of_system(ledger)
    return part_of(ledger.campaign.system, PushPart).push_odds(ledger, entry_id)


def change_of_circumstances(ledger: Ledger, character_id: str, skill: str, reason: str,
                            goal: str | None = None) -> dict:
    """Record why a character may try the same roll again this scene (only one chance, docs/RULES.md;
    exploding retries): the "only one chance" warning for that skill and goal goes away."""
    who = ledger.character(character_id)
    if not reason or not reason.strip():
        raise ValidationError(_("say what changed, so the history shows why the roll may be tried again"))
    validation.check_typed_text(reason, _("the reason"))
    validation.check_typed_text(goal, _("the goal"))

    def mutate(c: Campaign) -> dict:
        shown = skills.name_of(c, skill)  # the GM reads the name; the entry keeps the id
        return {"summary": _("{name} may try {skill} again: {reason}").format(name=who.name, skill=shown,
                                                                               reason=reason.strip()), "skill": skill,
                "goal": goal, "reason": reason.strip()}

    entry = ledger.commit("circumstances", mutate, character_id=who.id)
    ledger.forget_roll(who.id, skill, goal)
    return entry
