"""The roll engine (:class:`gmconsole.campaign.sheet_rolls.RollEngine`): a target from the sheet, one d20 rolled."""

from __future__ import annotations

from d20test import rules
from gmconsole.campaign.sheet_rolls import Built


def build(campaign, request) -> Built:
    character = campaign.character(request.character_id)
    attribute = request.attribute or "might"
    skill = request.skill
    level = character.skills.get(skill, 0) if skill else 0
    target = character.attributes[attribute].current + level + request.modifier
    lines = [f"{attribute} {character.attributes[attribute].current}", f"{skill or 'no skill'} +{level}"]
    if request.modifier:
        lines.append(f"modifier {request.modifier:+d}")
    lines.append(f"d20 at or under {target}")
    return Built(system=campaign.system, character=character, skill=skill, attribute=attribute,
                 dice=[{"kind": "d20", "sides": rules.SIDES}], explanation=lines,
                 odds={"p_success": float(rules.chance(target)), "target": target}, can_roll=True, reason="",
                 can_push=False, core=target, target_number=target)


def roll(fields: dict, built: Built, faces, rng) -> tuple[list[dict], None]:
    fields.update(rules.fields(built.core, rules.face_of(faces, rng), faces is not None))
    return [], None


def quick_roll(fields: dict, quick, faces, rng) -> None:
    target = quick.core
    fields.update(rules.fields(target, rules.face_of(faces, rng), faces is not None),
                  pool={"dice": [{"kind": "d20", "sides": rules.SIDES}], "explanation": [f"d20 at or under {target}"]})
