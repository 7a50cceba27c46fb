"""Pane 4, stress / panic tracker and the system's other trackers: keys in, campaign state out."""

from __future__ import annotations

import asyncio

from pilot_harness import status_text
from textual.widgets import Input

from gmconsole.ui.screens.condition_form import ConditionForm


def test_stress_plus_minus_counter_cycle_and_rest(make_app):
    app = make_app("yze-demo")
    service = app.service
    stress = service.character("c1").stress
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "plus", "plus", "minus")
            await pilot.pause()
            seen["stress"] = service.character("c1").stress
            await pilot.press("t", "plus")
            await pilot.pause()
            seen["willpower"] = service.character("c1").willpower
            seen["label"] = str(app.screen.query_one("#tracker-status").render())
            await pilot.press("down", "t", "t", "plus", "plus")  # past the doom pool, back to stress
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            seen["rested"] = (service.character("c1").stress, service.character("c4").stress)
            await pilot.press("R", "y")
            await pilot.pause()

    asyncio.run(run())
    assert seen["stress"] == stress + 1
    assert seen["willpower"] == 1 and "WP" in seen["label"]
    assert seen["rested"] == (stress + 1, 0)
    assert all(c.stress == 0 for c in service.campaign.roster if not c.is_npc)


def test_R_PANIC_1_rest_all_asks_first_and_escape_or_n_leaves_every_stress_as_it_was(make_app):
    """``R`` rests every PC at once: it asks first, naming who loses stress, as ``e`` (end the conflict)
    does; escape or ``n`` changes nothing, ``y`` rests them all in one entry ctrl+z takes back."""
    from gmconsole.ui.screens.confirm import ConfirmScreen

    app = make_app("yze-demo")
    service = app.service
    service.trackers.change_stress("c9", 3)
    before = {c.id: c.stress for c in service.campaign.roster}
    entries = len(service.history.filtered())
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "R")
            await pilot.pause()
            seen["asks"] = isinstance(app.screen, ConfirmScreen)
            seen["question"] = str(app.screen.query_one("#confirm-question").render())
            await pilot.press("escape")
            await pilot.pause()
            seen["after_escape"] = {c.id: c.stress for c in service.campaign.roster}
            await pilot.press("R", "n")
            await pilot.pause()
            seen["after_n"] = {c.id: c.stress for c in service.campaign.roster}
            seen["entries"] = len(service.history.filtered())
            await pilot.press("R", "y")
            await pilot.pause()
            seen["rested"] = {c.id: c.stress for c in service.campaign.roster}
            await pilot.press("ctrl+z")
            await pilot.pause()

    asyncio.run(run())
    assert seen["asks"]
    assert seen["question"] == ("Rest every PC: stress to 0 for Ripley Hale, Parker Moss, Lambert Cho? "
                                "(ctrl+z undoes it)")
    assert seen["after_escape"] == before and seen["after_n"] == before and seen["entries"] == entries
    assert all(seen["rested"][c.id] == 0 for c in service.campaign.roster if not c.is_npc)
    assert {c.id: c.stress for c in service.campaign.roster} == before


def test_R_with_no_stress_to_rest_says_so_without_asking(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.trackers.rest()
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "R")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["status"] = status_text(app)

    asyncio.run(run())
    assert seen["screen"] == "MainScreen"
    assert "no PC has any stress to rest away" in seen["status"]


def test_R_PANIC_1_panic_roll_shows_the_table_result_and_applies_to_those_in_range(make_app):
    app = make_app("yze-demo", seed=5)
    service = app.service
    service.trackers.change_stress("c1", 6)  # stress 7: any D6 gives 8 or more, an effect with teeth
    others_before = {c.id: c.stress for c in service.campaign.roster}
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "p")
            await pilot.pause()
            await pilot.press("space", "down", "space", "ctrl+s")  # Dallas and Parker in range
            await pilot.pause()
            seen["shown"] = str(app.screen.query_one("#panic-result").render())
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["after_undo"] = app.screen.query_one("#panic-result").display

    asyncio.run(run())
    entry = service.history.filtered(kind="panic", include_undone=True)[0]
    first = entry["panic"]["rolls"][0]
    assert first["total"] == first["face"] + 7 and first["character_id"] == "c1"
    assert f"= {first['total']}: {first['name']['en']}" in seen["shown"]
    assert first["text"]["en"][:20] in seen["shown"].replace("\n", " ")
    touched = ({g["character_id"] for g in entry["panic"]["stress"]}
               | {r["character_id"] for r in entry["panic"]["rolls"][1:]})
    in_range = {c.id for c in service.campaign.roster[1:3]}  # the two marked: Dallas and Parker
    assert touched and touched <= in_range
    assert entry["status"] == "undone" and seen["after_undo"] is False
    assert {c.id: c.stress for c in service.campaign.roster} == {**others_before, "c1": 7}


