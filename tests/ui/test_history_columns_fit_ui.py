"""The history table fits its width at 120 and at 80 columns, whatever the filter showed before: the status
column (done / undone) is read whole, never clipped by the edge; the names in the who column stay readable,
at 120 columns, the summary giving up room first (it says the name again)."""

from __future__ import annotations

from history_helpers import HistoryApp, table_cells
from pilot_harness import pilot_test
from textual.widgets import DataTable


def _play(service) -> None:
    """A few rolls of several characters (the Security officer's long name among them), one undone."""
    service.trackers.change_stress("c1", 2)
    for who, skill in (("c1", "melee"), ("c9", "observation"), ("c14", "melee"), ("c6", "ranged"),
                       ("c1", "mobility")):
        service.rolls.roll(who, skill)
    service.undo()
    service.rolls.roll("c4", "manipulation")


async def _filter_then_clear(pilot) -> None:
    """``/``, type ``lamb`` (Lambert Cho's rows alone, drawn wider), then backspace the filter away."""
    await pilot.press("slash", *"lamb")
    await pilot.pause()
    await pilot.press(*["backspace"] * 4)
    await pilot.pause()


def _drawn(app) -> tuple[int, int, list[str]]:
    """The table's drawn width, the width it has on screen, and its header labels."""
    table = app.screen.query_one(DataTable)
    return (table.virtual_size.width, table.scrollable_content_region.width,
            [str(c.label) for c in table.ordered_columns])


@pilot_test
async def test_after_a_filter_the_status_column_is_whole_at_120_and_80_columns(open_service):
    service = open_service("yze-demo")
    _play(service)
    for size in ((120, 40), (80, 24)):
        app = HistoryApp(service)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await _filter_then_clear(pilot)
            drawn, room, labels = _drawn(app)
            statuses = [row[-1] for row in table_cells(app)]
        assert labels[-1] == "status"
        assert drawn <= room, (size, drawn, room)
        assert "undone" in statuses and set(statuses) == {"done", "undone"}, statuses


@pilot_test
async def test_names_stay_readable_the_summary_giving_room_first(open_service):
    service = open_service("yze-demo")
    _play(service)
    app = HistoryApp(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rows = table_cells(app)
    who = {row[4] for row in rows}
    results = {row[6] for row in rows if row[6]}
    assert who == {"Dallas Kane", "Ripley Hale", "Parker Moss", "Security officer", "Lambert Cho"}, who
    assert not any(r.endswith("…") for r in results), results
