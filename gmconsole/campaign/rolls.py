"""Rolls made from the sheet: build the pool, preview it, roll, push, apply costs, panic.

The pool comes from the character sheet and the campaign settings; the dice, odds and costs come
from the rules core (:mod:`gmconsole.systems.yearzero.roll`, :mod:`~gmconsole.systems.exploding.roll`,
:mod:`~gmconsole.systems.tiered.roll`, :mod:`~gmconsole.systems.yearzero.panic`). Every change is committed through
the service (``CampaignService._commit``), so it is persisted, recorded and undoable.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from gmconsole.campaign import character_lookup, role_limits, skills, trackers, validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character, Panic, RollPreview
from gmconsole.rules import YEAR_ZERO_SYSTEMS
from gmconsole.systems.yearzero import skill_modifiers as skill_modifiers
from gmconsole.rules.dice import DiceSource, Die, DieKind, RolledDie
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import parse_int_spec
from gmconsole.wording import counted, possessive, quoted

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

YEAR_ZERO_FACE_KINDS = ("base", "skill", "gear", "stress", "artifact", "step")
TIERED_FACE_KINDS = ("dice",)
ROLL_FIELDS_CHANGED_BY_PUSH = ("dice", "successes", "stunts", "pushes", "outcome", "costs", "costs_status",
                               "can_push", "push_refusal", "panic", "by_hand")


@dataclass(frozen=True)
class RollRequest:
    """What the roll builder asks for, in sheet terms (ids from the system's tables)."""

    character_id: str
    skill: str | None = None
    attribute: str | None = None
    gear: tuple[str, ...] = ()
    difficulty: str | None = None
    helpers: tuple[str, ...] = ()
    modifier: int = 0
    reactive: bool = False
    goal: str | None = None
    tn_modifiers: tuple[str, ...] = ()
    bonus_dice: int = 0
    push_yourself: bool = False
    skill_modifiers: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        out = asdict(self)
        for key in ("gear", "helpers", "tn_modifiers", "skill_modifiers"):
            out[key] = list(out[key])
        return out


@dataclass
class Built:
    """A pool ready to roll: the rules-core object plus what the preview and the entry show."""

    system: str
    character: Character
    skill: str | None
    attribute: str | None
    dice: list[dict]
    explanation: list[str]
    odds: dict
    can_roll: bool
    reason: str
    can_push: bool
    core: Any = None
    target_number: int | None = None
    extra: dict | None = None


# --------------------------------------------------------------------------- building the pool


def _character(campaign: Campaign, character_id: str) -> Character:
    character = campaign.find_character(character_id)
    if character is None:
        raise ValidationError(character_lookup.not_found(campaign, character_id))
    return character


SIC_A_DOG_ATTRIBUTES = ("strength", "wits")
"""Sic a Dog (docs/rules.md, Dog Handler): the dog's Strength when fighting (the default), the handler's
Wits when scouting or tracking; the table's nominal attribute (Agility) is never rolled."""


def _attribute_for(campaign: Campaign, character: Character, request: RollRequest) -> str:
    if campaign.system == "myz" and request.skill == "sic-a-dog":
        attribute = request.attribute or SIC_A_DOG_ATTRIBUTES[0]
        if attribute not in SIC_A_DOG_ATTRIBUTES:
            raise ValidationError(f"Sic a Dog rolls the dog's Strength (fighting) or the handler's Wits "
                                  f"(scouting, tracking), not {attribute}")
        return attribute
    if request.attribute:
        # named by id or by name, in any case ("Wits", "STR"); the entry keeps the id
        attribute = skills.attribute_id(campaign.system, request.attribute)
        attribute = next((a for a in character.attributes if a.casefold() == attribute.casefold()), attribute)
        if attribute not in character.attributes:
            raise ValidationError(f"{character.name} has no attribute {quoted(request.attribute)}")
        return attribute
    if request.skill:
        linked = validation.skill_attribute(campaign, request.skill)
        if linked:
            return linked
    if len(character.attributes) == 1:
        return next(iter(character.attributes))
    if not request.skill:  # e.g. an opposed roll's defender marked without a skill (play-test 6)
        raise ValidationError(f"pick the skill (or name the attribute) for {possessive(character.name)} roll")
    raise ValidationError(f"name the attribute for {possessive(character.name)} roll")


def _helpers(campaign: Campaign, character: Character, helpers) -> tuple[str, ...]:
    names = []
    for helper in helpers:
        found = _character(campaign, helper)
        if found.id == character.id:
            raise ValidationError(f"{character.name} cannot help their own roll")
        names.append(found.name)
    return tuple(names)


def _gear(character: Character, refs) -> list:
    items = []
    for ref in refs:
        item = character.gear_item(ref)
        if item is None:
            raise ValidationError(f"{character.name} has no item {quoted(ref)}")
        if item.destroyed:
            raise ValidationError(f"{item.name} is destroyed")
        items.append(item)
    return items


def pool_request(campaign: Campaign, request: RollRequest):
    """The Year Zero :class:`~gmconsole.systems.yearzero.roll.PoolRequest` for a sheet roll."""
    from gmconsole.systems.yearzero.panic import panic_row
    from gmconsole.systems.yearzero.roll import PoolRequest

    system = campaign.system
    settings = campaign.settings
    character = _character(campaign, request.character_id)
    attribute = _attribute_for(campaign, character, request)
    skill = request.skill
    if skill:
        validation.check_skill_name(campaign, skill)
    level = character.skills.get(skill, 0) if skill else 0
    items = _gear(character, request.gear)
    # R-ART-2: an item whose gear bonus has dropped to 0 (its maximum is above 0) cannot be used,
    # artifact die included; the pool builder leaves its dice out and says why. An item that never
    # had a gear bonus (maximum 0) has none to lose: a pure artifact still rolls its die.
    gear = tuple((i.name, i.bonus) for i in items if not i.artifact_die and (i.bonus > 0 or i.max_bonus > 0))
    artifacts = tuple((i.name, i.artifact_die, i.bonus) if i.max_bonus > 0 else (i.name, i.artifact_die)
                      for i in items if i.artifact_die)
    modifiers = [request.modifier] if request.modifier else []
    if system != "myz" and settings.push_cost == "conditions":
        for condition in character.conditions:
            covers = settings.condition_coverage.get(condition)
            if covers is not None and (not covers or (skill in covers)):
                modifiers.append(-1)
    if character.panic is not None and attribute == "agility" and skill:
        penalty = int(panic_row(character.panic.total).get("agility_modifier", 0))
        if penalty:
            modifiers.append(penalty)
    named = tuple((p.label, p.modifier.modifier)
                  for p in skill_modifiers.resolve(system, skill, request.skill_modifiers) if p.modifier.modifier)
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
    if system == "myz":
        # Fighting rolls the dog's Strength and a push hurts the dog; scouting and tracking roll the
        # handler's Wits and push normally (docs/rules.md, myz push costs). Without the skill the pool
        # builder refuses the roll (R-MYZ-SPEC), which says more than "no dog".
        sic_a_dog = skill == "sic-a-dog" and level >= 1
        dog_strength = None
        if sic_a_dog:
            if character.dog is None:
                raise ValidationError(f"{character.name} has no dog to Sic")
            dog_strength = character.dog.attributes["strength"].current
        if sic_a_dog and attribute == "strength":
            value, dog_strength = dog_strength, None
        else:
            value = character.attributes[attribute].current
        return PoolRequest(attribute_value=value, skill_level=level, sic_a_dog=sic_a_dog,
                           dog_strength=dog_strength, **common)
    # R-STRESS-1: stress dice = current stress on every roll, a roll on the attribute alone included.
    stress = character.stress if settings.push_cost == "stress-dice" else 0
    common["push_cost"] = settings.push_cost
    if system == "yze-step":
        attribute_die = character.attributes[attribute].current
        if attribute_die == 0:
            raise ValidationError(f"{possessive(character.name)} {attribute} is broken: no die to roll")
        return PoolRequest(attribute_die=attribute_die, skill_die=level or None, stress=stress, **common)
    return PoolRequest(attribute_value=character.attributes[attribute].current, skill_level=level, stress=stress,
                       **common)


def _build_year_zero(campaign: Campaign, request: RollRequest) -> Built:
    from gmconsole.systems.yearzero.roll import build_pool, pool_odds

    pool_req = pool_request(campaign, request)
    pool = build_pool(pool_req)
    can_push = not request.reactive and campaign.settings.max_pushes > 0
    if pool.can_roll:
        odds = pool_odds(pool, can_push).as_dict()
    else:
        odds = {"p_success": 0.0, "p_success_with_push": 0.0}
    return Built(
        system=campaign.system, character=_character(campaign, request.character_id), skill=request.skill,
        attribute=pool_req.attribute, dice=[_die_dict(d) for d in pool.dice], explanation=list(pool.explanation),
        odds=odds, can_roll=pool.can_roll, reason=pool.reason or "", can_push=can_push, core=pool,
        extra={"pool_request": _request_dict(pool_req)},
    )


def _die_dict(die: Die) -> dict:
    out = {"kind": die.kind.value, "sides": die.sides}
    if die.source is not None:
        out["source"] = die.source
    return out


def _request_dict(pool_req) -> dict:
    out = asdict(pool_req)
    for key, value in out.items():
        if isinstance(value, tuple):
            out[key] = [list(v) if isinstance(v, tuple) else v for v in value]
    return out


def _pool_request_from(data: dict):
    from gmconsole.systems.yearzero.roll import PoolRequest

    raw = dict(data)
    for key in ("gear", "artifacts", "named_modifiers"):
        raw[key] = tuple(tuple(v) for v in raw.get(key, []))
    for key in ("helpers", "modifiers"):
        raw[key] = tuple(raw.get(key, []))
    return PoolRequest(**raw)


def _build_exploding(campaign: Campaign, request: RollRequest) -> Built:
    from gmconsole.systems.exploding import roll as exploding
    from gmconsole.systems.exploding.odds import check_odds

    character = _character(campaign, request.character_id)
    attribute = _attribute_for(campaign, character, request)
    trait = character.attributes[attribute].current
    if trait == 0:
        raise ValidationError(f"{possessive(character.name)} {attribute} is at 0: no trait die to roll")
    skill = request.skill
    if skill:
        validation.check_skill_name(campaign, skill)
    size = character.skills.get(skill, 0) if skill else 0
    skill_dice = [size] * exploding.SKILL_DICE if size else []
    helpers = _helpers(campaign, character, request.helpers)
    modifiers = [exploding.parse_modifier(m) for m in request.tn_modifiers]
    # docs/rules.md: with no skill, or a skill not on the sheet, the roll is untrained: the trait die
    # alone and TN +4 (unless a skilled character assists).
    tn = exploding.build_target_number(
        request.difficulty, modifiers, wounds=character.wounds, strain=character.strain,
        untrained=not size, assisted=bool(helpers),
        adjustments=[request.modifier] if request.modifier else [],
    )
    dice = exploding.check_dice(skill_dice, trait)
    odds = check_odds(skill_dice, trait, tn.value).as_dict()
    lines = [f"{attribute}: trait d{trait}"]
    lines.append(f"{skill}: 2 skill dice d{size}" if size else (f"{skill}: untrained" if skill else "no skill: untrained"))
    lines += [f"helped by {h}" for h in helpers]
    lines += tn.explain()
    return Built(
        system=campaign.system, character=character, skill=skill, attribute=attribute,
        dice=[_die_dict(d) for d in dice], explanation=lines, odds=odds, can_roll=True, reason="",
        can_push=False, core=(skill_dice, trait, tn), target_number=tn.value,
        extra={"tn": tn.as_dict(), "helpers": list(helpers)},
    )


def _build_tiered(campaign: Campaign, request: RollRequest) -> Built:
    from gmconsole.systems.tiered import roll as tiered
    from gmconsole.systems.tiered.odds import tier_odds

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
    lines += [f"bonus die from {i.name}" for i in items] + [f"bonus die from {h}" for h in helpers]
    if pool.dice <= 0:
        lines.append("pool of 0 or fewer: roll 2d6 and keep the lowest (R-TIER-2)")
    count = tiered.dice_to_roll(pool.dice)
    return Built(
        system=campaign.system, character=character, skill=skill, attribute=attribute,
        dice=[{"kind": "dice", "sides": 6} for _ in range(count)], explanation=lines, odds=odds, can_roll=True,
        reason="", can_push=False, core=pool, extra={"pool": pool.as_dict(), "helpers": list(helpers)},
    )


def build(campaign: Campaign, request: RollRequest) -> Built:
    """The pool for ``request`` on ``campaign``'s sheet; raises RulesError / ValidationError."""
    skill_modifiers.resolve(campaign.system, request.skill, request.skill_modifiers)  # seed 002's named lists
    if campaign.system in YEAR_ZERO_SYSTEMS:
        return _build_year_zero(campaign, request)
    if campaign.system == "exploding":
        return _build_exploding(campaign, request)
    return _build_tiered(campaign, request)


# --------------------------------------------------------------------------- preview


def _one_chance_warning(service: "CampaignService", character: Character, request: RollRequest) -> list[str]:
    """docs/rules.md "only one chance": the same character, skill and goal already rolled this scene."""
    if not request.skill:
        return []
    key = (character.id, request.skill, request.goal or "")
    if key in service.ledger.scene_rolls():
        goal = f" for {request.goal}" if request.goal else ""
        named = skills.name_of(service.campaign, request.skill) or request.skill
        return [f"{character.name} already rolled {named}{goal} this scene: only one chance unless "
                "circumstances changed"]
    return []


def preview(service: "CampaignService", request: RollRequest) -> RollPreview:
    """The preview the roll builder shows; writes nothing. Refusals become ``can_roll=False`` + reason."""
    campaign = service.campaign
    character = campaign.find_character(request.character_id)
    name = character.name if character else request.character_id
    try:
        built = build(campaign, request)
    except (RulesError, ValidationError) as exc:
        return RollPreview(system=campaign.system, character_id=request.character_id, character=name,
                           skill=request.skill, attribute=request.attribute, dice=[], explanation=[], odds={},
                           can_roll=False, reason=str(exc))
    warnings = _one_chance_warning(service, built.character, request) + role_limits.warnings(
        service, built.character, request)
    if built.character.broken:
        warnings.append(f"{built.character.name} is broken")
    if built.character.panic is not None:
        warnings.append(f"{built.character.name} is in panic: {built.character.panic.name or built.character.panic.effect}")
    return RollPreview(
        system=campaign.system, character_id=built.character.id, character=built.character.name,
        skill=built.skill, attribute=built.attribute, dice=built.dice, explanation=built.explanation,
        odds=built.odds, can_roll=built.can_roll, reason=built.reason, warnings=warnings,
        can_push=built.can_push and built.can_roll, target_number=built.target_number,
    )


# --------------------------------------------------------------------------- rolling


def _source(faces: str | None, rng: random.Random, kinds: tuple[str, ...]) -> DiceSource:
    if faces is None:
        return DiceSource(rng=rng)
    return DiceSource(faces=parse_int_spec(faces, kinds))


def _year_zero_fields(result) -> dict:
    """The entry fields of a (maybe pushed) YearZeroRoll."""
    data = result.as_dict()
    costs = [c.as_dict() for c in result.costs]
    if result.pool.push_cost == "stress-dice":
        # docs/rules.md stress-dice: "pushing gives +1 stress at once" — the push itself raises stress
        # (see push()), so only the panic of a stress-die 1 is left waiting for apply_costs.
        costs = [c for c in costs if c["name"] != "stress"]
        if result.panic:
            costs.append({"name": "panic", "amount": 1})
    return {
        "dice": data["dice"],
        "first_dice": data["first_dice"],
        "successes": result.successes,
        "stunts": result.stunts,
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


def exploding_fields(core, faces: str | None, rng: random.Random) -> tuple[dict, Any]:
    """An ``exploding`` check rolled (``core``: skill dice, trait die, TN; ``faces``: typed from physical
    dice) and the history fields it records, with the dice it rolled (a campaign or a GM's roll)."""
    from gmconsole.systems.exploding import roll as exploding

    skill_dice, trait, tn = core
    dice = exploding.check_dice(skill_dice, trait)
    source = exploding.parse_faces(faces, dice, True) if faces is not None else DiceSource(rng=rng)
    result = exploding.roll_check(skill_dice, trait, tn, source)
    data = result.as_dict()
    return ({"dice": data["dice"], "top": result.top, "margin": result.margin, "tn": data["tn"],
             "success": result.success, "critical_failure": result.critical_failure, "outcome": data,
             "by_hand": result.by_hand, "pushes": 0, "can_push": False}, dice)


def _summary(name: str, skill: str | None, attribute: str | None, fields: dict) -> str:
    what = skill or attribute or "roll"
    if "successes" in fields:
        n = fields["successes"]
        result = counted(n, "success", "successes")
    elif "tier" in fields:
        result = fields["tier"]
    else:
        result = f"top {fields['top']}" + (" — critical failure" if fields.get("critical_failure") else "")
    return f"{name} rolls {what}: {result}"


def roll(service: "CampaignService", request: RollRequest, faces: str | None, rng: random.Random,
         decorate=None) -> dict:
    """Roll and record; tiered Push Yourself stamina and Limited XP are applied with the roll itself.

    ``decorate(fields, result)`` adds to the entry before it is recorded (the opposed roll's defender)."""
    campaign = service.campaign
    built = build(campaign, request)
    if not built.can_roll:
        raise RulesError(built.reason or "this pool cannot be rolled")
    fields: dict[str, Any] = {
        "system": campaign.system, "skill": built.skill, "attribute": built.attribute, "goal": request.goal,
        "request": request.as_dict(), "pool": {"dice": built.dice, "explanation": built.explanation},
        "odds": built.odds, "helpers": list((built.extra or {}).get("helpers", [])),
    }
    if request.skill_modifiers:  # recorded by name (seed 002's lists; myz: what a role skill's roll is for)
        fields["skill_modifiers"] = skill_modifiers.recorded(
            skill_modifiers.resolve(campaign.system, built.skill, request.skill_modifiers))
    applied: list[dict] = []
    if campaign.system in YEAR_ZERO_SYSTEMS:
        from gmconsole.systems.yearzero import roll as yearzero

        result = yearzero.roll(built.core, _source(faces, rng, YEAR_ZERO_FACE_KINDS))
        fields.update(_year_zero_fields(result))
        fields["pool_request"] = built.extra["pool_request"]
        fields["helpers"] = list(built.core.request.helpers)
    elif campaign.system == "exploding":
        fields.update(exploding_fields(built.core, faces, rng)[0], costs=[], costs_status="none")
    else:
        from gmconsole.systems.tiered import roll as tiered

        result = tiered.roll_check(built.core, _source(faces, rng, TIERED_FACE_KINDS))
        data = result.as_dict()
        applied = [e.as_dict() for e in result.effects]
        fields.update({"dice": data["dice"], "tier": result.tier.value, "highest": result.highest,
                       "outcome": data, "by_hand": result.by_hand, "costs": applied,
                       "costs_status": "applied" if applied else "none", "pushes": 0, "can_push": False,
                       "consequences": "offered" if result.tier.value in ("mixed", "limited") else "none"})
    # Each step of a roll (the first roll, then each push) records whether its faces were typed;
    # the entry's own ``by_hand`` keeps meaning "the first roll was typed".
    fields["by_hand_steps"] = [bool(fields.get("by_hand"))]
    shown_skill = skills.name_of(campaign, built.skill)  # the GM reads the name; the entry keeps the id
    shown_attribute = skills.attribute_name_of(campaign.system, built.attribute)
    fields["summary"] = _summary(built.character.name, shown_skill, shown_attribute, fields)
    if decorate is not None:
        decorate(fields, result)
        if fields.get("opposed"):
            from gmconsole.campaign.special_rolls import opposed_summary

            fields["summary"] = opposed_summary(campaign, built.character.name, shown_skill or shown_attribute,
                                                fields["opposed"])

    def mutate(c: Campaign) -> dict:
        character = c.character(built.character.id)
        for effect in applied:
            if effect["target"] == "xp":
                character.xp += effect["amount"]
            elif effect["target"] == "stamina":
                character.stamina = max(0, character.stamina + effect["amount"])
        return fields

    entry = service.ledger.commit("roll", mutate, character_id=built.character.id)
    service.ledger.remember_roll(entry)
    return entry


def _latest_roll(service: "CampaignService", entry_id: int | None, want: str) -> dict:
    session = service.session.number
    if entry_id is not None:
        entry = service.ledger.entry_anywhere(entry_id)
        if entry.get("kind") != "roll":
            raise ValidationError(f"history entry {entry_id} is not a roll")
        if entry.get("status", "done") != "done":
            raise ValidationError(f"the roll {entry_id} was undone")
        return entry
    for entry in service.ledger.entries_newest_first(session):
        if entry.get("kind") != "roll" or entry.get("status", "done") != "done":
            continue
        if want == "push" or entry.get("costs_status") == "pending":
            return entry
    raise ValidationError("there is no roll to push in this session" if want == "push"
                          else "no roll in this session has costs waiting to be applied")


def push_out_of_scene(service: "CampaignService", entry: dict) -> str | None:
    """Why ``entry`` (a roll) can no longer be pushed because its scene or session has ended, or ``None``.

    A push follows its roll at once (the seeds: you push right after the roll), so it belongs to the
    roll's own scene; undoing the new scene or session makes the roll pushable again."""
    session = service.session
    made_in = (entry.get("session"), entry.get("scene") or session.scene)  # older entries name no scene
    if made_in == (session.number, session.scene):
        return None
    return (f"roll {entry.get('id')} was made in session {made_in[0]}, scene {made_in[1]}; "
            "a push follows its roll in the same scene (push in the scene, docs/rules.md)")


def _rolled(data: dict) -> RolledDie:
    die = Die(DieKind(data["kind"]), data["sides"], data.get("source"))
    return RolledDie(die, data["face"], data.get("rerolled", False))


def push(service: "CampaignService", entry_id: int | None, faces: str | None, rng: random.Random,
         condition: str | None) -> dict:
    """Push a recorded Year Zero roll of the current scene (push in the scene, docs/rules.md); the roll's entry is updated, the push
    is its own entry."""
    from gmconsole.systems.yearzero import roll as yearzero

    if service.campaign.system not in YEAR_ZERO_SYSTEMS:
        raise RulesError(f"{service.campaign.system} rolls cannot be pushed")
    entry = _latest_roll(service, entry_id, "push")
    ended = push_out_of_scene(service, entry)
    if ended:
        raise ValidationError(ended)
    if entry.get("costs_status") == "applied":
        raise ValidationError("this roll's costs were already applied; undo them before pushing")
    pool = yearzero.build_pool(_pool_request_from(entry["pool_request"]))
    previous = yearzero.YearZeroRoll(
        pool=pool, dice=tuple(_rolled(d) for d in entry["dice"]),
        first_dice=tuple(_rolled(d) for d in entry["first_dice"]), pushes=entry.get("pushes", 0),
        by_hand=entry.get("by_hand", False),
    )
    pushed = yearzero.push(previous, _source(faces, rng, YEAR_ZERO_FACE_KINDS))
    new_fields = _year_zero_fields(pushed)
    if entry.get("opposed"):
        # The defender's panic (R-OPP-1, R-PANIC-1) stays owed whatever the active side's push rolls.
        from gmconsole.campaign.special_rolls import defender_panic_costs

        owed = defender_panic_costs(entry["opposed"])
        if owed:
            new_fields["costs"] = new_fields["costs"] + owed
            new_fields["costs_status"] = "pending"
    if condition is not None:
        for cost in new_fields["costs"]:
            if cost["name"] == "condition":
                cost["target"] = condition.strip().casefold()
    if entry.get("character_id") is None:  # the GM's quick roll: a push of it charges nobody (issue 12)
        from gmconsole.campaign.quick_rolls import no_costs

        no_costs(new_fields)
    after = {k: new_fields[k] for k in ROLL_FIELDS_CHANGED_BY_PUSH}
    # A push is its own step: typed only when its own faces were typed; the roll keeps its first
    # roll's flag and gains one step (older entries without steps count every earlier push as the roll's flag).
    push_typed = faces is not None
    first_typed = bool(entry.get("by_hand", False))
    steps = list(entry.get("by_hand_steps") or [first_typed] * (1 + entry.get("pushes", 0)))
    after["by_hand"] = first_typed
    after["by_hand_steps"] = steps + [push_typed]
    shown_skill = skills.name_of(service.campaign, entry.get("skill")) or entry.get("quick")
    shown_attribute = skills.attribute_name_of(service.campaign.system, entry.get("attribute"))
    after["summary"] = _summary(entry.get("character", ""), shown_skill, shown_attribute,
                                new_fields) + " (pushed)"
    if entry.get("opposed"):
        # R-OPP-1 / R-PUSH-2: the active side pushed after the defender rolled: read the outcome again.
        from gmconsole.campaign.special_rolls import opposed_outcome, opposed_summary

        after["opposed"] = opposed_outcome({**entry, **new_fields}, entry["opposed"], entry["opposed"]["reroll_ties"])
        after["summary"] = opposed_summary(service.campaign, entry.get("character", ""), shown_skill or shown_attribute,
                                           after["opposed"]) + " (pushed)"
    stress_at_once = pool.push_cost == "stress-dice" and entry.get("character_id") is not None
    if stress_at_once:
        after["stress_paid"] = pushed.pushes  # +1 stress per push, paid at once (shown with the costs)
    before = {k: entry.get(k) for k in after}
    character_id = entry["character_id"]


    def mutate(c: Campaign) -> dict:
        n = new_fields["successes"]
        out = {
            "summary": f"{entry.get('character')} pushes {shown_skill or entry.get('attribute')}: "
                       f"{counted(n, 'success', 'successes')}",
            "roll_id": entry["id"], "skill": entry.get("skill"),
            "push_dice": new_fields["dice"], "successes": new_fields["successes"],
            "costs": new_fields["costs"], "by_hand": push_typed, "push_step": pushed.pushes,
        }
        if character_id is None:  # the GM's quick roll: the push is the GM's too
            out["character"] = entry.get("character", "")
        if "opposed" in after:
            out["opposed"] = after["opposed"]
            from gmconsole.campaign.special_rolls import opposed_verdict

            out["summary"] += " — " + opposed_verdict(entry.get("character", ""), after["opposed"])
        if stress_at_once:
            # R-PUSH cost stress-dice: +1 stress at once, part of this entry (undone with the push).
            character = c.character(character_id)
            if character is None:
                raise ValidationError("the character who rolled is no longer in the roster")
            character.stress += 1
            out["stress_gained"] = 1
            out["summary"] += f"; stress +1 → {character.stress}"
        return out

    return service.ledger.commit("push", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], before, after)])


