"""R-ART-3 in the console, by keys: Ash's Scanner (gear bonus 1, an epic D10) picked with ``g`` puts a
gear die and the D10 in the roll builder's pool, a roll of typed faces records both, the players' table
view shows both groups, and the gear list says when the item can no longer be used (R-ART-2)."""

from __future__ import annotations

import asyncio
import io
import random

from pilot_harness import BuilderApp, pilot_test, shown_text, start_builder
from rich.console import Console

from gmconsole.ui.screens.gear_form import GearScreen
from gmconsole.ui.table import TableApp

ASH = "c11"


def test_r_art_3_g_puts_the_scanners_gear_die_and_its_d10_in_the_pool(open_service):
    app = BuilderApp(open_service("yze-demo"), random.Random(7))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            builder = await start_builder(pilot, ASH)
            await pilot.press("s", *"observ", "enter", "g")
            await pilot.pause()
            seen["dice"] = [(d["kind"], d.get("source")) for d in builder.preview.dice]
            seen["explain"] = shown_text(builder, "#rb-explain")
            await pilot.press("f")
            await pilot.pause()
            pilot.app.focused.value = "b63124 s355 g6 a10"
            await pilot.press("enter")
            await pilot.pause()
            seen["result"] = shown_text(builder, "#rb-result-head") + shown_text(builder, "#rb-result")

    asyncio.run(run())
    assert seen["dice"][-2:] == [("gear", "Scanner"), ("artifact", "Scanner")]
    assert "gear Scanner +1: 1 gear die" in seen["explain"] and "artifact Scanner: d10" in seen["explain"]
    roll = app.service.history.filtered(kind="roll")[0]
    assert [(d["kind"], d["face"]) for d in roll["dice"] if d.get("source") == "Scanner"] == [
        ("gear", 6), ("artifact", 10)]
    assert "4 successes" in seen["result"]


def _text(widget) -> str:
    console = Console(width=max(widget.size.width, 40), file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


@pilot_test
async def test_r_art_3_the_table_view_shows_the_scanners_gear_die_and_artifact_die_apart(open_service):
    writer = open_service("yze-demo")
    writer.rolls.roll(ASH, "observation", gear=["Scanner"], faces="b63124 s355 g6 a10")
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rolls = _text(app.query_one("#table-last-rolls"))
    assert "Ash rolls Observation: 4 successes" in rolls
    assert "gear" in rolls and "artifact" in rolls, "the legend names both kinds the roll shows"


def test_r_art_2_the_gear_list_says_a_worn_artifact_item_cannot_be_used(make_app):
    app = make_app("yze-demo")
    ash = app.service.character(ASH)
    app.service.roster.damage_gear(ASH, ash.gear_item("Scanner").id, 1)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.push_screen(GearScreen(ASH))
            await pilot.pause()
            table = app.screen.query_one("#gear-table")
            seen["row"] = [str(cell) for cell in table.get_row_at(0)]

    asyncio.run(run())
    assert seen["row"][:3] == ["Scanner", "0/1", "D10 (cannot be used, R-ART-2)"]
