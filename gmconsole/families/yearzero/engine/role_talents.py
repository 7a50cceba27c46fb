"""What a role's talent does with a recorded Year Zero roll, each its own undoable change: a repair from a
Jury-Rig or Crafting roll (R-REPAIR-1), Mend the Broken, Shake It Off and Inspire.

Offered through the family's roll engine (:class:`~gmconsole.campaign.engine_parts.RoleTalentsPart`); the rules
are :mod:`gmconsole.families.yearzero.rules.roles`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign import character_lookup, counters
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.families.yearzero.engine.pool import recorded_roll
from gmconsole.families.yearzero.rules import roles
from gmconsole.i18n import _, ngettext
from gmconsole.phrasing import possessive, quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["inspire", "mend", "repair_with_roll", "shake_it_off"]


def repair_with_roll(ledger: Ledger, entry_id: int, gear_id: str) -> dict:
    """R-REPAIR-1 through ``myz_roles.repair`` on a recorded Year Zero roll."""
    entry, recorded = recorded_roll(ledger, entry_id)
    character_id = entry["character_id"]

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError(_("the character who rolled is no longer in the roster"))
        item = character.gear_item(gear_id)
        if item is None:
            raise ValidationError(_("{name} has no item {item}").format(name=character.name, item=quoted(gear_id)))
        if item.destroyed:
            raise ValidationError(_("{item} is destroyed and cannot be repaired").format(item=item.name))
        result = roles.repair(recorded, item.bonus, item.max_bonus)
        item.bonus, item.max_bonus, item.destroyed = result.bonus, result.max_bonus, result.destroyed
        if result.destroyed:
            said = _("{name}: {item} fails at bonus 0 — destroyed")
        elif result.success:
            said = _("{name}: {item} repaired → bonus {bonus}/{maximum}")
        else:
            said = _("{name}: {item} fails — its maximum is now {maximum}")
        summary = said.format(name=character.name, item=item.name, bonus=item.bonus, maximum=item.max_bonus)
        return {"summary": summary, "roll_id": entry["id"], "gear": item.name,
                "repair": result.as_dict()}

    return ledger.commit("repair", mutate, character_id=character_id)


def mend(ledger: Ledger, roll_id: int, patient_id: str, attribute: str) -> dict:
    """Heal, Mend the Broken: the patient's broken attribute recovers points equal to the 6s rolled."""
    entry, recorded = recorded_roll(ledger, roll_id)
    if entry.get("skill") != "heal":
        raise ValidationError(_("Mend the Broken needs a Heal roll"))
    patient = ledger.character(patient_id)

    def mutate(c: Campaign) -> dict:
        who = character_lookup.member(c, patient.id)
        if attribute not in who.attributes:
            raise ValidationError(_("{name} has no attribute {attribute}").format(name=who.name,
                                                                                   attribute=quoted(attribute)))
        a = who.attributes[attribute]
        shown = attribute_shown(c.system, attribute)
        if a.current > 0:
            raise ValidationError(_("{owner} {attribute} is not broken").format(owner=possessive(who.name),
                                                                                attribute=shown))
        result = roles.mend_the_broken(recorded, a.max - a.current)
        a.current += result.recovered
        text = (_("back on their feet, {attribute} {current}/{maximum}").format(attribute=shown, current=a.current,
                                                                                maximum=a.max)
                if result.success else _("still broken"))
        return {"summary": _("{healer} mends {name}: {text}").format(healer=entry.get("character"), name=who.name,
                                                                     text=text), "roll_id": entry["id"],
                "recovered": result.recovered, "attribute": attribute}

    return ledger.commit("heal", mutate, character_id=patient.id)


def shake_it_off(ledger: Ledger, roll_id: int, attribute: str, incoming: int) -> dict:
    """Slave, Shake It Off: each 6 of the roll removes a point of the incoming trauma; the rest is taken."""
    entry, recorded = recorded_roll(ledger, roll_id)
    if entry.get("skill") != "shake-it-off":
        raise ValidationError(_("this needs a Shake It Off roll"))
    result = roles.shake_it_off(recorded, incoming)
    character_id = entry["character_id"]

    def mutate(c: Campaign) -> dict:
        who = character_lookup.member(c, character_id)
        lines = [_("{prevented} of {incoming} trauma shaken off").format(prevented=result.prevented,
                                                                        incoming=incoming)]
        if result.taken:
            lines.append(counters.trauma(who, attribute, result.taken, c.system))
        return {"summary": _("{name}: {text}").format(name=who.name, text=_("; ").join(lines)),
                "roll_id": entry["id"],
                "prevented": result.prevented, "taken": result.taken}

    return ledger.commit("trauma", mutate, character_id=character_id)


def inspire(ledger: Ledger, inspire_id: int, target_id: int, mode: str) -> dict:
    """Chronicler, Inspire: the Inspire roll's 6s are added to (help) or taken from (hinder) the target roll."""
    inspire_entry, inspire_roll = recorded_roll(ledger, inspire_id)
    target_entry, target_roll = recorded_roll(ledger, target_id)
    if target_entry.get("inspired"):
        raise ValidationError(_("this roll was already inspired"))
    result = roles.inspire(inspire_roll, target_roll, mode)
    before = {"successes": target_entry["successes"], "inspired": None}
    after = {"successes": result.successes, "inspired": {"by": inspire_entry.get("character"),
                                                           "roll_id": inspire_id, **result.as_dict()}}

    def mutate(c: Campaign) -> dict:
        said = (ngettext("{name} inspires {target}: {before} → {n} success",
                         "{name} inspires {target}: {before} → {n} successes", result.successes) if mode == "help"
                else ngettext("{name} hinders {target}: {before} → {n} success",
                              "{name} hinders {target}: {before} → {n} successes", result.successes))
        return {"summary": said.format(name=inspire_entry.get("character"), target=target_entry.get("character"),
                                       before=result.successes_before, n=result.successes),
                "roll_id": target_id, "inspire_roll_id": inspire_id, "mode": mode}

    return ledger.commit("inspire", mutate, character_id=inspire_entry["character_id"],
                           entry_updates=[(target_entry["session"], target_id, before, after)])