# --------------------------------------------------------------------------- costs and panic


def _apply_cost(c: Campaign, character: Character, cost: dict, entry: dict, lines: list[str]) -> bool:
    """Apply one cost to the copy ``c``; returns True when it asks for a panic roll."""
    name, amount, target = cost["name"], cost["amount"], cost.get("target")
    settings = c.settings
    if name == "trauma":
        if target == "dog":
            dog = character.dog
            if dog is None:
                raise ValidationError(f"{character.name} has no dog to take the trauma")
            strength = dog.attributes["strength"]
            strength.current = max(0, strength.current - amount)
            lines.append(f"{dog.name}: strength −{amount}")
        else:
            lines.append(trackers.trauma(character, target, amount, c.system))
    elif name == "damage":
        tools = [character.gear_item(g) for g in (entry.get("request") or {}).get("gear", [])]
        tools = [t for t in tools if t is not None and t.bonus > 0]
        if settings.tool_takes_damage and tools:
            lines.append(trackers.damage_gear(character, tools[0], amount))
        else:
            lines.append(trackers.trauma(character, target, amount, c.system))
    elif name in ("mutation_points", "willpower", "stress", "xp"):
        lines.append(trackers.change_counter(character, name, amount))
    elif name == "stamina":
        lines.append(trackers.change_counter(character, name, max(amount, -character.stamina)))
    elif name == "gear_damage":
        item = character.gear_item(target)
        if item is not None and item.bonus > 0:
            lines.append(trackers.damage_gear(character, item, min(amount, item.bonus)))
    elif name == "condition":
        if not target:
            raise ValidationError("choose the condition this push gives (e.g. tired, angry, scared)")
        if target in character.conditions:
            # A condition already held costs nothing, so it would make the push free (docs/rules.md, push costs).
            raise ValidationError(f"{character.name} is already {target}: the push must give a condition "
                                  f"{character.name} does not have yet")
        lines.append(trackers.add_condition(character, target))
    elif name == "doom":
        c.current_session.doom += amount
        lines.append(f"doom +{amount} → {c.current_session.doom}")
    elif name == "panic":
        return True
    return False


