"""Entries lost from the middle of the history, restored backups
that lack a roll whose costs wait, and a character removed while owing costs, in the console.

A damaged chunk of session 2 set aside (or restored from an older backup) while a later session's
file holds a newer entry: the undo stack must stop naming the lost entries, or ``h`` crashes in
``undo_label``. A pending cost whose roll the restored backup lacks can never be applied, so it is
dropped. Removing a character must not leave the costs they owed stranded.
"""

from __future__ import annotations

import asyncio

from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.question import QuestionScreen


def _lost_middle(open_service):
    """yze-step-demo as the tester left it: session 2 "Road" with a roll, session 3 opened then
    undone, closed; session 2's chunk (entries 1 and 2) truncated to 200 bytes."""
    service = open_service("yze-step-demo")
    service.sessions.new_session(title="Road")
    service.rolls.roll(service.character("Ilsa Varro").id, "melee")
    service.sessions.new_session(title="Ambush")
    service.undo()
    service.close()
    chunk = service._store.path / "history" / "session-0002" / "entries-000000001.json"
    assert (service._store.path / "history" / "session-0003").is_dir()
    chunk.write_bytes(chunk.read_bytes()[:200])
    return chunk


def _history_after(app, keys: list[str], seen: dict) -> None:
    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen), type(app.screen).__name__
            await pilot.press(*keys)
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["message"] = str(app.screen.query_one("#hist-message").render())
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())
            await pilot.press("h")
            await pilot.pause()
            seen["again"] = type(app.screen).__name__

    asyncio.run(run())


def test_setting_aside_a_middle_chunk_says_the_lost_entries_and_h_never_crashes(open_service):
    """A chunk set aside (``s``): entries 1 and 2 are said missing although entry 3 is on disk; the
    undo stack that named them is emptied, and ``h`` opens the history again."""
    _lost_middle(open_service)
    service = open_service("yze-step-demo")
    seen: dict = {}
    _history_after(GMConsoleApp(service), ["s"], seen)
    assert seen["screen"] == "HistoryScreen" and seen["again"] == "HistoryScreen", seen
    assert "#1, #2 are missing" in seen["message"], seen["message"]
    assert "there is no history entry" not in seen["status"]
    assert not service.can_undo
    service.close()
    assert not open_service("yze-step-demo").history_gap  # saved: said once, not at every open


def test_restoring_a_middle_chunk_from_an_older_backup_empties_the_undo_stack_that_named_the_lost_entry(open_service):
    """An older backup restored (``y``): the backup lacks entry 2 (the roll); it is said, and undo no longer
    reaches it (``ctrl+z`` then says there is nothing to undo, never "no history entry 2")."""
    _lost_middle(open_service)
    service = open_service("yze-step-demo")
    seen: dict = {}
    _history_after(GMConsoleApp(service), ["y"], seen)
    assert seen["screen"] == "HistoryScreen" and seen["again"] == "HistoryScreen", seen
    assert "Entry #2 is missing" in seen["message"], seen["message"]
    assert "there is no history entry 2" not in seen["status"]


def test_an_undo_label_naming_a_missing_entry_is_one_line_not_a_traceback(open_service):
    """Defensively: a state saved by an older gmconsole still names the lost entry after a clean
    close (no recovery runs); ``h`` shows the history and the label says the entry cannot be read."""
    _lost_middle(open_service)
    service = open_service("yze-step-demo")
    chunk = service._store.path / "history" / "session-0002" / "entries-000000001.json"
    service._store.set_aside(chunk)  # what an older gmconsole did, without the trim
    service._store._reread()
    app = GMConsoleApp(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            seen["screen"] = app.screen

    asyncio.run(run())
    assert isinstance(seen["screen"], HistoryScreen)
    assert "#2 cannot be read" in service.undo_label()


def test_a_pending_cost_whose_roll_is_lost_is_dropped_and_said_once(open_service):
    """The roll owing a panic is in the chunk set aside; its pending cost could never be
    applied. Reconcile drops it and the history screen says so; the next open says nothing more."""
    service = open_service("yze-step-demo")
    service.sessions.new_session(title="Road")
    roll = service.rolls.roll(service.character("Ilsa Varro").id, "melee", faces="step=4")
    service.rolls.push(roll["id"], faces="step=1 stress=1")
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    service.sessions.new_session(title="Ambush")
    service.undo()
    service.close()
    chunk = service._store.path / "history" / "session-0002" / "entries-000000001.json"
    chunk.write_bytes(chunk.read_bytes()[:200])
    service = open_service("yze-step-demo")
    seen: dict = {}
    _history_after(GMConsoleApp(service), ["s"], seen)
    assert f"costs waiting for roll {roll['id']} (Ilsa Varro) were dropped" in seen["message"], seen["message"]
    assert service.outcomes.pending_costs() == []
    service.close()
    again = open_service("yze-step-demo")
    assert not again.history_gap and again.outcomes.pending_costs() == []
