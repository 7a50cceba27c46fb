"""A damaged history file (truncated, or of the wrong shape) never ends the console.

With a history chunk truncated, ``gmconsole open NAME`` then ``h`` used to end in a Textual
traceback. Every read path of the console (history, detail, export, undo) now shows the damaged file
and, in a console that may write, offers its newest backup as ``open`` does; ``y`` restores it (the
damaged file is kept aside) and the console carries on.
"""

from __future__ import annotations

import asyncio
import json

from textual.widgets import DataTable

from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.question import QuestionScreen


def _play(service) -> None:
    service.rolls.roll("c1", "ranged", faces="base=6,2,3,4 skill=6,5 stress=3")
    service.trackers.change_stress("c4", 1)
    service.trackers.change_doom(1)
    service.rolls.roll("c6", "might", faces="base=1,2,3,4,6 skill=1,5 stress=2,4")


def _chunk(service):
    return next((service._store.path / "history").rglob("entries-*.json"))


def _truncate(path) -> None:
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])


def _wrong_shape(path) -> None:
    tables = json.loads(path.read_text(encoding="utf-8"))
    entries = tables["entries"]
    entries[max(entries, key=int)]["character"] = 5
    path.write_text(json.dumps(tables), encoding="utf-8")


def _question(app) -> QuestionScreen:
    assert isinstance(app.screen, QuestionScreen), type(app.screen).__name__
    return app.screen


def test_h_with_a_truncated_chunk_offers_the_backup_and_restoring_it_shows_the_history(open_service):
    service = open_service("yze-demo")
    _play(service)
    chunk = _chunk(service)
    _truncate(chunk)
    app = GMConsoleApp(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            question = _question(app)
            seen["text"] = question.text
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            seen["rows"] = app.screen.query_one(DataTable).row_count

    asyncio.run(run())
    assert str(chunk) in seen["text"] and "damaged" in seen["text"]
    assert seen["rows"] >= 3  # the backup is the chunk before the last roll was written
    assert list(chunk.parent.glob(chunk.name + ".corrupt-*"))  # the damaged file is kept aside
    entry = service.trackers.change_doom(1)
    assert entry["id"] > 4  # the lost roll's id is never given again


def test_detail_export_and_undo_with_a_damaged_chunk_offer_the_backup_and_never_crash(open_service):
    service = open_service("yze-demo")
    _play(service)
    chunk = _chunk(service)
    app = GMConsoleApp(service)
    offers = []

    async def answer_no(pilot) -> None:
        offers.append(_question(app).text)
        await pilot.press("n")
        await pilot.pause()

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            _wrong_shape(chunk)
            await pilot.press("enter")  # detail
            await pilot.pause()
            await answer_no(pilot)
            await pilot.press("m")  # export
            await pilot.pause()
            await answer_no(pilot)
            await pilot.press("ctrl+z")  # undo from the history screen
            await pilot.pause()
            await answer_no(pilot)
            assert isinstance(app.screen, HistoryScreen)
            assert str(chunk) in str(app.screen.query_one("#hist-message").render())
            await pilot.press("escape", "escape")
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)
            await pilot.press("ctrl+z")  # undo from the main screen
            await pilot.pause()
            await answer_no(pilot)
            assert isinstance(app.screen, MainScreen)

    asyncio.run(run())
    assert len(offers) == 4
    assert all(str(chunk) in text and "character is a number" in text for text in offers)
    assert service.session.doom == 1  # nothing was undone, nothing lost


def test_a_read_only_console_names_the_damaged_file_without_offering_a_restore(open_service):
    writer = open_service("yze-demo")
    _play(writer)
    chunk = _chunk(writer)
    writer.close()
    _truncate(chunk)
    app = GMConsoleApp(open_service("yze-demo", read_only=True))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            seen["message"] = str(app.screen.query_one("#hist-message").render())

    asyncio.run(run())
    assert str(chunk) in seen["message"] and "read-only" in seen["message"]
    assert not list(chunk.parent.glob("*.corrupt-*"))


def test_a_gap_in_the_history_is_said_in_the_status_line(open_service, monkeypatch):
    """In the console: the missing entries are said when the campaign opens."""
    service = open_service("yze-demo")
    _play(service)
    service.close()
    chunk = next((service._store.path / "history").rglob("entries-*.json"))
    chunk.unlink()
    app = GMConsoleApp(open_service("yze-demo"))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(160, 40)) as pilot:
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())

    asyncio.run(run())
    assert "missing from the history" in seen["status"]
