"""Pane 1, the roster: numbers at a glance, selection feeds the roll builder, add/edit/duplicate/remove."""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.widgets.roster import RosterPane


def _row(app, character_id: str) -> list[str]:
    table = app.screen.query_one("#roster-table")
    return [str(cell) for cell in table.get_row(character_id)]


def test_roster_shows_attributes_counters_and_badges(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.trackers.apply_trauma("c1", "agility", 1)
    service.trackers.change_stress("c4", 3)
    service.trackers.add_condition("c4", "scared")
    service.trackers.apply_trauma("c1", "strength", 3)
    rows = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            rows["c1"] = _row(app, "c1")
            rows["c4"] = _row(app, "c4")
            rows["group"] = [str(c) for c in app.screen.query_one("#roster-table").get_row_at(5)]

    asyncio.run(run())
    assert rows["c1"][:5] == ["Ripley Hale", "0/3", "3/4", "4/4", "3/3"]
    assert "BROKEN" in rows["c1"][-1]
    assert rows["c4"][5] == "3" and "scared" in rows["c4"][-1]
    assert rows["group"][0] == "Hull rats ×6 (npc)"


def test_moving_the_highlight_selects_the_character_for_the_roll_builder(make_app):
    app = make_app("yze-demo")
    picked = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            picked.append(app.screen.query_one(RollBuilder).character_id)
            await pilot.press("1", "down", "down")
            await pilot.pause()
            picked.append(app.screen.query_one(RollBuilder).character_id)
            picked.append(app.screen.query_one(RosterPane).selected_id)

    asyncio.run(run())
    roster = [c.id for c in app.service.campaign.roster]
    assert picked == [roster[0], roster[2], roster[2]]


def test_duplicate_edit_and_remove_with_one_key_each(make_app):
    app = make_app("myz-demo")
    service = app.service
    first = service.campaign.roster[0]
    count = len(service.campaign.roster)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "d")
            await pilot.pause()
            seen["copy"] = app.screen.query_one(RosterPane).selected_id
            await pilot.press("e")
            await pilot.pause()
            name = app.screen.query_one("#f-name", Input)
            name.value = "Grease the Second"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await pilot.pause()
            seen["kept"] = len(service.campaign.roster)
            await pilot.press("x", "y")
            await pilot.pause()

    asyncio.run(run())
    roster = service.campaign.roster
    assert seen["kept"] == count + 1
    assert len(roster) == count
    assert all(c.id != seen["copy"] for c in roster)
    kinds = [e["summary"] for e in service.history.filtered(kind="roster")]
    assert kinds[0].endswith("leaves the roster")
    assert kinds[1] == "Grease the Second: name changed"
    assert kinds[2] == f"{first.name} (copy) copied from {first.name}"


def test_gear_screen_adds_and_removes_an_item(make_app):
    app = make_app("yze-demo")
    service = app.service
    before = [g.name for g in service.character("c1").gear]

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "g", "a")
            await pilot.pause()
            app.screen.query_one("#f-name", Input).value = "Pulse rifle"
            app.screen.query_one("#f-bonus", Input).value = "2"
            app.screen.query_one("#f-skills", Input).value = "ranged"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("x", "y")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    history = [e["summary"] for e in service.history.filtered(kind="gear")]
    assert history == ["Ripley Hale loses Flamethrower", "Ripley Hale gains Pulse rifle"]
    assert [g.name for g in service.character("c1").gear] == before[1:] + ["Pulse rifle"]



def _drawn(app, selector: str) -> list[str]:
    """The lines a table draws on screen, as the GM reads them."""
    table = app.screen.query_one(selector)
    return [table.render_line(y).text.rstrip() for y in range(table.size.height)]


def test_a_resized_roster_is_laid_out_like_one_opened_at_that_size(make_app):
    """tiered-demo opened at 120×40 then resized to 80×24 must not show "Aldr" and "20/2", nor stay
    so after resizing back; every size must draw the tables as a fresh open at that size does."""
    seen: dict[str, list[str]] = {}

    async def run(size, resizes, key) -> None:
        app = make_app("tiered-demo")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for width, height in resizes:
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                await pilot.pause()
            seen[key] = _drawn(app, "#roster-table")
            seen[key + "-tracker"] = _drawn(app, "#tracker-table")
        app.service.close()  # the next open of the same campaign needs its lock (closing twice is safe)

    asyncio.run(run((80, 24), [], "fresh-80"))
    asyncio.run(run((120, 40), [], "fresh-120"))
    asyncio.run(run((120, 40), [(80, 24)], "resized-80"))
    asyncio.run(run((120, 40), [(80, 24), (120, 40)], "resized-back-120"))
    assert any(line.lstrip().startswith("Aldric") for line in seen["fresh-80"])
    assert seen["resized-80"] == seen["fresh-80"]
    assert seen["resized-80-tracker"] == seen["fresh-80-tracker"]
    assert seen["resized-back-120"] == seen["fresh-120"]
    assert seen["resized-back-120-tracker"] == seen["fresh-120-tracker"]
