"""The damaged-file flows in the console, as a GM meets them.

- A history the service could not check at open was reported with ``log.warning``, written
  raw to stderr over the console; the console now says it in its own status line, and nothing is
  written to stderr while it runs.
- Restoring a history chunk from the history screen left its table drawn with columns cut to
  their labels, and the entry the backup lacks was only said at the next open.
"""

from __future__ import annotations

import asyncio
import html

from pilot_harness import status_text

from gmconsole.ui.app import GMConsoleApp


def _damaged_exploding(open_service):
    """exploding-demo after its first roll (so its only history chunk has no backup), closed, with
    that chunk truncated to half its bytes; returns the chunk's path."""
    service = open_service("exploding-demo")
    service.rolls.roll("c1", "shooting", attribute="agility")
    chunk = service._store.path / "history" / "session-0001" / "entries-000000001.json"
    service.close()
    good = chunk.read_bytes()
    chunk.write_bytes(good[: len(good) // 2])
    return chunk


def test_a_history_that_cannot_be_checked_is_said_in_the_status_line_not_on_stderr(open_service, capsys, caplog):
    chunk = _damaged_exploding(open_service)
    capsys.readouterr()
    app = GMConsoleApp(open_service("exploding-demo", read_only=True))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen["status"] = status_text(app)

    asyncio.run(run())
    assert capsys.readouterr().err == ""
    assert not [r for r in caplog.records if r.name.startswith("gmconsole")]  # logging's last resort is stderr
    assert "could not check the history of exploding-demo" in seen["status"]
    assert chunk.name in seen["status"]


def test_a_log_warning_while_the_console_runs_goes_to_the_status_line(make_app, capsys, caplog):
    """Any gmconsole log line (e.g. the store's "could not keep a backup") is shown, never printed raw."""
    import logging

    app = make_app("exploding-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            logging.getLogger("gmconsole.store.atomic").warning("could not keep a backup of %s: %s", "x.json", "full")
            await pilot.pause()
            seen["status"] = status_text(app)

    asyncio.run(run())
    assert "could not keep a backup of x.json: full" in seen["status"]
    assert capsys.readouterr().err == "" and not caplog.records
    assert logging.getLogger("gmconsole").propagate and not logging.getLogger("gmconsole").handlers  # put back


def test_restoring_a_chunk_from_the_history_screen_keeps_its_columns_and_says_the_lost_entry(open_service):
    """After ``h``, ``y`` (restore) the table used to show its columns cut to their labels
    until ``esc``, ``h``; and the entry the backup lacks was only said at the next open."""
    from textual.widgets import DataTable

    service = open_service("tiered-demo")
    for _ in range(9):
        service.sessions.new_scene()
    service.close()
    chunk = service._store.path / "history" / "session-0001" / "entries-000000001.json"
    good = chunk.read_bytes()
    chunk.write_bytes(good[: len(good) // 2])
    app = GMConsoleApp(open_service("tiered-demo"))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            seen["rows"] = table.row_count
            seen["widths"] = {str(c.label): c.get_render_width(table) for c in table.ordered_columns}
            seen["message"] = str(app.screen.query_one("#hist-message").render())
            seen["shown"] = html.unescape(app.export_screenshot()).replace("\xa0", " ")

    asyncio.run(run())
    assert "19:30" in seen["shown"], "the at column is cut"  # a cut one shows "19"
    assert seen["rows"] == 8
    assert seen["widths"]["summary"] > len("summary") + 2 and seen["widths"]["at"] >= len("19:30") + 2, seen["widths"]
    assert "Entry #9 is missing" in seen["message"]


def _question(app):
    from gmconsole.ui.screens.question import QuestionScreen

    assert isinstance(app.screen, QuestionScreen), type(app.screen).__name__
    return app.screen


def test_a_damaged_chunk_with_no_backup_can_be_set_aside_from_the_history_and_play_goes_on(open_service):
    """With no backup, ``h`` used to say "there is no backup of it" and leave the campaign unplayable; now
    ``y`` sets the chunk aside (renamed, kept), the lost entry is said, and a roll is recorded."""
    from gmconsole.ui.screens.history import HistoryScreen

    chunk = _damaged_exploding(open_service)
    damaged = chunk.read_bytes()
    service = open_service("exploding-demo")
    app = GMConsoleApp(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            seen["offer"] = _question(app).offer
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            seen["message"] = str(app.screen.query_one("#hist-message").render())
            await pilot.press("escape", "3", "s")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            seen["after roll"] = status_text(app)

    asyncio.run(run())
    assert "Set the damaged file aside" in seen["offer"]
    aside = list(chunk.parent.glob(chunk.name + ".damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    assert "Entry #1 is missing" in seen["message"] and aside[0].name in seen["message"]
    rolls = [e for e in service.history.entries() if e["kind"] == "roll"]
    assert [e["id"] for e in rolls] == [2], seen["after roll"]  # recorded, and the lost id never given again


def test_the_roll_builder_offers_to_set_a_damaged_chunk_aside_and_the_next_roll_is_recorded(open_service):
    chunk = _damaged_exploding(open_service)
    service = open_service("exploding-demo")
    app = GMConsoleApp(service)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("3", "s")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert str(chunk) in _question(app).text, status_text(app)
            await pilot.press("y")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()

    asyncio.run(run())
    assert list(chunk.parent.glob(chunk.name + ".damaged-*")) and not chunk.exists()
    # one roll recorded; the id the refused attempt was given first is not given again
    assert [e["id"] for e in service.history.entries() if e["kind"] == "roll"] == [3]


def test_with_a_backup_s_sets_the_chunk_aside_instead_of_restoring_it(open_service):
    service = open_service("yze-demo")
    service.rolls.roll("c1", "ranged", faces="base=6,2,3,4 skill=6,5 stress=3")
    service.trackers.change_doom(1)  # the chunk now has a backup
    chunk = next((service._store.path / "history").rglob("entries-*.json"))
    good = chunk.read_bytes()
    chunk.write_bytes(good[: len(good) // 2])
    app = GMConsoleApp(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            seen["also"] = _question(app).also
            await pilot.press("s")
            await pilot.pause()

    asyncio.run(run())
    assert "set it aside" in seen["also"]
    assert list(chunk.parent.glob(chunk.name + ".damaged-*")) and not list(chunk.parent.glob("*.corrupt-*"))
    assert not chunk.exists()
    assert service.trackers.change_doom(1)["id"] == 3
