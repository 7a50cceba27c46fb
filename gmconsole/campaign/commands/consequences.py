"""What follows a recorded roll: tiered consequences, repairs and the myz role talents.

Each reads a recorded roll (by id) and records its own undoable change: a tiered Mixed or Limited
roll's consequence, a repair from a Jury-Rig or Crafting roll (R-REPAIR-1), Mend the Broken, Shake
It Off and Inspire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign import character_lookup, trackers
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.rolls import recorded_roll
from gmconsole.wording import counted, possessive, quoted

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService


def apply_consequence(service: CampaignService, entry_id: int | None, key: str, clock_id: str | None,
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


def repair_with_roll(service: CampaignService, entry_id: int, gear_id: str) -> dict:
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


def mend(service: CampaignService, roll_id: int, patient_id: str, attribute: str) -> dict:
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


def shake_it_off(service: CampaignService, roll_id: int, attribute: str, incoming: int) -> dict:
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


def inspire(service: CampaignService, inspire_id: int, target_id: int, mode: str) -> dict:
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