def _owed_by_other(cost: dict, character_id: str) -> bool:
    """A cost another roster member owes on this roll (the opposed roll's defender's panic)."""
    return cost["name"] == "panic" and bool(cost.get("character_id")) and cost["character_id"] != character_id


def apply_costs(service: "CampaignService", entry_id: int | None, in_range: list[str],
                condition: str | None = None, panic_face: int | None = None,
                rng: random.Random | None = None, defender_panic_face: int | None = None, *,
                typed: bool = False) -> dict:
    """Apply a roll's pending costs in one change (undoable); a stress-die 1 makes the panic roll here.

    An opposed roll's defender who owes a panic (R-OPP-1, R-PANIC-1, see
    :func:`gmconsole.campaign.special_rolls.defender_panic_costs`) rolls it in this same change, after
    the active side's costs, with the same ``in_range`` for its chained effects; each panic is its own
    chain (a character panics at most once per chain). ``defender_panic_face`` is the defender's D6
    typed by hand; without it, ``panic_face`` serves the defender when the active side owes no panic."""
    entry = _latest_roll(service, entry_id, "costs")
    if entry.get("costs_status") == "applied":
        raise ValidationError(f"the costs of roll {entry['id']} were already applied (undo that change to apply them again)")
    if entry.get("costs_status") != "pending":
        raise ValidationError(f"roll {entry['id']} has no costs waiting to be applied")
    costs = [dict(c) for c in entry.get("costs", [])]
    if condition is not None:
        for cost in costs:
            if cost["name"] == "condition":
                cost["target"] = condition.strip().casefold()
    character_id = entry["character_id"]
    source_rng = rng or service.ledger.rng
    panic_info: dict = {}

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError("the character who rolled is no longer in the roster")
        lines: list[str] = []
        wants_panic = False
        for cost in costs:
            if not _owed_by_other(cost, character_id):
                wants_panic = _apply_cost(c, character, cost, entry, lines) or wants_panic
        if wants_panic:
            panic_info.update(panic_on(c, character, in_range, panic_face, source_rng))
            lines.append(panic_info["summary"])
        defender_panics: list[dict] = []
        for cost in costs:
            if not _owed_by_other(cost, character_id):
                continue
            other = c.character(cost["character_id"])
            if other is None:
                raise ValidationError(f"{cost.get('target') or 'the defender'} is no longer in the roster: "
                                      "their panic roll cannot be made")
            face = defender_panic_face if defender_panic_face is not None else (None if wants_panic else panic_face)
            info = panic_on(c, other, in_range, face, source_rng)
            defender_panics.append(info)
            lines.append(info["summary"])
        # each line of the payer's own reads "Name: wits −3 → 2/5": the name is said once, in front
        # and the payer's own panic ("Name panics: 7 …") is its own sentence, not "Name pays: Name panics"
        own = [line.removeprefix(f"{character.name}: ") for line in lines[:len(lines) - len(defender_panics)]]
        panics = [panic_info["summary"]] if panic_info else []
        own = [line for line in own if line not in panics]
        parts = (([f"{character.name} pays: " + "; ".join(own)] if own else []) + panics
                 + [d["summary"] for d in defender_panics])
        summary = "; ".join(parts) if parts else f"{character.name}: no cost"
        if typed and (panic_info or defender_panics):
            summary += " (panic D6 typed)"  # R-MANUAL-1: the history marks dice entered by hand
        return {"summary": summary, "roll_id": entry["id"], "costs": costs, "lines": lines,
                **({"by_hand": True} if typed and (panic_info or defender_panics) else {}),
                **({"panic": panic_info} if panic_info else {}),
                **({"defender_panic": defender_panics[0]} if defender_panics else {})}

    return service.ledger.commit("costs", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], {"costs_status": "pending"},
                                           {"costs_status": "applied"})])


