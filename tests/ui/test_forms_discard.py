"""Escape on a form: a form left as it opened closes at once; one the GM typed in asks "Discard what you
typed?" first (enter or ``y`` discards and closes, escape or ``n`` goes back with the text kept). The
form base does it for every form over it, the typed-line entries and the special-roll forms alike."""

from __future__ import annotations

from pilot_harness import mark_names, pilot_test, press, start_builder, type_into, type_text
from textual.widgets import Input

from gmconsole.ui.screens.character_form import CharacterForm
from gmconsole.ui.screens.clock_form import ClockForm
from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.roll_form import RollFormScreen


def _question(app) -> str:
    return str(app.screen.query_one("#confirm-question").render())


@pilot_test
async def test_escape_on_a_form_as_it_opened_closes_it_at_once(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "4", "k")
        assert isinstance(app.screen, ClockForm)
        await press(pilot, "escape")
        assert isinstance(app.screen, MainScreen)
        await press(pilot, "1", "e")  # an edit form opens full of the sheet's values: still as it opened
        assert isinstance(app.screen, CharacterForm)
        await press(pilot, "escape")
        assert isinstance(app.screen, MainScreen)
        await press(pilot, "1", "e")
        await type_into(pilot, "notes", "scar")  # typed, then typed away again: as it opened
        await press(pilot, "backspace", "backspace", "backspace", "backspace")
        app.screen.query_one("#f-notes", Input).value = app.service.character("c1").notes
        await press(pilot, "escape")
        assert isinstance(app.screen, MainScreen)


@pilot_test
async def test_escape_after_typing_asks_and_escape_or_n_go_back_with_the_text_kept(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "4", "k")
        form = app.screen
        await type_text(pilot, "Reactor meltdown")
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert _question(app) == "Discard what you typed?"
        await press(pilot, "escape")
        assert app.screen is form and form.query_one("#f-name", Input).value == "Reactor meltdown"
        await press(pilot, "escape", "n")
        assert app.screen is form and form.query_one("#f-name", Input).value == "Reactor meltdown"
        await press(pilot, "escape", "enter")
        assert isinstance(app.screen, MainScreen)
        await press(pilot, "k")
        await type_text(pilot, "Hive")
        await press(pilot, "escape", "y")
        assert isinstance(app.screen, MainScreen)
    assert app.service.session.clocks == []
    assert app.service.history.filtered(kind="clock") == []


@pilot_test
async def test_an_edit_form_typed_in_asks_before_its_changes_go(make_app):
    app = make_app("yze-demo")
    name = app.service.character("c1").name
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "1", "e")
        await type_into(pilot, "name", "Ellen Ripley")
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert isinstance(app.screen, CharacterForm)
        assert app.screen.query_one("#f-name", Input).value == "Ellen Ripley"
        await press(pilot, "escape", "y")
        assert isinstance(app.screen, MainScreen)
    assert app.service.character("c1").name == name


@pilot_test
async def test_a_typed_line_asks_too(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "3", "G")
        entry = app.screen
        assert isinstance(entry, LineEntryScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, MainScreen)
        await press(pilot, "G")
        await type_text(pilot, "4b 2s")
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, LineEntryScreen)
        assert app.screen.query_one(Input).value == "4b 2s"
        await press(pilot, "escape", "enter")
        assert isinstance(app.screen, MainScreen)
    assert app.service.history.filtered(kind="roll") == []


@pilot_test
async def test_a_special_roll_form_asks_only_for_what_was_typed_since_it_last_rolled(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await press(pilot, "n")
        form = app.screen
        assert isinstance(form, RollFormScreen)
        form.query_one("#field-skill", Input).focus()
        form.query_one("#field-skill", Input).value = ""
        await type_text(pilot, "athletics")
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.screen is form
        await mark_names(pilot, form.query_one("#field-participants"), "Torvald")
        await press(pilot, "ctrl+s")  # rolled: what was typed is used, escape closes at once
        assert app.service.history.filtered(kind="group"), str(form.query_one("#form-error").render())
        await press(pilot, "escape")
        assert app.screen is not form and not isinstance(app.screen, ConfirmScreen)
