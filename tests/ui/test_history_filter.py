"""The history screen filters in memory, reads a long history in a worker thread, and after
a change re-reads only the files it touched.

Typed keys (not values set on the fields) drive the filters, and what the table shows is held against
``service.history.filtered``, which the screen used to ask at every key. The long histories are real
campaigns grown fast (``history_helpers.repeat_history``).
"""

from __future__ import annotations

import asyncio
import threading
import time

from history_helpers import (
    HistoryApp,
    play_myz,
    repeat_history,
    table_cells,
    wait_loaded,
)
from pilot_harness import pilot_test
from textual.widgets import DataTable, Input

from gmconsole.ui.screens import history_reading
from gmconsole.ui.screens.history import MAX_ROWS, HistoryScreen
from gmconsole.ui.screens.history_reading import ReadStopped
from gmconsole.ui.screens.history_reading import _hand_back as reading_hand_back


def _status(app) -> str:
    return str(app.screen.query_one("#hist-status").render())


def _ids(entries) -> list[str]:
    return [str(e["id"]) for e in entries]


@pilot_test
async def test_typed_filters_show_the_rows_the_service_gives(open_service):
    service = open_service("myz-demo")
    play_myz(service)
    service.undo()  # the second roll, struck through
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [r[0] for r in table_cells(app)] == _ids(service.history.filtered(include_undone=True))
        struck = [row for row in range(len(screen.rows)) if screen.rows[row]["status"] == "undone"]
        table = screen.query_one(DataTable)
        assert struck and all("strike" in str(table.get_row_at(row)[0].style) for row in struck)
        await pilot.press("slash")  # the character field
        assert isinstance(screen.focused, Input) and screen.focused.id == "hist-character"
        for typed in ("g", "r", "e", "a", "s", "e"):
            await pilot.press(typed)
            expected = service.history.filtered(character=screen.focused.value, include_undone=True)
            assert [r[0] for r in table_cells(app)] == _ids(expected), screen.focused.value
        assert {r[4] for r in table_cells(app)} == {"Grease"} and len(table_cells(app)) == 3  # roll, push, costs
        await pilot.press("tab", "tab", *"push")  # kind
        assert [(r[3], r[4]) for r in table_cells(app)] == [("push", "Grease")]
        await pilot.press(*["backspace"] * 4, "shift+tab", "shift+tab", *["backspace"] * 6, "tab", "tab")
        await pilot.press(*"roll")
        assert [r[0] for r in table_cells(app)] == _ids(service.history.filtered(kind="roll", include_undone=True))
        assert "2 entries" in _status(app)
        await pilot.press("enter", "a")  # back to the table; hide undone entries
        assert [r[0] for r in table_cells(app)] == _ids(service.history.filtered(kind="roll"))
        assert "1 entry" in _status(app)
        await pilot.press("slash", "shift+tab", "9")  # a session with no history
        assert table_cells(app) == [] and "0 entries" in _status(app)


@pilot_test
async def test_keys_work_while_a_long_history_loads_and_the_table_then_shows_their_filter(open_service, demo_root):
    """A real campaign of 12,000 entries over three sessions: the screen says "Loading…", then shows the
    newest entries while it reads the older ones; a key is handled before the read ends; undone entries
    hidden and the session filter typed meanwhile are both applied when it ends."""
    service = open_service("yze-demo")
    service.rolls.roll("c1", "ranged", faces="base=6,2,3,4 skill=6,5 stress=3")
    service.trackers.change_stress("c4", 1)
    service.rolls.roll("c6", "might", faces="base=1,2,3,4,6 skill=1,5 stress=2,4")
    service.undo()
    for _ in range(2):
        service.sessions.new_session("2026-03-21")
    service.close()
    repeat_history(demo_root, "yze-demo", {1: 4000, 2: 4000, 3: 4000})
    service = open_service("yze-demo")
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.first_read
        if table_cells(app):  # the first page: the newest entries, said to be only what is read so far
            newest = service.history.filtered(include_undone=True)[:MAX_ROWS]
            assert [r[0] for r in table_cells(app)] == _ids(newest)
            assert "so far — reading older entries…" in _status(app)
        else:
            assert _status(app) == "Loading…"
        seen_loading = []
        toggle = screen.action_toggle_undone

        def toggle_and_note() -> None:  # what the screen was doing when the key was handled
            seen_loading.append(screen.first_read)
            toggle()

        screen.action_toggle_undone = toggle_and_note
        await pilot.press("a")
        handled_while_loading = seen_loading == [True]
        assert not screen.include_undone
        await pilot.press("slash", "shift+tab", "2", "enter")
        assert screen.query_one("#hist-session", Input).value == "2"
        await wait_loaded(pilot, screen)
        shown = table_cells(app)
    assert handled_while_loading, "the key waited for the read"
    expected = service.history.filtered(session=2)
    assert len(expected) < 4000 and len(shown) == MAX_ROWS  # the undone repeats left out
    assert [r[0] for r in shown] == _ids(expected[:MAX_ROWS]) and {r[1] for r in shown} == {"2"}


@pilot_test
async def test_a_change_in_a_long_history_re_reads_only_the_file_it_touched(open_service, demo_root, monkeypatch):
    service = open_service("yze-demo")
    service.trackers.change_stress("c4", 1)
    service.close()
    repeat_history(demo_root, "yze-demo", {1: 1500})
    service = open_service("yze-demo")
    read: list[tuple[int, int]] = []
    chunk_rows = service.history.chunk_rows

    def counted(session, first):
        read.append((session, first))
        return chunk_rows(session, first)

    monkeypatch.setattr(service.history, "chunk_rows", counted)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await wait_loaded(pilot, app.screen)
        assert len(read) == len(service.history.chunks()) > 5
        read.clear()
        await pilot.press("ctrl+z")  # undo the change: entry 1, in the first chunk, is marked undone
        await pilot.pause()
        assert read == [min(service.history.chunks())]
        assert f"{MAX_ROWS} of 1501 entries" in _status(app)
        await pilot.press("a")  # hide undone entries: filtered in memory, nothing read
        assert f"{MAX_ROWS} of 1500 entries" in _status(app) and read == [min(service.history.chunks())]


@pilot_test
async def test_leaving_the_screen_while_it_loads_stops_the_read(open_service, demo_root, monkeypatch):
    """The worker thread cannot be stopped from outside, and quitting the console waits for it: a read
    whose screen is gone stops at the next chunk."""
    service = open_service("yze-demo")
    service.rolls.roll("c1", "ranged", faces="base=6,2,3,4 skill=6,5 stress=3")
    service.close()
    repeat_history(demo_root, "yze-demo", {1: 6000})
    service = open_service("yze-demo")
    read: list[tuple[int, int]] = []
    chunk_rows = service.history.chunk_rows

    def counted(session, first):
        read.append((session, first))
        time.sleep(0.05)  # a slow disk: the read outlasts the first pause on any machine (it was a race)
        return chunk_rows(session, first)

    stopped = threading.Event()

    def hand_back():
        try:
            reading_hand_back()
        except ReadStopped:
            stopped.set()  # the read leaves here: no chunk is read after this
            raise

    monkeypatch.setattr(service.history, "chunk_rows", counted)
    monkeypatch.setattr(history_reading, "_hand_back", hand_back)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.first_read
        await pilot.press("escape")
        assert not isinstance(app.screen, HistoryScreen)
        assert await asyncio.to_thread(stopped.wait, 30), "the read went on after its screen was gone"
        stopped_at = len(read)
        await pilot.pause()
    assert len(read) == stopped_at < len(service.history.chunks())
