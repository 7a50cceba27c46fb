"""Snapshots of the players' table view: the yze and tiered demos at 120×40 and 80×24, in a
conflict with public rolls, a hidden roll (never drawn), an NPC the GM shows, a clock and doom.

Deterministic like the console's snapshots: demo copies, frozen clock, seeded dice. Review
``snapshot_report.html`` before ``--snapshot-update``.
"""

from __future__ import annotations

import pytest
from test_table_view import first_roll

from gmconsole.ui.table import TableApp

SIZES = {"wide": (120, 40), "narrow": (80, 24)}


def _table_night(open_service, campaign: str) -> TableApp:
    """The GM's evening so far, recorded by a writer; the table view opened read-only on it."""
    writer = open_service(campaign, seed=11)
    roster = writer.campaign.roster
    writer.roster.show_on_table(next(c.id for c in roster if c.is_npc), True)
    writer.conflict.start_conflict([c.id for c in roster])
    writer.conflict.next_turn()
    first_roll(writer, 0)
    first_roll(writer, 2, hidden=True)
    first_roll(writer, 1)
    writer.trackers.add_clock("The alarm", 6)
    writer.trackers.advance_clock(writer.session.clocks[-1].id, 2)
    writer.trackers.change_doom(3)
    return TableApp(open_service(campaign, read_only=True))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("campaign", ["yze-demo", "tiered-demo"])
def test_table_view(snap_compare, open_service, campaign, size):
    assert snap_compare(_table_night(open_service, campaign), terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_table_view_with_a_panic_applied_from_a_rolls_costs(snap_compare, open_service, size):
    """A stress die showing 1 (R-PUSH-3), its costs applied with the panic D6 typed, then another roll: the
    panic is on the table in its own words, between the roll that owed it and the later roll; the legend
    names the kinds rolled (with their letters at 80×24)."""
    writer = open_service("yze-demo", seed=11)
    writer.rolls.roll(writer.campaign.roster[0].id, "ranged", faces="base=6,2,3,1 skill=5,3 stress=1")
    writer.outcomes.apply_costs(None, panic_face=6)
    first_roll(writer, 2)
    assert snap_compare(TableApp(open_service("yze-demo", read_only=True)), terminal_size=SIZES[size])
