"""The tab line offers redo only when there is a change to redo: a freshly opened campaign does not say
"ctrl+y redo" to then answer "there is nothing to redo"."""

from __future__ import annotations

import asyncio

from textual.widgets import Static


def _tabs(app) -> str:
    return str(app.screen.query_one("#pane-tabs", Static).render())


def test_redo_is_offered_after_an_undo_and_not_before(make_app):
    app = make_app("yze-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["opened"] = _tabs(app)
            app.service.trackers.change_stress("c1", 1)
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["undone"] = _tabs(app)
            await pilot.press("ctrl+y")
            await pilot.pause()
            seen["redone"] = _tabs(app)

    asyncio.run(run())
    assert "h history" in seen["opened"] and "redo" not in seen["opened"], seen["opened"]
    assert "ctrl+y redo" in seen["undone"], seen["undone"]
    assert "redo" not in seen["redone"], seen["redone"]
