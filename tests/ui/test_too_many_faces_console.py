"""The GM's quick roll (``G``) typed as faces alone, twenty thousand of them: the dialog calls them faces
and stays open, and nothing is recorded."""

from __future__ import annotations

from pilot_harness import fill_focused, pilot_test

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.line_entry import LineEntryScreen


@pilot_test
async def test_a_quick_roll_of_20001_typed_faces_is_refused_as_too_many_faces(builder_app):
    app = builder_app("yze-demo")
    before = app.service.history.filtered()
    async with app.run_test(size=(110, 44)) as pilot:
        pilot.app.query_one(RollBuilder).focus()
        await pilot.press("G")
        await pilot.pause()
        await fill_focused(pilot, "; b" + "6" * 20001)
        error = str(app.screen.query_one("#faces-error").render())
        screen = app.screen
    assert isinstance(screen, LineEntryScreen)
    assert "too many faces typed (20,001)" in error and "at most 100 dice" in error
    assert "quick pool" not in error
    assert app.service.history.filtered() == before
