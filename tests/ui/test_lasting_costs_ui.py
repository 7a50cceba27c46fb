"""Costs that last, in the console: push, quit before ``c`` (the warning; quit anyway),
reopen, the costs are still pending, applied from the history screen, undone, applied from the roll
builder, undone. Plus snapshots of the quit warning (120×40) and its check at 80×24.

On the ``myz`` demo: Grease's Jury-Rig roll, pushed with typed faces, owes wits trauma and
mutation points (R-PUSH-1; docs/RULES.md myz push costs) — pending until ``c``.
"""

from __future__ import annotations

import asyncio

from pilot_harness import fill_focused, rendered
from textual.widgets import DataTable

from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.question import QuestionScreen

ROLL = "base=1,3,4,5,2 skill=1,2,3"
PUSH = "base=1,6,2,2 skill=6,3"


async def _push_in_the_builder(pilot) -> None:
    await pilot.pause()
    await pilot.press("1", "3", "s", *"jury", "enter", "f")
    await fill_focused(pilot, ROLL)
    await pilot.press("P")
    await fill_focused(pilot, PUSH)


def _question_text(app) -> str:
    return " ".join(rendered(app.screen.query_one(f"#question-{part}")) for part in ("title", "text", "offer"))


def _history_row(app, roll_id: int) -> list[str]:
    table = app.screen.query_one(DataTable)
    for index in range(table.row_count):
        cells = [str(c) for c in table.get_row_at(index)]
        if cells[0] == str(roll_id):
            return cells
    raise AssertionError(f"no row {roll_id}")


def test_push_quit_warned_reopen_still_pending_apply_from_history_and_builder_undo(make_app, open_service):
    app = make_app("myz-demo")
    service = app.service
    wits = service.character("c1").attributes["wits"].current
    seen: dict = {}

    async def first_evening() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _push_in_the_builder(pilot)
            seen["pending"] = service.outcomes.pending_costs()
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen)
            seen["question"] = _question_text(app)
            await pilot.press("n")  # stay
            await pilot.pause()
            seen["stayed"] = isinstance(app.screen, MainScreen) and app.is_running
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("y")  # quit anyway
            await pilot.pause()

    asyncio.run(first_evening())
    [item] = seen["pending"]
    roll_id = item["roll_id"]
    assert item["character"] == "Grease" and {c["name"] for c in item["costs"]} >= {"trauma", "mutation_points"}
    assert f"roll {roll_id} (Grease)" in seen["question"] and "Quit anyway?" in seen["question"]
    assert seen["stayed"]
    assert app.return_code == 0
    service.close()

    again = make_app("myz-demo")
    reopened = again.service
    assert [i["roll_id"] for i in reopened.outcomes.pending_costs()] == [roll_id]
    assert reopened.character("c1").attributes["wits"].current == wits

    async def second_evening() -> None:
        async with again.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("3")
            await pilot.pause()
            seen["builder_hint"] = rendered(again.screen.query_one("#rb-result"))
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(again.screen, HistoryScreen)
            seen["column"] = again.screen.query_one(DataTable).ordered_columns[7].label.plain
            seen["row_pending"] = _history_row(again, roll_id)[7]
            table = again.screen.query_one(DataTable)
            table.move_cursor(row=[str(table.get_row_at(i)[0]) for i in range(table.row_count)].index(str(roll_id)))
            await pilot.press("c")
            await pilot.pause()
            seen["row_applied"] = _history_row(again, roll_id)[7]
            seen["wits_after_history"] = reopened.character("c1").attributes["wits"].current
            seen["pending_after_history"] = reopened.outcomes.pending_costs()
            await pilot.press("enter")
            await pilot.pause()
            seen["detail_applied"] = rendered(again.screen.query_one("#hist-detail-text"))
            await pilot.press("c")  # twice: the reason, nothing changes
            await pilot.pause()
            seen["twice"] = rendered(again.screen.query_one("#hist-message"))
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["row_undone"] = _history_row(again, roll_id)[7]
            seen["detail_pending"] = rendered(again.screen.query_one("#hist-detail-text"))
            seen["pending_after_undo"] = [i["roll_id"] for i in reopened.outcomes.pending_costs()]
            await pilot.press("escape", "escape")
            await pilot.pause()
            assert isinstance(again.screen, MainScreen)
            await pilot.press("3", "c")  # the builder applies the newest costs waiting
            await pilot.pause()
            seen["wits_after_builder"] = reopened.character("c1").attributes["wits"].current
            seen["builder_applied"] = rendered(again.screen.query_one("#rb-result"))
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["pending_at_end"] = [i["roll_id"] for i in reopened.outcomes.pending_costs()]

    asyncio.run(second_evening())
    # reopened, the builder shows the session's last roll with its costs still waiting, ready for ``c``
    assert "costs pending: trauma 3 (Wits)" in seen["builder_hint"] and "c: apply the costs" in seen["builder_hint"]
    assert seen["column"] == "costs"
    assert (seen["row_pending"], seen["row_applied"], seen["row_undone"]) == ("pending", "applied", "pending")
    assert seen["wits_after_history"] < wits and seen["pending_after_history"] == []
    assert "costs applied" in seen["detail_applied"] and "costs pending" in seen["detail_pending"]
    assert "already applied" in seen["twice"]
    assert seen["pending_after_undo"] == [roll_id]
    assert seen["wits_after_builder"] == seen["wits_after_history"]
    assert "Applied:" in seen["builder_applied"]
    assert seen["pending_at_end"] == [roll_id]


def test_quit_without_pending_costs_asks_nothing(make_app):
    app = make_app("myz-demo")

    async def play() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(play())
    assert app.return_code == 0 and not app.is_running


def test_quit_warning_fits_80x24(make_app):
    app = make_app("myz-demo")
    app.service.rolls.push(app.service.rolls.roll("c1", "jury-rig", faces=ROLL)["id"], faces=PUSH)
    seen: dict = {}

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            box = app.screen.query_one("#question-box")
            seen["box"] = (box.region.x, box.region.right, box.region.y, box.region.bottom)
            seen["offer"] = app.screen.query_one("#question-offer").region
            await pilot.press("escape")  # escape stays too
            await pilot.pause()
            seen["stayed"] = isinstance(app.screen, MainScreen)

    asyncio.run(play())
    x, right, y, bottom = seen["box"]
    assert x >= 0 and right <= 80 and y >= 0 and bottom <= 24
    assert seen["offer"].height >= 1 and seen["offer"].bottom <= 24
    assert seen["stayed"]


def test_quit_warning_snapshot(snap_compare, make_app):
    app = make_app("myz-demo")
    app.service.rolls.push(app.service.rolls.roll("c1", "jury-rig", faces=ROLL)["id"], faces=PUSH)
    assert snap_compare(app, terminal_size=(120, 40), press=["q"])


def test_history_with_pending_costs_snapshot(snap_compare, make_app):
    app = make_app("myz-demo")
    app.service.rolls.push(app.service.rolls.roll("c1", "jury-rig", faces=ROLL)["id"], faces=PUSH)
    assert snap_compare(app, terminal_size=(120, 40), press=["h"])
