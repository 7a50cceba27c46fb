"""Progress clocks of the current session: added, filled or emptied, removed (each undoable)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign import character_lookup, validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Clock
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def add_clock(ledger: Ledger, name: str, segments: int = 4) -> Clock:
    """A new progress clock of 4, 6 or 8 segments in the current session."""
    created: list[str] = []

    def mutate(c: Campaign) -> dict:
        clock = validation.new_clock(c, name, segments)
        c.current_session.clocks.append(clock)
        created.append(clock.id)
        return {"summary": _("clock {name} ({segments})").format(name=clock.name, segments=segments),
                "clock_id": clock.id}

    ledger.commit("clock", mutate)
    return character_lookup.clock_of(ledger.campaign, created[0])


def advance_clock(ledger: Ledger, clock_id: str, steps: int = 1) -> dict:
    """Fill (``steps`` > 0) or empty (< 0) segments of a clock, within 0..segments."""

    def mutate(c: Campaign) -> dict:
        clock = character_lookup.clock_of(c, clock_id)
        new = clock.filled + steps
        if not 0 <= new <= clock.segments:
            refused = _("clock {name} has {filled} of {segments} segments filled; {steps} does not fit")
            raise ValidationError(refused.format(
                name=clock.name, filled=clock.filled, segments=clock.segments, steps=f"{steps:+d}"))
        clock.filled = new
        return {"summary": _("clock {name} {steps} → {filled}/{segments}").format(
                    name=clock.name, steps=f"{steps:+d}", filled=new, segments=clock.segments), "clock_id": clock.id}

    return ledger.commit("clock", mutate)


def remove_clock(ledger: Ledger, clock_id: str) -> dict:
    """Take a clock off the tracker pane."""

    def mutate(c: Campaign) -> dict:
        clock = character_lookup.clock_of(c, clock_id)
        c.current_session.clocks.remove(clock)
        return {"summary": _("clock {name} removed").format(name=clock.name), "clock_id": clock.id}

    return ledger.commit("clock", mutate)
