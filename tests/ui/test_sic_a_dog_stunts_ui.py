"""Sic a Dog's stunts follow the use rolled (seed 000): the dog Fights for the handler, so a fighting roll
offers Fight's stunts; scouting offers Scout's questions; tracking its own three. The hint that the skill is
rolled for one of its uses goes once the roll is made."""

from __future__ import annotations

import pytest
from pilot_harness import pick_skill, pilot_test, shown_text, start_builder

from gmconsole.ui.screens.line_entry import LineEntryScreen

VANJA = "c4"


@pytest.mark.parametrize(("use", "faces", "offered", "not_offered"), [
    ("f", "b6623 s634", "You inflict one more point of damage", "Tracking:"),
    ("s", "b662 s634", "Is it coming for me?", "Tracking:"),
    ("t", "b662 s634", "Tracking: is the prey wounded?", "You inflict one more point of damage"),
])
@pilot_test
async def test_the_stunts_offered_are_the_uses_own(builder_app, use, faces, offered, not_offered):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, VANJA)
        await pick_skill(pilot, "sic")
        await pilot.press("f", use)
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        app.focused.value = faces
        await pilot.press("enter")
        await pilot.pause()
        stunts = shown_text(builder, "#rb-stunts")
        message = shown_text(builder, "#rb-message")
    entry = app.service.history.filtered(kind="roll")[0]
    assert entry["successes"] == 3
    assert offered in stunts and not_offered not in stunts, stunts
    assert any(offered in s["en"] for s in entry["stunt_list"])
    assert "is rolled for one of its uses" not in message, message
