"""Start-up and roll-builder latency of the console (not a test: it prints figures, asserts nothing).

    python bench/startup.py [--runs 7] [--keys 60]

(a) Launch to the first painted main screen, on the ``yze`` demo with 10,000 history entries, beside
    a bare Textual app with one DataTable, in the same run (goal: ratio <= 1.3).

    How it is measured. Each launch is a fresh ``python`` process started on a pseudo-terminal of
    120x40 (``pty.openpty``), so Python starts, imports, opens the campaign and Textual runs its real
    terminal driver and writes the screen, as a GM's laptop would. The child runs the app with
    ``App.run(auto_pilot=...)``; the auto-pilot waits until the main screen is the active screen,
    lets the app go idle once more (``pilot.pause()``: the pending refresh is composed and written to
    the terminal), writes ``time.time()`` to a file and exits. The figure is that time minus the time
    the parent took just before spawning the child, so it includes interpreter start-up, imports,
    opening the campaign (the store reads the session's chunk files, the roll builder's preview
    reads the current scene) and the first paint. The bare app goes through exactly the same path
    (same interpreter, same pty, same auto-pilot wait for its DataTable screen). Runs alternate
    between the two apps so machine noise hits both alike; medians are printed with their ratio.

    The campaign: the bundled demos are installed in a temporary folder; 40 real changes are made
    on ``yze-demo`` through the campaign service (rolls with the console's dice, stress changes,
    pushes), and those entries are then repeated, with fresh ids, straight into the store's chunk
    files (the store's own file format and writer, as ``bench/store.py`` does) up to 10,000 entries,
    all in the current session — the hard case, since start-up reads the current session — and the
    campaign state is told the newest entry is 10,000 (as if they had been recorded one by one).

(b) Keypress in the roll builder to the refreshed odds, in-process with ``App.run_test()`` / Pilot on
    the same 10,000-entry campaign (goal: median <= 16 ms). Two figures per key, both from just
    before Pilot posts the key: until the builder has asked ``service.preview_roll`` and updated its
    widgets (``refresh_view`` returned), and until the screen's next compositor update holding the
    new odds is handed to the driver (``App._display``, wrapped by this script only, which sees
    the update after ``render_update`` composed it). Pilot's ``press`` itself is not the figure: it
    then waits for every widget's queue to drain, which is test plumbing, not what the GM sees.
    Keys cycle through difficulty, modifier, attribute and gear changes.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import random
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ENTRIES = 10_000
SIZE = (120, 40)

CHILD = r"""
import sys, time
from pathlib import Path
mode, root, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])

async def wait_then_exit(pilot, done):
    app = pilot.app
    for _ in range(10000):
        if done(app):
            break
        await pilot.pause(0.001)
    await pilot.pause()
    out.write_text(repr(time.time()))
    app.exit()

if mode == "app":
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp
    from gmconsole.ui.screens.main import MainScreen
    service = CampaignService.open(root, "yze-demo")
    try:
        GMConsoleApp(service).run(auto_pilot=lambda p: wait_then_exit(p, lambda a: isinstance(a.screen, MainScreen)))
    finally:
        service.close()
else:
    from textual.app import App
    from textual.widgets import DataTable

    class Bare(App):
        def compose(self):
            yield DataTable()

        def on_mount(self):
            table = self.query_one(DataTable)
            table.add_columns("name", "stress")
            table.add_rows([("Ripley", "1"), ("Dallas", "0")])

    Bare().run(auto_pilot=lambda p: wait_then_exit(p, lambda a: bool(a.screen.query(DataTable))))
