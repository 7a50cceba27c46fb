"""The Year Zero pool from the sheet, the fields a rolled pool records, and a recorded roll read back.

The pool request comes from the character sheet, the campaign's settings and the skill's named modifiers
(seed 002's lists; myz: a role skill's uses, Sic a Dog); the dice, odds and costs come from the rules
(:mod:`gmconsole.families.yearzero.rules.roll`). The family's engine, its special rolls, its push and its role
talents build on this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmconsole import systems
from gmconsole.campaign import skills, validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.campaign.sheet_rolls import (
    RollRequest,
    _attribute_for,
    _character,
    _gear,
    _helpers,
    rolled_die,
)
from gmconsole.campaign.shown_names import attribute_shown, covered_by
from gmconsole.families.yearzero.rules import roll as yearzero
from gmconsole.families.yearzero.rules import skill_modifiers
from gmconsole.families.yearzero.rules.panic import panic_row
from gmconsole.families.yearzero.rules.recorded import pool_request_from
from gmconsole.families.yearzero.rules.roll import PoolRequest
from gmconsole.families.yearzero.rules.sixes import every_six, marks_of
from gmconsole.i18n import _, pick
from gmconsole.phrasing import possessive, quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["attribute_for", "lasting_modifiers", "named_modifiers", "pool_request", "recorded_roll", "sixes_text",
           "year_zero_fields"]


def named_modifiers(system: str, skill: str | None, picks) -> list[dict[str, Any]]:
    """The skill's named modifiers picked for a roll, checked (raises RulesError), as the entry records them."""
    return skill_modifiers.recorded(skill_modifiers.resolve(system, skill, picks))


def attribute_for(campaign: Campaign, character: Character, request: RollRequest) -> str:
    """The attribute a roll from the sheet rolls: the one a skill's use names (myz Sic a Dog), else as for
    every family (:func:`gmconsole.campaign.sheet_rolls._attribute_for`)."""
    uses = skill_modifiers.uses_for(campaign.system, request.skill)
    if uses:  # a skill rolled for one of its uses (myz Sic a Dog): the use names the attribute
        return _attribute_of_use(campaign, character, request, uses)
    return _attribute_for(campaign, character, request)


def lasting_modifiers(character: Character | None, attribute: str | None, skill: str | None) -> list[dict]:
    """The modifiers a character's sheet brings to a roll while they last, each named for the pool's lines
    (``name``) and the roll builder's settings line (``source``): the panic row in force (Tremble: -2 to every
    Agility skill roll until stress is back to 0) as ``{"source": "panic", "name": "Tremble (panic)",
    "modifier": -2}``, in the console's language."""
    if character is None or character.panic is None or attribute != "agility" or not skill:
        return []
    row = panic_row(character.panic.total)
    penalty = int(row.get("agility_modifier", 0))
    if not penalty:
        return []
    name = pick(row.get("name"), row.get("id", ""))
    return [{"source": _("panic"), "name": _("{row} (panic)").format(row=name), "modifier": penalty}]


def _attribute_of_use(campaign: Campaign, character: Character, request: RollRequest, uses) -> str:
    """The attribute a skill rolled for one of its uses rolls (myz Sic a Dog, seed 000: fighting the dog's
    Strength, scouting and tracking the handler's Wits; the table's nominal Agility is never rolled). The
    use is an explicit choice: a roll naming none is refused with the uses — unless the character lacks
    the skill, which the pool builder refuses for itself (R-MYZ-SPEC)."""
    use = skill_modifiers.use_of(campaign.system, request.skill, request.skill_modifiers)
    asked = skills.attribute_id(campaign.system, request.attribute) if request.attribute else None
    rolled = [u.attribute for u in uses]
    if asked is not None and asked not in rolled:
        uses_text = skill_modifiers.uses_text(campaign.system, request.skill)
        raise ValidationError(_("{skill} rolls {uses}, not {attribute}").format(
            skill=skills.name_of(campaign, request.skill), uses=uses_text, attribute=quoted(request.attribute)))
    if use is None:
        if character.skills.get(request.skill or "", 0) < 1:
            return asked or rolled[0]
        raise ValidationError(skill_modifiers.missing_use(campaign.system, request.skill,
                                                          skills.name_of(campaign, request.skill)))
    if asked is not None and asked != use.attribute:
        raise ValidationError(_("{use} rolls {attribute}, not {asked}").format(
            use=pick(use.name), attribute=skills.attribute_name_of(campaign.system, use.attribute),
            asked=quoted(request.attribute)))
    assert use.attribute is not None  # a skill's uses each name the attribute they roll
    return use.attribute


