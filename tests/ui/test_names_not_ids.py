"""The console names TN modifiers by the seed's names, never by their ids, and its
messages quote what was typed in words, not as Python reprs."""

from __future__ import annotations

from pilot_harness import pick_skill, pilot_test, shown_text, start_builder
from textual.widgets import Static

from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.pickers import MarkListScreen


@pilot_test
async def test_picked_TN_modifiers_show_their_names_not_their_ids(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "shoot")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MarkListScreen)
        # social: Hostile (+4) is the 5th entry; other: Cramped (+1-4) the 13th
        await pilot.press(*["down"] * 4, "space", *["down"] * 8, "space", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        title = str(app.screen.query_one("#faces-title").render())
        app.screen.query_one("#faces-input").value = "9"
        await pilot.press("enter")
        await pilot.pause()
        error = str(app.screen.query_one("#faces-error", Static).render())
        app.screen.query_one("#faces-input").value = "3"
        await pilot.press("enter")
        await pilot.pause()
        settings = shown_text(builder, "#rb-settings")
    assert "other.cramped" not in title and "Cramped" in title
    assert "'" not in error and "“Cramped" in error
    assert "TN mods Hostile, Cramped Conditions/Confines +3" in settings
    assert "social.hostile" not in settings and "other.cramped" not in settings
