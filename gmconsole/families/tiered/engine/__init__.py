"""The tiered roll engine: a 2d6 pool built from the sheet, rolled and read as its tier, and a quick
dice count rolled (:class:`gmconsole.campaign.sheet_rolls.RollEngine`; the dice rules are
:mod:`gmconsole.families.tiered.rules.roll`), with its parts (:mod:`gmconsole.campaign.engine_parts`): the saving throw,
the attack, the contested roll, Push Yourself after the roll and the consequences of a Mixed or Limited result."""

from __future__ import annotations

from typing import Any

from gmconsole.campaign import validation
from gmconsole.campaign.commands.roll_fields import dice_source
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import Built, RollRequest, _attribute_for, _character, _gear, _helpers
from gmconsole.families.tiered.engine.consequences import apply_consequence
from gmconsole.families.tiered.engine.push_yourself import push_yourself
from gmconsole.families.tiered.engine.push_yourself import refusal as push_yourself_refusal
from gmconsole.families.tiered.engine.special_rolls import attack, contested, saving_throw
from gmconsole.i18n import _

# The parts beyond build, roll and quick roll (gmconsole.campaign.engine_parts) live in the family's own modules.
__all__ = ["apply_consequence", "attack", "build", "contested", "push_yourself", "push_yourself_refusal",
           "quick_roll", "roll", "saving_throw"]


def build(campaign: Campaign, request: RollRequest) -> Built:
    from gmconsole.families.tiered.rules import roll as tiered
    from gmconsole.families.tiered.rules.odds import tier_odds

    character = _character(campaign, request.character_id)
    attribute = _attribute_for(campaign, character, request)
    skill = request.skill
    if skill:
        validation.check_skill_name(campaign, skill)
    level = character.skills.get(skill, 0) if skill else 0
    items = _gear(character, request.gear)
    helpers = _helpers(campaign, character, request.helpers)
    bonus = request.bonus_dice + sum(i.bonus for i in items) + len(helpers) + max(0, request.modifier)
    pool = tiered.build_pool(
        attribute=character.attributes[attribute].current, skill=level, bonus=bonus,
        push_yourself=request.push_yourself, stamina=character.stamina, penalty=max(0, -request.modifier),
    )
    odds = {tier.value: float(p) for tier, p in tier_odds(pool.dice).items()}
    lines = [f"{label} {amount:+d}" for label, amount in pool.lines]
    lines += [_("bonus die from {name}").format(name=i.name) for i in items]
    lines += [_("bonus die from {name}").format(name=h) for h in helpers]
    if pool.dice <= 0:
        lines.append(_("pool of 0 or fewer: roll 2d6 and keep the lowest (R-TIER-2)"))
    count = tiered.dice_to_roll(pool.dice)
    return Built(
        system=campaign.system, character=character, skill=skill, attribute=attribute,
        dice=[{"kind": "dice", "sides": 6} for _die in range(count)], explanation=lines, odds=odds, can_roll=True,
        reason="", can_push=False, core=pool, extra={"pool": pool.as_dict(), "helpers": list(helpers)},
    )


def roll(fields: dict, built, faces, rng) -> tuple[list[dict], Any]:
    """A tiered check read as its tier; what the tier costs is applied at once and returned."""
    from gmconsole.families.tiered.rules import roll as tiered

    result = tiered.roll_check(built.core, dice_source(faces, rng, fields["system"]))
    data = result.as_dict()
    applied = [e.as_dict() for e in result.effects]
    fields.update({"dice": data["dice"], "tier": result.tier.value, "highest": result.highest,
                   "outcome": data, "by_hand": result.by_hand, "costs": applied,
                   "costs_status": "applied" if applied else "none", "pushes": 0, "can_push": False,
                   "consequences": "offered" if result.tier.value in ("mixed", "limited") else "none"})
    return applied, result


def quick_roll(fields: dict, quick, faces, rng) -> None:
    """A tiered quick dice count read as its tier (no consequences: nobody's check)."""
    from gmconsole.families.tiered.rules import roll as tiered

    result = tiered.roll_check(quick.core, dice_source(faces, rng, fields["system"]))
    data = result.as_dict()
    fields.update({"dice": data["dice"], "tier": result.tier.value, "highest": result.highest,
                   "outcome": data, "by_hand": result.by_hand, "pushes": 0, "can_push": False,
                   "consequences": "none",
                   "pool": {"dice": [{"kind": "dice", "sides": 6}] * tiered.dice_to_roll(quick.core.dice),
                            "explanation": [_("{n} dice (quick pool)").format(n=quick.core.dice)]}})