def _panic_source(face: int | None, rng: random.Random) -> DiceSource:
    return DiceSource(faces={"dice": [face]}) if face is not None else DiceSource(rng=rng)


def panic_on(c: Campaign, character: Character, in_range: list[str], face: int | None,
             rng: random.Random) -> dict:
    """A panic roll for ``character`` on the copy ``c``, with R-PANIC-1 effects on the roster members
    in range (stress, or a chained panic roll each; each character panics at most once per chain)."""
    from gmconsole.systems.yearzero.panic import panic_roll, panic_table

    calm = panic_table()[0]["id"]
    done: set[str] = set()
    rolls: list[dict] = []
    stress_gains: list[dict] = []

    def one(ch: Character, die_face: int | None) -> None:
        done.add(ch.id)
        current = ch.panic.total if ch.panic else None
        result = panic_roll(ch.stress, _panic_source(die_face, rng), current, c.settings.panic_escalation)
        data = result.as_dict()
        if result.effect != calm:  # "keeping it together" leaves any panic already in force as it is
            ch.panic = Panic(total=result.total, effect=result.effect, name=data["name"]["en"])
        if result.stress_change and (ch.stress > 0 or result.stress_change > 0):  # −1 at 0 changes nothing
            # Back at 0 stress the effect just set ends (trackers.end_panics_at_zero_stress, at commit).
            trackers.change_stress(ch, result.stress_change)
        rolls.append({"character_id": ch.id, "character": ch.name, **data})
        others = [c.character(x) for x in in_range if x != ch.id]
        others = [o for o in others if o is not None]
        if result.others.stress:
            for other in others:
                other.stress += result.others.stress
                stress_gains.append({"character_id": other.id, "character": other.name,
                                     "stress": result.others.stress})
        if result.others.panic_roll:
            for other in others:
                if other.id not in done:
                    one(other, None)

    one(character, face)
    first = rolls[0]
    summary = f"{character.name} panics: {first['total']} {first['name']['en']}"
    if len(rolls) > 1:
        summary += "; chained: " + ", ".join(f"{r['character']} {r['total']} {r['name']['en']}" for r in rolls[1:])
    if stress_gains:
        summary += "; stress +1: " + ", ".join(g["character"] for g in stress_gains)
    return {"summary": summary, "rolls": rolls, "stress": stress_gains, "total": first["total"],
            "effect": first["effect"]}


