"""Rolls built from the sheet: the pool, its preview, and reading a recorded roll back.

The pool comes from the character sheet and the campaign settings; each family's roll engine
(:class:`RollEngine`, asked through :func:`engine_of`, with the parts of :mod:`gmconsole.campaign.engine_parts`)
builds it and rolls it with its own rules. Recording a roll, a push, its costs and what follows lives in
:mod:`gmconsole.campaign.commands` (``rolls``, ``costs``, ``consequences``, ``special_rolls``, ``quick_rolls``),
which build on this module and never the other way round.
"""

# The engine parts are Protocols handed to engine_parts.part_of as type[Part]; mypy calls that passing an
# abstract class (python/mypy#4717), which here is the point: the part is looked up, never instantiated.
# mypy: disable-error-code="type-abstract"

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from gmconsole import systems
from gmconsole.campaign import character_lookup, combat_actions, role_limits, skills, validation
from gmconsole.campaign.entries import RollEntry, as_record, given
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character, RollPreview
from gmconsole.campaign.roll_request import RollRequest as RollRequest
from gmconsole.i18n import _, language, verbatim
from gmconsole.phrasing import possessive, quoted
from gmconsole.rules.dice import Die, DieKind, RolledDie
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.systems.quick_pool import QuickPool

ROLL_FIELDS_CHANGED_BY_PUSH = ("dice", "successes", "stunts", "pushes", "outcome", "costs", "costs_status",
                               "can_push", "push_refusal", "panic", "by_hand")


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


def _attribute_for(campaign: Campaign, character: Character, request: RollRequest) -> str:
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


def lasting_modifiers(system: str, character: Character | None, attribute: str | None,
                      skill: str | None) -> list[dict]:
    """The modifiers a character's sheet brings to a roll of ``system`` while they last, each named for the pool's
    lines (``name``) and the roll builder's settings line (``source``), as the family's engine reads them
    (:class:`~gmconsole.campaign.engine_parts.LastingModifiersPart`; Year Zero: the panic row in force); none in
    a family whose sheets bring none."""
    from gmconsole.campaign.engine_parts import LastingModifiersPart, part_or_none

    part = part_or_none(system, LastingModifiersPart)
    return part.lasting_modifiers(character, attribute, skill) if part is not None else []


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
    named_modifiers(campaign.system, request.skill, request.skill_modifiers)  # checked before the pool is built
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
        from gmconsole.campaign.statistics_phrases import panic_row_name

        return panic_row_name(panic.effect)
    return panic.name or panic.effect


def latest_roll(ledger: Ledger, entry_id: int | None, want: str) -> dict:
    session = ledger.session.number
    # the costs a roll on one of the GM's tables leaves waiting are applied as a roll's are
    kinds = ("roll",) if want == "push" else ("roll", "table_roll")
    if entry_id is not None:
        entry = ledger.entry_anywhere(entry_id)
        if entry.get("kind") not in kinds:
            raise ValidationError(_("history entry {id} is not a roll").format(id=entry_id))
        if entry.get("status", "done") != "done":
            raise ValidationError(_("the roll {id} was undone").format(id=entry_id))
        return entry
    for entry in ledger.entries_newest_first(session):
        if entry.get("kind") not in kinds or entry.get("status", "done") != "done":
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


def named_modifiers(system: str, skill: str | None, picks: Sequence[str]) -> list[dict]:
    """The named modifiers ``picks`` of a roll of ``skill`` (seed 002's lists; myz: what a role skill's roll is
    for), checked by the family's engine and as the entry records them; refused (RulesError) in a family whose
    skills have no such lists."""
    from gmconsole.campaign.engine_parts import NamedModifiersPart, part_or_none

    part = part_or_none(system, NamedModifiersPart)
    if part is not None:
        return part.named_modifiers(system, skill, picks)
    if not picks:
        return []
    if not skill:
        raise RulesError(_("a roll without a skill has no named modifiers in {system}: pick the skill first")
                         .format(system=system))
    raise RulesError(_("{skill} has no named modifiers in {system}").format(skill=skill, system=system))


def recorded_roll(ledger: Ledger, entry_id: int) -> tuple[dict, Any]:
    """``(entry, the rules' roll)`` rebuilt from a recorded roll that a push, a repair or a role's talent reads
    back (the family engine's :class:`~gmconsole.campaign.engine_parts.RecordedRollPart`); refused for an entry
    that is no such roll."""
    from gmconsole.campaign.engine_parts import RecordedRollPart, part_or_none

    part = part_or_none(ledger.campaign.system, RecordedRollPart)
    if part is None:
        ledger.entry_anywhere(entry_id)  # an id that names no entry is refused as such
        raise ValidationError(_("history entry {id} is not a Year Zero roll").format(id=entry_id))
    return part.recorded_roll(ledger, entry_id)
