"""The history screen's filter, export and summaries: ``/`` lands in the character field, an export holds what the
table shows (and its dialog says what), and a summary too long for its column ends in "…"."""

from __future__ import annotations

from history_helpers import HistoryApp, play_myz, table_cells
from pilot_harness import pilot_test
from rich.cells import cell_len
from textual.widgets import DataTable, Input

from gmconsole.ui.screens.line_entry import LineEntryScreen


def _message(app) -> str:
    return str(app.screen.query_one("#hist-message").render())


@pilot_test
async def test_slash_then_a_typed_name_filters_by_character(open_service):
    service = open_service("myz-demo")
    play_myz(service)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"grease")
        await pilot.pause()
        assert app.screen.focused.id == "hist-character"
        assert "must be a number" not in _message(app)
        assert {r[4] for r in table_cells(app)} == {"Grease"}


@pilot_test
async def test_export_holds_the_filtered_entries_and_the_dialog_says_which(open_service, tmp_path):
    service = open_service("myz-demo")
    play_myz(service)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"grease", "enter")
        await pilot.pause()
        shown = len(table_cells(app))
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        title = str(app.screen.query_one("#faces-title").render())
        app.screen.query_one(Input).value = str(tmp_path / "grease.csv")
        await pilot.press("enter")
        await pilot.pause()
        said = _message(app)
    assert title == f"Export {shown} entries: session 1, character Grease as CSV"
    rows = (tmp_path / "grease.csv").read_text(encoding="utf-8").splitlines()[1:]
    assert len(rows) == shown and all(",Grease," in row for row in rows)
    assert "Hammer" not in "".join(rows)
    assert said.startswith(f"{shown} entries (session 1, character Grease) exported to")


@pilot_test
async def test_a_refused_session_filter_is_said_at_export_not_exported_as_another_session(open_service):
    service = open_service("myz-demo")
    play_myz(service)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#hist-session", Input).value = "two"
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert not isinstance(app.screen, LineEntryScreen)
        assert "session must be a number" in _message(app)


@pilot_test
async def test_a_summary_too_long_for_its_column_ends_in_an_ellipsis_and_is_whole_in_the_detail(open_service):
    service = open_service("myz-demo")
    play_myz(service)
    app = HistoryApp(service)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.query_one(DataTable)
        full = [r["summary"] for r in screen.rows]
        summaries = [r[8] for r in table_cells(app)]
        cut = [row for row, (text, whole) in enumerate(zip(summaries, full)) if text != whole]
        assert cut, "nothing was long enough to cut at 100 columns"
        for row in cut:
            assert summaries[row].endswith("…") and full[row].startswith(summaries[row][:-1].rstrip())
        widths = [max([cell_len(str(c.label))] + [cell_len(r[i]) for r in table_cells(app)]) + 2
                  for i, c in enumerate(table.ordered_columns)]
        assert sum(widths) <= 100
        table.move_cursor(row=cut[0])
        await pilot.press("enter")
        await pilot.pause()
        assert full[cut[0]] in str(screen.query_one("#hist-detail-text").render()).replace("\n", "")
