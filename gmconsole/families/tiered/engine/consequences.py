"""A tiered Mixed or Limited roll's consequence, picked by the GM from the seed's menu and recorded (undoable).

Offered through the family's roll engine (:class:`~gmconsole.campaign.engine_parts.ConsequencePart`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign import character_lookup
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.families.tiered.rules import roll as tiered
from gmconsole.i18n import _, pick
from gmconsole.phrasing import quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["apply_consequence"]


def apply_consequence(ledger: Ledger, entry_id: int | None, key: str, clock_id: str | None,
                      gear_id: str | None, wound: bool) -> dict:
    """One consequence of a Mixed / Limited tiered roll, from the seed's menu (``tiered.consequences``)."""
    menu = {c.key: c for c in tiered.consequences()}
    if key not in menu:
        raise ValidationError(_("unknown consequence {key}: choose one of {keys}").format(key=quoted(key),
                                                                                       keys=", ".join(menu)))
    if entry_id is None:
        found = (e for e in ledger.entries_newest_first(ledger.session.number)
                 if e.get("kind") == "roll" and e.get("status", "done") == "done" and e.get("consequences"))
        entry = next(found, None)
        if entry is None:
            raise ValidationError(_("there is no tiered roll in this session"))
    else:
        entry = ledger.entry_anywhere(entry_id)
    if entry.get("tier") not in ("mixed", "limited"):
        raise ValidationError(_("consequences come only with a Mixed or Limited result"))
    chosen_before = list(entry.get("consequences_chosen", []))
    character_id = entry["character_id"]
    consequence = menu[key]

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError(_("the character who rolled is no longer in the roster"))
        lines = []
        for effect in consequence.effects:
            if effect.target == "stamina":
                lost = min(-effect.amount, character.stamina)
                character.stamina -= lost
                lines.append(_("stamina −{lost} → {stamina}").format(lost=lost, stamina=character.stamina))
            elif effect.target == "clock" and c.current_session.clocks:
                if clock_id is None:
                    raise ValidationError(_("name the clock this complication advances"))
                clock = character_lookup.clock_of(c, clock_id)
                if clock.filled >= clock.segments:
                    raise ValidationError(_("clock {name} is already full").format(name=clock.name))
                clock.filled += effect.amount
                lines.append(_("clock {name} → {filled}/{segments}").format(name=clock.name, filled=clock.filled,
                                                                            segments=clock.segments))
        if key == "damage" and wound:
            character.wounds += 1
            lines.append(_("a wound → {wounds}").format(wounds=character.wounds))
        if key == "lost-gear":
            used = gear_id or next(iter((entry.get("request") or {}).get("gear", [])), None)
            item = character.gear_item(used) if used else None
            if item is None:
                raise ValidationError(_("name the item that is lost"))
            item.bonus = 0
            lines.append(_("{item} fails until repaired").format(item=item.name))
        text = _("; ").join(lines) if lines else pick(consequence.name).lower()
        return {"summary": _("{name}: {consequence} — {text}").format(name=character.name,
                                                                      consequence=pick(consequence.name), text=text),
                "roll_id": entry["id"],
                "consequence": key}

    return ledger.commit("consequence", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], {"consequences_chosen": chosen_before},
                                           {"consequences_chosen": chosen_before + [key]})])
