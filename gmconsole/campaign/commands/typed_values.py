"""Tracker changes beyond ±1: a typed value for doom and a clock, an attack's damage on
its target, and the panic roll read before it is recorded.

Each change goes through :meth:`Ledger.commit <gmconsole.campaign.ledger.Ledger.commit>` (one history
entry, one undo step); a change that would change nothing raises
:class:`~gmconsole.campaign.errors.Unchanged` instead, so nothing is recorded and the GM reads why.
A typed value for a character's counter is :func:`gmconsole.campaign.counters.set_counter`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from gmconsole import systems
from gmconsole.campaign import character_lookup
from gmconsole.campaign.entries import RollEntry, TableRollEntry, as_record, given
from gmconsole.campaign.errors import Unchanged, ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.shown_names import tier_shown
from gmconsole.campaign.validation import field_word
from gmconsole.i18n import _
from gmconsole.phrasing import possessive, quoted
from gmconsole.store.shape import COUNTER_MAX

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.systems.panic_table import PanicOutcome, PanicTable

HEALTH = "stamina"
"""The counter an attack's damage comes off (``tiered``, the one system with an attack roll, R-TIER-4)."""


def _whole(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(_("{what} must be a whole number, not {value}").format(what=what, value=quoted(value)))
    return value


def set_doom(ledger: Ledger, value: int) -> dict:
    """The doom pool set to a typed value (0 to :data:`~gmconsole.store.shape.COUNTER_MAX`)."""
    _whole(value, _("doom"))
    if value < 0:
        raise ValidationError(_("the doom pool must be 0 or more, not {value}").format(value=value))
    if value > COUNTER_MAX:
        raise ValidationError(_("the doom pool cannot go above {most}").format(most=COUNTER_MAX))

    def mutate(c: Campaign) -> dict:
        s = c.current_session
        if s.doom == value:
            raise Unchanged(_("the doom pool is already {value}: nothing recorded").format(value=value))
        old, s.doom = s.doom, value
        return {"summary": _("doom set {old} → {new}").format(old=old, new=value), "delta": value - old,
                "value": value}

    return ledger.commit("doom", mutate)


def set_clock(ledger: Ledger, clock_id: str, filled: int) -> dict:
    """A progress clock's filled segments set to a typed value (0 to its segments)."""
    _whole(filled, _("filled segments"))

    def mutate(c: Campaign) -> dict:
        clock = character_lookup.clock_of(c, clock_id)
        if not 0 <= filled <= clock.segments:
            raise ValidationError(_("clock {name} has {segments} segments: type 0 to {segments}, not {filled}").format(
                name=clock.name, segments=clock.segments, filled=filled))
        if clock.filled == filled:
            raise Unchanged(_("clock {name} is already at {filled}/{segments}: nothing recorded").format(
                name=clock.name, filled=filled, segments=clock.segments))
        old, clock.filled = clock.filled, filled
        return {"summary": _("clock {name} set {old} → {filled}/{segments}").format(
                    name=clock.name, old=old, filled=filled, segments=clock.segments), "clock_id": clock.id}

    return ledger.commit("clock", mutate)


def attack_damage(ledger: Ledger, attack_id: int, target_id: str) -> dict:
    """R-TIER-4: the damage of the recorded attack ``attack_id`` off the target's stamina (not below 0),
    as its own entry (kind ``damage``) that also marks the attack as applied, so undo takes both back
    and the same attack is not applied twice."""
    attack = ledger.entry(attack_id)
    if attack.get("kind") != "attack":
        raise ValidationError(_("entry {id} is not an attack roll").format(id=attack_id))
    if attack.get("status", "done") != "done":
        raise ValidationError(_("the attack (entry {id}) was undone: nothing to apply").format(id=attack_id))
    if attack.get("damage_applied_to"):
        raise ValidationError(_("the attack's damage was already applied to {name}").format(
            name=attack["damage_applied_to"]))
    damage = int(attack.get("damage", 0))
    target = ledger.character(target_id)
    if damage <= 0:
        raise Unchanged(_("the attack did no damage ({tier}): nothing recorded").format(
            tier=tier_shown(attack["tier"]) if attack.get("tier") else _("no hit")))
    old = getattr(target, HEALTH)
    if old == 0:
        raise Unchanged(_("{owner} {tracker} is already 0: {damage} damage changes nothing there, nothing "
                          "recorded").format(owner=possessive(target.name), tracker=field_word(HEALTH), damage=damage))

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.member(c, target.id)
        new = max(0, old - damage)
        setattr(ch, HEALTH, new)
        most = f"/{ch.stamina_max}" if ch.stamina_max else ""
        said = _("{name} takes {damage} damage from {owner} attack: {tracker} {old} → {new}").format(
            name=ch.name, damage=damage, owner=possessive(attack["character"]), tracker=field_word(HEALTH),
            old=old, new=new) + most
        if damage > old:
            said = _("{said} ({n} more than it had)").format(said=said, n=damage - old)
        return {"summary": said,
                "roll_id": attack["id"], "damage": damage, "tracker": HEALTH, "before": old, "value": new}

    return ledger.commit("damage", mutate, character_id=target.id,
                           entry_updates=[(attack["session"], attack["id"], {"damage_applied_to": None},
                                           {"damage_applied_to": target.name})])


def panic_table_of(campaign: Campaign) -> PanicTable:
    """The campaign's system's panic table (``GameSystem.panic_table``); refused where the system has none."""
    table = systems.get(campaign.system).panic_table
    if table is None:
        raise ValidationError(_("{system} has no panic table: panic rolls belong to yze and yze-step").format(
            system=campaign.system))
    return table


def installed_panic_tables() -> tuple[PanicTable, ...]:
    """The panic table of every installed system that has one, each once (yze and yze-step share theirs)."""
    found: dict[int, PanicTable] = {}
    for game in systems.all_systems():
        table = game.panic_table
        if table is not None:
            found.setdefault(id(table), table)
    return tuple(found.values())


def preview_panic(campaign: Campaign, character_id: str, face: int) -> PanicOutcome:
    """The panic table row ``face`` gives the character now (D6 + stress, R-PANIC-2 escalation as set),
    read before the roll is recorded, so "who is in range" is asked only for a row that spreads."""
    from gmconsole.rules.dice import DiceSource

    ch = campaign.character(character_id)
    if ch is None:
        raise ValidationError(_("no character {id}").format(id=quoted(character_id)))
    current = ch.panic.total if ch.panic else None
    return panic_table_of(campaign).roll(ch.stress, DiceSource(faces={"dice": [face]}), current,
                                         campaign.settings.panic_escalation)


def costs_panic_preview(campaign: Campaign, entry: RollEntry | TableRollEntry | dict, face: int | None,
                        defender_face: int | None) -> list[PanicOutcome]:
    """The panic rows a roll's pending costs will give with these D6 faces (the payer's after the
    stress its costs add; an opposed roll's defender's), read before the costs are applied, so "who is
    in range" is asked only when one of them reaches others (R-PANIC-1)."""
    from gmconsole.rules.dice import DiceSource

    entry = cast("RollEntry", as_record(entry))  # a roll's record (or a table roll's: the same costs fields)
    results: list[PanicOutcome] = []
    payer_id = given(entry.character_id, None)
    costs = entry.costs or []
    for cost in costs:
        if cost.get("name") != "panic":
            continue
        own = not cost.get("character_id") or cost.get("character_id") == payer_id
        ch = campaign.character(payer_id if own else cost["character_id"])
        rolled = face if own else defender_face
        if ch is None or rolled is None:
            continue
        stress = ch.stress
        if own:
            stress = max(0, stress + sum(int(c.get("amount", 0)) for c in costs if c.get("name") == "stress"))
        current = ch.panic.total if ch.panic else None
        results.append(panic_table_of(campaign).roll(stress, DiceSource(faces={"dice": [rolled]}), current,
                                                     campaign.settings.panic_escalation))
    return results


def roll_panic_die(rng: random.Random) -> int:
    """The console's D6 for a panic roll (the same draw the ledger makes when it rolls the die): the die of the
    installed systems' panic table (every one rolls a D6, :mod:`gmconsole.systems.panic_table`)."""
    from gmconsole.rules.dice import DiceSource
    tables = installed_panic_tables()
    if not tables:
        raise ValidationError(_("no game system here has a panic table"))
    return DiceSource(rng=rng).face(tables[0].die)
