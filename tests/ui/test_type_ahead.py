"""Type-ahead: keys sent in one burst (typed faster than the console draws, pasted, or sent by ``tmux
send-keys``) do what the same keys typed slowly do (:mod:`gmconsole.ui.type_ahead`).

Every test sends its keys with :func:`pilot_harness.burst`: all the key events are in the app's queue
before the first is handled, with no pause between them, then the test reads what the GM reads and
what the campaign holds. Each burst holds a key that moves the focus (a pane key), opens a form, a
picker, a screen or the skill filter, followed at once by keys meant for where the focus went; each
runs at 120×40 (four panes) and 80×24 (one pane at a time).
"""

from __future__ import annotations

import pytest
from pilot_harness import burst, keys_for, pilot_test, roll_entries, settle, shown_text, status_text
from pilot_harness import key_event as _key
from textual.widgets import DataTable, Input

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.widgets.roster import RosterPane
from gmconsole.ui.widgets.tracker import TrackerPane

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_a_burst_selects_the_fourth_roster_row_filters_a_skill_and_rolls_it(make_app, size):
    """``1 ↓ ↓ ↓ 3 s o b s ⏎ r`` in one burst: Lambert Cho (the roster's fourth row) rolls Observation."""
    app = make_app("yze-demo")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "1", "down", "down", "down", "3", "s", *keys_for("obs"), "enter", "r")
        builder = app.screen.query_one(RollBuilder)
        title = shown_text(builder, "#rb-title")
        result = shown_text(builder, "#rb-result-head")
        focused = app.focused
        roster = app.screen.query_one(RosterPane).selected_id
    rolls = roll_entries(app.service)
    assert [(roll["character_id"], roll["skill"]) for roll in rolls] == [("c9", "observation")]
    assert roster == "c9"
    assert "Lambert Cho" in title and "Lambert Cho" in result
    assert focused is builder


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_a_burst_opens_the_gm_roll_types_the_pool_rolls_it_and_pushes_it(make_app, size):
    """``3 G 5 b ⏎ p``: the GM's quick roll form opens, takes the pool typed into it and rolls; the ``p``
    after it pushes that roll (the focus is back in the builder when it arrives)."""
    app = make_app("yze-demo")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "3", "G", "5", "b", "enter", "p")
        screen = app.screen
        result = shown_text(app.screen.query_one(RollBuilder), "#rb-result-head")
    rolls = roll_entries(app.service)
    assert isinstance(screen, MainScreen)
    assert [(roll["character_id"], roll["summary"].split(":")[0]) for roll in rolls] == [(None, "GM rolls 5b")]
    assert [push["roll_id"] for push in app.service.history(kind="push")] == [rolls[0]["id"]]
    assert "GM rolls 5b" in result


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_a_burst_adds_a_character_through_the_form_and_edits_the_fourth_row(make_app, size):
    """``1 a Vasquez ctrl+s`` adds a character by the form, then ``ctrl+home ↓ ↓ ↓ e end " Jr" ctrl+s r``
    edits the fourth row: every letter lands in the form's field, none in the roster behind it."""
    app = make_app("yze-demo")
    before = [c.name for c in app.service.campaign.roster]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "1", "a", *keys_for("Vasquez"), "ctrl+s")
        added = status_text(app)
        await burst(pilot, "ctrl+home", "down", "down", "down", "e", "end", *keys_for(" Jr"), "ctrl+s", "r")
        screen = app.screen
        focused = app.focused
    names = [c.name for c in app.service.campaign.roster]
    assert names == [*before[:3], "Lambert Cho Jr", *before[4:], "Vasquez"]
    assert "Vasquez" in added
    assert isinstance(screen, MainScreen) and isinstance(focused, DataTable)  # the r after ctrl+s: not in the name


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_a_burst_marks_a_helper_in_the_picker_and_rolls_with_them(make_app, size):
    """``1 ↓ 3 s mani ⏎ e space ctrl+s r``: Dallas rolls Manipulation helped by Ripley, the first row of
    the helpers' picker (space marks it, ctrl+s closes it, r rolls in the builder)."""
    app = make_app("yze-demo")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "1", "down", "3", "s", *keys_for("mani"), "enter", "e", "space", "ctrl+s", "r")
        screen = app.screen
    rolls = roll_entries(app.service)
    assert isinstance(screen, MainScreen)
    assert [(roll["character_id"], roll["skill"], roll["request"]["helpers"]) for roll in rolls] == [
        ("c4", "manipulation", ["c1"])]


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_a_burst_opens_the_history_types_its_filter_and_leaves_it(make_app, size):
    """``3 s ranged ⏎ r h / Ripley ⏎``: the roll, then the history screen with its character filter typed
    and the focus back in its table; ``escape 4 + +`` then returns to the main screen and puts two
    stress on the tracker's highlighted row."""
    app = make_app("yze-demo")
    stress = app.service.character("c1").stress
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "3", "s", *keys_for("ranged"), "enter", "r", "h", "slash", *keys_for("Ripley"), "enter")
        history = app.screen
        typed = history.query_one("#hist-character", Input).value if isinstance(history, HistoryScreen) else None
        focused = app.focused
        await burst(pilot, "escape", "4", "plus", "plus")
        screen = app.screen
        tracker_focused = app.focused is not None and app.focused.parent is screen.query_one(TrackerPane)
    assert isinstance(history, HistoryScreen) and typed == "Ripley"
    assert isinstance(focused, DataTable) and focused.row_count == 1
    assert isinstance(screen, MainScreen) and tracker_focused
    assert app.service.character("c1").stress == stress + 2
    assert [roll["skill"] for roll in roll_entries(app.service)] == ["ranged"]


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_a_burst_sets_a_counter_in_its_form_then_moves_on_to_another_pane(make_app, size):
    """``4 ↓ = 3 ⏎ 1 ↓``: Dallas's stress set to 3 by the one-value form, then the roster's highlight moves
    from Ripley to Dallas (the arrow after the pane key goes to the roster)."""
    app = make_app("yze-demo")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "4", "down", "equals_sign", "3", "enter", "1", "down")
        roster = app.screen.query_one(RosterPane)
        selected = roster.selected_id
        shown_pane = roster.display and roster.has_class("-active")
    assert app.service.character("c4").stress == 3
    assert selected == "c4" and shown_pane


