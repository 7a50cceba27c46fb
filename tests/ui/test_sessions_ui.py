"""Sessions and scenes in the console: ``N`` new scene, ``S`` new session (asks when costs are
pending, a form with title and date, then the recap), the title line, the recap screen (also ``r`` in
the history), its export, and a snapshot of it.

Driven with keys through Textual's Pilot on the demo campaigns (frozen clock, seeded dice, conftest).
"""

from __future__ import annotations

import asyncio
import io

from pilot_harness import type_text
from rich.console import Console
from textual.widgets import Input, Static

from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.screens.help import HelpScreen
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.session_flow import NewSessionForm, RecapScreen

WIDE = (120, 40)
NARROW = (80, 24)


def _play_myz(service) -> None:
    """Scene 1: a roll pushed (its trauma pending); scene 2: mutation points, a condition, XP."""
    service.rolls.roll("c1", "jury-rig", faces="base=1,3,4,5,2 skill=1,2,3")
    service.rolls.push(faces="base=1,6,2,2 skill=6,3")
    service.sessions.new_scene()
    service.trackers.change_tracker("c4", "mutation_points", 1)
    service.trackers.add_condition("c1", "starving")
    service.trackers.change_tracker("c1", "xp", 2)


def _plain(statics) -> str:
    """The text of Static widgets as the GM reads it (rich tables rendered to plain text)."""
    console = Console(width=120, record=True, file=io.StringIO())
    for static in statics:
        console.print(static.content)
    return console.export_text()


def _tabs(app) -> str:
    return str(app.screen.query_one("#pane-tabs", Static).render())


def _recap_text(app) -> str:
    return str(app.screen.query_one("#recap-text", Static).render())


