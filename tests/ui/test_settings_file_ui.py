"""In the console: the settings file's theme, keymap, export folder and problems, as the GM sees
them (status line, tab line, key bar, help), driven with Pilot."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from pilot_harness import status_text as _status
from textual.widgets import Static

from gmconsole.settings_file import parse
from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.exports import export_folder
from gmconsole.ui.screens.help import HelpScreen, key_rows
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.widgets.key_bar import KeyBar

SIZE = (120, 40)


def _app(open_service, text: str, name: str = "yze-demo") -> GMConsoleApp:
    return GMConsoleApp(open_service(name), rng=random.Random(1), config=parse(text, Path("/gm/config.toml")))


def test_a_keymap_moves_history_from_h_to_y_everywhere_the_gm_reads_keys(open_service):
    app = _app(open_service, '[keymap]\n"main.history" = "y"\n"main.settings" = "f2"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen["tabs"] = str(app.screen.query_one("#pane-tabs", Static).render())
            seen["bar"] = str(app.screen.query_one(KeyBar).render())
            await pilot.press("h")
            seen["after h"] = type(app.screen)
            await pilot.press("y")
            seen["after y"] = type(app.screen)
            await pilot.press("escape")
            await pilot.pause(0.1)  # the keymap check after the first frame found nothing to say
            seen["status"] = "\n".join(str(s.render()) for s in app.screen_stack[0].query("#status-line"))

    asyncio.run(run())
    assert seen["after h"] is MainScreen and seen["after y"] is HistoryScreen
    assert "y history" in seen["tabs"] and "h history" not in seen["tabs"]
    assert "f2 Settings" in seen["bar"] and "ctrl+o" not in seen["bar"]
    # in its own place in the bar (Textual would put a moved key after the others)
    assert seen["bar"].index("^z Undo") < seen["bar"].index("f2 Settings") < seen["bar"].index("L Skills")
    assert "✗" not in seen["status"]


def test_the_help_names_the_gms_key_for_a_moved_binding(open_service):
    app = _app(open_service, '[keymap]\n"main.history" = "y"\n"history.export_md" = "ctrl+e,e"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("question_mark")
            seen["screen"] = app.screen
            seen["main"] = dict(key_rows(MainScreen, None, app))
            seen["history"] = dict(key_rows(HistoryScreen, None, app))

    asyncio.run(run())
    assert isinstance(seen["screen"], HelpScreen)
    rows = {what: key for key, what in seen["main"].items()}
    assert rows["History"] == "y" and rows["Help"] == "?"  # a binding the keymap leaves keeps its own keys
    assert "ctrl+e / e" in seen["history"]


def test_an_unknown_binding_id_and_a_key_clash_are_named_in_the_status_line(open_service):
    app = _app(open_service, '[keymap]\n"main.histroy" = "y"\n"main.skills" = "q"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(20):
                await pilot.pause(0.05)
                if "keymap" in _status(app):
                    break
            seen["status"] = _status(app)
            seen["notice"] = [n.message for n in app._notifications]
            await pilot.press("q")  # the clash: q is now Skills, as the message says
            seen["screen"] = type(app.screen).__name__

    asyncio.run(run())
    assert "no binding has the id “main.histroy” (line 2)" in seen["status"]
    assert "(and 1 more problem: see the notice)" in seen["status"]  # one line cannot hold them all
    notice = "\n".join(seen["notice"])
    assert "no binding has the id “main.histroy” (line 2)" in notice
    assert "main.skills (line 3) = q takes that key from Quit (main.quit) on the main screen" in notice
    assert seen["screen"] == "SkillsScreen"


def test_a_bad_settings_file_is_said_once_and_the_console_starts_on_defaults(open_service):
    app = _app(open_service, 'theme = "textual-light"\nlanguage = "fr"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen["status"] = _status(app)
            seen["theme"] = app.theme

    asyncio.run(run())
    assert seen["theme"] == "textual-light"  # the good key applies
    assert "line 2: language “fr” is not one of en, zh-Hant" in seen["status"]
    assert "/gm/config.toml" in seen["status"] and seen["status"].startswith("✗")


def test_an_unknown_theme_names_the_known_ones_and_keeps_the_default(open_service):
    app = _app(open_service, 'theme = "solarised"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen["status"] = _status(app)

    asyncio.run(run())
    assert app.theme == "textual-dark"
    assert "theme “solarised” is not a theme here" in seen["status"]
    assert "textual-light" in seen["status"] and "nord" in seen["status"]


def test_the_export_folder_comes_from_the_settings_file(open_service, tmp_path):
    app = _app(open_service, f'export_folder = "{tmp_path / "exports here"}"\n')
    assert export_folder(app) == tmp_path / "exports here"
    assert export_folder(GMConsoleApp(open_service("myz-demo"))).name == "exports"  # no file: the default


def test_the_campaigns_language_setting_wins_over_the_files(open_service):
    from gmconsole import settings_file

    try:
        service = open_service()
        app = GMConsoleApp(service, config=parse('language = "zh-Hant"\n', Path("c.toml")))
        assert app.language == "zh-Hant" and settings_file.current_language() == "zh-Hant"
        service.setup.update_settings({"language": "en"})
        assert GMConsoleApp(service, config=parse('language = "zh-Hant"\n', Path("c.toml"))).language == "en"
        assert GMConsoleApp(service, language="zh-Hant").language == "zh-Hant"  # --lang wins over both
    finally:
        settings_file.apply_language("en")


def test_changing_the_campaigns_language_in_the_console_applies_it_and_undo_takes_it_back(open_service):
    from gmconsole import settings_file

    app = GMConsoleApp(open_service(), config=parse('language = "en"\n', Path("c.toml")))
    seen = []

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.attempt(lambda: app.service.setup.update_settings({"language": "zh-Hant"}))
            seen.append((app.language, settings_file.current_language()))
            await pilot.press("ctrl+z")
            seen.append((app.language, settings_file.current_language()))

    try:
        asyncio.run(run())
        assert seen == [("zh-Hant", "zh-Hant"), ("en", "en")]
    finally:
        settings_file.apply_language("en")


def test_two_bindings_moved_onto_one_key_keep_the_first_and_leave_the_other_on_its_own_key(open_service):
    """`main.history = "y"` and `main.statistics = "y"` must not leave Statistics with no key at all.
    The first entry in the file gets the key; the second keeps its own key (I), and the status line says so."""
    app = _app(open_service, '[keymap]\n"main.history" = "y"\n"main.statistics" = "y"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(20):
                await pilot.pause(0.05)
                if "keymap" in _status(app):
                    break
            seen["status"] = _status(app)
            await pilot.press("y")
            seen["y"] = type(app.screen).__name__
            await pilot.press("escape")
            await pilot.press("I")
            seen["I"] = type(app.screen).__name__

    asyncio.run(run())
    assert seen["y"] == "HistoryScreen"
    assert seen["I"] == "StatisticsScreen"
    assert ("main.statistics (line 3) = y is already the key of main.history (line 2) on the main screen, "
            "so Statistics keeps its own key I") in seen["status"]


def test_switching_the_campaigns_language_on_the_settings_screen_redraws_every_word_drawn_once(open_service):
    """After `language` → zh-Hant on the settings screen, the pane titles, the skill filter's hint and
    the settings screen's own title and columns speak zh-Hant at once, without a restart."""
    from textual.widgets import DataTable

    from gmconsole import settings_file

    app = GMConsoleApp(open_service(), config=parse('language = "en"\n', Path("c.toml")))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+o")
            table = app.screen.query_one(DataTable)
            table.move_cursor(row=app.screen.keys.index("language"))
            await pilot.press("enter")  # "" → en
            await pilot.press("enter")  # en → zh-Hant
            await pilot.pause()
            seen["settings title"] = str(app.screen.query_one("#settings-title", Static).render())
            seen["columns"] = [str(column.label) for column in table.columns.values()]
            await pilot.press("escape")
            await pilot.pause()
            seen["titles"] = [str(pane.border_title) for pane in app.screen.query(".pane")]
            seen["filter hint"] = str(app.screen.query_one("#rb-skill-filter").placeholder)

    try:
        asyncio.run(run())
    finally:
        settings_file.apply_language("en")
    assert app.service.campaign.settings.language == "zh-Hant"
    assert seen["settings title"].startswith("yze-demo 的設定（yze）")
    assert seen["columns"][0] == "設定" and seen["columns"][-1] == "作用"
    assert seen["titles"] == ["1 角色名冊", "2 先攻", "3 擲骰台", "4 追蹤"]
    assert seen["filter hint"] == "s：輸入以篩選技能"


def test_a_bad_theme_names_its_line_and_the_problems_after_it_are_all_listed(open_service):
    """An unknown theme's message has its line number, and one status line must not hide the problems
    after it. The status line names the first with its line; the notice lists each, in the file's order."""
    app = _app(open_service, 'theme = "solarised"\nlanguage = "fr"\n[keymap]\n"main.histroy" = "y"\n')
    seen = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(20):
                await pilot.pause(0.05)
                if app._notifications:
                    break
            seen["status"] = _status(app)
            seen["notice"] = "\n".join(n.message for n in app._notifications)

    asyncio.run(run())
    assert "line 1: theme “solarised” is not a theme here" in seen["status"]
    assert "more problems: see the notice" in seen["status"]
    notice = seen["notice"].splitlines()
    assert [("line 1: theme" in line, "line 2: language" in line, "main.histroy" in line) for line in notice] == [
        (True, False, False), (False, True, False), (False, False, True)]
