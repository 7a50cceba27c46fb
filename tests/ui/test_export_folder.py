"""Exports go to a folder the GM chooses, by default ``exports`` in the data folder.

The export dialog names the folder; a blank answer writes there; typing another folder writes there
and keeps it for the next exports of this console (history Markdown and CSV, the recap)."""

from __future__ import annotations

import asyncio

from textual.widgets import Input, Static

from gmconsole.ui.screens.line_entry import LineEntryScreen


def _hint(app) -> str:
    return str(app.screen.query_one("#faces-hint", Static).render())


def test_exports_go_to_the_exports_folder_then_to_the_one_typed(make_app, demo_root, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # never the folder the console was started from
    app = make_app("myz-demo")
    app.service.rolls.roll("c1", None, attribute="strength", faces="base=6,1,3")
    chosen = tmp_path / "table night"
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, LineEntryScreen)
            seen["hint"] = _hint(app)
            await pilot.press("enter")
            await pilot.pause()
            seen["said"] = str(app.screen.query_one("#hist-message").render())
            await pilot.press("v")
            await pilot.pause()
            app.screen.query_one(Input).value = str(chosen) + "/"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            seen["recap_hint"] = _hint(app)
            await pilot.press("enter")
            await pilot.pause()

    asyncio.run(run())
    exports = demo_root / "exports"
    assert str(exports) in seen["hint"]
    markdown = (exports / "myz-demo-session-1.md").read_text(encoding="utf-8")
    assert str(exports / "myz-demo-session-1.md") in seen["said"]
    assert "| dice |" in markdown and "base 6 1 3" in markdown
    assert "base 6 1 3" in (chosen / "myz-demo-session-1.csv").read_text(encoding="utf-8")
    assert str(chosen) in seen["recap_hint"] and (chosen / "myz-demo-session-1-recap.md").exists()
    assert not list(tmp_path.glob("*.md"))