"""


# --------------------------------------------------------------------------- the campaign


def build_campaign(root: Path) -> None:
    """Install the demos in ``root`` and give ``yze-demo`` 10,000 history entries (see the docstring)."""
    from gmconsole.campaign.library import install_demos
    from gmconsole.campaign.service import CampaignService
    from gmconsole.store import campaign_store as cs
    from gmconsole.store.atomic import ensure_folder
    from gmconsole.store.storage import AtomicJSONStorage

    install_demos(root)
    rng = random.Random(2026)
    service = CampaignService.open(root, "yze-demo", rng=rng)
    try:
        pcs = [c.id for c in service.campaign.roster if not c.is_npc]
        skills = ["ranged", "mobility", "observation", "might", "melee", "stealth"]
        while len(service.entries()) < 40:
            who = rng.choice(pcs)
            if rng.random() < 0.3:
                service.change_stress(who, 1 if service.character(who).stress < 3 else -1)
                continue
            service.roll(who, rng.choice(skills))
        session = service.session.number
        real = service.entries(session)
        store_path = service._store.path
    finally:
        service.close()
    folder = cs.session_folder(store_path, session)
    for old in folder.iterdir():
        old.unlink()
    ensure_folder(folder)
    next_id = 1
    while next_id <= ENTRIES:
        size = min(cs.CHUNK_SIZE, ENTRIES - next_id + 1)
        chunk = {}
        for i in range(next_id, next_id + size):
            entry = dict(real[(i - 1) % len(real)])
            entry["id"] = i
            chunk[str(i)] = {k: v for k, v in entry.items() if k not in ("id", "session")}
        AtomicJSONStorage(cs.chunk_file(store_path, session, next_id), "history").write({"entries": chunk})
        next_id += size
    store = cs.CampaignStore.open(root, "yze-demo")
    try:
        state = store.load_state()
        state["last_entry"] = ENTRIES  # the newest entry took effect: no crash recovery to do at open
        store.save_state(state)
    finally:
        store.close()


# --------------------------------------------------------------------------- (a) start-up


def _drain(fd: int) -> None:
    while True:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def launch_once(mode: str, root: Path) -> float:
    """Seconds from spawning a fresh process on a 120x40 pty to its first painted screen."""
    out = Path(tempfile.mkstemp(prefix="gmc-paint-")[1])
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(SIZE[0]), LINES=str(SIZE[1]))
    drain = threading.Thread(target=_drain, args=(master,), daemon=True)
    drain.start()
    start = time.time()
    child = subprocess.Popen([sys.executable, "-c", CHILD, mode, str(root), str(out)],
                             stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    code = child.wait(timeout=120)
    os.close(master)
    drain.join(timeout=2)
    text = out.read_text()
    out.unlink()
    if code != 0 or not text:
        raise RuntimeError(f"the {mode} child failed (exit {code})")
    return float(text) - start


def bench_startup(root: Path, runs: int) -> tuple[float, float]:
    app_times, bare_times = [], []
    launch_once("bare", root)  # warm the page cache for both before timing
    launch_once("app", root)
    for _ in range(runs):
        bare_times.append(launch_once("bare", root))
        app_times.append(launch_once("app", root))
    return statistics.median(app_times), statistics.median(bare_times)


# --------------------------------------------------------------------------- (b) keypress to odds


async def _keypress(root: Path, presses: int) -> tuple[list[float], list[float]]:
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp
    from gmconsole.ui.widgets.roll_builder import RollBuilder

    service = CampaignService.open(root, "yze-demo", rng=random.Random(1))
    refreshed: list[float] = []
    displayed: list[float] = []
    to_refresh, to_display = [], []
    try:
        app = GMConsoleApp(service, rng=random.Random(1))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            builder = app.screen.query_one(RollBuilder)
            builder.select_character("c1")
            builder.focus()
            await pilot.press("s", *"ranged", "enter")
            original = builder.refresh_view

            def timed_refresh() -> None:
                original()
                refreshed.append(time.perf_counter())

            builder.refresh_view = timed_refresh
            display = app._display

            def timed_display(screen, renderable) -> None:
                display(screen, renderable)
                if refreshed and renderable is not None:
                    displayed.append(time.perf_counter())

            app._display = timed_display
            keys = ["d", "D", "plus", "minus", "a", "g"]
            for n in range(presses):
                refreshed.clear()
                displayed.clear()
                start = time.perf_counter()
                await pilot.press(keys[n % len(keys)])
                await pilot.pause()
                if refreshed and displayed:
                    to_refresh.append(refreshed[0] - start)
                    to_display.append(displayed[0] - start)
            if not builder.preview or not builder.preview.odds:
                raise RuntimeError("the roll builder showed no odds")
    finally:
        service.close()
    return to_refresh, to_display


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="launches of each app (default 7)")
    parser.add_argument("--keys", type=int, default=60, help="keypresses timed in the roll builder (default 60)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gmc-bench-") as tmp:
        root = Path(tmp)
        t = time.perf_counter()
        build_campaign(root)
        print(f"built yze-demo with {ENTRIES:,} history entries in {time.perf_counter() - t:.1f} s")
        app, bare = bench_startup(root, args.runs)
        print(f"(a) launch to first painted screen, median of {args.runs} (pty {SIZE[0]}x{SIZE[1]}):")
        print(f"    gmconsole main screen, yze-demo + {ENTRIES:,} entries: {app * 1000:7.1f} ms")
        print(f"    bare Textual app with one DataTable:          {bare * 1000:7.1f} ms")
        print(f"    ratio: {app / bare:.2f}x (goal <= 1.3x)")
        to_refresh, to_display = asyncio.run(_keypress(root, args.keys))
        print(f"(b) roll builder keypress to refreshed odds, median of {len(to_refresh)} keys:")
        print(f"    odds computed and widgets updated: {statistics.median(to_refresh) * 1000:6.2f} ms "
              f"(p90 {statistics.quantiles(to_refresh, n=10)[-1] * 1000:.2f} ms)")
        print(f"    new odds composed for the screen:  {statistics.median(to_display) * 1000:6.2f} ms "
              f"(p90 {statistics.quantiles(to_display, n=10)[-1] * 1000:.2f} ms)  (goal <= 16 ms)")


if __name__ == "__main__":
    main()
