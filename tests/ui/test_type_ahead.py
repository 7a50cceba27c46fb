"""Type-ahead: keys sent in one burst (typed faster than the console draws, pasted, or sent by ``tmux
send-keys``) do what the same keys typed slowly do (:mod:`gmconsole.ui.type_ahead`).

Every test sends its keys with :func:`pilot_harness.burst`: all the key events are in the app's queue
before the first is handled, with no pause between them, then the test reads what the GM reads and
what the campaign holds. Each burst holds a key that moves the focus (a pane key), opens a form, a
picker, a screen or the skill filter, followed at once by keys meant for where the focus went; each
runs at 120×40 (four panes) and 80×24 (one pane at a time).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pilot_harness import burst, keys_for, pilot_test, roll_entries, send_bytes, settle, shown_text, status_text
from pilot_harness import key_event as _key
from textual.widgets import DataTable, Input

from gmconsole.settings_file import parse
from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.help import HelpScreen
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.skills_screen import SkillsScreen
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
    assert [push["roll_id"] for push in app.service.history.filtered(kind="push")] == [rolls[0]["id"]]
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
    on from Dallas (selected in the tracker, one selection) to Parker: the arrow after the pane key goes to
    the roster."""
    app = make_app("yze-demo")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await burst(pilot, "4", "down", "equals_sign", "3", "enter", "1", "down")
        roster = app.screen.query_one(RosterPane)
        selected = roster.selected_id
        shown_pane = roster.display and roster.has_class("-active")
    assert app.service.character("c4").stress == 3
    assert selected == "c6" and shown_pane


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


# Escape then a key, read by the terminal's parser in one go: a terminal sends Alt+key as Escape then the
# key, so a parser that gets both in one read (tmux send-keys, or a GM faster than ESCDELAY) cannot tell
# them apart. Where the console binds no such Alt key, it is the Escape and then the key, in order.


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_escape_4_plus_plus_read_in_one_go_leaves_the_history_for_the_tracker_and_adds_two_stress(
        make_app, size):
    """``tmux send-keys h Escape 4 + +`` sends ``h␛4++`` at once: the history screen opens and closes again,
    the tracker gets the focus and Ripley, its highlighted row, two stress."""
    app = make_app("yze-demo")
    stress = app.service.character("c1").stress
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "h\x1b4++")
        screen = app.screen
        tracker = screen.query_one(TrackerPane) if isinstance(screen, MainScreen) else None
        tracker_focused = tracker is not None and app.focused is not None and app.focused.parent is tracker
    assert isinstance(screen, MainScreen) and tracker_focused
    assert app.service.character("c1").stress == stress + 2


@pytest.mark.parametrize(("data", "opened"), [pytest.param("h\x1bL", SkillsScreen, id="letter"),
                                              pytest.param("h\x1b?", HelpScreen, id="punctuation")])
@pilot_test
async def test_escape_then_a_key_read_in_one_go_goes_back_and_the_key_runs_on_the_main_screen(make_app, data, opened):
    """``L`` (skills) and ``?`` (help) after the Escape that leaves the history screen open what they open
    from the main screen."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, data)
        stack = [type(screen) for screen in app.screen_stack]
    assert stack == [MainScreen, opened]


@pilot_test
async def test_escape_s_read_in_one_go_closes_the_empty_quick_roll_and_opens_the_skill_filter(make_app):
    """``3 G`` then ``␛s``: the GM's quick roll opens, Escape closes it (nothing typed in it), and ``s`` opens
    the roll builder's skill filter, empty: nothing rolled, no ``s`` in a field."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "3G\x1bs")
        screen = app.screen
        box = screen.query_one("#rb-skill-filter", Input) if isinstance(screen, MainScreen) else None
        focused = app.focused
    assert isinstance(screen, MainScreen)
    assert box is not None and focused is box and box.value == ""
    assert roll_entries(app.service) == []


@pilot_test
async def test_two_escapes_and_keys_read_in_one_go_are_two_escapes_then_the_keys(make_app):
    """``3 G`` opens the GM's quick roll; ``␛␛4+`` closes it, does nothing more on the main screen (Escape
    is bound to nothing there), then puts one stress on the tracker's highlighted row."""
    app = make_app("yze-demo")
    stress = app.service.character("c1").stress
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "3G")
        form = type(app.screen)
        await send_bytes(pilot, "\x1b\x1b4+")
        stack = [type(screen) for screen in app.screen_stack]
    assert form is not MainScreen
    assert stack == [MainScreen]
    assert app.service.character("c1").stress == stress + 1
    assert roll_entries(app.service) == []


