"""The main screen: one key per pane, narrow terminals, undo/redo, history, help, quit."""

from __future__ import annotations

import asyncio
import io

import pytest
from pilot_harness import status_text
from rich.console import Console

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.help import HelpScreen, rules_sections
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.widgets.key_bar import KeyBar


def _plain(statics) -> str:
    """The text of Static widgets as the GM reads it (rich tables rendered to plain text)."""
    console = Console(width=120, record=True, file=io.StringIO())
    for static in statics:
        console.print(static.content)
    return console.export_text()


def _visible_panes(app) -> list[str]:
    return [p.id for p in app.screen.query(".pane") if p.display]


def test_keys_1_to_4_focus_the_panes(make_app):
    app = make_app("yze-demo")
    focused = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            for key in "2341":
                await pilot.press(key)
                await pilot.pause()
                focused.append(app.screen.active_pane)
                assert app.focused is not None
            assert isinstance(app.screen.query_one(RollBuilder), RollBuilder)
            focused.append(_visible_panes(app))

    asyncio.run(run())
    assert focused[:4] == ["pane-initiative", "pane-roll", "pane-tracker", "pane-roster"]
    assert focused[4] == ["pane-roster", "pane-initiative", "pane-roll", "pane-tracker"]


def test_narrow_terminal_shows_one_pane_at_a_time_and_switches_with_keys(make_app):
    app = make_app("yze-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen.append(_visible_panes(app))
            await pilot.press("4")
            await pilot.pause()
            seen.append(_visible_panes(app))
            tracker = app.screen.query_one("#pane-tracker")
            seen.append(tracker.region.height)
            seen.append(str(app.screen.query_one("#pane-tabs").render()))
            seen.append(str(app.screen.query_one(KeyBar).render()))

    asyncio.run(run())
    assert seen[0] == ["pane-roster"] and seen[1] == ["pane-tracker"]
    assert seen[2] >= 15
    assert "1 Roster" in seen[3] and "4 Tracker" in seen[3] and "h history" in seen[3]
    # the key bar names the tracker's keys and the screen's, every one of them within 80 columns
    assert "? Help" in seen[4] and "q Quit" in seen[4] and "^z Undo" in seen[4]


def test_undo_and_redo_keys_with_a_note_of_what_was_undone(make_app):
    app = make_app("yze-demo")
    service = app.service
    stress = service.character("c1").stress
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "plus")
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen.append(service.character("c1").stress)
            seen.append([n.message for n in app._notifications])
            await pilot.press("ctrl+y")
            await pilot.pause()
            seen.append(service.character("c1").stress)
            await pilot.press("ctrl+y")
            await pilot.pause()
            seen.append(str(app.screen.query_one("#status-line").render()))

    asyncio.run(run())
    assert seen[0] == stress
    assert f"Undone: Ripley Hale: stress {stress} → {stress + 1} (+1)" in seen[1]
    assert seen[2] == stress + 1
    assert "nothing to redo" in seen[3]


def test_the_status_line_says_undone_and_redone(make_app):
    """After ctrl+y the status line says "redone:" as it says "undone:", never like a new change
    ("✓ Ripley Hale: stress +1") with only a toast saying it was redone."""
    app = make_app("yze-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "plus")
            seen.append(status_text(app))
            await pilot.press("ctrl+z")
            seen.append(status_text(app))
            await pilot.press("ctrl+y")
            seen.append(status_text(app))

    asyncio.run(run())
    change = "Ripley Hale: stress 1 → 2 (+1)"
    assert seen == [f"✓ {change}", f"✓ undone: {change}", f"✓ redone: {change}"]


def test_history_and_help_screens_open_and_close(make_app):
    app = make_app("yze-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            seen.append(type(app.screen))
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            seen.append(type(app.screen))
            seen.append(_plain(app.screen.query("Static")))
            await pilot.press("escape")
            await pilot.pause()
            seen.append(type(app.screen))
            await pilot.press("f1")
            await pilot.pause()
            seen.append(type(app.screen))

    asyncio.run(run())
    assert seen[0] is HistoryScreen and seen[1] is HelpScreen and seen[3] is MainScreen and seen[4] is HelpScreen
    text = seen[2]
    assert "R-PUSH-1" in text and "R-PANIC-1" in text and "start a conflict" in text and "panic roll (yze)" in text
    assert "R-TIER-1" not in text  # only the campaign's own system


def test_rules_help_covers_every_system_and_names_R_ids():
    for system in ("myz", "yze", "yze-step", "exploding", "tiered"):
        sections = rules_sections(system)
        assert any("R-" in line for s in sections for line in s["lines"]), system
        assert any(s["title"] == "Initiative" for s in sections)


def test_q_quits(make_app):
    app = make_app("myz-demo")

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(run())
    assert app.return_value == 0


@pytest.mark.parametrize(
    ("campaign", "key"),
    [("myz-demo", "plus"), ("yze-demo", "plus"), ("yze-step-demo", "plus"), ("exploding-demo", "plus"),
     ("tiered-demo", "minus")],  # tiered: stamina starts full, so spend one
)
def test_every_system_plays_a_conflict_and_a_tracker_change(make_app, campaign, key):
    app = make_app(campaign)
    service = app.service
    first = service.campaign.roster[0]
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            if not isinstance(app.screen, MainScreen):
                await pilot.press("ctrl+s")  # the cards draw form
                await pilot.pause()
            await pilot.press("n", "4", key)
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())
            seen["roster_rows"] = app.screen.query_one("#roster-table").row_count

    asyncio.run(run())
    state = service.session.initiative
    assert state is not None and state["turn"] == 1
    kinds = [e["kind"] for e in service.history.filtered()]
    assert kinds[0] not in ("initiative",) and kinds[1:3] == ["initiative", "initiative"]
    assert seen["roster_rows"] == len(service.campaign.roster)
    assert seen["status"].startswith("✓")
    assert service.history.filtered()[0]["character_id"] == first.id
