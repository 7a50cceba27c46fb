"""In the history, ``home`` goes to the newest entry (the table's first row) and ``end`` to the oldest."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable


def test_home_and_end_go_to_the_newest_and_the_oldest_entry(make_app):
    app = make_app("yze-demo")
    for _ in range(6):
        app.service.trackers.change_stress("c1", 1)
        app.service.trackers.change_stress("c1", -1)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            await pilot.press("down", "down", "down", "home")
            await pilot.pause()
            seen["home"] = (table.cursor_row, str(table.get_row_at(table.cursor_row)[0]))
            await pilot.press("end")
            await pilot.pause()
            seen["end"] = (table.cursor_row, table.row_count)

    asyncio.run(run())
    assert seen["home"] == (0, "12"), seen
    assert seen["end"][0] == seen["end"][1] - 1, seen