def panic(service: "CampaignService", character_id: str, in_range: list[str], face: int | None,
          rng: random.Random, by_hand: bool = False) -> dict:
    """A panic roll as its own change (the GM's panic key); ``by_hand``: the D6 was typed (R-MANUAL-1)."""
    who = service.character(character_id)
    targets = [service.character(x).id for x in in_range]

    def mutate(c: Campaign) -> dict:
        info = panic_on(c, c.character(who.id), targets, face, rng)
        return {"summary": info["summary"] + (" (typed face)" if by_hand else ""), "panic": info, "by_hand": by_hand}

    return service.ledger.commit("panic", mutate, character_id=who.id)


# --------------------------------------------------------------------------- tiered consequences, repair


def apply_consequence(service: "CampaignService", entry_id: int | None, key: str, clock_id: str | None,
                      gear_id: str | None, wound: bool) -> dict:
    """One consequence of a Mixed / Limited tiered roll, from the seed's menu (``tiered.consequences``)."""
    from gmconsole.systems.tiered import roll as tiered

    menu = {c.key: c for c in tiered.consequences()}
    if key not in menu:
        raise ValidationError(f"unknown consequence {quoted(key)}: choose one of {', '.join(menu)}")
    if entry_id is None:
        found = (e for e in service.ledger.entries_newest_first(service.session.number)
                 if e.get("kind") == "roll" and e.get("status", "done") == "done" and e.get("consequences"))
        entry = next(found, None)
        if entry is None:
            raise ValidationError("there is no tiered roll in this session")
    else:
        entry = service.ledger.entry_anywhere(entry_id)
    if entry.get("tier") not in ("mixed", "limited"):
        raise ValidationError("consequences come only with a Mixed or Limited result")
    chosen_before = list(entry.get("consequences_chosen", []))
    character_id = entry["character_id"]
    consequence = menu[key]

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError("the character who rolled is no longer in the roster")
        lines = []
        for effect in consequence.effects:
            if effect.target == "stamina":
                lost = min(-effect.amount, character.stamina)
                character.stamina -= lost
                lines.append(f"stamina −{lost} → {character.stamina}")
            elif effect.target == "clock" and c.current_session.clocks:
                if clock_id is None:
                    raise ValidationError("name the clock this complication advances")
                clock = character_lookup.clock_of(c, clock_id)
                if clock.filled >= clock.segments:
                    raise ValidationError(f"clock {clock.name} is already full")
                clock.filled += effect.amount
                lines.append(f"clock {clock.name} → {clock.filled}/{clock.segments}")
        if key == "damage" and wound:
            character.wounds += 1
            lines.append(f"a wound → {character.wounds}")
        if key == "lost-gear":
            used = gear_id or next(iter((entry.get("request") or {}).get("gear", [])), None)
            item = character.gear_item(used) if used else None
            if item is None:
                raise ValidationError("name the item that is lost")
            item.bonus = 0
            lines.append(f"{item.name} fails until repaired")
        text = "; ".join(lines) if lines else consequence.name["en"].lower()
        return {"summary": f"{character.name}: {consequence.name['en']} — {text}", "roll_id": entry["id"],
                "consequence": key}

    return service.ledger.commit("consequence", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], {"consequences_chosen": chosen_before},
                                           {"consequences_chosen": chosen_before + [key]})])