@pilot_test
async def test_escape_then_an_arrow_read_in_one_go_goes_back_and_moves_the_roster_highlight(make_app):
    """``h`` then ``␛`` and ↓ (``␛␛[B``): back on the main screen, the roster's highlight moves from Ripley to
    Dallas."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "h\x1b\x1b[B")
        screen = app.screen
        selected = screen.query_one(RosterPane).selected_id if isinstance(screen, MainScreen) else None
    assert isinstance(screen, MainScreen) and selected == "c4"


@pytest.mark.parametrize(("keys", "data"), [pytest.param("minus,alt+s", "\x1bs", id="alt+s"),
                                            pytest.param("minus,alt+4", "\x1b4", id="alt+4"),
                                            pytest.param("minus,alt+plus", "\x1b+", id="alt+plus")])
@pilot_test
async def test_an_alt_key_the_keymap_binds_still_runs_its_binding(open_service, keys, data):
    """``[keymap] "tracker.minus" = "minus,alt+s"``: Escape then ``s`` read in one go is the GM's Alt+S, which
    takes one stress off (read as Escape then ``s`` it would leave the two that ``4 + +`` put on)."""
    app = GMConsoleApp(open_service("yze-demo"), rng=random.Random(1),
                       config=parse(f'[keymap]\n"tracker.minus" = "{keys}"\n', Path("/gm/config.toml")))
    stress = app.service.character("c1").stress
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "4++")
        await send_bytes(pilot, data)
        screen = app.screen
    assert isinstance(screen, MainScreen)
    assert app.service.character("c1").stress == stress + 1


@pilot_test
async def test_escape_b_read_in_one_go_in_a_field_moves_back_a_word(make_app):
    """iTerm2's word moves (Option+← with its natural editing keys) send ``␛b``: in a form's field that is
    still a word to the left, not Escape (the field has a binding for it): ``Vas quez`` then ``␛bX`` makes
    ``Vas Xquez``."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "1aVas quez")
        await send_bytes(pilot, "\x1bbX")
        screen = app.screen
        name = screen.query_one("#f-name", Input).value if not isinstance(screen, MainScreen) else None
    assert name == "Vas Xquez"


@pilot_test
async def test_a_bracketed_paste_read_with_keys_fills_the_skill_filter(make_app):
    """``3 s``, a pasted ``obs`` (between the terminal's bracketed-paste marks), ``⏎ r``, in one read: the
    paste is one paste, Escapes of its marks included, and fills the skill filter."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await send_bytes(pilot, "3s\x1b[200~obs\x1b[201~\rr")
    assert [(roll["character_id"], roll["skill"]) for roll in roll_entries(app.service)] == [("c1", "observation")]


@pilot_test
async def test_the_terminal_driver_reads_escape_4_plus_plus_sent_in_one_go_as_escape_then_those_keys(make_app):
    """The driver the console runs on a terminal, its input thread reading ``h␛4++`` from the terminal (a
    pipe here) in one read: the same as typed slowly, history opened and left, two stress on the tracker."""
    import asyncio
    import os
    import signal
    import threading

    app = make_app("yze-demo")
    stress = app.service.character("c1").stress
    handlers = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        driver = app.get_driver_class()(app)  # installs its suspend handlers: put back below
        terminal, keyboard = os.pipe()
        driver.fileno = terminal
        reader = threading.Thread(target=driver.run_input_thread)
        try:
            os.write(keyboard, b"h\x1b4++")
            reader.start()
            for _ in range(1000):  # the keys are read and handled: the last one adds the second stress
                if app.service.character("c1").stress == stress + 2:
                    break
                await asyncio.sleep(0.01)
        finally:
            driver.exit_event.set()
            if reader.is_alive():
                await asyncio.to_thread(reader.join)
            os.close(keyboard)
            os.close(terminal)
            for number, handler in handlers.items():
                signal.signal(number, handler)
        await settle(pilot)
        screen = app.screen
        tracker_focused = isinstance(screen, MainScreen) and app.focused is not None \
            and app.focused.parent is screen.query_one(TrackerPane)
    assert isinstance(screen, MainScreen) and tracker_focused
    assert app.service.character("c1").stress == stress + 2
