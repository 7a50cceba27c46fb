"""tiered's special rolls from the sheet, recorded like every other change (undoable): the saving throw
(R-TIER-3), the attack (R-TIER-4) and the contested roll (R-TIER-5).

Offered through the family's roll engine (:class:`~gmconsole.campaign.engine_parts.SavingThrowPart`,
:class:`~gmconsole.campaign.engine_parts.AttackPart`, :class:`~gmconsole.campaign.engine_parts.ContestedPart`);
the facade has refused them already on a campaign whose system does not offer them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmconsole.campaign import skills
from gmconsole.campaign.commands.roll_fields import dice_source
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.shown_names import outcome_shown, tier_shown
from gmconsole.families.tiered.rules import roll as tiered
from gmconsole.i18n import _
from gmconsole.phrasing import quoted
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["attack", "contested", "saving_throw"]


def saving_throw(ledger: Ledger, character_id: str, save: str, faces: str | None,
                 rng: random.Random) -> dict:
    """R-TIER-3: 2d6 against the character's save score (computed from the sheet), recorded."""
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


def contested(ledger: Ledger, character_id: str, attribute: str, opponent_id: str,
              opponent_attribute: str | None, faces: str | None, rng: random.Random) -> dict:
    """R-TIER-5: each side 2d6 + attribute, the highest wins, a tie is rolled again. Recorded
    (kind ``contested``: ``rounds``, ``winner`` "a"/"b", ``winner_name``, ``outcome`` won/lost)."""
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
                              dice_source(faces, rng, system))
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