def repair_with_roll(service: "CampaignService", entry_id: int, gear_id: str) -> dict:
    """R-REPAIR-1 through ``myz_roles.repair`` on a recorded Year Zero roll."""
    from gmconsole.systems.yearzero.roles import repair

    entry, recorded = recorded_roll(service, entry_id)
    character_id = entry["character_id"]

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError("the character who rolled is no longer in the roster")
        item = character.gear_item(gear_id)
        if item is None:
            raise ValidationError(f"{character.name} has no item {quoted(gear_id)}")
        if item.destroyed:
            raise ValidationError(f"{item.name} is destroyed and cannot be repaired")
        result = repair(recorded, item.bonus, item.max_bonus)
        item.bonus, item.max_bonus, item.destroyed = result.bonus, result.max_bonus, result.destroyed
        if result.destroyed:
            text = "fails at bonus 0 — destroyed"
        elif result.success:
            text = f"repaired → bonus {item.bonus}/{item.max_bonus}"
        else:
            text = f"fails — its maximum is now {item.max_bonus}"
        return {"summary": f"{character.name}: {item.name} {text}", "roll_id": entry["id"], "gear": item.name,
                "repair": result.as_dict()}

    return service.ledger.commit("repair", mutate, character_id=character_id)


def recorded_roll(service: "CampaignService", entry_id: int):
    """``(entry, YearZeroRoll)`` rebuilt from a recorded Year Zero roll (pool from its stored request)."""
    from gmconsole.systems.yearzero import roll as yearzero

    entry = service.ledger.entry_anywhere(entry_id)
    if entry.get("kind") != "roll" or "pool_request" not in entry:
        raise ValidationError(f"history entry {entry_id} is not a Year Zero roll")
    if entry.get("status", "done") != "done":
        raise ValidationError(f"the roll {entry_id} was undone")
    pool = yearzero.build_pool(_pool_request_from(entry["pool_request"]))
    recorded = yearzero.YearZeroRoll(pool=pool, dice=tuple(_rolled(d) for d in entry["dice"]),
                                     first_dice=tuple(_rolled(d) for d in entry["first_dice"]),
                                     pushes=entry.get("pushes", 0), by_hand=entry.get("by_hand", False))
    return entry, recorded


