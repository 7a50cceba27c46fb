"""Changes to what the tracker pane shows: stress, counters, trauma and healing, conditions, rest, doom.

Each is one undoable history entry; the rules of each counter are in :mod:`gmconsole.campaign.counters`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign import character_lookup, counters
from gmconsole.campaign.errors import Unchanged, ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.i18n import _
from gmconsole.store.shape import COUNTER_MAX

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def change_stress(ledger: Ledger, character_id: str, delta: int) -> dict:
    """Stress ± ``delta`` (not below 0); stress back at 0 ends the active panic effect."""
    return tracker_change(ledger, character_id, "stress", lambda c, ch: counters.change_stress(ch, delta))


def change_tracker(ledger: Ledger, character_id: str, tracker: str, delta: int) -> dict:
    """± on a counter: ``stress``, ``mutation_points``, ``willpower``, ``wounds``, ``strain``,
    ``stamina`` (up to ``stamina_max``), ``xp`` (none goes below 0)."""
    return tracker_change(ledger, character_id, tracker, lambda c, ch: counters.change_counter(ch, tracker, delta))


def set_tracker(ledger: Ledger, character_id: str, tracker: str, value: int) -> dict:
    """A counter set to a typed value (checked against its range); the value it has records nothing."""
    return tracker_change(ledger, character_id, tracker, lambda c, ch: counters.set_counter(ch, tracker, value))


def apply_trauma(ledger: Ledger, character_id: str, attribute: str, amount: int = 1) -> dict:
    """Lower an attribute's current value by ``amount`` (myz trauma, yze damage); at 0 the character is broken."""
    return tracker_change(ledger, character_id, "trauma",
                          lambda c, ch: counters.trauma(ch, attribute, amount, c.system))


def harm(ledger: Ledger, character_id: str, amount: int, attribute: str | None = None) -> dict:
    """Harm a character as the campaign's system says (:attr:`GameSystem.harm`: Year Zero damage to
    Strength, myz trauma to ``attribute`` (R-MYZ-TRAUMA), exploding wounds, tiered stamina): one
    undoable ``harm`` entry whose summary says before → after; harm that changes nothing records nothing."""
    from gmconsole.campaign import harm as harm_rules

    harm_rules.check_amount(amount)  # before the character: a bad amount is the first thing said

    def mutate(c: Campaign) -> dict:
        return harm_rules.apply(c.system, character_lookup.character_in(c, character_id), amount, attribute)

    return ledger.commit("harm", mutate, character_id=ledger.character(character_id).id)


def heal(ledger: Ledger, character_id: str, attribute: str, amount: int = 1) -> dict:
    """Raise an attribute's current value by ``amount`` (up to its maximum)."""
    return tracker_change(ledger, character_id, "heal", lambda c, ch: counters.heal(ch, attribute, amount, c.system))


def add_condition(ledger: Ledger, character_id: str, condition: str) -> dict:
    """Give a condition (e.g. tired, angry, scared); each one held is −1 to the rolls it covers."""
    return tracker_change(ledger, character_id, "condition", lambda c, ch: counters.add_condition(ch, condition))


def remove_condition(ledger: Ledger, character_id: str, condition: str) -> dict:
    """Clear a condition the character holds."""
    return tracker_change(ledger, character_id, "condition", lambda c, ch: counters.remove_condition(ch, condition))


def rest(ledger: Ledger, character_id: str | None = None) -> dict:
    """R-PANIC-1 rest in a safe place: stress to 0 and the panic effect cleared (one character, or every PC).

    Refused where the system keeps no stress (in myz and tiered a rest would record an entry
    that changes nothing and say "back to 0 stress")."""
    if systems.get(ledger.campaign.system).panic_table is None:
        raise ValidationError(_("resting clears stress and panic (R-PANIC-1); {system} keeps neither: heal with "
                                "the tracker's counters instead").format(system=ledger.campaign.system))

    def mutate(c: Campaign) -> dict:
        targets = ([character_lookup.character_in(c, character_id)] if character_id
                   else [ch for ch in c.roster if not ch.is_npc])
        # the PCs with stress or a panic to rest away: those the console's question names, and the report
        resting = [ch for ch in targets if ch.stress or ch.panic is not None]
        if not resting:
            raise Unchanged(_("{name} has no stress to rest away: nothing recorded").format(name=targets[0].name)
                            if character_id else _("no PC has any stress to rest away: nothing recorded"))
        for ch in resting:
            counters.rest(ch)
        names = _(", ").join(ch.name for ch in resting)
        return {"summary": _("rest: {names} back to 0 stress").format(names=names),
                "targets": [ch.id for ch in resting]}

    return ledger.commit("rest", mutate,
                                 character_id=ledger.character(character_id).id if character_id else None)


def change_doom(ledger: Ledger, delta: int) -> dict:
    """The GM's doom pool ± ``delta`` (not below 0)."""

    def mutate(c: Campaign) -> dict:
        s = c.current_session
        new = s.doom + delta
        if new < 0:
            raise ValidationError(_("the doom pool has {doom}; it cannot lose {amount}").format(doom=s.doom,
                                                                                               amount=-delta))
        if new > COUNTER_MAX:
            raise ValidationError(_("the doom pool cannot go above {most}").format(most=COUNTER_MAX))
        old, s.doom = s.doom, new
        return {"summary": _("doom {old} → {new} ({delta})").format(old=old, new=new, delta=f"{delta:+d}"),
                "delta": delta, "value": new}

    return ledger.commit("doom", mutate)


def tracker_change(ledger: Ledger, character_id: str, kind: str,
                   change: Callable[[Campaign, Character], str]) -> dict:
    """A change to one character's trackers; ``change`` returns the summary line."""

    def mutate(c: Campaign) -> dict:
        ch = character_lookup.character_in(c, character_id)
        return {"summary": change(c, ch)}

    return ledger.commit(kind, mutate, character_id=ledger.character(character_id).id)
