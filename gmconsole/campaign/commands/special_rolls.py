"""Rolls beyond a character's own check, recorded like every other change (undoable).

- Year Zero opposed roll (R-OPP-1): the active side's roll is an ordinary ``roll`` entry (so it can
  still be pushed, by the active side only, R-PUSH-2) carrying the defender's roll and the opposed
  outcome in ``opposed``; a push recomputes the outcome (see :func:`gmconsole.campaign.commands.rolls.push`).
- ``exploding``: opposed test (R-EXP-4), assisted untrained check, group check.
- ``tiered``: contested roll (R-TIER-5).

The pools come from the sheets; the dice and outcomes from the rules core.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign import sheet_rolls, skills
from gmconsole.campaign.commands import roll_fields
from gmconsole.campaign.commands import rolls as recorded_rolls
from gmconsole.campaign.commands.opposed import TYPED_POOL, defender_panic_costs, opposed_outcome, typed_pool_request
from gmconsole.campaign.commands.roll_fields import offered_by
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.i18n import _
from gmconsole.rules.data import game_name, system_table
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError
from gmconsole.wording import possessive, quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


# --------------------------------------------------------------------------- Year Zero opposed roll

def opposed_roll(ledger: Ledger, request: sheet_rolls.RollRequest, defender_id: str | None,
                 defender_skill: str | None, defender_attribute: str | None, defender_pool: str | None,
                 faces: str | None, defender_faces: str | None, rng: random.Random) -> dict:
    """R-OPP-1: roll the active pool, then the defender's (a second character's skill roll or a typed
    pool), and record both with the outcome in one ``roll`` entry the active side may still push."""
    from gmconsole.systems.yearzero import roll as yearzero
    from gmconsole.systems.yearzero.recorded import stored_request

    campaign = ledger.campaign
    if "opposed" not in systems.get(campaign.system).special_rolls:
        raise RulesError(_("{system} has no Year Zero opposed roll").format(system=campaign.system))
    if request.reactive:
        raise ValidationError(_("the active side of an opposed roll is not a reactive roll"))
    has_pool = bool(defender_pool and defender_pool.strip())
    if bool(defender_id) == has_pool:
        raise ValidationError(_("name the defender (and skill) or type the defender's pool, e.g. base=3 skill=2"))
    if defender_id:
        who = ledger.character(defender_id)
        if who.id == request.character_id:
            raise ValidationError(_("{name} cannot oppose their own roll").format(name=who.name))
        from gmconsole.systems.yearzero.skill_modifiers import opposed_only_by_role

        only = opposed_only_by_role(campaign.system, request.skill)  # myz Intimidate: only an Enforcer opposes
        if only and who.role != only:
            role = _role_name(campaign.system, only)
            raise ValidationError(_("{skill} is an opposed roll only against another {role} ({game}); {name} is "
                                    "not one: roll it as a plain roll").format(
                skill=skills.name_of(campaign, request.skill), role=role, game=game_name(campaign.system),
                name=who.name))
        defender_request = sheet_rolls.pool_request(campaign, sheet_rolls.RollRequest(
            character_id=who.id, skill=defender_skill or None, attribute=defender_attribute or None, reactive=True))
        name, who_id = who.name, who.id
    else:
        defender_request = typed_pool_request(campaign.system, defender_pool or "")  # typed: checked above
        name, who_id = TYPED_POOL, None
    pool = yearzero.build_pool(defender_request)
    if not pool.can_roll:
        raise RulesError(_("the defender's pool cannot be rolled: {reason}").format(reason=pool.reason))
    reroll_ties = campaign.settings.opposed_reroll_ties

    def decorate(fields: dict, _result) -> None:
        defender = yearzero.roll(pool, roll_fields.dice_source(defender_faces, rng, campaign.system))
        data = defender.as_dict()
        opposed = {
            "defender": name, "defender_id": who_id, "defender_skill": defender_skill or None,
            "defender_attribute": defender_request.attribute, "typed_pool": defender_pool if has_pool else None,
            "defender_pool_request": stored_request(defender_request), "defender_dice": data["dice"],
            "defender_by_hand": defender.by_hand,
            "defender_panic": bool(who_id) and pool.push_cost == "stress-dice" and defender.panic,
            "reroll_ties": reroll_ties,
        }
        fields["roll_type"] = "opposed"
        fields["opposed"] = opposed_outcome(fields, opposed, reroll_ties)
        owed = defender_panic_costs(opposed)
        if owed:
            fields["costs"] = list(fields["costs"]) + owed
            fields["costs_status"] = "pending"

    return recorded_rolls.roll(ledger, request, faces, rng, decorate=decorate)


def _role_name(system: str, role: str) -> str:
    """A role (myz) as a refusal names it: ``Enforcer`` in English (as before), the system table's name in
    another language."""
    from gmconsole.i18n import language, pick

    row = next((r for r in system_table(system).get("roles", []) if r.get("id") == role), None)
    return pick(row["name"]) if row and language() != "en" else role.replace("-", " ").title()


# --------------------------------------------------------------------------- exploding


def _require(ledger: Ledger, kind: str, what: str) -> None:
    """Refuse the special roll ``kind`` where the campaign's system does not offer it, naming the one that does."""
    if kind not in systems.get(ledger.campaign.system).special_rolls:
        raise RulesError(_("{what} belongs to {systems}, not {system}").format(
            what=what, systems=offered_by(kind), system=ledger.campaign.system))


