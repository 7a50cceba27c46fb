"""The history screen: newest first, filters, detail of a roll, undo/redo, export; plus snapshots.

The screen is pushed on a small app carrying ``service`` the way ``GMConsoleApp`` does; each test
records a few changes through the service first (typed faces, frozen clock), then drives the
screen with keys and checks what it shows and what the campaign holds.
"""

from __future__ import annotations

import pytest
from history_helpers import (
    HistoryApp,
    play_myz,
    repeat_history,
    table_cells,
    wait_loaded,
)
from pilot_harness import pilot_test
from textual.widgets import DataTable, Input

from gmconsole.ui.screens.history import MAX_ROWS, HistoryScreen
from gmconsole.ui.screens.line_entry import LineEntryScreen


def _play_yze(service) -> None:
    service.rolls.roll("c1", "ranged", faces="base=6,2,3,4 skill=6,5 stress=3")
    service.trackers.change_stress("c4", 1)
    service.rolls.roll("c6", "might", faces="base=1,2,3,4,6 skill=1,5 stress=2,4")


@pytest.fixture
def myz_app(open_service):
    service = open_service("myz-demo")
    play_myz(service)
    return HistoryApp(service)


@pilot_test
async def test_history_lists_newest_first_and_filters_by_character_kind_skill(myz_app):
    async with myz_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rows = table_cells(myz_app)
        assert [r[3] for r in rows] == ["roll", "mutation_points", "costs", "push", "roll"]
        assert rows[0][4] == "Hammer" and rows[-1][4] == "Grease"
        screen = myz_app.screen
        await pilot.press("slash")
        screen.query_one("#hist-character", Input).value = "Grease"
        await pilot.pause()
        assert {r[4] for r in table_cells(myz_app)} == {"Grease"}
        screen.query_one("#hist-kind", Input).value = "roll"
        await pilot.pause()
        assert [r[3] for r in table_cells(myz_app)] == ["roll"]
        screen.query_one("#hist-character", Input).value = ""
        screen.query_one("#hist-kind", Input).value = ""
        screen.query_one("#hist-skill", Input).value = "fight"
        await pilot.pause()
        assert [r[4] for r in table_cells(myz_app)] == ["Hammer"]
        screen.query_one("#hist-session", Input).value = "two"
        await pilot.pause()
        assert "session must be a number" in str(screen.query_one("#hist-message").render())


@pilot_test
async def test_history_detail_of_a_pushed_roll_shows_pool_faces_push_odds_costs(myz_app):
    async with myz_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = myz_app.screen.query_one(DataTable)
        table.move_cursor(row=table.row_count - 1)
        await pilot.press("enter")
        await pilot.pause()
        detail = str(myz_app.screen.query_one("#hist-detail-text").render())
    assert "Pool:" in detail and "First roll:" in detail and "After push:" in detail
    assert "Odds at the time: success" in detail
    # two base 1s and the skill 1 that stayed (R-PUSH-1, R-MYZ-TRAUMA)
    assert "costs applied: trauma 3 (Wits), mutation points 3" in detail
    assert "Entered by hand: yes" in detail


@pilot_test
async def test_history_undo_and_redo_from_the_screen(myz_app):
    service = myz_app.service
    before = service.character("c6")
    async with myz_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table_cells(myz_app)[0][-1] == "undone"
        assert service.can_redo
        await pilot.press("a")
        await pilot.pause()
        assert table_cells(myz_app)[0][3] == "mutation_points"
        await pilot.press("a", "ctrl+y")
        await pilot.pause()
        assert table_cells(myz_app)[0][-1] == "done"
    assert service.history.filtered(kind="roll")[0]["character_id"] == before.id


