"""The Year Zero opposed roll (R-OPP-1): recorded, its outcome read again after a push, and its words.

The active side's roll is an ordinary ``roll`` entry (so it can still be pushed, by the active side only,
R-PUSH-2) carrying the defender's roll and the outcome in ``opposed``; a push reads the outcome again with
:func:`opposed_outcome` (:mod:`gmconsole.families.yearzero.engine.push`). Offered through the family's roll engine
(:class:`~gmconsole.campaign.engine_parts.OpposedRollPart`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign import skills
from gmconsole.campaign.commands import rolls as recorded_rolls
from gmconsole.campaign.commands.roll_fields import dice_source
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import RollRequest, rolled_die
from gmconsole.families.yearzero.engine.pool import pool_request
from gmconsole.families.yearzero.rules import roll as yearzero
from gmconsole.families.yearzero.rules.recorded import pool_request_from, stored_request
from gmconsole.families.yearzero.rules.skill_modifiers import opposed_only_by_role
from gmconsole.i18n import _, language, pick, verbatim
from gmconsole.rules.data import game_name, system_table
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import parse_int_spec

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["TYPED_POOL", "defender_name", "defender_panic_costs", "opposed_outcome", "opposed_roll",
           "opposed_summary", "opposed_verdict", "typed_pool_request"]


def opposed_roll(ledger: Ledger, request: RollRequest, defender_id: str | None,
                 defender_skill: str | None, defender_attribute: str | None, defender_pool: str | None,
                 faces: str | None, defender_faces: str | None, rng: random.Random) -> dict:
    """R-OPP-1: roll the active pool, then the defender's (a second character's skill roll or a typed
    pool), and record both with the outcome in one ``roll`` entry the active side may still push."""
    campaign = ledger.campaign
    if request.reactive:
        raise ValidationError(_("the active side of an opposed roll is not a reactive roll"))
    has_pool = bool(defender_pool and defender_pool.strip())
    if bool(defender_id) == has_pool:
        raise ValidationError(_("name the defender (and skill) or type the defender's pool, e.g. base=3 skill=2"))
    if defender_id:
        who = ledger.character(defender_id)
        if who.id == request.character_id:
            raise ValidationError(_("{name} cannot oppose their own roll").format(name=who.name))
        only = opposed_only_by_role(campaign.system, request.skill)  # myz Intimidate: only an Enforcer opposes
        if only and who.role != only:
            role = _role_name(campaign.system, only)
            raise ValidationError(_("{skill} is an opposed roll only against another {role} ({game}); {name} is "
                                    "not one: roll it as a plain roll").format(
                skill=skills.name_of(campaign, request.skill), role=role, game=game_name(campaign.system),
                name=who.name))
        defender_request = pool_request(campaign, RollRequest(
            character_id=who.id, skill=defender_skill or None, attribute=defender_attribute or None, reactive=True))
        name, who_id = who.name, who.id
    else:
        defender_request = typed_pool_request(campaign.system, defender_pool or "")  # typed: checked above
        name, who_id = TYPED_POOL, None
    pool = yearzero.build_pool(defender_request)
    if not pool.can_roll:
        raise RulesError(_("the defender's pool cannot be rolled: {reason}").format(reason=pool.reason))
    reroll_ties = campaign.settings.opposed_reroll_ties
    active_name = ledger.character(request.character_id).name

    def decorate(fields: dict, _result) -> None:
        defender = yearzero.roll(pool, dice_source(defender_faces, rng, campaign.system))
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
        shown = skills.name_of(campaign, fields["skill"]) or skills.attribute_name_of(campaign.system,
                                                                                   fields["attribute"])
        fields["summary"] = opposed_summary(campaign, active_name, shown, fields["opposed"])
        owed = defender_panic_costs(opposed)
        if owed:
            fields["costs"] = list(fields["costs"]) + owed
            fields["costs_status"] = "pending"

    return recorded_rolls.roll(ledger, request, faces, rng, decorate=decorate)


def _role_name(system: str, role: str) -> str:
    """A role (myz) as a refusal names it: ``Enforcer`` in English (as before), the system table's name in
    another language."""
    row = next((r for r in system_table(system).get("roles", []) if r.get("id") == role), None)
    return pick(row["name"]) if row and language() != "en" else role.replace("-", " ").title()


def typed_pool_request(system: str, text: str):
    """A defender's pool typed as counts, e.g. ``base=3 skill=2 gear=1`` (a reactive roll)."""
    typed = systems.get(system).typed_pool
    assert typed is not None  # asked only of a family whose defender may type a pool (Year Zero)
    pool_rules, push_cost = typed
    counts = parse_int_spec(text, ("base", "skill", "gear"))
    for kind, values in counts.items():
        if len(values) != 1:
            raise RulesError(_("give one count for {kind}= (e.g. base=3 skill=2)").format(kind=kind))
    base = counts.get("base", [0])[0]
    skill = counts.get("skill", [0])[0]
    gear = counts.get("gear", [0])[0]
    return yearzero.PoolRequest(
        system=pool_rules, attribute_value=base, skill=None, skill_level=0,
        modifiers=(skill,) if skill else (), gear=((_("typed gear"), gear),) if gear else (),
        push_cost=push_cost, reactive=True,
    )


