"""R-PANIC-3 in the console: with the panic D6 typed (the tracker's ``P``, the roll builder's ``A``), a row that
makes those who hear or see roll (Scream, Flee, Berserk) asks, after who hears or sees, the D6 each PC marked
rolled at the table, in one form. A die once typed is recorded whatever the GM answers next (R-PANIC-1): escape at
the chained dice records the first die with nobody else reached."""

from __future__ import annotations

import asyncio
import random

from pilot_harness import fill_focused, mark_names, pick_skill, set_field, start_builder, submit_value
from textual.widgets import Static

from gmconsole.campaign.commands.typed_values import roll_panic_die
from gmconsole.ui.screens.pickers import MarkListScreen
from gmconsole.ui.screens.value_form import PanicFacesForm


def _stress(service, **stress) -> None:
    for character_id, value in stress.items():
        service.trackers.change_stress(character_id, value - service.campaign.character(character_id).stress)


async def _typed_scream(pilot, *hearing: str) -> None:
    """The tracker's ``P`` on Ripley Hale (stress 6), D6 6: 12, Scream; then mark who hears her."""
    await pilot.press("4", "P")
    await pilot.pause()
    await submit_value(pilot, "6")
    assert isinstance(pilot.app.screen, MarkListScreen)
    await mark_names(pilot, pilot.app.screen.query_one("#pick-list"), *hearing)
    await pilot.press("ctrl+s")
    await pilot.pause()


def test_R_PANIC_3_tracker_P_asks_each_chained_d6_after_who_hears(make_app):
    app = make_app("yze-demo")
    service = app.service
    _stress(service, c1=6, c6=2)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _typed_scream(pilot, "Dallas", "Parker")
            form = app.screen
            seen["form"] = isinstance(form, PanicFacesForm)
            seen["title"] = str(form.query_one("#form-title").render())
            seen["labels"] = [str(label.render()) for label in form.query(".form-label")]
            set_field(app, "chain-0", "2")
            set_field(app, "chain-1", "9")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["refused"] = str(form.query_one("#form-message").render())
            set_field(app, "chain-1", "5")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["shown"] = str(app.screen.query_one("#panic-result", Static).render())

    asyncio.run(run())
    assert seen["form"] and "Ripley Hale panics: 12 Scream" in seen["title"] and "R-PANIC-3" in seen["title"]
    assert seen["labels"] == ["Dallas Kane", "Parker Moss"]
    assert "Parker Moss' D6 must be from 1 to 6, not 9." in seen["refused"]
    entry = service.history.filtered(kind="panic")[0]
    rolls = entry["panic"]["rolls"]
    assert [(r["character"], r["face"], r.get("by_hand")) for r in rolls] == [
        ("Ripley Hale", 6, None), ("Dallas Kane", 2, True), ("Parker Moss", 5, True)]
    assert entry["by_hand"] is True and entry["summary"].endswith("(typed face; chained D6s typed)")
    assert "Dallas Kane" in seen["shown"] and "Parker Moss" in seen["shown"]


def test_R_PANIC_3_esc_at_the_chained_dice_records_the_typed_die_with_nobody_else(make_app):
    app = make_app("yze-demo")
    service = app.service
    _stress(service, c1=6)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _typed_scream(pilot, "Dallas")
            seen["form"] = isinstance(app.screen, PanicFacesForm)
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    assert seen["form"]
    (entry,) = service.history.filtered(kind="panic")
    assert [r["character"] for r in entry["panic"]["rolls"]] == ["Ripley Hale"]
    assert entry["panic"]["rolls"][0]["face"] == 6 and entry["panic"]["effect"] == "scream"
    assert service.campaign.character("c4").panic is None


def test_R_PANIC_3_tracker_p_with_the_consoles_die_asks_no_chained_dice(make_app):
    app = make_app("yze-demo")
    service = app.service
    _stress(service, c1=6)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            app.rng.seed(next(s for s in range(1000) if roll_panic_die(random.Random(s)) == 6))
            await pilot.press("p")  # 6 stress + 6 = 12, Scream
            await pilot.pause()
            seen["question"] = app.screen.title_text
            await mark_names(pilot, app.screen.query_one("#pick-list"), "Dallas")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__

    asyncio.run(run())
    assert "12 Scream" in seen["question"] and seen["screen"] == "MainScreen"
    entry = service.history.filtered(kind="panic")[0]
    assert entry["by_hand"] is False and [r["character"] for r in entry["panic"]["rolls"]] == [
        "Ripley Hale", "Dallas Kane"]
    assert "by_hand" not in entry["panic"]["rolls"][1] and "typed" not in entry["summary"]


def test_R_PANIC_3_builder_A_asks_the_chained_dice_of_a_stress_die_panic(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    _stress(service, c1=6)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await start_builder(pilot, "c1")
            await pick_skill(pilot, "ranged")
            await pilot.press("f")
            await fill_focused(pilot, "base=2,2,3,4 skill=5,3 stress=1,2,3,4,5,2")  # a stress die shows 1
            await pilot.press("A")
            await pilot.pause()
            await submit_value(pilot, "6")  # 6 stress + 6 = 12, Scream
            seen["question"] = app.screen.title_text
            await mark_names(pilot, app.screen.query_one("#pick-list"), "Dallas")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["form"] = isinstance(app.screen, PanicFacesForm)
            seen["labels"] = [str(label.render()) for label in app.screen.query(".form-label")]
            set_field(app, "chain-0", "3")
            await pilot.press("ctrl+s")
            await pilot.pause()

    asyncio.run(run())
    assert "12 Scream" in seen["question"] and seen["form"] and seen["labels"] == ["Dallas Kane"]
    costs = service.history.filtered(kind="costs")[0]
    rolls = costs["panic"]["rolls"]
    assert [(r["character"], r["face"], r.get("by_hand")) for r in rolls] == [
        ("Ripley Hale", 6, None), ("Dallas Kane", 3, True)]
    assert costs["by_hand"] is True and "Dallas Kane D6 3 + stress 0 = 3: " in costs["summary"]