@pilot_test
async def test_history_exports_the_session_to_a_named_file_and_a_default_path(myz_app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    async with myz_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(myz_app.screen, LineEntryScreen)
        myz_app.screen.query_one(Input).value = str(tmp_path / "night1.csv")
        await pilot.press("enter")
        await pilot.pause()
        shown = str(myz_app.screen.query_one("#hist-message").render())
        await pilot.press("m", "enter")
        await pilot.pause()
        shown_md = str(myz_app.screen.query_one("#hist-message").render())
    csv_text = (tmp_path / "night1.csv").read_text(encoding="utf-8")
    assert csv_text.splitlines()[0].startswith("at,session,character,kind")
    assert "Hammer" in csv_text and "Jury-Rig" in csv_text
    assert str(tmp_path / "night1.csv") in shown
    default = tmp_path / "myz-demo-session-1.md"  # the folder typed for the CSV is the export folder now
    assert default.exists() and str(default) in shown_md
    assert default.read_text(encoding="utf-8").startswith("# myz-demo — session 1")


@pilot_test
async def test_history_export_to_a_file_that_cannot_be_written_is_an_inline_error(myz_app, tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    async with myz_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        myz_app.screen.query_one(Input).value = str(tmp_path / "a-file" / "x.md")  # a folder that is a file
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(myz_app.screen, LineEntryScreen)
        error = str(myz_app.screen.query_one("#faces-error").render())
    assert "a-file" in error


@pilot_test
async def test_history_escape_goes_back(myz_app):
    async with myz_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(myz_app.screen, HistoryScreen)
        await pilot.press("enter")
        await pilot.press("escape")
        assert isinstance(myz_app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(myz_app.screen, HistoryScreen)


@pilot_test
async def test_history_long_campaign_shows_newest_rows_and_says_how_many(open_service, demo_root):
    """Two real changes, repeated to 1,010 entries straight into the history files (not 1,010 synced
    writes through the service: ``history_helpers``)."""
    service = open_service("yze-demo")
    service.trackers.change_stress("c4", 1)
    service.trackers.change_stress("c4", -1)
    service.close()
    repeat_history(demo_root, "yze-demo", {1: 2 * (MAX_ROWS + 5) - 2})
    app = HistoryApp(open_service("yze-demo"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await wait_loaded(pilot, app.screen)
        status = str(app.screen.query_one("#hist-status").render())
        rows = table_cells(app)
    assert len(rows) == MAX_ROWS
    assert f"{MAX_ROWS} of {2 * (MAX_ROWS + 5)} entries" in status
    assert [int(r[0]) for r in rows] == list(range(2 * (MAX_ROWS + 5), MAX_ROWS + 10, -1))  # the newest


# --------------------------------------------------------------------------- snapshots


def _detail_of_first_roll():
    async def run(pilot) -> None:
        await pilot.pause()
        table = pilot.app.screen.query_one(DataTable)
        rolls = [i for i in range(table.row_count) if str(table.get_row_at(i)[3]) == "roll"]
        table.move_cursor(row=rolls[-1])
        await pilot.press("enter")
        await pilot.pause()

    return run


# the ids keep the snapshot files' names
PLAYS = pytest.mark.parametrize(("name", "play"), [("myz-demo", play_myz), ("yze-demo", _play_yze)],
                                ids=["myz-demo-_play_myz", "yze-demo-_play_yze"])


@PLAYS
def test_history_list_snapshot(snap_compare, open_service, name, play):
    service = open_service(name)
    play(service)
    assert snap_compare(HistoryApp(service), terminal_size=(120, 40))


@PLAYS
def test_history_detail_snapshot(snap_compare, open_service, name, play):
    service = open_service(name)
    play(service)
    assert snap_compare(HistoryApp(service), terminal_size=(120, 40), run_before=_detail_of_first_roll())


def test_history_detail_snapshot_narrow_80x24(snap_compare, open_service):
    service = open_service("myz-demo")
    play_myz(service)
    assert snap_compare(HistoryApp(service), terminal_size=(80, 24), run_before=_detail_of_first_roll())


@pilot_test
async def test_history_keys_wrap_at_80x24_instead_of_being_cut_off(myz_app):
    """At 80×24 the history's footer must not end at "a Show undone", hiding "c Apply costs" and
    "r Recap". The key bar wraps onto more lines, as on the main screen."""
    from gmconsole.ui.widgets.key_bar import KeyBar

    async with myz_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = myz_app.screen.query_one(KeyBar)
        shown = str(bar.render())
        assert bar.region.width == 80 and bar.region.height >= 2
    for key in ("Apply costs", "Recap", "Export MD", "Hide/show undone", "Back"):
        assert key in shown, (key, shown)


@pilot_test
async def test_history_status_counts_one_entry_in_the_singular(open_service):
    """The status line says "1 entry", never "1 entries"."""
    service = open_service("yze-demo")
    service.trackers.change_stress("c4", 1)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        status = str(app.screen.query_one("#hist-status").render())
    assert status.startswith("1 entry ·"), status
