"""The statistics screen: ``I`` from the main screen and from the history, the figures of
``gmconsole stats --json``, the scope and character keys, the "nothing yet" words, a suspect die's
histogram, and a console that answers keys while the figures are counted in a thread."""

from __future__ import annotations

import json
import threading

from pilot_harness import drive, mark_names, press
from stats_helpers import seeded_session

from gmconsole.ui.screens.statistics import StatisticsScreen


async def counted(pilot, seconds: float = 10) -> StatisticsScreen:
    """Wait until the statistics screen on top has its figures."""
    screen = pilot.app.screen
    assert isinstance(screen, StatisticsScreen)
    for _ in range(int(seconds / 0.02)):
        await pilot.pause(0.02)
        if not screen.counting and screen.data is not None:
            await pilot.pause()
            return screen
    raise AssertionError("the statistics were never shown")


def _text(screen, selector: str) -> str:
    from rich.console import Console

    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(screen.query_one(selector).content)
    return console.export_text()


def _stats_json(run_cli, root, *flags) -> dict:
    done = run_cli("--data-dir", str(root), "stats", "yze-demo", *flags, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_I_opens_it_from_the_main_screen_and_escape_goes_back(make_app):
    async def steps(pilot):
        await press(pilot, "I")
        await counted(pilot)
        await press(pilot, "escape")
        return type(pilot.app.screen).__name__

    assert drive(make_app(), steps) == "MainScreen"


def test_I_opens_it_from_the_history_and_escape_goes_back_there(make_app):
    async def steps(pilot):
        await press(pilot, "h")
        await press(pilot, "I")
        await counted(pilot)
        await press(pilot, "escape")
        return type(pilot.app.screen).__name__

    assert drive(make_app(), steps) == "HistoryScreen"


def test_the_figures_are_those_of_gmconsole_stats_json(make_app, demo_root, run_cli):
    app = make_app()
    seeded_session(app.service, sixes=2)
    expected = _stats_json(run_cli, demo_root, "--session", "1")

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        return json.loads(json.dumps(screen.data)), _text(screen, "#stats-figures")

    data, text = drive(app, steps)
    assert data == expected
    assert f"{expected['luck']:+.2f}" in text
    for name, figures in expected["by_character"].items():
        assert name in text
        assert f"{figures['expected_successes']:.2f}" in text


def test_panics_are_counted_by_the_table_rows_name_on_the_screen_and_in_the_recap(make_app):
    """Two panic rolls (the tracker's ``P``, the D6 typed): the statistics screen (``I``) and the recap (``h``
    ``r``) count them by the rows' names, ``Keeping it together``, ``Nervous twitch``, never by their ids."""
    app = make_app()

    async def steps(pilot):
        seen = {}
        for name, face in (("Dallas Kane", "3"), ("Ripley Hale", "6")):  # Ripley: 6 + 1 stress
            await press(pilot, "4")
            table = pilot.app.screen.query_one("#tracker-table")
            row = next(r for r in range(table.row_count) if str(table.get_row_at(r)[0]).startswith(name))
            table.move_cursor(row=row)
            await press(pilot, "P")
            pilot.app.screen.query_one("#f-value").value = face
            await press(pilot, "enter")
            if "short range" in getattr(pilot.app.screen, "title_text", ""):
                await press(pilot, "escape")  # nobody else in range
        await press(pilot, "I")
        seen["figures"] = _text(await counted(pilot), "#stats-figures")
        await press(pilot, "escape", "h", "r")
        seen["recap"] = _text(pilot.app.screen, "#recap-text")
        return seen

    seen = drive(app, steps)
    panics = " ".join(seen["figures"].split()).split("Panics: ", 1)[1]
    assert panics.startswith("Keeping it together 1, Nervous twitch 1") or panics.startswith(
        "Nervous twitch 1, Keeping it together 1"), panics
    assert "keeping-it-together" not in seen["figures"] and "nervous-twitch" not in seen["figures"]
    recap = " ".join(seen["recap"].split())
    assert "| Keeping it together | 1 |" in recap and "| Nervous twitch | 1 |" in recap, recap
    assert "keeping-it-together" not in recap and "nervous-twitch" not in recap


def test_s_switches_between_the_session_and_the_whole_campaign(make_app, demo_root, run_cli):
    app = make_app()
    seeded_session(app.service, rolls=6)
    app.service.sessions.new_session("2026-03-15")
    seeded_session(app.service, rolls=3)
    session, campaign = _stats_json(run_cli, demo_root, "--session", "2"), _stats_json(run_cli, demo_root)

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        first = (json.loads(json.dumps(screen.data)), str(screen.query_one("#stats-status").render()))
        await press(pilot, "s")
        await counted(pilot)
        second = (json.loads(json.dumps(screen.data)), str(screen.query_one("#stats-status").render()))
        return first, second

    (first, first_status), (second, second_status) = drive(app, steps)
    assert first == session and "session 2" in first_status
    assert second == campaign and "whole campaign" in second_status
    assert second["rolls"] > first["rolls"]


def test_c_picks_one_character(make_app, demo_root, run_cli):
    app = make_app()
    seeded_session(app.service)
    expected = _stats_json(run_cli, demo_root, "--session", "1", "--character", "Dallas Kane")

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        await press(pilot, "c")
        await mark_names(pilot, pilot.app.screen.query_one("#pick-list"), "Dallas")
        await press(pilot, "ctrl+s")
        await counted(pilot)
        return json.loads(json.dumps(screen.data)), str(screen.query_one("#stats-status").render())

    data, status = drive(app, steps)
    assert data == expected
    assert data["character"] == "Dallas Kane" and "Dallas Kane" in status


def test_a_session_without_rolls_says_so_in_words(make_app):
    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        plotted = screen.query_one("#plot-successes").display
        return _text(screen, "#stats-figures"), _text(screen, "#stats-notes"), plotted

    figures, notes, plotted = drive(make_app(), steps)
    assert "No rolls in this session yet." in figures
    assert "No rolls in this session yet." in notes
    assert plotted is False


def test_a_die_typed_6_thirty_times_is_suspect_and_gets_its_histogram(make_app):
    from gmconsole.ui.widgets.stats_plots import FacesPlot

    app = make_app()
    seeded_session(app.service, rolls=3, sixes=8)  # Ripley's ranged: 4 base dice a roll, all 6s

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        rows = {(r["kind"], r["sides"]): r for r in screen.data["dice_fairness"]}
        plots = list(screen.query(FacesPlot))
        return rows, _text(screen, "#stats-figures"), plots

    rows, text, plots = drive(app, steps)
    base = rows[("base", 6)]
    assert base["n"] >= 30 and base["faces"][5] >= 30 and base["suspect"] is True
    assert "SUSPECT" in text
    assert rows[("skill", 6)]["suspect"] is None and "not enough rolls (needs 30)" in text
    assert len(plots) == sum(1 for r in rows.values() if r["suspect"])


def test_the_console_answers_keys_while_the_figures_are_counted(make_app, monkeypatch):
    """A slow count (a stand-in that waits) keeps "Counting…" up; ``s`` and ``escape`` still work."""
    release = threading.Event()
    real = StatisticsScreen.compute

    def slow(self, campaign, entries, session, character):
        release.wait(10)
        return real(self, campaign, entries, session, character)

    monkeypatch.setattr(StatisticsScreen, "compute", slow)

    async def steps(pilot):
        await press(pilot, "I")
        screen = pilot.app.screen
        status = str(screen.query_one("#stats-status").render())
        await press(pilot, "s")
        scoped = screen.whole_campaign
        await press(pilot, "escape")
        back = type(pilot.app.screen).__name__
        release.set()
        return status, scoped, back

    status, scoped, back = drive(make_app(), steps)
    assert status.startswith("Counting…")
    assert scoped is True
    assert back == "MainScreen"


def test_a_change_made_while_it_is_open_is_counted(make_app):
    app = make_app()

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        before = screen.data["rolls"]
        pilot.app.service.rolls.roll("c1", "ranged")
        await pilot.pause()
        await counted(pilot)
        return before, screen.data["rolls"]

    assert drive(app, steps) == (0, 1)


def test_opening_the_console_does_not_import_plotext():
    import subprocess
    import sys

    code = ("import sys, gmconsole.ui.app, gmconsole.ui.screens.main, gmconsole.ui.screens.history; "
            "print(any(m.startswith(('plotext', 'textual_plotext')) for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_long_history_is_counted_by_a_child_process_with_the_same_figures(make_app, demo_root, run_cli, monkeypatch):
    """Above ``READ_HERE_BYTES`` of history the count is made by a child process that opens the campaign
    read-only (here: any history at all); its figures are still those of ``gmconsole stats --json``."""
    import gmconsole.ui.screens.statistics as screen_module

    monkeypatch.setattr(screen_module, "READ_HERE_BYTES", 0)
    app = make_app()
    seeded_session(app.service, rolls=6, sixes=1)
    expected = _stats_json(run_cli, demo_root, "--session", "1")
    in_thread = []
    monkeypatch.setattr(StatisticsScreen, "compute", lambda *args: in_thread.append(args))

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot, seconds=60)
        return json.loads(json.dumps(screen.data)), [screen.query_one("#plot-successes").display]

    data, plotted = drive(app, steps)
    assert data == expected
    assert in_thread == []  # not counted by the console's thread
    assert plotted == [True]


def test_hostile_names_are_drawn_escaped_in_the_figures_the_plots_and_the_status(demo_root, frozen_clock):
    from test_console_hostile_text import CAMPAIGN_SHOWN, EVIL, EVIL_SHOWN, _app, _screen_text

    app = _app(demo_root, frozen_clock)
    app.service.rolls.roll("c1", "ranged")

    async def steps(pilot):
        await press(pilot, "I")
        screen = await counted(pilot)
        await press(pilot, "c")
        await mark_names(pilot, pilot.app.screen.query_one("#pick-list"), EVIL_SHOWN[:2])
        await press(pilot, "ctrl+s")
        await counted(pilot)
        top = _screen_text(pilot.app)
        await press(pilot, "end")
        await pilot.wait_for_scheduled_animations()
        return top + _screen_text(pilot.app), str(screen.query_one("#stats-status").render())

    text, status = drive(app, steps)
    assert EVIL not in text and "\x1b" not in text and "\x9b" not in text
    assert EVIL_SHOWN in status and CAMPAIGN_SHOWN in status
    assert EVIL_SHOWN[:8] in text  # the luck plot's label, cut to its width