def test_walk_two_sessions_with_scenes_by_keys_and_read_the_recaps(make_app):
    """A GM's walk through two sessions: scenes with N, a session closed with S (asked about its pending costs), its
    recap shown; a second session with its own scenes closed the same way; the recap from the history."""
    app = make_app("myz-demo")
    service = app.service
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            seen["start"] = _tabs(app)
            service.rolls.roll("c1", "jury-rig", faces="base=1,3,4,5,2 skill=1,2,3")
            service.rolls.push(faces="base=1,6,2,2 skill=6,3")  # trauma pending
            await pilot.press("N")
            await pilot.pause()
            seen["scene 2"] = _tabs(app)
            # "only one chance" (docs/RULES.md) starts afresh in the new scene
            seen["warnings"] = service.rolls.preview_roll("c1", "jury-rig").warnings
            service.trackers.change_tracker("c1", "xp", 1)
            await pilot.press("S")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            seen["question"] = str(app.screen.query_one(Static).render())
            await pilot.press("n")  # not now: nothing changes
            await pilot.pause()
            seen["declined"] = (isinstance(app.screen, MainScreen), service.session.number)
            await pilot.press("S", "y")
            await pilot.pause()
            assert isinstance(app.screen, NewSessionForm)
            seen["date"] = app.screen.query_one("#f-date", Input).value
            await type_text(pilot, "Rot storm")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, RecapScreen)
            seen["recap 1"] = _recap_text(app)
            seen["recap note"] = str(app.screen.query_one("#recap-message", Static).render())
            await pilot.press("escape")
            await pilot.pause()
            seen["session 2"] = _tabs(app)
            service.rolls.roll("c6", "fight", faces="base=6,6,2,3,4 skill=2,3,4")
            await pilot.press("N", "N")
            await pilot.pause()
            seen["session 2 scene 3"] = _tabs(app)
            await pilot.press("S")  # no pending costs in session 2: straight to the form
            await pilot.pause()
            assert isinstance(app.screen, NewSessionForm)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, RecapScreen)
            seen["recap 2"] = _recap_text(app)
            await pilot.press("p")  # the previous session's recap
            await pilot.pause()
            seen["recap back"] = _recap_text(app)
            await pilot.press("escape", "h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            await pilot.press("r")  # the current session's recap from the history
            await pilot.pause()
            seen["recap 3"] = _recap_text(app)

    asyncio.run(run())
    assert "session 1 scene 1" in seen["start"] and "session 1 scene 2" in seen["scene 2"]
    assert seen["warnings"] == []
    assert "Session 1 has costs not applied yet" in seen["question"] and "Close it anyway" in seen["question"]
    assert "mutation points" in seen["question"] and "mutation_points" not in seen["question"]  # words, not keys
    assert seen["declined"] == (True, 1)
    assert seen["date"] == "2026-03-14"  # today, by the service's clock
    assert seen["recap 1"].startswith("# myz-demo: session 1")
    for part in ("## Rolls", "## Pushes and their costs", "## XP", "## Costs never applied", "scene 2 ·"):
        assert part in seen["recap 1"]
    assert "Session 1 ended; session 2 is open" in seen["recap note"]
    assert "session 2 scene 1" in seen["session 2"] and "session 2 scene 3" in seen["session 2 scene 3"]
    assert seen["recap 2"].startswith("# myz-demo: session 2 — Rot storm") and "3 scenes" in seen["recap 2"]
    assert "Costs never applied" not in seen["recap 2"]
    assert seen["recap back"] == seen["recap 1"]
    assert seen["recap 3"].startswith("# myz-demo: session 3")
    assert [(s.number, s.title, s.scene) for s in service.campaign.sessions] == [(1, "", 2), (2, "Rot storm", 3),
                                                                               (3, "", 1)]


def test_the_form_refuses_a_bad_title_or_date_and_stays_open(make_app):
    app = make_app("yze-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("S")
            await pilot.pause()
            form = app.screen
            form.query_one("#f-title", Input).value = "Night\x1b[2J"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(str(form.query_one("#form-message", Static).render()))
            form.query_one("#f-title", Input).value = "Night"
            form.query_one("#f-date", Input).value = "14/03/2026"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(str(form.query_one("#form-message", Static).render()))
            seen.append(app.screen is form)
            await pilot.press("escape", "y")  # what was typed is discarded when asked
            await pilot.pause()
            seen.append(isinstance(app.screen, MainScreen))

    asyncio.run(run())
    assert "control" in seen[0] and "\x1b" not in seen[0]
    assert "YYYY-MM-DD" in seen[1] and seen[2] and seen[3]
    assert [s.number for s in app.service.campaign.sessions] == [1]


def test_recap_exports_markdown_to_the_named_file(make_app, tmp_path):
    app = make_app("myz-demo")
    _play_myz(app.service)
    target = tmp_path / "recap.md"
    seen = []

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("h", "r")
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, LineEntryScreen)
            app.screen.query_one(Input).value = str(target)
            await pilot.press("enter")
            await pilot.pause()
            seen.append(str(app.screen.query_one("#recap-message", Static).render()))
            seen.append(app.screen.markdown)

    asyncio.run(run())
    assert "exported to" in seen[0] and target.read_text(encoding="utf-8") == seen[1]
    assert seen[1].startswith("# myz-demo: session 1") and "## Conditions" in seen[1]


def test_recap_and_title_line_fit_80x24(make_app):
    """At 80×24 the title line still names session and scene, and the recap's keys are all shown."""
    app = make_app("myz-demo")
    _play_myz(app.service)
    seen = []

    async def run() -> None:
        async with app.run_test(size=NARROW) as pilot:
            await pilot.pause()
            seen.append(_tabs(app))
            await pilot.press("h", "r")
            await pilot.pause()
            body = app.screen.query_one("#recap-body")
            seen.append(body.region.height)
            seen.append(app.screen.query_one("#recap-text").region.width)

    asyncio.run(run())
    assert "s1/2" in seen[0] and "4 Tracker" in seen[0]
    assert seen[1] >= 15 and seen[2] <= 80


def test_new_scene_and_session_keys_are_in_help_and_refused_read_only(make_app):
    app = make_app("yze-demo", read_only=True)
    seen = []

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("N")
            await pilot.pause()
            seen.append(str(app.screen.query_one("#status-line", Static).render()))
            await pilot.press("S")
            await pilot.pause()
            seen.append(type(app.screen).__name__)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            seen.append(_plain(app.screen.query(Static)))

    asyncio.run(run())
    assert "Read-only" in seen[0] or "read-only" in seen[0]
    assert seen[1] == "MainScreen"
    assert 'N       new scene ("only one chance" starts afresh)' in seen[2]
    assert "S       new session: title, date, then the recap" in seen[2]


def test_recap_screen_snapshot(snap_compare, make_app):
    """The recap shown after closing session 1 with S (pending costs: asked, y), titled by the form."""
    app = make_app("myz-demo")
    _play_myz(app.service)
    assert snap_compare(app, terminal_size=WIDE, press=["S", "y", "R", "o", "t", "ctrl+s"])


def test_a_conflict_started_in_one_session_is_still_running_after_S(make_app):
    """`S` mid-fight does not leave the initiative pane at "No conflict": after a new session the pane
    still shows the round and whose turn it is."""
    app = make_app("tiered-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("ctrl+s")  # the combatants the picker marks
            await pilot.pause()
            seen["before"] = str(app.screen.query_one("#initiative-status", Static).render())
            await pilot.press("S")
            await pilot.pause()
            assert isinstance(app.screen, NewSessionForm)
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            seen["after"] = str(app.screen.query_one("#initiative-status", Static).render())
            seen["session"] = app.service.session.number

    asyncio.run(run())
    assert seen["before"].startswith("Round 1")
    assert seen["session"] == 2 and seen["after"] == seen["before"]


def test_a_session_dated_before_the_previous_one_is_started_with_a_warning(make_app):
    """A date before the previous session's is not refused (a flashback, a late entry), but the
    recap that follows says so, while the GM can still undo the new session."""
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("S")
            await pilot.pause()
            app.screen.query_one("#f-date", Input).value = "1999-01-01"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["screen"] = app.screen
            seen["message"] = str(app.screen.query_one("#recap-message", Static).render())

    asyncio.run(run())
    previous = app.service.campaign.sessions[0]
    assert isinstance(seen["screen"], RecapScreen) and app.service.session.date == "1999-01-01"
    assert f"dated 1999-01-01, before session 1 ({previous.date})" in seen["message"]
