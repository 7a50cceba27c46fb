"""In the console: the recap of a session with a damaged history file, once the GM declined the
restore, is never blank (no text, no file named). The recap screen names the damaged file
and offers the way out again (``r``); once the file is set aside the recap says which entries are missing.
"""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.question import QuestionScreen
from gmconsole.ui.screens.session_flow import RecapScreen


def _damaged_chunk(open_service):
    """exploding-demo after its first roll (its only history chunk has no backup), closed, with that
    chunk truncated to half its bytes."""
    service = open_service("exploding-demo")
    service.rolls.roll("c1", "shooting", attribute="agility")
    chunk = service._store.path / "history" / "session-0001" / "entries-000000001.json"
    service.close()
    chunk.write_bytes(chunk.read_bytes()[: len(chunk.read_bytes()) // 2])
    return chunk


def _recap(app) -> str:
    return "\n".join(str(app.screen.query_one(s, Static).render()) for s in ("#recap-text", "#recap-message"))


def test_a_declined_restore_leaves_the_damaged_file_named_on_the_recap_and_r_offers_it_again(open_service):
    chunk = _damaged_chunk(open_service)
    app = GMConsoleApp(open_service("exploding-demo"))
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, RecapScreen)
            seen["declined"] = _recap(app)
            await pilot.press("m")  # nothing was read: no empty recap is written
            await pilot.pause()
            seen["export"] = (type(app.screen).__name__, _recap(app))
            await pilot.press("r")
            await pilot.pause()
            seen["again"] = type(app.screen).__name__
            await pilot.press("y")  # set it aside (there is no backup)
            await pilot.pause()
            assert isinstance(app.screen, RecapScreen)
            seen["after"] = _recap(app)

    asyncio.run(run())
    assert str(chunk) in seen["declined"] and "r: restore its backup or set it aside" in seen["declined"]
    assert "Recap of session 1 cannot be read" in seen["declined"]
    assert seen["export"][0] == "RecapScreen" and "cannot be read, so it is not exported" in seen["export"][1]
    assert seen["again"] == "QuestionScreen"
    assert "Entry #1 is missing from this recap" in seen["after"] and chunk.name in seen["after"]
    assert "Nothing was rolled or changed" not in seen["after"]