def opposed_outcome(entry_fields: dict, opposed: dict, reroll_ties: bool) -> dict:
    """R-OPP-1 read again from a (maybe pushed) active roll's fields and the stored defender roll."""
    active = yearzero.YearZeroRoll(
        pool=yearzero.build_pool(pool_request_from(entry_fields["pool_request"])),
        dice=tuple(rolled_die(d) for d in entry_fields["dice"]),
        first_dice=tuple(rolled_die(d) for d in entry_fields["first_dice"]),
        pushes=entry_fields.get("pushes", 0),
    )
    defender_pool = yearzero.build_pool(pool_request_from(opposed["defender_pool_request"]))
    dice = tuple(rolled_die(d) for d in opposed["defender_dice"])
    defender = yearzero.YearZeroRoll(pool=defender_pool, dice=dice, first_dice=dice)
    result = yearzero.opposed(active, defender, reroll_ties)
    out = dict(opposed)
    out.update(result.as_dict())
    return out


def defender_panic_costs(opposed: dict) -> list[dict]:
    """R-OPP-1 with R-PANIC-1: a roster defender whose stress die shows 1 (``stress-dice`` push cost)
    owes a panic roll. It is a cost of the opposed roll's entry (``target`` the defender's name,
    ``character_id`` theirs), pending until the GM's one ``apply_costs`` for the roll, which rolls
    it with the chained effects on the characters in range — and undoes it with the active side's costs.
    A typed defender pool has no stress dice, so it never panics."""
    if not (opposed.get("defender_panic") and opposed.get("defender_id")):
        return []
    return [{"name": "panic", "amount": 1, "target": opposed["defender"], "character_id": opposed["defender_id"]}]


def opposed_verdict(name: str, opposed: dict) -> str:
    """Who carries an opposed roll, in words."""
    outcome = opposed["outcome"]
    if outcome == "active":
        return _("{name} wins").format(name=name)
    if outcome == "defender":
        return _("{name} holds").format(name=defender_name(opposed))
    return _("a tie: roll again")


TYPED_POOL = verbatim("typed pool")
"""The defender's name an opposed roll against a typed pool stores (scripts and tests compare it), shown
in the console's language by :func:`defender_name`."""


def defender_name(opposed: dict) -> str:
    """The defender of an opposed roll as the GM reads it: a character's name, or "typed pool" translated."""
    defender = opposed.get("defender") or ""
    return _("typed pool") if defender == TYPED_POOL and not opposed.get("defender_id") else defender


def opposed_summary(campaign: Campaign, name: str, skill: str | None, opposed: dict) -> str:
    """The history line of an opposed roll: both sides' successes and who carries it (the defender's
    skill by its name in ``campaign``; the entry keeps its id)."""
    verdict = opposed_verdict(name, opposed)
    shown = skills.name_of(campaign, opposed.get("defender_skill"))
    against = (_("{name} ({skill})").format(name=defender_name(opposed), skill=shown) if shown
               else defender_name(opposed))
    return _("{name} rolls {skill} opposed by {against}: {active} vs {defender} — {verdict}").format(
        name=name, skill=skill or _("a roll"), against=against, active=opposed["active_successes"],
        defender=opposed["defender_successes"], verdict=verdict)
