"""Roster and tracker at 120x40: a panic effect or conditions too long for a column are never cut
off silently — the cell ends in "…" and the highlighted character's full state is in the pane's
detail line; a status the pane cannot show at all (tiered roster) is still reachable the same way."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable


def _cells(app, table_id: str, row: int) -> list[str]:
    table = app.screen.query_one(table_id, DataTable)
    return [str(getattr(c, "plain", c)) for c in table.get_row_at(row)]


def _detail(app, selector: str) -> str:
    widget = app.screen.query_one(selector)
    return str(widget.render()) if widget.display else ""


def test_R_PANIC_1_panic_effect_and_conditions_are_never_cut_off_silently_at_120x40(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.trackers.change_stress("c1", 4)
    service.trackers.panic_roll("c1", face=6)
    service.trackers.add_condition("c1", "scared")
    service.trackers.add_condition("c1", "exhausted")
    panic = service.character("c1").panic
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["roster"] = _cells(app, "#roster-table", 0)[-1]
            seen["roster_detail"] = _detail(app, "#roster-detail")
            await pilot.press("4")
            await pilot.pause()
            seen["tracker"] = _cells(app, "#tracker-table", 0)[-1]
            seen["tracker_detail"] = _detail(app, "#tracker-detail")
            await pilot.press("down")
            await pilot.pause()
            seen["other_detail"] = _detail(app, "#tracker-detail")

    asyncio.run(run())
    full = f"PANIC {panic.total} {panic.name} · conditions: scared, exhausted"
    for cell in (seen["roster"], seen["tracker"]):
        assert cell.endswith("…"), cell
    assert seen["tracker"].startswith(f"{panic.total} ")
    assert seen["roster_detail"] == f"Ripley Hale — {full}"
    assert seen["tracker_detail"] == f"Ripley Hale — {full}"
    assert seen["other_detail"] == ""  # Dallas's row is whole: no detail line


def test_tiered_roster_shows_the_status_column_at_120x40(make_app):
    app = make_app("tiered-demo")
    app.service.trackers.add_condition("c1", "poisoned")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            table = app.screen.query_one("#roster-table", DataTable)
            seen["room"] = table.size.width
            seen["widths"] = sum(c.get_render_width(table) for c in table.columns.values())
            seen["labels"] = [str(c.label) for c in table.columns.values()]
            seen["status"] = _cells(app, "#roster-table", 0)[-1]

    asyncio.run(run())
    assert seen["labels"][-1] == "Status"
    assert seen["widths"] <= seen["room"]  # every column, Status included, fits the pane
    assert seen["status"] == "poisoned"


def test_gear_form_negative_bonus_is_refused_as_the_bonus_inline(make_app):
    from textual.widgets import Input

    app = make_app("yze-demo")
    service = app.service
    before = [g.name for g in service.character("c1").gear]
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "g", "a")
            await pilot.pause()
            app.screen.query_one("#f-name", Input).value = "Bent knife"
            app.screen.query_one("#f-bonus", Input).value = "-2"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["message"] = str(app.screen.query_one("#form-message").render())

    asyncio.run(run())
    assert "bonus must be from 0" in seen["message"] and "maximum bonus" not in seen["message"]
    assert [g.name for g in service.character("c1").gear] == before


def test_resizing_the_terminal_refits_the_roster_only_when_what_it_shows_changes(make_app):
    """Wider: the long state shows whole and the detail line goes; narrower again: cut with "…"."""
    app = make_app("yze-demo")
    service = app.service
    service.trackers.change_stress("c1", 4)
    service.trackers.panic_roll("c1", face=6)
    service.trackers.add_condition("c1", "scared")
    service.trackers.add_condition("c1", "exhausted")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["narrow"] = _cells(app, "#roster-table", 0)[-1]
            await pilot.resize_terminal(220, 40)
            await pilot.pause()
            seen["wide"] = _cells(app, "#roster-table", 0)[-1]
            seen["wide_detail"] = _detail(app, "#roster-detail")
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            seen["back"] = _cells(app, "#roster-table", 0)[-1]
            seen["back_detail"] = _detail(app, "#roster-detail")

    asyncio.run(run())
    assert seen["narrow"].endswith("…") and seen["back"] == seen["narrow"]
    assert not seen["wide"].endswith("…") and seen["wide"].endswith("exhausted")
    assert seen["wide_detail"] == "" and seen["back_detail"].endswith("exhausted")
