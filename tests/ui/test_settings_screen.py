"""The settings screen (``ctrl+o``) driven by keys through Textual's Pilot.

The GM opens the screen, changes a setting, sees it take effect in the roll builder's odds, undoes it
with ``ctrl+z`` and sees the odds back; a snapshot at 120×40 and a check that nothing is cut at 80×24.
"""

from __future__ import annotations

import asyncio

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.settings import SettingsScreen

WIDE = (120, 40)
NARROW = (80, 24)


def _odds(app) -> str:
    builder = (app.query_one(RollBuilder) if isinstance(app.screen, MainScreen)
               else app.screen_stack[0].query_one(RollBuilder))
    return str(builder.query_one("#rb-odds").render())


async def _to_row(pilot, key: str) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    while screen.current_key() != key:
        await pilot.press("down")


async def _pick_skill(pilot, character_id: str, skill_filter: str) -> None:
    builder = pilot.app.query_one(RollBuilder)
    builder.select_character(character_id)
    await pilot.press("3", "s", *skill_filter, "enter")
    await pilot.pause()


def test_r_push_5_skill_ones_blank_on_the_myz_demo_changes_the_odds_and_ctrl_z_takes_it_back(make_app):
    """myz: Grease's Jury-Rig; skill_ones stay → blank (R-PUSH-5) changes the push odds and the trauma
    figure; ctrl+z on the settings screen gives back stay and the same odds."""
    app = make_app("myz-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await _pick_skill(pilot, "c1", "jury")
            seen["before"] = _odds(app)
            await pilot.press("ctrl+o")
            await pilot.pause()
            await _to_row(pilot, "skill_ones")
            await pilot.press("enter")
            await pilot.pause()
            seen["changed"] = app.service.campaign.settings.skill_ones
            seen["row"] = str(app.screen.query_one("#settings-detail").render())
            await pilot.press("escape")
            await pilot.pause()
            seen["after"] = _odds(app)
            await pilot.press("ctrl+o")
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["undone"] = app.service.campaign.settings.skill_ones
            await pilot.press("escape")
            await pilot.pause()
            seen["back"] = _odds(app)

    asyncio.run(run())
    assert seen["changed"] == "blank" and "Now: blank" in seen["row"]
    assert seen["after"] != seen["before"]
    assert seen["undone"] == "stay" and seen["back"] == seen["before"]
    entry = app.service.history.filtered(kind="settings", include_undone=True)[0]
    assert entry["status"] == "undone" and entry["changes"] == {"skill_ones": "blank"}


def test_push_cost_on_the_yze_demo_cycles_from_the_screen_changes_the_odds_and_undoes(make_app):
    """yze: push_cost stress-dice → conditions (the next in the table) drops Alva's stress die from the pool (R-STRESS-1
    holds only under stress-dice), so the odds change; ctrl+y makes it again, ctrl+z takes it back."""
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await _pick_skill(pilot, "c1", "observ")
            seen["before"] = _odds(app)
            await pilot.press("ctrl+o")
            await pilot.pause()
            await _to_row(pilot, "push_cost")
            await pilot.press("space")
            await pilot.pause()
            seen["changed"] = app.service.campaign.settings.push_cost
            await pilot.press("escape")
            await pilot.pause()
            seen["after"] = _odds(app)
            await pilot.press("ctrl+z")  # the main screen's undo takes it back too
            await pilot.pause()
            seen["back"] = _odds(app)
            seen["undone"] = app.service.campaign.settings.push_cost

    asyncio.run(run())
    assert seen["changed"] == "conditions"
    assert seen["after"] != seen["before"] and seen["back"] == seen["before"]
    assert seen["undone"] == "stress-dice"


def test_r_push_2_a_digit_sets_max_pushes_and_a_bad_one_is_refused_on_the_screen(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("ctrl+o")
            await pilot.pause()
            await _to_row(pilot, "max_pushes")
            await pilot.press("2")
            await pilot.pause()
            seen["two"] = app.service.campaign.settings.max_pushes
            await pilot.press("7")
            await pilot.pause()
            seen["message"] = str(app.screen.query_one("#settings-message").render())
            await _to_row(pilot, "condition_coverage")
            await pilot.press("enter")
            await pilot.pause()
            seen["map"] = str(app.screen.query_one("#settings-message").render())

    asyncio.run(run())
    assert seen["two"] == 2 and app.service.campaign.settings.max_pushes == 2
    assert "from 0 to 3" in seen["message"]
    assert "shown only" in seen["map"]
    assert len(app.service.history.filtered(kind="settings")) == 1


def test_settings_screen_lists_only_the_systems_settings_with_their_r_ids(make_app):
    """exploding: R-EXP-4 and initiative only; no Year Zero push settings."""
    app = make_app("exploding-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("ctrl+o")
            await pilot.pause()
            seen["keys"] = list(app.screen.keys)

    asyncio.run(run())
    assert seen["keys"] == ["exploding_tie_to_defender", "initiative_mode", "initiative_attribute", "initiative_redraw",
                            "language", "player_rolls"]


def test_settings_screen_at_80x24_shows_every_row_value_and_its_keys(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=NARROW) as pilot:
            seen["bar"] = " ".join(str(app.screen.query_one("KeyBar").render()).split())
            await pilot.press("ctrl+o")
            await pilot.pause()
            screen = app.screen
            table = screen.query_one("#settings-table")
            seen["rows"] = table.row_count
            seen["visible"] = table.region.height
            seen["detail"] = screen.query_one("#settings-detail").region
            seen["value_width"] = table.columns[table.ordered_columns[1].key].get_render_width(table)
            seen["screen"] = screen.size

    asyncio.run(run())
    assert "ctrl+o Settings" in seen["bar"] or "^o Settings" in seen["bar"]
    assert seen["rows"] == 12 and seen["visible"] >= 13  # header + twelve rows, none scrolled away
    assert seen["detail"].bottom <= seen["screen"].height
    assert seen["value_width"] >= len("stress-dice")


def test_settings_screen_snapshot_yze_120x40(snap_compare, make_app):
    assert snap_compare(make_app("yze-demo"), terminal_size=WIDE, press=["ctrl+o", "down", "down"])


def test_the_key_bar_keeps_every_key_at_80x24_with_settings_added_tiered_roll_builder(make_app):
    """The tiered roll builder has the most keys; with ctrl+o Settings they take three lines at 80
    columns, and the key bar shows all three (Help and Quit are not cut off)."""
    from rich.console import Console
    from rich.text import Text

    app = make_app("tiered-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=NARROW) as pilot:
            await pilot.press("3")
            app.screen.roll_builder.select_character("c1")
            await pilot.pause()
            bar = app.screen.query_one("KeyBar")
            seen["lines"] = len(Text(str(bar.render())).wrap(Console(width=80), 80))
            seen["height"] = bar.size.height
            seen["text"] = str(bar.render())

    asyncio.run(run())
    assert "^o Settings" in seen["text"] and "q Quit" in seen["text"]
    assert seen["lines"] <= seen["height"]


def test_ctrl_z_on_the_settings_screen_takes_back_only_a_setting_change(make_app):
    """ctrl+z on the settings screen never undoes a push the GM cannot see from there. With a roll
    newest, the screen names it and leaves it; after a setting change, ctrl+z takes that."""
    from textual.widgets import Static

    app = make_app("myz-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            app.service.rolls.roll("c1", attribute="wits")
            await pilot.press("ctrl+o")
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["message"] = str(app.screen.query_one("#settings-message", Static).render())
            seen["rolls"] = len(app.service.history.filtered(kind="roll"))
            await _to_row(pilot, "skill_ones")
            await pilot.press("enter", "ctrl+z")
            await pilot.pause()
            seen["undone"] = app.service.campaign.settings.skill_ones

    asyncio.run(run())
    assert "not a setting" in seen["message"] and "rolls Wits" in seen["message"], seen["message"]
    assert seen["rolls"] == 1
    assert seen["undone"] == "stay"