def pool_request(campaign: Campaign, request: RollRequest):
    """The Year Zero :class:`~gmconsole.families.yearzero.rules.roll.PoolRequest` for a sheet roll."""
    system = campaign.system
    rules = systems.get(system)
    settings = campaign.settings
    character = _character(campaign, request.character_id)
    attribute = attribute_for(campaign, character, request)
    skill = request.skill
    if skill:
        validation.check_skill_name(campaign, skill)
    level = character.skills.get(skill, 0) if skill else 0
    items = _gear(character, request.gear)
    # R-ART-3: an item with an artifact die rolls its gear dice (its current bonus) and its artifact die.
    # R-ART-2: an item whose gear bonus has dropped to 0 (its maximum is above 0) cannot be used,
    # artifact die included; the pool builder leaves its dice out and says why. An item that never
    # had a gear bonus (maximum 0) has none to lose: a pure artifact still rolls its die.
    gear = tuple((i.name, i.bonus) for i in items if i.bonus > 0 or i.max_bonus > 0)
    artifacts = tuple((i.name, i.artifact_die, i.bonus) if i.max_bonus > 0 else (i.name, i.artifact_die)
                      for i in items if i.artifact_die)
    modifiers = [request.modifier] if request.modifier else []
    if "conditions" in rules.push_costs and settings.push_cost == "conditions":
        for condition in character.conditions:
            covers = covered_by(settings.condition_coverage, condition)
            if covers is not None and (not covers or (skill in covers)):
                modifiers.append(-1)
    named = tuple((p.label, p.modifier.modifier)
                  for p in skill_modifiers.resolve(system, skill, request.skill_modifiers) if p.modifier.modifier)
    named += tuple((m["name"], m["modifier"]) for m in lasting_modifiers(character, attribute, skill))
    common: dict[str, Any] = dict(
        named_modifiers=named,
        system=system,
        attribute=attribute,
        skill=skill,
        gear=gear,
        artifacts=artifacts,
        difficulty=request.difficulty or "average",
        helpers=_helpers(campaign, character, request.helpers),
        modifiers=tuple(modifiers),
        reactive=request.reactive,
        max_pushes=settings.max_pushes,
        skill_ones=settings.skill_ones,
        campaign_skill=campaign.skills is not None,
        attribute_name=skills.attribute_name_of(system, attribute),
        skill_name=skills.name_of(campaign, skill),
    )
    if not rules.has_stress:  # Mutant: no stress dice, and Sic a Dog
        # Fighting rolls the dog's Strength and a push hurts the dog; scouting and tracking roll the
        # handler's Wits and push normally (docs/RULES.md, myz push costs). Without the skill the pool
        # builder refuses the roll (R-MYZ-SPEC), which says more than "no dog".
        use = skill_modifiers.use_of(system, skill, request.skill_modifiers)
        sic_a_dog = use is not None and level >= 1
        dog_strength = None
        if sic_a_dog:
            if character.dog is None:
                raise ValidationError(_("{name} has no dog to Sic").format(name=character.name))
            dog_strength = character.dog.attributes["strength"].current
        if use is not None and sic_a_dog and use.dogs_own and dog_strength is not None:
            value, dog_strength = dog_strength, None
        else:
            value = character.attributes[attribute].current
        return PoolRequest(attribute_value=value, skill_level=level, sic_a_dog=sic_a_dog,
                           dog_strength=dog_strength, stunts_of=use.stunts if use is not None else None, **common)
    # R-STRESS-1: stress dice = current stress on every roll, a roll on the attribute alone included.
    stress = character.stress if settings.push_cost == "stress-dice" else 0
    common["push_cost"] = settings.push_cost
    if rules.step_dice:
        attribute_die = character.attributes[attribute].current
        if attribute_die == 0:
            raise ValidationError(_("{owner} {attribute} is broken: no die to roll").format(
                owner=possessive(character.name), attribute=attribute_shown(campaign.system, attribute)))
        return PoolRequest(attribute_die=attribute_die, skill_die=level or None, stress=stress, **common)
    return PoolRequest(attribute_value=character.attributes[attribute].current, skill_level=level, stress=stress,
                       **common)