def _participant(campaign: Campaign, character: Character, skill: str | None, attribute: str | None):
    """An exploding :class:`~gmconsole.systems.exploding.roll.Participant` from the sheet."""
    from gmconsole.campaign import validation
    from gmconsole.systems.exploding import roll as exploding

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
    from gmconsole.systems.exploding import roll as exploding

    return exploding.build_target_number(difficulty, [exploding.parse_modifier(m) for m in tn_modifiers])


def own_tn(shared, character: Character):
    """docs/RULES.md "Wound/Strain +1 each, applied automatically from the roster", for a check with a
    TN shared by several characters: this participant's TN is the shared TN plus one line per kind,
    ``Wound xN (+1 each)`` / ``Strain xN (+1 each)``, from their own sheet (the rules core's wording)."""
    from gmconsole.systems.exploding import roll as exploding

    own = exploding.build_target_number(wounds=character.wounds, strain=character.strain)
    for line in own.lines[1:]:
        shared = shared.plus(line.label, line.amount)
    return shared


def _turn(character: Character, tn, result) -> dict:
    """One participant's row of a shared-TN check: their roll, their own TN and its explanation."""
    return {"name": character.name, "character_id": character.id, **result.as_dict(),
            "tn": tn.value, "tn_lines": [line.as_dict() for line in tn.lines], "tn_explanation": tn.explain()}


def exploding_opposed(ledger: Ledger, character_id: str, skill: str | None, attribute: str | None,
                      defender_id: str, defender_skill: str | None, defender_attribute: str | None,
                      faces: str | None, rng: random.Random) -> dict:
    """R-EXP-4: both sides roll exploding dice; the higher top wins; a tie goes to the side the
    ``exploding_tie_to_defender`` setting names. Recorded (kind ``opposed``, ``top`` = the active top).

    There is no target number in an opposed test (the tops are compared), so wounds and strain, which
    raise a TN (docs/RULES.md), change nothing here."""
    from gmconsole.systems.exploding import roll as exploding

    _require(ledger, "opposed-test", _("an opposed test"))
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
    from gmconsole.systems.exploding import roll as exploding

    _require(ledger, "assisted", _("an assisted check"))
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
    from gmconsole.systems.exploding import roll as exploding

    _require(ledger, "group", _("a group check"))
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


# --------------------------------------------------------------------------- tiered contested roll


def contested(ledger: Ledger, character_id: str, attribute: str, opponent_id: str,
              opponent_attribute: str | None, faces: str | None, rng: random.Random) -> dict:
    """R-TIER-5: each side 2d6 + attribute, the highest wins, a tie is rolled again. Recorded
    (kind ``contested``: ``rounds``, ``winner`` "a"/"b", ``winner_name``, ``outcome`` won/lost)."""
    from gmconsole.systems.tiered import roll as tiered

    _require(ledger, "contested", _("a contested roll"))
    system = ledger.campaign.system
    attribute = skills.attribute_id(system, attribute)
    opponent_attribute = skills.attribute_id(system, opponent_attribute)
    who = ledger.character(character_id)
    other = ledger.character(opponent_id)
    if other.id == who.id:
        raise ValidationError(_("{name} cannot contest themself").format(name=who.name))
    opponent_attribute = opponent_attribute or attribute
    for ch, key in ((who, attribute), (other, opponent_attribute)):
        if key not in ch.attributes:
            known = _(", ").join(skills.attribute_name_of(system, a) or a for a in ch.attributes)
            raise ValidationError(_("{name} has no attribute {attribute}: use {known}").format(
                name=ch.name, attribute=quoted(key), known=known))
    result = tiered.contested(who.attributes[attribute].current, other.attributes[opponent_attribute].current,
                              roll_fields.dice_source(faces, rng, system))
    winner = who.name if result.winner == "a" else other.name
    rounds = [list(r) for r in result.rounds]

    def mutate(c: Campaign) -> dict:
        shown = _("; ").join(_("{a} vs {b}").format(a=a, b=b) for a, b in rounds)
        named = skills.attribute_name_of(system, attribute), skills.attribute_name_of(system, opponent_attribute)
        summary = _("{name} ({attribute}) contests {other} ({other_attribute}): {rounds} — {winner} wins")
        return {"summary": summary.format(
                    name=who.name, attribute=named[0], other=other.name, other_attribute=named[1], rounds=shown,
                    winner=winner),
                "system": system, "attribute": attribute, "opponent": other.name, "opponent_id": other.id,
                "opponent_attribute": opponent_attribute, "rounds": rounds, "winner": result.winner,
                "winner_name": winner, "outcome": "won" if result.winner == "a" else "lost",
                "by_hand": faces is not None}

    return ledger.commit("contested", mutate, character_id=who.id)
