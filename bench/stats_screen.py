"""The statistics screen on a 50,000-entry campaign (not a test: it prints figures, asserts nothing).

    python bench/stats_screen.py [--repeat 3]

The console is opened headless (``App.run_test()``) on ``bench/stats.py``'s campaign (the yze demo grown
to 50,000 entries over 100 sessions: rolls, pushes, typed dice, stress), and in each run:

(a) From the key to the figures shown: ``I`` pressed on the main screen until the screen has drawn the
    current session's figures (500 entries), then ``s`` until it has drawn the whole campaign's (every
    history chunk read in the counting thread, then counted). Goal: the campaign's count <= 300 ms
    beyond the history read, and the screen never blocks the console.
(b) The console while it counts: during the campaign's count, ``down`` (a scroll) is pressed again
    and again, each timed from Pilot posting it until the console has handled it, and a 5 ms timer's
    longest gap between two ticks is kept (the longest the console could not answer). Anchor, same
    run: the same key and timer once the count has ended (idle).

Medians over the runs (each opens the screen afresh, so the history is read again each time).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

from stats import build_campaign  # bench/stats.py, beside this script

_shown: list[float] = []  # perf_counter() each time the screen drew a count's figures


def _still_counting(screen) -> None:
    if not screen.counting:  # the count failed: the status line says why
        raise SystemExit(f"no figures: {screen.query_one('#stats-status').render()}")


async def _run_once(app, pilot) -> dict:
    """One opening of the screen: key to the session's figures, ``s`` to the campaign's, and keys
    pressed while the campaign is counted against the same keys once it is idle."""
    from gmconsole.ui.screens.statistics import StatisticsScreen

    ticks: list[float] = []
    timer = app.set_interval(0.005, lambda: ticks.append(time.perf_counter()))
    _shown.clear()
    start = time.perf_counter()
    await pilot.press("I")
    screen = app.screen
    assert isinstance(screen, StatisticsScreen)
    while not _shown:
        _still_counting(screen)
        await asyncio.sleep(0.001)
    session = _shown[-1] - start
    _shown.clear()
    busy_keys: list[float] = []
    start = time.perf_counter()
    await pilot.press("s")
    ticks.clear()
    while not _shown:
        _still_counting(screen)
        key = time.perf_counter()
        await pilot.press("down")
        busy_keys.append(time.perf_counter() - key)
        await asyncio.sleep(0.01)
    campaign = _shown[-1] - start
    busy_gap = max((b - a for a, b in pairwise(ticks)), default=0.0)
    idle_keys: list[float] = []
    ticks.clear()
    for _ in range(max(len(busy_keys), 10)):
        key = time.perf_counter()
        await pilot.press("down")
        idle_keys.append(time.perf_counter() - key)
        await asyncio.sleep(0.01)
    idle_gap = max((b - a for a, b in pairwise(ticks)), default=0.0)
    timer.stop()
    await pilot.press("escape")
    return {"session": session, "campaign": campaign, "rolls": screen.data["rolls"],
            "busy_key": statistics.median(busy_keys), "busy_keys": len(busy_keys), "busy_gap": busy_gap,
            "idle_key": statistics.median(idle_keys), "idle_gap": idle_gap}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="openings of the screen (default 3)")
    parser.add_argument("--data", type=Path, help="a data folder holding the grown yze-demo already (kept)")
    args = parser.parse_args()
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp
    from gmconsole.ui.screens.statistics import StatisticsScreen

    drawn = StatisticsScreen.show_figures  # wrapped here only: when the figures are drawn

    def timed(self, *a, **k):
        drawn(self, *a, **k)
        _shown.append(time.perf_counter())

    StatisticsScreen.show_figures = timed

    with tempfile.TemporaryDirectory() as folder:
        root = args.data or Path(folder)
        name = "yze-demo" if args.data else build_campaign(root)
        with CampaignService.open(root, name) as service:
            read = time.perf_counter()
            entries = len(service.history.entries())
            read = time.perf_counter() - read
            app = GMConsoleApp(service)

            async def run() -> list[dict]:
                async with app.run_test(size=(120, 40)) as pilot:
                    await pilot.pause()
                    return [await _run_once(app, pilot) for _ in range(args.repeat)]

            runs = asyncio.run(run())

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs) * 1000

    print(f"history: {entries} entries, {runs[0]['rolls']} rolls counted over the campaign; {args.repeat} runs")
    print(f"(a) I to the session's figures: median {med('session'):.0f} ms")
    print(f"    s to the whole campaign's figures: median {med('campaign'):.0f} ms "
          f"(anchor: service.history.entries() alone, once, {read * 1000:.0f} ms)")
    print(f"(b) a key (down) while counting: median {med('busy_key'):.1f} ms over {runs[0]['busy_keys']} keys a run; "
          f"idle (anchor): {med('idle_key'):.1f} ms")
    print(f"    longest gap of a 5 ms timer while counting: median {med('busy_gap'):.0f} ms; "
          f"idle (anchor): {med('idle_gap'):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