def year_zero_fields(result, marks=()) -> dict:
    """The entry fields of a (maybe pushed) YearZeroRoll; ``marks`` are the ids of its named skill modifiers
    (R-STUNT-1: a side deal of Make a Deal counts every 6)."""
    data = result.as_dict()
    costs = [c.as_dict() for c in result.costs]
    if result.pool.push_cost == "stress-dice":
        # docs/RULES.md stress-dice: "pushing gives +1 stress at once" — the push itself raises stress
        # (see push()), so only the panic of a stress-die 1 is left waiting for apply_costs.
        costs = [c for c in costs if c["name"] != "stress"]
        if result.panic:
            costs.append({"name": "panic", "amount": 1})
    return {
        "dice": data["dice"],
        "first_dice": data["first_dice"],
        "successes": result.successes,
        "stunts": result.stunts,
        **result.every_six(marks),  # R-STUNT-1: the 6s under the skill's own key (Move: friends_helped)
        "pushes": result.pushes,
        "outcome": {k: data[k] for k in ("success", "successes", "stunts", "banes", "panic", "broken", "push_cost")},
        "costs": costs,
        "costs_status": "pending" if costs else "none",
        "can_push": result.can_push,
        "push_refusal": result.push_refusal,
        "panic": result.panic,
        "by_hand": result.by_hand,
        "stunt_list": data.get("stunt_list", []),
    }


def sixes_text(system: str, skill: str | None, fields: dict) -> str:
    """R-STUNT-1: a roll of a skill that counts every 6, in its words (``2 sixes: 2 friends helped``); ``""``
    for any other roll, and for a roll with no 6."""
    if "successes" not in fields or not skill:
        return ""
    counted = every_six(system, skill, fields["successes"], marks_of(fields.get("skill_modifiers")))
    return counted.text() if counted is not None else ""


def recorded_roll(ledger: Ledger, entry_id: int):
    """``(entry, YearZeroRoll)`` rebuilt from a recorded Year Zero roll (pool from its stored request);
    a roll with no character is the GM's own, whose push charges nobody (R-PUSH-7)."""
    entry = ledger.entry_anywhere(entry_id)
    if entry.get("kind") != "roll" or "pool_request" not in entry:
        raise ValidationError(_("history entry {id} is not a Year Zero roll").format(id=entry_id))
    if entry.get("status", "done") != "done":
        raise ValidationError(_("the roll {id} was undone").format(id=entry_id))
    pool = yearzero.build_pool(pool_request_from(entry["pool_request"]))
    recorded = yearzero.YearZeroRoll(pool=pool, dice=tuple(rolled_die(d) for d in entry["dice"]),
                                     first_dice=tuple(rolled_die(d) for d in entry["first_dice"]),
                                     pushes=entry.get("pushes", 0), by_hand=entry.get("by_hand", False),
                                     owned=entry.get("character_id") is not None)
    return entry, recorded
