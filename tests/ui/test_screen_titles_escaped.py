"""A screen's or form's title built from campaign text (a character's name) is escaped whole
with ``gmconsole.safe_text.shown`` where the title is made, so the title widget itself holds the visible
escape and Rich markup in a name (``[red]``) is shown as typed, never read as markup."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from pilot_harness import rendered
from textual.widgets import Static

EVIL = "Ri[red]\x1b[2Jp[/red]"
EVIL_SHOWN = "Ri[red]\\x1b[2Jp[/red]"


def _app(demo_root, frozen_clock):
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp

    path = demo_root / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = EVIL
    path.write_text(json.dumps(document), encoding="utf-8")
    service = CampaignService.open(demo_root, "yze-demo", clock=frozen_clock, rng=random.Random(3))
    return GMConsoleApp(service, rng=random.Random(3))


def test_the_gear_screen_title_escapes_the_name_from_the_file(demo_root, frozen_clock):
    app = _app(demo_root, frozen_clock)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            await pilot.press("1", "g")
            await pilot.pause()
            seen["title"] = rendered(app.screen.query_one("#gear-title", Static))

    try:
        asyncio.run(run())
    finally:
        app.service.close()
    assert seen["title"] == f"{EVIL_SHOWN} — gear"


def _screens():
    from gmconsole.ui.screens.confirm import ConfirmScreen
    from gmconsole.ui.screens.line_entry import LineEntryScreen
    from gmconsole.ui.screens.pickers import PickCharacters
    from gmconsole.ui.screens.question import QuestionScreen
    from gmconsole.ui.screens.roll_form import ChoiceScreen, FormField, RollFormScreen

    title = f"Why may {EVIL} try again?"
    return [
        (LineEntryScreen(title, "hint", lambda text: text), "#faces-title"),
        (PickCharacters(title, [("c1", "Ann")]), "#pick-title"),
        (RollFormScreen(title, [FormField("what", "What")], lambda data: ""), "#form-title"),
        (ChoiceScreen(title, [("a", "one", "one")]), "#choice-title"),
        (QuestionScreen(title, "text", "Go on?"), "#question-title"),
        (ConfirmScreen(title), "#confirm-question"),
    ]


@pytest.mark.parametrize("index", range(6))
def test_modal_titles_quoting_a_name_are_escaped_whole(make_app, index):
    app = make_app("yze-demo")
    screen, title_id = _screens()[index]
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.push_screen(screen)
            await pilot.pause()
            seen["title"] = rendered(app.screen.query_one(title_id, Static))

    asyncio.run(run())
    assert seen["title"] == f"Why may {EVIL_SHOWN} try again?"
