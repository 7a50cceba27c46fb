"""The history screen's filter on a 50,000-entry campaign (not a test: it prints figures, asserts nothing).

    python bench/history_filter.py [--keys 40]

(a) A key typed in a filter field to the refreshed table, in-process with ``App.run_test()`` / Pilot
    (goal: median <= 16 ms). Two figures per key, both from just before Pilot posts the key: until
    the screen has filtered and refilled its table (``HistoryScreen.refilter`` returned), and until
    the screen's next compositor update is handed to the driver (``App._display``, wrapped by this
    script only). Keys alternate between the session field (``7``, backspace: 500 entries of one
    session, then all 50,000 again) and the kind field (``roll`` typed and rubbed out letter by
    letter), so most keys redraw the table's full 500 rows.
    Anchors, same run: the table alone refilled with the same 500 rows, their cells already made
    (``DataTable.clear`` and ``add_row``: the floor of any redraw); and what a key used to cost
    before drawing anything, the history re-read through ``service.history.filtered``: one session
    for a key in the session field, all of it for a key in another field (median of 3 each; seconds
    apiece, so not once per key).

(b) The event loop while the screen reads the history on opening: a 5 ms interval timer runs on the
    app, the screen is pushed, and the longest gap between two ticks until the table is filled is
    the longest the console could not answer a key (goal: far below the read itself). Anchor, same
    run: the same with the read made on the event loop (``READ_HERE_BYTES`` raised above the
    history's size), the way the screen read before.

The campaign: the bundled demos are installed in a temporary folder; on ``yze-demo`` 99 sessions are
opened and 40 real changes made through the campaign service (rolls, stress changes), and those
entries are then repeated, with fresh ids, straight into the store's chunk files
(``bench/store.py``'s ``fill_history``: the store's own format and writer), 500 a session over 100
sessions; the campaign state is told the newest entry (as if they had been recorded one by one).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

from store import repeat_history  # bench/store.py, beside this script

ENTRIES, SESSIONS = 50_000, 100
SIZE = (120, 40)


def build_campaign(root: Path) -> str:
    """Install the demos in ``root`` and grow ``yze-demo`` to :data:`ENTRIES` entries (see the docstring)."""
    from gmconsole.campaign.library import install_demos
    from gmconsole.campaign.service import CampaignService

    install_demos(root)
    rng = random.Random(2026)
    with CampaignService.open(root, "yze-demo", rng=rng) as service:
        for _ in range(SESSIONS - 1):
            service.sessions.new_session("2026-11-29")
        pcs = [c.id for c in service.campaign.roster if not c.is_npc]
        skills = ["ranged", "mobility", "observation", "might", "melee", "stealth"]
        start = len(service.history.entries())
        while len(service.history.entries()) < start + 40:
            who = rng.choice(pcs)
            if rng.random() < 0.3:
                service.trackers.change_stress(who, 1 if service.character(who).stress < 3 else -1)
                continue
            service.rolls.roll(who, rng.choice(skills))
        real = [{k: v for k, v in e.items() if k not in ("id", "session")} for e in service.history.entries()[start:]]
    repeat_history(root, "yze-demo", real, rng, entries=ENTRIES, sessions=SESSIONS)
    return "yze-demo"


class _App:
    """A ``GMConsoleApp`` factory (imported late: the build above must not pay for the console's imports)."""

    @staticmethod
    def make(service):
        from gmconsole.ui.app import GMConsoleApp

        return GMConsoleApp(service, rng=random.Random(1))


async def _open_history(pilot, app, tick: float | None = None) -> tuple[float, float]:
    """Push the history screen and wait until its table is filled: ``(seconds, longest gap between
    two ticks of a ``tick``-second timer meanwhile)``."""
    from gmconsole.ui.screens.history import HistoryScreen

    ticks: list[float] = []
    timer = app.set_interval(tick, lambda: ticks.append(time.perf_counter())) if tick else None
    await pilot.pause(0.05)
    ticks.clear()
    start = time.perf_counter()
    ticks.append(start)
    screen = HistoryScreen()
    app.push_screen(screen)
    while not screen.is_mounted or screen.loading or not screen.rows:
        await asyncio.sleep(0.001)
    end = time.perf_counter()
    ticks.append(end)
    if timer is not None:
        timer.stop()
    return end - start, max(b - a for a, b in pairwise(ticks))


async def _keys(root: Path, name: str, presses: int) -> dict[str, list[float]]:
    """(a): keys typed in the filters, timed to the refilled table and to the next screen update;
    beside each, the same filters asked of ``service.history.filtered`` (the anchor)."""
    from textual.widgets import DataTable

    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.screens.history import HistoryScreen

    figures: dict[str, list[float]] = {"refilled": [], "displayed": [], "fill": [], "anchor session": [],
                                       "anchor kind": []}
    with CampaignService.open(root, name, rng=random.Random(1)) as service:
        app = _App.make(service)
        async with app.run_test(size=SIZE) as pilot:
            await _open_history(pilot, app)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            refilled: list[float] = []
            displayed: list[float] = []
            original = screen.refilter

            def timed_refilter(**kwargs) -> bool:
                shown = original(**kwargs)
                refilled.append(time.perf_counter())
                return shown

            screen.refilter = timed_refilter
            display = app._display

            def timed_display(target, renderable) -> None:
                display(target, renderable)
                if refilled and renderable is not None:
                    displayed.append(time.perf_counter())

            app._display = timed_display
            keys = [("session", "7"), ("session", "backspace")] + [("kind", k) for k in "roll"] + \
                [("kind", "backspace")] * 4
            for n in range(presses):
                field, key = keys[n % len(keys)]
                screen.query_one(f"#hist-{field}").focus()
                await pilot.pause()
                refilled.clear()
                displayed.clear()
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                if refilled and displayed:
                    figures["refilled"].append(refilled[0] - start)
                    figures["displayed"].append(displayed[0] - start)
            if not screen.rows:
                raise RuntimeError("the history table is empty at the end")
            table = screen.query_one(DataTable)
            made = [screen._cells_of(e) for e in screen.rows]
            for _ in range(5):  # the floor: the same rows' cells, already made, put in the table again
                start = time.perf_counter()
                table.clear()
                for key, cells, _ in made:
                    table.add_row(*cells, key=key)
                figures["fill"].append(time.perf_counter() - start)
                await pilot.pause()
        for filters in ({"session": 7}, {"kind": "roll"}):  # a key in the session field, in another field
            for _ in range(3):
                start = time.perf_counter()
                service.history.filtered(**filters, include_undone=True)
                figures[f"anchor {next(iter(filters))}"].append(time.perf_counter() - start)
    return figures


async def _load(root: Path, name: str, runs: int, on_the_loop: bool) -> tuple[list[float], list[float]]:
    """(b): open the history screen ``runs`` times; its read in a worker thread, or ``on_the_loop``."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.screens import history_reading as history

    saved = history.READ_HERE_BYTES
    history.READ_HERE_BYTES = 1 << 60 if on_the_loop else saved
    took, gaps = [], []
    try:
        with CampaignService.open(root, name, rng=random.Random(1)) as service:
            app = _App.make(service)
            async with app.run_test(size=SIZE) as pilot:
                for _ in range(runs):
                    seconds, gap = await _open_history(pilot, app, tick=0.005)
                    took.append(seconds)
                    gaps.append(gap)
                    app.pop_screen()
                    await pilot.pause()
    finally:
        history.READ_HERE_BYTES = saved
    return took, gaps


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40, help="keys timed in the filters (default 40)")
    parser.add_argument("--loads", type=int, default=2, help="openings of the history timed each way (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gmc-bench-") as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        name = build_campaign(root)
        print(f"built {name} with {ENTRIES:,} history entries over {SESSIONS} sessions "
              f"in {time.perf_counter() - start:.1f} s")
        figures = asyncio.run(_keys(root, name, args.keys))
        print(f"(a) a key in a filter to the refreshed table, median of {len(figures['refilled'])} keys:")
        print(f"    filtered and table refilled:     {_ms(figures['refilled'])} "
              f"(p90 {statistics.quantiles(figures['refilled'], n=10)[-1] * 1000:.1f} ms)")
        print(f"    next screen update composed:     {_ms(figures['displayed'])} "
              f"(p90 {statistics.quantiles(figures['displayed'], n=10)[-1] * 1000:.1f} ms)  (goal <= 16 ms)")
        fill = figures["fill"]
        print(f"    anchor, the table alone refilled with the same 500 rows' cells already made "
              f"(DataTable.clear + add_row), median of {len(fill)}: {_ms(fill)} "
              f"(the key: {statistics.median(figures['refilled']) / statistics.median(fill):.1f}x that)")
        key = statistics.median(figures["displayed"])
        print(f"    anchor, what a key cost before anything was drawn (service.history.filtered, median of 3): "
              f"session field {_ms(figures['anchor session'])} "
              f"({statistics.median(figures['anchor session']) / key:.0f}x), "
              f"another field {_ms(figures['anchor kind'])} ({statistics.median(figures['anchor kind']) / key:.0f}x)")
        worker = asyncio.run(_load(root, name, args.loads, on_the_loop=False))
        loop = asyncio.run(_load(root, name, args.loads, on_the_loop=True))
        print(f"(b) opening the history screen, median of {args.loads}; longest gap between ticks of a 5 ms timer:")
        print(f"    read in a worker thread:  until filled {_ms(worker[0])}, longest gap {_ms(worker[1])}")
        print(f"    anchor, read on the loop: until filled {_ms(loop[0])}, longest gap {_ms(loop[1])} "
              f"({statistics.median(loop[1]) / statistics.median(worker[1]):.0f}x the worker's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
