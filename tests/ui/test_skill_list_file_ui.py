"""In the console: ``L`` ``l`` with ``/dev/zero`` (or a folder, or a file over 256 KiB) never freezes
the console while memory grows to GBs; the form says why in one line, at once, and the campaign's
skills are unchanged."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input, Static

from gmconsole.ui.screens.skills_screen import SkillListFile, SkillsScreen


@pytest.mark.parametrize("name, message", [
    ("/dev/zero", "/dev/zero is not a regular file"),
    ("big", "big.toml is 300 KiB: a skill list is read only up to 256 KiB"),
])
def test_loading_a_device_or_a_huge_file_as_a_skill_list_is_refused_in_one_line(make_app, tmp_path, name, message):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (300 * 1024))
    path = str(big) if name == "big" else name
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("L")
            await pilot.pause()
            assert isinstance(app.screen, SkillsScreen)
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, SkillListFile)
            app.screen.query_one("#f-path", Input).value = path
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["screen"] = app.screen
            seen["message"] = str(app.screen.query_one("#form-message", Static).render())

    asyncio.run(run())
    assert isinstance(seen["screen"], SkillListFile)
    assert message in seen["message"] and "\n" not in seen["message"].strip()
    assert app.service.campaign.skills is None
