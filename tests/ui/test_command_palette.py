"""``ctrl+p`` opens Textual's command palette with the console's own commands (gmconsole/ui/palette.py):
go to a character, roll a skill for one, new scene, statistics, open another campaign; names from the campaign
file are shown as plain text; the palette module is not imported until the palette opens."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import textwrap

from pilot_harness import keys_for
from textual.command import CommandPalette

from gmconsole.campaign import library
from gmconsole.ui import launch as launcher
from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.widgets.roster import RosterPane

SIZE = (120, 40)


async def _run_command(pilot, app, typed: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(app.screen, CommandPalette)
    await pilot.press(*keys_for(typed))
    for _ in range(40):  # the palette searches in a worker: wait for its first hit to be highlighted
        await pilot.pause(0.05)
        if app.screen.query("CommandList").first().highlighted is not None:
            break
    await pilot.press("enter")
    await pilot.pause()


def test_typing_a_name_and_enter_selects_that_character_and_feeds_the_builder(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _run_command(pilot, app, "Lambert")  # "Roll ... for Lambert Cho" match too: Go to comes first
            main = app.screen
            seen["screen"] = type(main)
            seen["roster"] = main.query_one(RosterPane).selected_id
            seen["builder"] = main.query_one(RollBuilder).character_id
            seen["row"] = main.query_one(RosterPane).table.cursor_row

    asyncio.run(run())
    assert seen["screen"] is MainScreen
    lambert = next(c for c in app.service.campaign.roster if c.name == "Lambert Cho")
    assert seen["roster"] == seen["builder"] == lambert.id
    assert seen["row"] == [c.id for c in app.service.campaign.roster].index(lambert.id)


def test_roll_a_skill_for_a_character_sets_up_the_builder_ready_to_roll(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _run_command(pilot, app, "Roll Medicine for Ash")
            builder = app.screen.query_one(RollBuilder)
            seen["draft"] = (builder.character_id, builder.draft.skill)
            seen["focused"] = app.focused is builder
            before = len(app.service.history.entries())
            await pilot.press("r")
            await pilot.pause()
            seen["rolled"] = app.service.history.entries()[before:]

    asyncio.run(run())
    ash = next(c for c in app.service.campaign.roster if c.name == "Ash")
    assert seen["draft"] == (ash.id, "medicine") and seen["focused"]
    assert [(e["kind"], e["character_id"], e["skill"]) for e in seen["rolled"]] == [("roll", ash.id, "medicine")]


def test_new_scene_from_the_palette_is_a_history_entry_and_undoable(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            seen["before"] = app.service.session.scene
            await _run_command(pilot, app, "New scene")
            seen["after"] = app.service.session.scene
            seen["entry"] = app.service.history.entries()[-1]["kind"]
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["undone"] = app.service.session.scene

    asyncio.run(run())
    assert seen["after"] == seen["before"] + 1 and seen["entry"] == "scene"
    assert seen["undone"] == seen["before"]


def test_statistics_calls_the_main_screens_action_when_it_has_one(make_app, monkeypatch):
    called = []
    monkeypatch.setattr(MainScreen, "action_statistics", lambda self: called.append(self), raising=False)
    app = make_app("yze-demo")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _run_command(pilot, app, "Statistics")

    asyncio.run(run())
    assert len(called) == 1 and isinstance(called[0], MainScreen)


def test_opening_another_campaign_closes_this_one_and_launch_opens_that_one(demo_root, monkeypatch):
    opened = []

    def run_app(self) -> None:
        opened.append(self.service.campaign.name)
        if len(opened) == 1:

            async def choose() -> None:
                async with self.run_test(size=SIZE) as pilot:
                    await _run_command(pilot, self, "Open campaign myz-demo")
                    await pilot.pause()

            asyncio.run(choose())

    monkeypatch.setattr(GMConsoleApp, "run", run_app)
    assert launcher.launch(demo_root, "yze-demo", rng=random.Random(1)) == 0
    assert opened == ["yze-demo", "myz-demo"]
    assert library.last_campaign(demo_root) == "myz-demo"


def test_a_name_with_markup_is_shown_as_typed(make_app):
    app = make_app("yze-demo")
    character = app.service.campaign.roster[0]
    app.service.roster.update_character(character.id, {"name": "[bold red]Rip[/] ley"})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*keys_for("Go to"))
            for _ in range(40):
                await pilot.pause(0.05)
                if app.screen.query("CommandList").first().option_count:
                    break
            listing = app.screen.query("CommandList").first()
            seen["prompts"] = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]

    asyncio.run(run())
    assert any("[bold red]Rip[/] ley" in p for p in seen["prompts"]), seen["prompts"]


def test_opening_the_console_does_not_import_the_palette(demo_root):
    script = textwrap.dedent(f"""
        import asyncio, sys
        from gmconsole.campaign.service import CampaignService
        from gmconsole.ui.app import GMConsoleApp
        service = CampaignService.open({str(demo_root)!r}, "yze-demo")
        async def run():
            async with GMConsoleApp(service).run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                print("before", "gmconsole.ui.palette" in sys.modules)
                await pilot.press("ctrl+p")
                await pilot.pause(0.2)
                print("after", "gmconsole.ui.palette" in sys.modules)
        asyncio.run(run())
        service.close()
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["before", "False", "after", "True"]


def test_the_palettes_quit_asks_first_while_costs_wait(make_app, monkeypatch):
    app = make_app("yze-demo")
    monkeypatch.setattr(type(app.service.outcomes), "pending_costs",
                        lambda self: [{"roll_id": 3, "character": "Ripley"}])
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _run_command(pilot, app, "Quit")
            seen["screen"] = type(app.screen).__name__

    asyncio.run(run())
    assert seen["screen"] == "QuestionScreen"


def test_another_campaign_opened_from_the_palette_speaks_its_own_language(demo_root, monkeypatch):
    """yze-demo set to zh-Hant, then myz-demo opened from the palette speaks the settings file's language
    (English here), since myz-demo leaves the language to it, not zh-Hant."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.i18n import language

    with CampaignService.open(demo_root, "yze-demo") as service:
        service.setup.update_settings({"language": "zh-Hant"})
    spoken = []

    def run_app(self) -> None:
        spoken.append((self.service.campaign.name, language()))
        if len(spoken) == 1:

            async def choose() -> None:
                async with self.run_test(size=SIZE) as pilot:
                    await _run_command(pilot, self, "Open campaign myz-demo")
                    await pilot.pause()

            asyncio.run(choose())

    monkeypatch.setattr(GMConsoleApp, "run", run_app)
    assert launcher.launch(demo_root, "yze-demo", rng=random.Random(1)) == 0
    assert spoken == [("yze-demo", "zh-Hant"), ("myz-demo", "en")]


def test_in_zh_hant_the_palettes_hint_and_textuals_own_commands_read_in_chinese(make_app):
    """Textual's own commands (Theme, Keys, Screenshot) and the palette's "Search for commands…" are
    translated too in a zh-Hant console, not left English."""
    from textual.command import CommandInput

    from gmconsole.i18n import set_language

    seen = {}

    async def run(app) -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+p")
            await pilot.pause()
            seen["hint"] = str(app.screen.query_one(CommandInput).placeholder)
            seen["titles"] = {command.title for command in app.get_system_commands(app.screen_stack[0])}

    set_language("zh-Hant")
    try:
        asyncio.run(run(make_app("yze-demo")))
    finally:
        set_language("en")
    assert seen["hint"] == "搜尋指令…"
    assert {"佈景主題", "離開", "螢幕截圖"} <= seen["titles"] and "Theme" not in seen["titles"]