@pilot_test
async def test_a_paste_after_the_skill_filter_key_lands_in_the_filter(make_app):
    """``3 s`` then a pasted ``obs`` then ``⏎ r``, all at once: a paste waits its turn behind the keys
    before it, as a key does, and fills the skill filter they opened."""
    from textual import events

    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        keys = [_key(app, "3"), _key(app, "s"), events.Paste("obs"), _key(app, "enter"), _key(app, "r")]
        for event in keys:
            app.post_message(event)
        await settle(pilot)
    assert [(roll["character_id"], roll["skill"]) for roll in roll_entries(app.service)] == [("c1", "observation")]


@pilot_test
async def test_keys_are_let_through_even_while_the_console_never_settles(make_app):
    """Something that keeps the event loop busy for good (here a task that never waits) holds a key at
    most ``MOST_ROUNDS`` iterations of the loop: the keys still reach the skill filter, in order."""
    import asyncio

    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        spinning = True

        async def spin() -> None:
            while spinning:
                await asyncio.sleep(0)

        spinner = asyncio.create_task(spin())
        for key in ("3", "s", "o", "b"):
            app.post_message(_key(app, key))

        async def let_through() -> None:
            while app.type_ahead.busy:
                await asyncio.sleep(0.01)

        try:
            await asyncio.wait_for(let_through(), timeout=20)
        finally:
            spinning = False
            await spinner
        await settle(pilot)
        box = app.screen.query_one("#rb-skill-filter", Input)
        focused = app.focused
    assert box.value == "ob" and focused is box
