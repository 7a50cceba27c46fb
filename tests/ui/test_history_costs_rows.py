"""``c`` and ``D`` in the history screen on a row that is not a roll.

A costs entry applied in a later session than its roll said "there is no history entry 49 in session
10" (the roll was looked up in the costs entry's session). Now a costs row says those costs were
applied and names the roll, a dropped-costs row says they were dropped, any other row says what to
select; and a push row finds its roll in whatever session the roll is (a push filed under a later
session before pushes were kept to their scene).
"""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import DataTable

from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.screens.history import HistoryScreen

ROLL = "base=1,3,4,5,2 skill=1,2,3"
PUSH = "base=1,6,2,2 skill=6,3"


def _select(app, entry_id: int) -> None:
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=[str(table.get_row_at(i)[0]) for i in range(table.row_count)].index(str(entry_id)))


async def _press_on(pilot, app, entry_id: int, key: str) -> tuple[str, str]:
    _select(app, entry_id)
    await pilot.press(key)
    await pilot.pause()
    screen = type(app.screen).__name__
    said = str(app.screen.query_one("#hist-message").render()) if isinstance(app.screen, HistoryScreen) else ""
    return screen, said


def _run_keys(app, presses: list[tuple[int, str]]) -> list[tuple[str, str]]:
    seen: list = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            for entry_id, key in presses:
                seen.append(await _press_on(pilot, app, entry_id, key))
                if isinstance(app.screen, ConfirmScreen):
                    await pilot.press("n")
                    await pilot.pause()

    asyncio.run(run())
    return seen


@pytest.mark.parametrize("key", ["c", "D"])
def test_c_and_D_on_a_costs_row_of_a_roll_from_an_earlier_session_say_they_were_applied(make_app, key):
    app = make_app("myz-demo")
    service = app.service
    roll = service.rolls.roll("c1", "jury-rig", faces=ROLL)
    service.rolls.push(roll["id"], faces=PUSH)
    service.sessions.new_session()
    costs = service.outcomes.apply_costs(roll["id"])
    assert costs["session"] == 2 and costs["roll_id"] == roll["id"]

    [(screen, said)] = _run_keys(app, [(costs["id"], key)])
    assert screen == "HistoryScreen"
    assert "no history entry" not in said
    assert f"entry {costs['id']} applied the costs of roll {roll['id']} (Grease, session 1)" in said
    assert "select a roll" in said


@pytest.mark.parametrize("key", ["c", "D"])
def test_c_and_D_on_a_dropped_costs_row_or_another_row_say_what_to_select(make_app, key):
    app = make_app("myz-demo")
    service = app.service
    roll = service.rolls.roll("c1", "jury-rig", faces=ROLL)
    service.rolls.push(roll["id"], faces=PUSH)
    service.sessions.new_session()
    dropped = service.outcomes.drop_costs(roll["id"])
    service.trackers.add_clock("Gate", 4)
    clock = service.history.filtered(kind="clock")[-1]

    [(_, on_dropped), (_, on_clock)] = _run_keys(app, [(dropped["id"], key), (clock["id"], key)])
    assert f"entry {dropped['id']} dropped the costs of roll {roll['id']} (Grease, session 1)" in on_dropped
    assert "no history entry" not in on_dropped
    assert f"entry {clock['id']} is a clock entry, not a roll: select a roll (or its push)" in on_clock


def test_c_on_a_push_row_filed_in_a_later_session_finds_its_roll(make_app, monkeypatch):
    from gmconsole.campaign import sheet_rolls

    app = make_app("myz-demo")
    service = app.service
    roll = service.rolls.roll("c1", "jury-rig", faces=ROLL)
    service.sessions.new_session()
    monkeypatch.setattr(sheet_rolls, "push_out_of_scene", lambda *_: None)  # as pushes were filed before the fix
    push = service.rolls.push(roll["id"], faces=PUSH)
    assert push["session"] == 2

    [(screen, said)] = _run_keys(app, [(push["id"], "c")])
    assert screen == "HistoryScreen" and said.startswith("Applied: Grease pays")  # no panic, no condition asked
    assert service.outcomes.pending_costs() == []
    assert service.history.entry(roll["id"], 1)["costs_status"] == "applied"