def mend(service: "CampaignService", roll_id: int, patient_id: str, attribute: str) -> dict:
    """Heal, Mend the Broken: the patient's broken attribute recovers points equal to the 6s rolled."""
    from gmconsole.systems.yearzero.roles import mend_the_broken

    entry, recorded = recorded_roll(service, roll_id)
    if entry.get("skill") != "heal":
        raise ValidationError("Mend the Broken needs a Heal roll")
    patient = service.character(patient_id)

    def mutate(c: Campaign) -> dict:
        who = c.character(patient.id)
        if attribute not in who.attributes:
            raise ValidationError(f"{who.name} has no attribute {quoted(attribute)}")
        a = who.attributes[attribute]
        if a.current > 0:
            raise ValidationError(f"{possessive(who.name)} {attribute} is not broken")
        result = mend_the_broken(recorded, a.max - a.current)
        a.current += result.recovered
        text = f"back on their feet, {attribute} {a.current}/{a.max}" if result.success else "still broken"
        return {"summary": f"{entry.get('character')} mends {who.name}: {text}", "roll_id": entry["id"],
                "recovered": result.recovered, "attribute": attribute}

    return service.ledger.commit("heal", mutate, character_id=patient.id)


def shake_it_off(service: "CampaignService", roll_id: int, attribute: str, incoming: int) -> dict:
    """Slave, Shake It Off: each 6 of the roll removes a point of the incoming trauma; the rest is taken."""
    from gmconsole.systems.yearzero.roles import shake_it_off as rule

    entry, recorded = recorded_roll(service, roll_id)
    if entry.get("skill") != "shake-it-off":
        raise ValidationError("this needs a Shake It Off roll")
    result = rule(recorded, incoming)
    character_id = entry["character_id"]

    def mutate(c: Campaign) -> dict:
        who = c.character(character_id)
        lines = [f"{result.prevented} of {incoming} trauma shaken off"]
        if result.taken:
            lines.append(trackers.trauma(who, attribute, result.taken, c.system))
        return {"summary": f"{who.name}: " + "; ".join(lines), "roll_id": entry["id"],
                "prevented": result.prevented, "taken": result.taken}

    return service.ledger.commit("trauma", mutate, character_id=character_id)


