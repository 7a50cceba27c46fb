"""exploding's rolls recorded from the sheet beyond a character's own check (undoable): the opposed test
(R-EXP-4), the assisted untrained check and the group check (docs/RULES.md).

Offered through the family's roll engine (:class:`~gmconsole.campaign.engine_parts.OpposedTestPart`,
:class:`~gmconsole.campaign.engine_parts.AssistedCheckPart`, :class:`~gmconsole.campaign.engine_parts.GroupCheckPart`);
the facade has refused them already on a campaign whose system does not offer them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from gmconsole.campaign import skills, validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.families.exploding.rules import roll as exploding
from gmconsole.i18n import _
from gmconsole.phrasing import possessive, quoted
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["assisted_check", "group_check", "opposed_test", "own_tn"]


def _participant(campaign: Campaign, character: Character, skill: str | None, attribute: str | None):
    """An exploding :class:`~gmconsole.families.exploding.rules.roll.Participant` from the sheet."""
    attribute = attribute or (validation.skill_attribute(campaign, skill) if skill else None) \
        or next(iter(character.attributes))
    if attribute not in character.attributes:
        raise ValidationError(_("{name} has no trait {trait}").format(name=character.name, trait=quoted(attribute)))
    trait = character.attributes[attribute].current
    if trait == 0:
        raise ValidationError(_("{owner} {trait} is at 0: no trait die to roll").format(
            owner=possessive(character.name), trait=skills.attribute_name_of(campaign.system, attribute)))
    if skill:
        validation.check_skill_name(campaign, skill)
    size = character.skills.get(skill, 0) if skill else 0
    return exploding.Participant(character.name, (size,) * exploding.SKILL_DICE if size else (), trait), attribute


def _base_tn(difficulty: str | None, tn_modifiers: Sequence[str]):
    return exploding.build_target_number(difficulty, [exploding.parse_modifier(m) for m in tn_modifiers])


def own_tn(shared, character: Character):
    """docs/RULES.md "Wound/Strain +1 each, applied automatically from the roster", for a check with a
    TN shared by several characters: this participant's TN is the shared TN plus one line per kind,
    ``Wound xN (+1 each)`` / ``Strain xN (+1 each)``, from their own sheet (the rules core's wording)."""
    own = exploding.build_target_number(wounds=character.wounds, strain=character.strain)
    for line in own.lines[1:]:
        shared = shared.plus(line.label, line.amount)
    return shared


def _turn(character: Character, tn, result) -> dict:
    """One participant's row of a shared-TN check: their roll, their own TN and its explanation."""
    return {"name": character.name, "character_id": character.id, **result.as_dict(),
            "tn": tn.value, "tn_lines": [line.as_dict() for line in tn.lines], "tn_explanation": tn.explain()}


def opposed_test(ledger: Ledger, character_id: str, skill: str | None, attribute: str | None,
                      defender_id: str, defender_skill: str | None, defender_attribute: str | None,
                      faces: str | None, rng: random.Random) -> dict:
    """R-EXP-4: both sides roll exploding dice; the higher top wins; a tie goes to the side the
    ``exploding_tie_to_defender`` setting names. Recorded (kind ``opposed``, ``top`` = the active top).

    There is no target number in an opposed test (the tops are compared), so wounds and strain, which
    raise a TN (docs/RULES.md), change nothing here."""
    campaign = ledger.campaign
    who = ledger.character(character_id)
    other = ledger.character(defender_id)
    if other.id == who.id:
        raise ValidationError(_("{name} cannot oppose themself").format(name=who.name))
    active, attribute = _participant(campaign, who, skill, attribute)
    defender, defender_attribute = _participant(campaign, other, defender_skill or skill, defender_attribute)
    tie = "defender" if campaign.settings.exploding_tie_to_defender else "active"
    if faces:
        dice = exploding.check_dice(active.skill_dice, active.trait_die) + \
            exploding.check_dice(defender.skill_dice, defender.trait_die)
        source = exploding.parse_faces(faces, dice, True)
    else:
        source = DiceSource(rng=rng)
    result = exploding.opposed(active, defender, source, tie)
    data = result.as_dict()
    winner = who.name if result.winner == "active" else other.name

    def mutate(c: Campaign) -> dict:
        return {"summary": _("{name} ({skill}) opposed by {other}: top {top} vs {other_top} — {winner} wins").format(
                    name=who.name, skill=skill or attribute, other=other.name, top=result.active.top,
                    other_top=result.defender.top, winner=winner),
                "system": campaign.system, "skill": skill, "attribute": attribute, "top": result.active.top,
                "defender": other.name, "defender_id": other.id, "defender_skill": defender_skill or skill,
                "defender_attribute": defender_attribute, "defender_top": result.defender.top,
                "winner": result.winner, "winner_name": winner, "tie_goes_to": tie,
                "dice": data["active"]["dice"], "defender_dice": data["defender"]["dice"], "outcome": data,
                "by_hand": bool(faces)}

    return ledger.commit("opposed", mutate, character_id=who.id)


def assisted_check(ledger: Ledger, leader_id: str, skill: str, others: Sequence[str],
                   attribute: str | None, difficulty: str | None, tn_modifiers: Sequence[str],
                   hold: Sequence[str], rng: random.Random, faces: str | None = None) -> dict:
    """Assisted untrained check (docs/RULES.md): the trained leader rolls first against TN + 1 per other
    participant; the points above the TN form a pool; each other participant in turn rolls their
    trait die against that TN and spends pool points to close the gap (those in ``hold`` keep the
    pool for the ones after them). Recorded (kind ``assisted``, ``top`` = the leader's top).

    Wound/Strain (docs/RULES.md, +1 each from the roster) are each participant's own: the group TN
    (``tn``: difficulty + picked modifiers + 1 per other participant) is shared, and each participant,
    the leader included, rolls against the group TN + their own wounds + their own strain (in their
    row of ``rolls``: ``tn``, ``tn_lines``, ``tn_explanation``). So the leader's pool is the points
    above the leader's own TN, and a participant's gap is their own TN − their top.

    ``faces`` typed from physical dice (R-MANUAL-1) are read in turn: the leader's skill dice, then the
    trait dice of the leader and of each participant in order (``s8+3,2 t4,5,3``)."""
    campaign = ledger.campaign
    if not skill:
        raise ValidationError(_("an assisted check needs the skill the leader is trained in"))
    leader_ch = ledger.character(leader_id)
    leader, attribute = _participant(campaign, leader_ch, skill, attribute)
    if not leader.skill_dice:
        raise RulesError(_("{name} is not trained in {skill}: the leader of an assisted check must be").format(
            name=leader_ch.name, skill=skill))
    helpers = [ledger.character(o) for o in others]
    hold_ids = {ledger.character(h).id for h in hold}
    people = [(_participant(campaign, h, None, attribute)[0], h) for h in helpers]
    check = exploding.AssistedCheck.start(_base_tn(difficulty, tn_modifiers), leader_ch.name, [h.name for h in helpers])
    shared = check.tn
    if faces:
        dice = exploding.check_dice(leader.skill_dice, leader.trait_die)
        dice += tuple(d for person, _ch in people for d in exploding.check_dice((), person.trait_die))
        source = exploding.parse_faces(faces, dice, True)
    else:
        source = DiceSource(rng=rng)
    tn = own_tn(shared, leader_ch)
    first = exploding.roll_check(leader.skill_dice, leader.trait_die, tn, source, last=False)
    # The rules core reads the TN of the check for each step: give it this participant's own TN for
    # their step, then put the shared one back.
    check = replace(replace(check, tn=tn).leader_rolled(first), tn=shared)
    turns = [_turn(leader_ch, tn, first)]
    for person, ch in people:
        tn = own_tn(shared, ch)
        result = exploding.roll_check((), person.trait_die, tn, source, last=False)
        check = replace(replace(check, tn=tn).participant_rolled(result, spend=ch.id not in hold_ids), tn=shared)
        turns.append(_turn(ch, tn, result))
    source.finish()
    data = check.as_dict()

    def mutate(c: Campaign) -> dict:
        return {"summary": _("{name} leads an assisted {skill} check (TN {tn}) with {helpers}: {successes} of "
                             "{people} succeed").format(
                    name=leader_ch.name, skill=skill, tn=check.tn.value, helpers=_(", ").join(h.name for h in helpers),
                    successes=check.successes, people=len(helpers) + 1),
                "system": campaign.system, "skill": skill, "attribute": attribute, "top": first.top,
                "tn": check.tn.value, "successes": check.successes, "assisted": data, "rolls": turns,
                "participants": [leader_ch.id] + [h.id for h in helpers], "held": sorted(hold_ids),
                "dice": turns[0]["dice"], "by_hand": bool(faces)}

    return ledger.commit("assisted", mutate, character_id=leader_ch.id)


def group_check(ledger: Ledger, character_ids: Sequence[str], skill: str, attribute: str | None,
                difficulty: str | None, tn_modifiers: Sequence[str], faces: str | None, rng: random.Random) -> dict:
    """Group check (docs/RULES.md): TN −1 per trained participant; everyone rolls; the successes are
    counted. Recorded (kind ``group``, the first participant as its character, ``successes``).

    Wound/Strain (docs/RULES.md, +1 each from the roster) are each participant's own: ``tn`` is the
    group TN (difficulty + picked modifiers − 1 per trained participant), and each participant
    succeeds against the group TN + their own wounds + their own strain (their row in
    ``group["results"]``: ``tn``, ``tn_lines``, ``tn_explanation``)."""
    campaign = ledger.campaign
    if not skill:
        raise ValidationError(_("a group check needs the skill everyone rolls"))
    members = [ledger.character(x) for x in character_ids]
    if len({m.id for m in members}) != len(members):
        raise ValidationError(_("name each participant of the group check once"))
    people = [_participant(campaign, m, skill, attribute) for m in members]
    attribute = people[0][1] if people else attribute
    participants = [p for p, _a in people]
    if faces:
        dice = [d for p in participants for d in exploding.check_dice(p.skill_dice, p.trait_die)]
        source = exploding.parse_faces(faces, dice, True)
    else:
        source = DiceSource(rng=rng)
    shared = exploding.group_check(_base_tn(difficulty, tn_modifiers), participants, source)
    own = [own_tn(shared.tn, m) for m in members]
    result = replace(shared, results=tuple((name, replace(check, tn=tn))
                                           for (name, check), tn in zip(shared.results, own)))
    data = result.as_dict()
    for row, member, tn in zip(data["results"], members, own):
        row["character_id"] = member.id
        row["tn_explanation"] = tn.explain()

    def mutate(c: Campaign) -> dict:
        return {"summary": _("group {skill} check (TN {tn}): {successes} of {people} succeed").format(
                    skill=skill, tn=result.tn.value, successes=result.successes, people=len(members)),
                "system": campaign.system, "skill": skill, "attribute": attribute, "tn": result.tn.value,
                "successes": result.successes, "top": max(r["top"] for r in data["results"]),
                "group": data, "participants": [m.id for m in members], "by_hand": bool(faces)}

    return ledger.commit("group", mutate, character_id=members[0].id if members else None)
