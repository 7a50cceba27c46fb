"""The settings file's ``journal_dir`` in the console: ``S`` ends a session and writes its journal there, says
so in the recap's status line, and a journal that cannot be written is said without keeping the new session
from opening. Driven with keys through Pilot on the demo campaign (frozen clock, seeded dice)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from textual.widgets import Static

from gmconsole.settings_file import parse
from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.screens.session_flow import RecapScreen

SIZE = (120, 40)


def _end_session(app, title: str = "") -> dict:
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            app.service.rolls.roll("c1", "ranged")
            app.service.rolls.roll("Dallas Kane", "melee")
            await pilot.press("S")
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["screen"] = app.screen
            seen["message"] = str(app.screen.query_one("#recap-message", Static).render())

    asyncio.run(run())
    return seen


def test_S_writes_the_ended_sessions_journal_into_journal_dir(open_service, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "Dallas Kane.md").write_text("the GM's own note\n", encoding="utf-8")
    config = parse(f'journal_dir = "{vault}"\n', Path("/gm/config.toml"))
    app = GMConsoleApp(open_service("yze-demo"), rng=random.Random(1), config=config)
    seen = _end_session(app)
    assert isinstance(seen["screen"], RecapScreen) and app.service.session.number == 2
    assert f"Journal of session 1 written to {vault}. Left alone: Dallas Kane.md." in seen["message"]
    note = (vault / "Session 01.md").read_text(encoding="utf-8")
    assert note.startswith('---\ncampaign: "yze-demo"\nsession: 1\n') and "[[Ripley Hale]]" in note
    assert "[[Session 01]]" in (vault / "Ripley Hale.md").read_text(encoding="utf-8")
    assert not (vault / "Session 02.md").exists()  # the session just opened has no journal yet
    assert (vault / "Dallas Kane.md").read_text(encoding="utf-8") == "the GM's own note\n"


def test_a_journal_that_cannot_be_written_is_said_and_the_session_still_opens(open_service, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    config = parse(f'journal_dir = "{blocked}"\n', Path("/gm/config.toml"))
    app = GMConsoleApp(open_service("yze-demo"), rng=random.Random(1), config=config)
    seen = _end_session(app)
    assert isinstance(seen["screen"], RecapScreen) and app.service.session.number == 2
    assert f"The journal was not written to {blocked}" in seen["message"]
    assert blocked.read_text(encoding="utf-8") == "not a folder"


def test_without_journal_dir_S_writes_no_journal(make_app, tmp_path):
    app = make_app("yze-demo")
    seen = _end_session(app)
    assert isinstance(seen["screen"], RecapScreen) and "Journal" not in seen["message"]
