"""Rolls recorded from the sheet: roll, push, and tiered's saving throws and attacks.

The pool is built by :mod:`gmconsole.campaign.sheet_rolls` (the same build the preview shows); the dice and
outcome come from the family's rules; every change is committed through the campaign's
:class:`~gmconsole.campaign.ledger.Ledger`, so it is persisted, recorded and undoable.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmconsole import systems
from gmconsole.campaign import character_lookup, combat_actions, sheet_rolls, skills, validation
from gmconsole.campaign.commands.roll_fields import (
    dice_source,
    offered_by,
    roll_summary,
    sixes_text,
    successes_text,
    year_zero_fields,
)
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import (
    ROLL_FIELDS_CHANGED_BY_PUSH,
    RollRequest,
    build,
    latest_roll,
    rolled_die,
)
from gmconsole.campaign.words import attribute_shown, outcome_shown, tier_shown
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.systems.yearzero import skill_modifiers as skill_modifiers
from gmconsole.systems.yearzero.sixes import marks_of
from gmconsole.wording import quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def roll(ledger: Ledger, request: RollRequest, faces: str | None, rng: random.Random,
         decorate=None, entry_updates=()) -> dict:
    """Roll and record; tiered Push Yourself stamina and Limited XP are applied with the roll itself.

    ``decorate(fields, result)`` adds to the entry before it is recorded (the opposed roll's defender);
    ``entry_updates`` change earlier entries in the same change (a check rerolled with a grant, R-EXP-5)."""
    campaign = ledger.campaign
    built = build(campaign, request)
    if not built.can_roll:
        raise RulesError(built.reason or _("this pool cannot be rolled"))
    fields: dict[str, Any] = {
        "system": campaign.system, "skill": built.skill, "attribute": built.attribute, "goal": request.goal,
        "request": request.as_dict(), "pool": {"dice": built.dice, "explanation": built.explanation},
        "odds": built.odds, "helpers": list((built.extra or {}).get("helpers", [])),
    }
    if request.hidden:  # only when true, so the entries of every other roll keep their shape
        fields["hidden"] = True
    if request.skill_modifiers:  # recorded by name (seed 002's lists; myz: what a role skill's roll is for)
        fields["skill_modifiers"] = skill_modifiers.recorded(
            skill_modifiers.resolve(campaign.system, built.skill, request.skill_modifiers))
    applied, result = sheet_rolls.engine_of(campaign.system).roll(fields, built, faces, rng)
    # Each step of a roll (the first roll, then each push) records whether its faces were typed;
    # the entry's own ``by_hand`` keeps meaning "the first roll was typed".
    fields["by_hand_steps"] = [bool(fields.get("by_hand"))]
    shown_skill = skills.name_of(campaign, built.skill)  # the GM reads the name; the entry keeps the id
    shown_attribute = skills.attribute_name_of(campaign.system, built.attribute)
    fields["summary"] = roll_summary(built.character.name, shown_skill, shown_attribute, fields,
                                     sixes_text(campaign.system, built.skill, fields))
    if decorate is not None:
        decorate(fields, result)
        if fields.get("opposed"):
            from gmconsole.campaign.commands.opposed import opposed_summary

            fields["summary"] = opposed_summary(campaign, built.character.name, shown_skill or shown_attribute,
                                                fields["opposed"])
    if request.hidden:  # the GM's history says so wherever it shows the summary
        fields["summary"] = _("{summary} (hidden from the table)").format(summary=fields["summary"])

    def mutate(c: Campaign) -> dict:
        character = character_lookup.member(c, built.character.id)
        for effect in applied:
            if effect["target"] == "xp":
                character.xp += effect["amount"]
            elif effect["target"] == "stamina":
                character.stamina = max(0, character.stamina + effect["amount"])
        helping = combat_actions.mark_helpers(c, built.character.id, fields["request"]["helpers"])
        if helping is not None:  # R-ACT-2: in a conflict each helper takes an action of the kind helped
            fields["actions"] = {"kind": helping["kind"], "helpers": helping["helpers"]}
            fields["summary"] += "; " + helping["summary"]
        return fields

    entry = ledger.commit("roll", mutate, character_id=built.character.id, entry_updates=entry_updates)
    ledger.remember_roll(entry)
    return entry


def _refuse_push_of_system(ledger: Ledger) -> None:
    if not systems.get(ledger.campaign.system).pushes:
        raise RulesError(_("{system} rolls cannot be pushed").format(system=ledger.campaign.system))


def _refuse_push_of(ledger: Ledger, entry: dict) -> None:
    """What the campaign (not the dice) forbids a push of ``entry`` for: its scene ended, its costs applied."""
    ended = sheet_rolls.push_out_of_scene(ledger, entry)
    if ended:
        raise ValidationError(ended)
    if entry.get("costs_status") == "applied":
        raise ValidationError(_("this roll's costs were already applied; undo them before pushing"))
    if entry.get("role_outcome"):  # R-MYZ-ROLE-1: the build, finds or Save a Life followed the roll as it was
        raise ValidationError(_("this roll's outcome was already applied ({summary}); undo it before pushing").format(
            summary=entry["role_outcome"].get("summary", "")))


def push(ledger: Ledger, entry_id: int | None, faces: str | None, rng: random.Random,
         condition: str | None) -> dict:
    """Push a recorded Year Zero roll of the current scene (push in the scene, docs/RULES.md); the roll's entry is
    updated, the push is its own entry. A family whose push adds a die (tiered) adds it instead
    (:mod:`gmconsole.campaign.commands.push_yourself`)."""
    from gmconsole.systems.yearzero import roll as yearzero
    from gmconsole.systems.yearzero.recorded import pool_request_from

    if systems.get(ledger.campaign.system).push_adds_die:  # tiered: Push Yourself after the roll
        from gmconsole.campaign.commands.push_yourself import push_yourself

        return push_yourself(ledger, entry_id, faces, rng)
    _refuse_push_of_system(ledger)
    entry = latest_roll(ledger, entry_id, "push")
    _refuse_push_of(ledger, entry)
    pool = yearzero.build_pool(pool_request_from(entry["pool_request"]))
    previous = yearzero.YearZeroRoll(
        pool=pool, dice=tuple(rolled_die(d) for d in entry["dice"]),
        first_dice=tuple(rolled_die(d) for d in entry["first_dice"]), pushes=entry.get("pushes", 0),
        by_hand=entry.get("by_hand", False),
        owned=entry.get("character_id") is not None,  # R-PUSH-7: the GM's own roll rolls no stress die of its own
    )
    pushed = yearzero.push(previous, dice_source(faces, rng, ledger.campaign.system))
    marks = marks_of(entry.get("skill_modifiers"))
    new_fields = year_zero_fields(pushed, marks)
    if entry.get("opposed"):
        # The defender's panic (R-OPP-1, R-PANIC-1) stays owed whatever the active side's push rolls.
        from gmconsole.campaign.commands.opposed import defender_panic_costs

        owed = defender_panic_costs(entry["opposed"])
        if owed:
            new_fields["costs"] = new_fields["costs"] + owed
            new_fields["costs_status"] = "pending"
    if condition is not None:
        for cost in new_fields["costs"]:
            if cost["name"] == "condition":
                cost["target"] = condition.strip().casefold()
    if entry.get("character_id") is None:  # the GM's quick roll: a push of it charges nobody (R-PUSH-7)
        from gmconsole.campaign.commands.roll_fields import no_costs

        no_costs(new_fields)
    after = {k: new_fields[k] for k in ROLL_FIELDS_CHANGED_BY_PUSH}
    after.update(pushed.every_six(marks))  # R-STUNT-1: the skill's count of 6s follows the push
    # A push is its own step: typed only when its own faces were typed; the roll keeps its first
    # roll's flag and gains one step (older entries without steps count every earlier push as the roll's flag).
    push_typed = faces is not None
    first_typed = bool(entry.get("by_hand", False))
    steps = list(entry.get("by_hand_steps") or [first_typed] * (1 + entry.get("pushes", 0)))
    after["by_hand"] = first_typed
    after["by_hand_steps"] = steps + [push_typed]
    shown_skill = skills.name_of(ledger.campaign, entry.get("skill")) or entry.get("quick")
    shown_attribute = skills.attribute_name_of(ledger.campaign.system, entry.get("attribute"))
    sixes = sixes_text(ledger.campaign.system, entry.get("skill"), {**new_fields, "skill_modifiers": marks})
    after["summary"] = _("{summary} (pushed)").format(summary=roll_summary(
        entry.get("character", ""), shown_skill, shown_attribute, new_fields, sixes))
    if entry.get("opposed"):
        # R-OPP-1 / R-PUSH-2: the active side pushed after the defender rolled: read the outcome again.
        from gmconsole.campaign.commands.opposed import opposed_outcome, opposed_summary

        after["opposed"] = opposed_outcome({**entry, **new_fields}, entry["opposed"], entry["opposed"]["reroll_ties"])
        after["summary"] = _("{summary} (pushed)").format(summary=opposed_summary(
            ledger.campaign, entry.get("character", ""), shown_skill or shown_attribute, after["opposed"]))
    if entry.get("hidden") is True:  # the push writes the summary anew: it still says the roll is hidden
        after["summary"] = _("{summary} (hidden from the table)").format(summary=after["summary"])
    stress_at_once = pool.push_cost == "stress-dice" and entry.get("character_id") is not None
    if stress_at_once:
        after["stress_paid"] = pushed.pushes  # +1 stress per push, paid at once (shown with the costs)
    before = {k: entry.get(k) for k in after}
    character_id = entry["character_id"]


    def mutate(c: Campaign) -> dict:
        n = new_fields["successes"]
        out = {
            "summary": _("{name} pushes {what}: {result}").format(
                name=entry.get("character"), result=successes_text(n) + (f" — {sixes}" if sixes else ""),
                what=shown_skill or attribute_shown(ledger.campaign.system, entry.get("attribute") or "")),
            "roll_id": entry["id"], "skill": entry.get("skill"),
            "push_dice": new_fields["dice"], "successes": new_fields["successes"],
            "costs": new_fields["costs"], "by_hand": push_typed, "push_step": pushed.pushes,
        }
        if character_id is None:  # the GM's quick roll: the push is the GM's too
            out["character"] = entry.get("character", "")
        if "opposed" in after:
            out["opposed"] = after["opposed"]
            from gmconsole.campaign.commands.opposed import opposed_verdict

            out["summary"] += " — " + opposed_verdict(entry.get("character", ""), after["opposed"])
        if stress_at_once:
            # R-PUSH cost stress-dice: +1 stress at once, part of this entry (undone with the push).
            character = c.character(character_id)
            if character is None:
                raise ValidationError(_("the character who rolled is no longer in the roster"))
            character.stress += 1
            out["stress_gained"] = 1
            out["summary"] = _("{summary}; stress +1 → {stress}").format(summary=out["summary"],
                                                                        stress=character.stress)
        return out

    return ledger.commit("push", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], before, after)])


def push_odds(ledger: Ledger, entry_id: int):
    """What pushing the recorded roll ``entry_id`` would give and cost: refused for the same
    reasons :func:`push` refuses; the GM's quick roll charges nobody, so its push has no costs and,
    under `stress-dice`, no stress die of its own (R-PUSH-7). The active side of an opposed roll pushes
    to beat the defender's successes, which stay as rolled (R-OPP-1)."""
    from gmconsole.systems.yearzero.push_odds import push_odds as odds_of

    _refuse_push_of_system(ledger)
    entry, recorded = sheet_rolls.recorded_roll(ledger, entry_id)
    _refuse_push_of(ledger, entry)
    opposed = entry.get("opposed")
    return odds_of(recorded, opposed["defender_successes"] if opposed else None)


def _require_tiered(ledger: Ledger) -> None:
    if "save" not in systems.get(ledger.campaign.system).special_rolls:
        raise RulesError(_("saving throws and attack rolls belong to {systems}, not {system}").format(
            systems=offered_by("save"), system=ledger.campaign.system))


def saving_throw(ledger: Ledger, character_id: str, save: str, faces: str | None,
                 rng: random.Random) -> dict:
    """R-TIER-3: 2d6 against the character's save score (computed from the sheet), recorded."""
    from gmconsole.systems.tiered import roll as tiered

    _require_tiered(ledger)
    who = ledger.character(character_id)
    a = {k: v.current for k, v in who.attributes.items()}
    scores = tiered.save_scores(a["dex"], a["str"], a["int"], a["cha"], a["per"], who.level).as_dict()
    if save not in scores:
        raise RulesError(_("unknown save {save}: choose phys, ment or perc").format(save=quoted(save)))
    strict = ledger.campaign.settings.tiered_strict_over
    result = tiered.saving_throw(save, scores[save], dice_source(faces, rng, ledger.campaign.system), strict)
    data = result.as_dict()

    def mutate(c: Campaign) -> dict:
        outcome = outcome_shown(data["outcome"])
        return {"summary": _("{name} saves ({save} {score}): {total} — {outcome}").format(
                    name=who.name, save=save.upper(), score=scores[save], total=data["total"], outcome=outcome),
                "save": save, "score": scores[save], "total": data["total"], "outcome": data["outcome"],
                "dice": data["dice"], "by_hand": faces is not None}

    return ledger.commit("save", mutate, character_id=who.id)


def attack(ledger: Ledger, character_id: str, weapon: str | None, melee: bool, reckless: bool,
           faces: str | None, rng: random.Random, damage: int | None = None) -> dict:
    """R-TIER-4: class bonus + STR (melee) or DEX (ranged) d6, damage by tier from the weapon (an item
    of the sheet, or ``damage`` typed by the GM when no item is named), recorded."""
    from gmconsole.systems.tiered import roll as tiered

    _require_tiered(ledger)
    who = ledger.character(character_id)
    if weapon:
        item = who.gear_item(weapon)
        if item is None:
            raise ValidationError(_("{name} has no weapon {weapon}").format(name=who.name, weapon=quoted(weapon)))
        name, weapon_damage = item.name, item.damage
    elif damage is not None:
        name, weapon_damage = _("a weapon of damage {damage}").format(damage=damage), damage
    else:
        raise ValidationError(_("name a weapon from the sheet or type its damage"))
    strength, dexterity = who.attributes["str"].current, who.attributes["dex"].current
    result = tiered.attack(who.class_bonus, strength, dexterity, weapon_damage, melee,
                           dice_source(faces, rng, ledger.campaign.system), reckless)
    data = result.as_dict()

    def mutate(c: Campaign) -> dict:
        how = _("melee") if melee else _("ranged")
        tier = tier_shown(data["tier"])
        return {"summary": _("{name} attacks with {weapon} ({how}): {tier}, {damage} damage").format(
                    name=who.name, weapon=name, how=how, tier=tier, damage=data["damage"]),
                "gear": name, "weapon_damage": weapon_damage, "melee": melee, "tier": data["tier"],
                "rolled_tier": data["rolled_tier"],
                "damage": data["damage"], "reckless": reckless, "notes": data["notes"], "dice": data["dice"],
                "by_hand": faces is not None}

    return ledger.commit("attack", mutate, character_id=who.id)


def change_of_circumstances(ledger: Ledger, character_id: str, skill: str, reason: str,
                            goal: str | None = None) -> dict:
    """Record why a character may try the same roll again this scene (only one chance, docs/RULES.md;
    exploding retries): the "only one chance" warning for that skill and goal goes away."""
    who = ledger.character(character_id)
    if not reason or not reason.strip():
        raise ValidationError(_("say what changed, so the history shows why the roll may be tried again"))
    validation.check_typed_text(reason, _("the reason"))
    validation.check_typed_text(goal, _("the goal"))

    def mutate(c: Campaign) -> dict:
        shown = skills.name_of(c, skill)  # the GM reads the name; the entry keeps the id
        return {"summary": _("{name} may try {skill} again: {reason}").format(name=who.name, skill=shown,
                                                                               reason=reason.strip()), "skill": skill,
                "goal": goal, "reason": reason.strip()}

    entry = ledger.commit("circumstances", mutate, character_id=who.id)
    ledger.forget_roll(who.id, skill, goal)
    return entry
