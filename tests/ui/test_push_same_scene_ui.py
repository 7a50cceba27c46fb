"""A push in the same scene, in the console: a roll made in the builder, then ``N`` (new scene) or ``S`` (new
session), then ``p``: the push is refused with the service's sentence and the builder no longer offers it;
``ctrl+z`` (undo the new scene) offers it again.
"""

from __future__ import annotations

import asyncio

import pytest
from pilot_harness import builder_text, fill_focused, type_text

from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.session_flow import NewSessionForm, RecapScreen


async def _roll_ranged(pilot) -> None:
    await pilot.press("1", "3", "s")
    await type_text(pilot, "ranged")
    await pilot.press("enter", "f")
    await fill_focused(pilot, "base=6,2,3,4 skill=1,3 stress=2")


async def _new_session(pilot, app) -> None:
    await pilot.press("S")
    await pilot.pause()
    assert isinstance(app.screen, NewSessionForm)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, RecapScreen)
    await pilot.press("escape")
    await pilot.pause()


@pytest.mark.parametrize("start", ["scene", "session"])
def test_a_push_after_a_new_scene_or_session_is_refused_and_said_in_the_builder(make_app, start):
    app = make_app("yze-demo")
    service = app.service
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _roll_ranged(pilot)
            roll = service.history.filtered(kind="roll")[-1]
            seen["roll"] = roll["id"]
            if start == "scene":
                await pilot.press("N")
                await pilot.pause()
            else:
                await _new_session(pilot, app)
            assert isinstance(app.screen, MainScreen)
            await pilot.press("3")
            await pilot.pause()
            seen["offered"] = builder_text(app)
            await pilot.press("p")
            await pilot.pause()
            seen["refused"] = builder_text(app)
            await pilot.press("P")  # typed faces: refused before the faces are asked for
            await pilot.pause()
            seen["typed_screen"] = type(app.screen).__name__
            seen["typed"] = builder_text(app)
            seen["pushes"] = service.history.filtered(kind="push", session=1) + service.history.filtered(kind="push")
            if start == "scene":
                await pilot.press("ctrl+z")
                await pilot.pause()
                await pilot.press("3")
                await pilot.pause()
                seen["again"] = builder_text(app)

    asyncio.run(run())
    sentence = f"roll {seen['roll']} was made in session 1, scene 1; a push follows its roll in the same scene"
    assert f"cannot push: {sentence}" in seen["offered"] and "p: push" not in seen["offered"]
    assert f"Push refused: {sentence}" in seen["refused"]
    assert seen["pushes"] == []
    assert seen["typed_screen"] == "MainScreen" and f"Push refused: {sentence}" in seen["typed"]
    if start == "scene":
        assert "p: push" in seen["again"] and "cannot push" not in seen["again"]
