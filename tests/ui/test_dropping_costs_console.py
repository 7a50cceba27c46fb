"""Dropping costs, in the console: ``D`` in the history screen drops the selected
roll's pending costs after asking (ctrl+z brings them back); ``x`` in the roster warns that the costs
a character owes go with them, and undo restores both; ``c`` on costs owed by someone who left the
roster says so before any picker opens.

On the ``myz`` demo: Grease's Jury-Rig roll, pushed with typed faces, owes wits trauma and mutation
points (R-PUSH-1; docs/RULES.md myz push costs).
"""

from __future__ import annotations

import asyncio

from pilot_harness import rendered
from textual.widgets import DataTable

from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.screens.history import HistoryScreen

ROLL = "base=1,3,4,5,2 skill=1,2,3"
PUSH = "base=1,6,2,2 skill=6,3"


def _grease_owes(service) -> int:
    roll = service.rolls.roll("c1", "jury-rig", faces=ROLL)
    service.rolls.push(roll["id"], faces=PUSH)
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    return roll["id"]


def _row(app, entry_id: int) -> list[str]:
    table = app.screen.query_one(DataTable)
    for index in range(table.row_count):
        cells = [str(c) for c in table.get_row_at(index)]
        if cells[0] == str(entry_id):
            return cells
    raise AssertionError(f"no row {entry_id}")


def _select(app, entry_id: int) -> None:
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=[str(table.get_row_at(i)[0]) for i in range(table.row_count)].index(str(entry_id)))


def test_D_asks_then_drops_the_selected_roll_s_costs_and_ctrl_z_brings_them_back(make_app):
    app = make_app("myz-demo")
    service = app.service
    roll_id = _grease_owes(service)
    wits = service.character("c1").attributes["wits"].current
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            _select(app, roll_id)
            await pilot.press("D")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            seen["question"] = app.screen.question
            await pilot.press("n")
            await pilot.pause()
            seen["kept"] = [i["roll_id"] for i in service.outcomes.pending_costs()]
            await pilot.press("D")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            seen["row_dropped"] = _row(app, roll_id)[7]
            seen["said"] = rendered(app.screen.query_one("#hist-message"))
            seen["pending_after"] = service.outcomes.pending_costs()
            _select(app, roll_id)
            await pilot.press("D")  # nothing waits any more: the reason, no question
            await pilot.pause()
            seen["twice_screen"] = type(app.screen).__name__
            seen["twice"] = rendered(app.screen.query_one("#hist-message"))
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["row_undone"] = _row(app, roll_id)[7]
            seen["pending_undone"] = [i["roll_id"] for i in service.outcomes.pending_costs()]

    asyncio.run(run())
    assert f"roll {roll_id}" in seen["question"] and "Grease" in seen["question"] and "trauma" in seen["question"]
    assert "ctrl+z" in seen["question"]
    assert seen["kept"] == [roll_id]
    assert seen["row_dropped"] == "dropped" and seen["pending_after"] == []
    assert "Dropped:" in seen["said"] and f"roll {roll_id}" in seen["said"]
    assert seen["twice_screen"] == "HistoryScreen" and "no costs waiting" in seen["twice"]
    assert seen["row_undone"] == "pending" and seen["pending_undone"] == [roll_id]
    assert service.character("c1").attributes["wits"].current == wits


def test_D_on_an_entry_that_is_not_a_roll_says_so_without_asking(make_app):
    app = make_app("myz-demo")
    service = app.service
    _grease_owes(service)
    service.trackers.add_clock("Gate", 4)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            kinds = [str(table.get_row_at(i)[3]) for i in range(table.row_count)]
            table.move_cursor(row=next(i for i, k in enumerate(kinds) if k not in ("roll", "push")))
            await pilot.press("D")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["said"] = rendered(app.screen.query_one("#hist-message"))

    asyncio.run(run())
    assert seen["screen"] == "HistoryScreen" and "not a roll" in seen["said"]


def test_x_warns_that_the_costs_go_with_the_character_and_undo_restores_both(make_app):
    app = make_app("myz-demo")
    service = app.service
    roll_id = _grease_owes(service)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1")
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            seen["question"] = app.screen.question
            await pilot.press("y")
            await pilot.pause()
            seen["gone"] = service.campaign.character("c1") is None
            seen["pending"] = service.outcomes.pending_costs()
            await pilot.press("ctrl+z")
            await pilot.pause()

    asyncio.run(run())
    assert "Remove Grease" in seen["question"], seen["question"]
    assert f"roll {roll_id}" in seen["question"] and "dropped" in seen["question"]
    assert seen["gone"] and seen["pending"] == []
    assert service.character("c1").name == "Grease"
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll_id]
    assert service.history.entry(roll_id)["costs_status"] == "pending"


def test_c_on_a_panic_owed_by_someone_who_left_refuses_before_any_picker(make_app):
    """An opposed roll whose defender owes a panic (R-OPP-1, R-PANIC-1); the defender then leaves the
    roster. ``c`` says the panic cannot be rolled and how to drop the costs; no picker opens first."""
    app = make_app("yze-demo")
    service = app.service
    ann = service.roster.add_character({"name": "Ann", "attributes": {"strength": 2, "agility": 3, "wits": 3,
                                                                      "empathy": 3},
                                        "skills": {"melee": 1}})
    bo = service.roster.add_character({"name": "Bo", "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                    "empathy": 3},
                                       "skills": {"melee": 1}, "stress": 2})
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=3,3,3 skill=4 stress=1,4")
    assert entry["costs_status"] == "pending"
    service.roster.remove_character(bo.id)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            _select(app, entry["id"])
            await pilot.press("c")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["said"] = rendered(app.screen.query_one("#hist-message"))

    asyncio.run(run())
    assert seen["screen"] == "HistoryScreen", seen
    assert "Bo is no longer in the roster" in seen["said"] and "D" in seen["said"]
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [entry["id"]]


def test_read_only_refuses_c_D_and_x_before_any_picker_or_question(make_app, open_service):
    """A campaign open read-only (another console has it): the refusal comes first, not after the GM
    marked who is in range for a panic or answered a question."""
    writer = open_service("yze-step-demo")
    roll = writer.rolls.roll(writer.character("Ilsa Varro").id, "melee", faces="step=4")
    writer.rolls.push(roll["id"], faces="step=1 stress=1")
    assert [c["name"] for c in writer.outcomes.pending_costs()[0]["costs"]] == ["panic"]
    writer.close()
    app = make_app("yze-step-demo", read_only=True)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            for key in ("c", "D"):
                _select(app, roll["id"])
                await pilot.press(key)
                await pilot.pause()
                seen[key] = (type(app.screen).__name__, rendered(app.screen.query_one("#hist-message")))
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("1", "x")
            await pilot.pause()
            seen["x"] = type(app.screen).__name__

    asyncio.run(run())
    for key in ("c", "D"):
        assert seen[key][0] == "HistoryScreen" and "read-only" in seen[key][1], seen
    assert seen["x"] == "MainScreen", seen
    assert [i["roll_id"] for i in app.service.outcomes.pending_costs()] == [roll["id"]]
