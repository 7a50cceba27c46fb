"""Rolls built from the sheet: the pool, its preview, and reading a recorded roll back.

The pool comes from the character sheet and the campaign settings; the dice, odds and costs come
from the rules core (:mod:`gmconsole.systems.yearzero.roll`, :mod:`~gmconsole.systems.exploding.roll`,
:mod:`~gmconsole.systems.tiered.roll`). Recording a roll, a push, its costs and what follows lives in
:mod:`gmconsole.campaign.commands` (``rolls``, ``costs``, ``consequences``, ``special_rolls``,
``quick_rolls``), which build on this module and never the other way round.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from gmconsole import systems
from gmconsole.campaign import character_lookup, combat_actions, role_limits, skills, validation
from gmconsole.campaign.entries import RollEntry, as_record, given
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character, RollPreview
from gmconsole.campaign.words import attribute_shown, covered_by
from gmconsole.i18n import _, language, pick, verbatim
from gmconsole.rules.dice import Die, DieKind, RolledDie
from gmconsole.rules.errors import RulesError
from gmconsole.systems.yearzero import skill_modifiers as skill_modifiers
from gmconsole.wording import possessive, quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.systems.quick_pool import QuickPool

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
    hidden: bool = False
    """The GM's hidden roll: recorded as usual, never shown on the players' table view."""

    def as_dict(self) -> dict:
        """The request as the entry stores it (``hidden`` is the entry's own key, written only when true)."""
        out = asdict(self)
        del out["hidden"]
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


def _attribute_for(campaign: Campaign, character: Character, request: RollRequest) -> str:
    uses = skill_modifiers.uses_for(campaign.system, request.skill)
    if uses:  # a skill rolled for one of its uses (myz Sic a Dog): the use names the attribute
        return _attribute_of_use(campaign, character, request, uses)
    if request.attribute:
        # named by id or by name, in any case ("Wits", "STR"); the entry keeps the id
        attribute = skills.attribute_id(campaign.system, request.attribute)
        attribute = next((a for a in character.attributes if a.casefold() == attribute.casefold()), attribute)
        if attribute not in character.attributes:
            raise ValidationError(_("{name} has no attribute {attribute}").format(
                name=character.name, attribute=quoted(request.attribute)))
        return attribute
    if request.skill:
        linked = validation.skill_attribute(campaign, request.skill)
        if linked:
            return linked
    if len(character.attributes) == 1:
        return next(iter(character.attributes))
    if not request.skill:  # e.g. an opposed roll's defender marked without a skill
        raise ValidationError(_("pick the skill (or name the attribute) for {owner} roll").format(
            owner=possessive(character.name)))
    raise ValidationError(_("name the attribute for {owner} roll").format(owner=possessive(character.name)))


def _helpers(campaign: Campaign, character: Character, helpers) -> tuple[str, ...]:
    names = []
    for helper in helpers:
        found = _character(campaign, helper)
        if found.id == character.id:
            raise ValidationError(_("{name} cannot help their own roll").format(name=character.name))
        names.append(found.name)
    return tuple(names)


def _gear(character: Character, refs) -> list:
    items = []
    for ref in refs:
        item = character.gear_item(ref)
        if item is None:
            raise ValidationError(_("{name} has no item {item}").format(name=character.name, item=quoted(ref)))
        if item.destroyed:
            raise ValidationError(_("{item} is destroyed").format(item=item.name))
        items.append(item)
    return items


def pool_request(campaign: Campaign, request: RollRequest):
    """The Year Zero :class:`~gmconsole.systems.yearzero.roll.PoolRequest` for a sheet roll."""
    from gmconsole.systems.yearzero.roll import PoolRequest

    system = campaign.system
    rules = systems.get(system)
    settings = campaign.settings
    character = _character(campaign, request.character_id)
    attribute = _attribute_for(campaign, character, request)
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


def lasting_modifiers(character: Character | None, attribute: str | None, skill: str | None) -> list[dict]:
    """The modifiers a character's sheet brings to a roll while they last, each named for the pool's lines
    (``name``) and the roll builder's settings line (``source``): the panic row in force (Tremble: -2 to every
    Agility skill roll until stress is back to 0) as ``{"source": "panic", "name": "Tremble (panic)",
    "modifier": -2}``, in the console's language."""
    if character is None or character.panic is None or attribute != "agility" or not skill:
        return []
    from gmconsole.systems.yearzero.panic import panic_row

    row = panic_row(character.panic.total)
    penalty = int(row.get("agility_modifier", 0))
    if not penalty:
        return []
    name = pick(row.get("name"), row.get("id", ""))
    return [{"source": _("panic"), "name": _("{row} (panic)").format(row=name), "modifier": penalty}]


@runtime_checkable
class RollEngine(Protocol):
    """How a family builds, rolls and records its checks: its family object's ``engine``
    (:class:`gmconsole.systems.family.GameFamily`), asked through :func:`engine_of`."""

    def build(self, campaign: Campaign, request: RollRequest) -> Built:
        """The pool for ``request`` on ``campaign``'s sheet; raises RulesError / ValidationError."""
        ...

    def roll(self, fields: dict, built: Built, faces: str | None, rng: random.Random) -> tuple[list[dict], Any]:
        """Roll ``built`` (or read the typed ``faces``) into the entry's ``fields``; the effects applied with
        the roll itself (tiered stamina, XP) and the rules-core result (an opposed roll reads it)."""
        ...

    def quick_roll(self, fields: dict, quick: QuickPool, faces: str | None, rng: random.Random) -> None:
        """Roll the GM's quick pool ``quick`` into the entry's ``fields``."""
        ...


def engine_of(system_id: str) -> RollEngine:
    """The roll engine of the family playing ``system_id``."""
    engine = systems.family_of(system_id).engine
    if not isinstance(engine, RollEngine):
        raise TypeError(verbatim("the game family of {system} gives no roll engine (build, roll, quick_roll)").format(
            system=system_id))
    return engine


def build(campaign: Campaign, request: RollRequest) -> Built:
    """The pool for ``request`` on ``campaign``'s sheet; raises RulesError / ValidationError."""
    skill_modifiers.resolve(campaign.system, request.skill, request.skill_modifiers)  # seed 002's named lists
    return engine_of(campaign.system).build(campaign, request)


# --------------------------------------------------------------------------- preview


def one_chance_words(ledger: Ledger, character: Character, request: RollRequest) -> tuple[str, str] | None:
    """docs/RULES.md "only one chance", when the same character, skill and goal already rolled this scene:
    ``(warning, advice)`` — the warning while a second roll is built, the advice for the next roll right after
    the first (which broke no rule); ``None`` when the rule does not apply."""
    if not request.skill or (character.id, request.skill, request.goal or "") not in ledger.scene_rolls():
        return None
    goal = request.goal
    named = skills.name_of(ledger.campaign, request.skill) or request.skill
    if goal:
        said = _("{name} already rolled {skill} for {goal} this scene: only one chance unless circumstances changed")
        advice = _("{skill} for {goal} is rolled for this scene: another roll needs changed circumstances (w)")
    else:
        said = _("{name} already rolled {skill} this scene: only one chance unless circumstances changed")
        advice = _("{skill} is rolled for this scene: another roll needs changed circumstances (w)")
    return said.format(name=character.name, skill=named, goal=goal), advice.format(skill=named, goal=goal)


def _one_chance_warning(ledger: Ledger, character: Character, request: RollRequest) -> list[str]:
    words = one_chance_words(ledger, character, request)
    return [words[0]] if words else []


def preview(ledger: Ledger, request: RollRequest) -> RollPreview:
    """The preview the roll builder shows; writes nothing. Refusals become ``can_roll=False`` + reason."""
    campaign = ledger.campaign
    character = campaign.find_character(request.character_id)
    name = character.name if character else request.character_id
    try:
        built = build(campaign, request)
    except (RulesError, ValidationError) as exc:
        return RollPreview(system=campaign.system, character_id=request.character_id, character=name,
                           skill=request.skill, attribute=request.attribute, dice=[], explanation=[], odds={},
                           can_roll=False, reason=str(exc))
    warnings = _one_chance_warning(ledger, built.character, request) + role_limits.warnings(
        ledger, built.character, request) + combat_actions.help_warnings(campaign, built.character.id, request.helpers)
    if built.character.broken:
        warnings.append(_("{name} is broken").format(name=built.character.name))
    if built.character.panic is not None:
        warnings.append(_("{name} is in panic: {row}").format(name=built.character.name,
                                                              row=_panic_shown(built.character.panic)))
    return RollPreview(
        system=campaign.system, character_id=built.character.id, character=built.character.name,
        skill=built.skill, attribute=built.attribute, dice=built.dice, explanation=built.explanation,
        odds=built.odds, can_roll=built.can_roll, reason=built.reason, warnings=warnings,
        can_push=built.can_push and built.can_roll, target_number=built.target_number,
    )


# --------------------------------------------------------------------------- the recorded roll

def _panic_shown(panic) -> str:
    """A character's panic as the GM reads it now: the table row's name in the console's language (the sheet
    keeps the name in the language spoken when it was rolled, and the row's id)."""
    if language() != "en" and panic.effect:
        from gmconsole.campaign.stats_words import panic_row_name

        return panic_row_name(panic.effect)
    return panic.name or panic.effect


def latest_roll(ledger: Ledger, entry_id: int | None, want: str) -> dict:
    session = ledger.session.number
    if entry_id is not None:
        entry = ledger.entry_anywhere(entry_id)
        if entry.get("kind") != "roll":
            raise ValidationError(_("history entry {id} is not a roll").format(id=entry_id))
        if entry.get("status", "done") != "done":
            raise ValidationError(_("the roll {id} was undone").format(id=entry_id))
        return entry
    for entry in ledger.entries_newest_first(session):
        if entry.get("kind") != "roll" or entry.get("status", "done") != "done":
            continue
        if want == "push" or entry.get("costs_status") == "pending":
            return entry
    raise ValidationError(_("there is no roll to push in this session") if want == "push"
                          else _("no roll in this session has costs waiting to be applied"))


def push_out_of_scene(ledger: Ledger, entry: RollEntry | dict) -> str | None:
    """Why ``entry`` (a roll) can no longer be pushed because its scene or session has ended, or ``None``.

    A push follows its roll at once (the seeds: you push right after the roll), so it belongs to the
    roll's own scene; undoing the new scene or session makes the roll pushable again."""
    entry = cast("RollEntry", as_record(entry))  # a roll's record (the caller passes a roll)
    session = ledger.session
    made_in = (given(entry.session, None), entry.scene or session.scene)  # older entries name no scene
    if made_in == (session.number, session.scene):
        return None
    return _("roll {id} was made in session {session}, scene {scene}; a push follows its roll in the same scene "
             "(push in the scene, docs/RULES.md)").format(id=given(entry.id, None), session=made_in[0],
                                                           scene=made_in[1])


def rolled_die(data: dict) -> RolledDie:
    die = Die(DieKind(data["kind"]), data["sides"], data.get("source"))
    return RolledDie(die, data["face"], data.get("rerolled", False))


def recorded_roll(ledger: Ledger, entry_id: int):
    """``(entry, YearZeroRoll)`` rebuilt from a recorded Year Zero roll (pool from its stored request);
    a roll with no character is the GM's own, whose push charges nobody (R-PUSH-7)."""
    from gmconsole.systems.yearzero import roll as yearzero
    from gmconsole.systems.yearzero.recorded import pool_request_from

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