def test_panic_key_is_not_offered_in_myz_which_has_no_panic_table(make_app):
    app = make_app("myz-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            seen.append({binding.action for (_node, binding, _enabled, _tip) in app.active_bindings.values()})
            await pilot.press("p")
            await pilot.pause()
            await pilot.press("plus")  # myz: mutation points
            await pilot.pause()

    asyncio.run(run())
    assert "panic" not in seen[0] and "rest" not in seen[0]  # myz keeps no stress: nothing to rest
    assert app.service.history.filtered(kind="panic") == []
    points = app.service.campaign.roster[0].mutation_points
    assert app.service.history.filtered(kind="mutation_points")[0]["summary"].endswith(f"{points - 1} → {points} (+1)")


def test_doom_clocks_and_conditions(make_app):
    app = make_app("yze-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "o", "o", "O")
            await pilot.pause()
            seen["doom"] = service.session.doom
            await pilot.press("O", "O")
            await pilot.pause()
            seen["doom_refused"] = status_text(app)
            await pilot.press("k")
            await pilot.pause()
            app.screen.query_one("#f-name", Input).value = "Reactor meltdown"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("full_stop", "full_stop", "full_stop", "comma")
            await pilot.pause()
            seen["clock"] = [(k.name, k.filled, k.segments) for k in service.session.clocks]
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, ConditionForm)
            app.screen.query_one("#f-condition", Input).value = "scared"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["conditions"] = list(service.character("c1").conditions)
            await pilot.press("C")
            await pilot.pause()
            app.screen.query_one("#f-condition", Input).value = "tired"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["wrong_condition"] = str(app.screen.query_one("#form-message").render())
            app.screen.query_one("#f-condition", Input).value = "scared"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("K")
            await pilot.pause()

    asyncio.run(run())
    assert seen["doom"] == 1 and service.session.doom == 0
    assert "cannot lose" in seen["doom_refused"]
    assert seen["clock"] == [("Reactor meltdown", 2, 4)]
    assert seen["conditions"] == ["scared"]
    assert seen["wrong_condition"]
    assert service.character("c1").conditions == []
    assert service.session.clocks == []


def test_the_first_clock_fits_its_bar_and_the_clock_table_names_it_in_full(make_app):
    """The first clock of a campaign that had none shows its bar, not only its name (the bar scrolled
    off to the right until a key re-fitted it); with the clock table focused, the line under it shows
    the highlighted clock's full name."""
    from textual.widgets import DataTable

    app = make_app("yze-demo")
    name = "The hive wakes up and swarms the lower decks"
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            assert app.service.session.clocks == []
            await pilot.press("4", "k")
            await pilot.pause()
            app.screen.query_one("#f-name", Input).value = name
            app.screen.query_one("#f-segments", Input).value = "6"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.pause()
            clocks = app.screen.query_one("#clock-table", DataTable)
            seen["row"] = [str(cell) for cell in clocks.get_row_at(0)]
            seen["fits"] = clocks.virtual_size.width <= clocks.size.width
            await pilot.press("tab")
            await pilot.pause()
            seen["focused"] = app.focused is clocks
            seen["detail"] = str(app.screen.query_one("#clock-detail").render())

    asyncio.run(run())
    assert seen["row"][1] == "○○○○○○ 0/6" and seen["row"][0].endswith("…") and seen["fits"]
    assert seen["focused"] and seen["detail"] == f"{name} — 0/6"


def test_the_tracker_key_bar_shows_P_at_80_columns(make_app):
    """The key bar shows ``P`` (a panic roll with the D6 rolled at the table)."""
    from gmconsole.ui.widgets.key_bar import KeyBar

    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            bar = app.screen.query_one(KeyBar)
            seen["bar"] = str(bar.render())
            seen["height"] = bar.region.height

    asyncio.run(run())
    bar = " ".join(seen["bar"].split())
    assert "P Panic, typed D6" in bar and "H Harm" in bar and seen["height"] == 3  # harm takes a third line
