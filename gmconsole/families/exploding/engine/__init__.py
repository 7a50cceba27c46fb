"""The exploding-dice roll engine: a check built from the sheet against its target number, rolled, and
quick dice rolled (:class:`gmconsole.campaign.sheet_rolls.RollEngine`; the dice rules are
:mod:`gmconsole.families.exploding.rules.roll`), with its parts (:mod:`gmconsole.campaign.engine_parts`): the opposed
test, the assisted check and the group check."""

from __future__ import annotations

import random
from typing import Any

from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import Built, RollRequest, _attribute_for, _character, _helpers
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.families.exploding.engine.special_rolls import assisted_check, group_check, opposed_test
from gmconsole.i18n import _
from gmconsole.phrasing import possessive
from gmconsole.rules.dice import DiceSource

__all__ = ["assisted_check", "build", "exploding_fields", "group_check", "opposed_test", "quick_roll", "roll"]


def build(campaign: Campaign, request: RollRequest) -> Built:
    from gmconsole.families.exploding.rules import roll as exploding
    from gmconsole.families.exploding.rules.odds import check_odds

    character = _character(campaign, request.character_id)
    attribute = _attribute_for(campaign, character, request)
    trait = character.attributes[attribute].current
    if trait == 0:
        raise ValidationError(_("{owner} {trait} is at 0: no trait die to roll").format(
            owner=possessive(character.name), trait=attribute_shown(campaign.system, attribute)))
    skill = request.skill
    if skill:
        validation.check_skill_name(campaign, skill)
    size = character.skills.get(skill, 0) if skill else 0
    skill_dice = [size] * exploding.SKILL_DICE if size else []
    helpers = _helpers(campaign, character, request.helpers)
    modifiers = [exploding.parse_modifier(m) for m in request.tn_modifiers]
    # docs/RULES.md: with no skill, or a skill not on the sheet, the roll is untrained: the trait die
    # alone and TN +4 (unless a skilled character assists).
    tn = exploding.build_target_number(
        request.difficulty, modifiers, wounds=character.wounds, strain=character.strain,
        untrained=not size, assisted=bool(helpers),
        adjustments=[request.modifier] if request.modifier else [],
    )
    dice = exploding.check_dice(skill_dice, trait)
    odds = check_odds(skill_dice, trait, tn.value).as_dict()
    lines = [_("{trait}: trait d{size}").format(trait=attribute_shown(campaign.system, attribute), size=trait)]
    lines.append(_("{skill}: 2 skill dice d{size}").format(skill=skill, size=size) if size
                 else (_("{skill}: untrained").format(skill=skill) if skill else _("no skill: untrained")))
    lines += [_("helped by {name}").format(name=h) for h in helpers]
    lines += tn.explain()
    return Built(
        system=campaign.system, character=character, skill=skill, attribute=attribute,
        dice=[d.as_dict() for d in dice], explanation=lines, odds=odds, can_roll=True, reason="",
        can_push=False, core=(skill_dice, trait, tn), target_number=tn.value,
        extra={"tn": tn.as_dict(), "helpers": list(helpers)},
    )


def roll(fields: dict, built, faces, rng) -> tuple[list[dict], Any]:
    """Exploding dice rolled against the target number: nothing to pay."""
    fields.update(exploding_fields(built.core, faces, rng)[0], costs=[], costs_status="none")
    return [], None


def quick_roll(fields: dict, quick, faces, rng) -> None:
    """Exploding quick dice rolled against their target number."""
    rolled, dice = exploding_fields(quick.core, faces, rng)
    fields.update(rolled, pool={"dice": [{"kind": d.kind.value, "sides": d.sides} for d in dice],
                                "explanation": quick.core[2].explain()})


def exploding_fields(core, faces: str | None, rng: random.Random) -> tuple[dict, Any]:
    """An ``exploding`` check rolled (``core``: skill dice, trait die, TN; ``faces``: typed from physical
    dice) and the history fields it records, with the dice it rolled (a campaign or a GM's roll)."""
    from gmconsole.families.exploding.rules import roll as exploding

    skill_dice, trait, tn = core
    dice = exploding.check_dice(skill_dice, trait)
    source = exploding.parse_faces(faces, dice, True) if faces is not None else DiceSource(rng=rng)
    result = exploding.roll_check(skill_dice, trait, tn, source)
    data = result.as_dict()
    return ({"dice": data["dice"], "top": result.top, "margin": result.margin, "tn": data["tn"],
             "success": result.success, "critical_failure": result.critical_failure, "outcome": data,
             "by_hand": result.by_hand, "pushes": 0, "can_push": False}, dice)