def inspire(service: "CampaignService", inspire_id: int, target_id: int, mode: str) -> dict:
    """Chronicler, Inspire: the Inspire roll's 6s are added to (help) or taken from (hinder) the target roll."""
    from gmconsole.systems.yearzero.roles import inspire as rule

    inspire_entry, inspire_roll = recorded_roll(service, inspire_id)
    target_entry, target_roll = recorded_roll(service, target_id)
    if target_entry.get("inspired"):
        raise ValidationError("this roll was already inspired")
    result = rule(inspire_roll, target_roll, mode)
    before = {"successes": target_entry["successes"], "inspired": None}
    after = {"successes": result.successes, "inspired": {"by": inspire_entry.get("character"),
                                                           "roll_id": inspire_id, **result.as_dict()}}

    def mutate(c: Campaign) -> dict:
        verb = "inspires" if mode == "help" else "hinders"
        return {"summary": f"{inspire_entry.get('character')} {verb} {target_entry.get('character')}: "
                           f"{result.successes_before} → {counted(result.successes, 'success', 'successes')}",
                "roll_id": target_id, "inspire_roll_id": inspire_id, "mode": mode}

    return service.ledger.commit("inspire", mutate, character_id=inspire_entry["character_id"],
                           entry_updates=[(target_entry["session"], target_id, before, after)])


# --------------------------------------------------------------------------- tiered saves and attacks


def _require_tiered(service: "CampaignService") -> None:
    if service.campaign.system != "tiered":
        raise RulesError(f"saving throws and attack rolls belong to tiered, not {service.campaign.system}")


def saving_throw(service: "CampaignService", character_id: str, save: str, faces: str | None,
                 rng: random.Random) -> dict:
    """R-TIER-3: 2d6 against the character's save score (computed from the sheet), recorded."""
    from gmconsole.systems.tiered import roll as tiered

    _require_tiered(service)
    who = service.character(character_id)
    a = {k: v.current for k, v in who.attributes.items()}
    scores = tiered.save_scores(a["dex"], a["str"], a["int"], a["cha"], a["per"], who.level).as_dict()
    if save not in scores:
        raise RulesError(f"unknown save {quoted(save)}: choose phys, ment or perc")
    strict = service.campaign.settings.tiered_strict_over
    result = tiered.saving_throw(save, scores[save], _source(faces, rng, TIERED_FACE_KINDS), strict)
    data = result.as_dict()

    def mutate(c: Campaign) -> dict:
        return {"summary": f"{who.name} saves ({save.upper()} {scores[save]}): {data['total']} — {data['outcome']}",
                "save": save, "score": scores[save], "total": data["total"], "outcome": data["outcome"],
                "dice": data["dice"], "by_hand": faces is not None}

    return service.ledger.commit("save", mutate, character_id=who.id)


def attack(service: "CampaignService", character_id: str, weapon: str | None, melee: bool, reckless: bool,
           faces: str | None, rng: random.Random, damage: int | None = None) -> dict:
    """R-TIER-4: class bonus + STR (melee) or DEX (ranged) d6, damage by tier from the weapon (an item
    of the sheet, or ``damage`` typed by the GM when no item is named), recorded."""
    from gmconsole.systems.tiered import roll as tiered

    _require_tiered(service)
    who = service.character(character_id)
    if weapon:
        item = who.gear_item(weapon)
        if item is None:
            raise ValidationError(f"{who.name} has no weapon {quoted(weapon)}")
        name, weapon_damage = item.name, item.damage
    elif damage is not None:
        name, weapon_damage = f"a weapon of damage {damage}", damage
    else:
        raise ValidationError("name a weapon from the sheet or type its damage")
    strength, dexterity = who.attributes["str"].current, who.attributes["dex"].current
    result = tiered.attack(who.class_bonus, strength, dexterity, weapon_damage, melee,
                           _source(faces, rng, TIERED_FACE_KINDS), reckless)
    data = result.as_dict()

    def mutate(c: Campaign) -> dict:
        how = "melee" if melee else "ranged"
        return {"summary": f"{who.name} attacks with {name} ({how}): {data['tier']}, {data['damage']} damage",
                "gear": name, "weapon_damage": weapon_damage, "melee": melee, "tier": data["tier"], "rolled_tier": data["rolled_tier"],
                "damage": data["damage"], "reckless": reckless, "notes": data["notes"], "dice": data["dice"],
                "by_hand": faces is not None}

    return service.ledger.commit("attack", mutate, character_id=who.id)
