"""Start-up and roll-builder latency of the console (not a test: it prints figures, asserts nothing).

    python bench/startup.py [--runs 7] [--keys 60] [--no-config] [--before DIR] [--after-roll] [--keys-only]

(a) Launch to the first painted main screen, on the ``yze`` demo with 10,000 history entries, beside
    a bare Textual app with one DataTable, in the same run (goal: ratio <= 1.3).

    How it is measured, from outside. Each launch is a fresh process on a pseudo-terminal of 120x40
    (``pty.openpty``), exactly the command a GM types: the ``gmconsole`` script of this interpreter's
    environment with ``--data-dir ROOT open yze-demo`` (the bare app: ``python -c`` with the app's
    source). This script reads everything the process writes to the terminal; the launch time is
    when the terminal has received the first frame that holds the whole main screen: the four pane
    titles, the last roster row, the roll builder's title and the key bar (for the bare app: its
    table header and both rows). Textual writes a frame in one go, so that is when a GM sees the
    screen. The figure includes interpreter start-up, imports, opening the campaign (``campaign.json``;
    the history is read at open only when the last console did not close cleanly, and each launch
    here quits cleanly) and composing and painting the screen. A second figure, "settled", is
    the last write before the terminal stays quiet for 0.4 s (the app's follow-up refreshes after its
    first frame, e.g. re-fitting table columns); it is reported, not a goal. Then the app is told to
    quit (``q``; the bare app ``ctrl+q``). Runs alternate between the two apps so machine noise hits
    both alike; medians are printed with their ratio.

    Bytecode: the package is byte-compiled first (``compileall``), as installing a wheel with pip
    does; otherwise a checkout run with ``PYTHONDONTWRITEBYTECODE`` set would compile every module of
    the package on every launch, which no installed console does.

    The campaign: the bundled demos are installed in a temporary folder; 40 real changes are made
    on ``yze-demo`` through the campaign service (rolls with the console's dice, stress changes,
    pushes), and those entries are then repeated, with fresh ids, straight into the store's chunk
    files (the store's own file format and writer, as ``bench/store.py`` does) up to 10,000 entries,
    all in the current session — the hard case, since start-up reads the current session — and the
    campaign state is told the newest entry is 10,000 (as if they had been recorded one by one).

    The settings file: the console starts with a ``config.toml`` present (``GMCONSOLE_CONFIG``; a
    theme and a two-key keymap, :data:`CONFIG`), so the figure includes reading it, the theme and the
    keymap, with the command palette available (``--no-config``: without one). ``--before DIR``
    adds a third app to the same alternating runs: the console of another checkout (``DIR`` holds its
    ``gmconsole`` package, e.g. ``git archive`` of an older commit), launched the same way with that
    folder first on ``PYTHONPATH``, so a change is measured against what it changed in one run.

(b) Keypress in the roll builder to the refreshed odds, in-process with ``App.run_test()`` / Pilot on
    the same 10,000-entry campaign (goal: median <= 16 ms). Two figures per key, both from just
    before Pilot posts the key: until the builder has asked ``service.rolls.preview_roll`` and updated its
    widgets (``refresh_view`` returned), and until the screen's next compositor update holding the
    new odds is handed to the driver (``App._display``, wrapped by this script only, which sees
    the update after ``render_update`` composed it). Pilot's ``press`` itself is not the figure: it
    then waits for every widget's queue to drain, which is test plumbing, not what the GM sees.
    Keys cycle through difficulty, modifier, attribute and gear changes. ``--after-roll`` rolls once
    first, so each key also redraws the last result above the draft (its dice, verdict and push line);
    ``--keys-only`` times (b) alone.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import fcntl
import os
import pty
import random
import re
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
CONFIG = """\
theme = "textual-light"

[keymap]
"main.history" = "y"
"main.settings" = "f2"
"""

BARE_APP = r"""
from textual.app import App
from textual.widgets import DataTable


class Bare(App):
    def compose(self):
        yield DataTable()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("name", "stress")
        table.add_rows([("Ripley", "1"), ("Dallas", "0")])


Bare().run()
"""

# What the first complete frame holds (escape sequences stripped), and the key that quits.
MARKERS = {
    "app": ("1 Roster", "2 Initiative", "3 Roll builder", "4 Tracker", "Security officer", "Roll — ", "Quit"),
    "bare": ("name", "stress", "Ripley", "Dallas"),
}
MARKERS["before"] = MARKERS["app"]
QUIT_KEY = {"app": b"q", "bare": b"\x11", "before": b"q"}
QUIET = 0.4
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07")


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
        while len(service.history.entries()) < 40:
            who = rng.choice(pcs)
            if rng.random() < 0.3:
                service.trackers.change_stress(who, 1 if service.character(who).stress < 3 else -1)
                continue
            service.rolls.roll(who, rng.choice(skills))
        session = service.session.number
        real = service.history.entries(session)
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


def _command(mode: str, root: Path) -> list[str]:
    """The command line of ``mode`` (its environment: :func:`_environment`)."""
    if mode == "bare":
        return [sys.executable, "-c", BARE_APP]
    script = Path(sys.executable).with_name("gmconsole")
    entry = [str(script)] if script.exists() else [sys.executable, "-m", "gmconsole"]
    return entry + ["--data-dir", str(root), "open", "yze-demo"]


def _environment(mode: str, extra: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(SIZE[0]), LINES=str(SIZE[1]), **extra)
    if mode == "before":
        env["PYTHONPATH"] = os.pathsep.join(p for p in (env.pop("GMC_BEFORE"), os.environ.get("PYTHONPATH")) if p)
    else:
        env.pop("GMC_BEFORE", None)
    return env


def launch_once(mode: str, root: Path, extra: dict[str, str] | None = None) -> tuple[float, float]:
    """Seconds from spawning ``mode`` on a 120x40 pty to its first complete frame, and to settled."""
    chunks: list[tuple[float, bytes]] = []
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    env = _environment(mode, extra or {})

    def read_terminal() -> None:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append((time.time(), data))

    reader = threading.Thread(target=read_terminal, daemon=True)
    reader.start()
    start = time.time()
    child = subprocess.Popen(_command(mode, root), stdin=slave, stdout=slave, stderr=slave, env=env,
                             close_fds=True)
    os.close(slave)
    first = None
    seen, scanned = b"", 0
    deadline = start + 60
    while first is None and time.time() < deadline and child.poll() is None:
        time.sleep(0.002)
        while scanned < len(chunks):
            at, data = chunks[scanned]
            scanned += 1
            seen += data
            text = ANSI.sub(b"", seen)
            if all(marker.encode() in text for marker in MARKERS[mode]):
                first = at
                break
    while chunks and time.time() - chunks[-1][0] < QUIET and child.poll() is None:
        time.sleep(0.05)
    settled = chunks[-1][0] if chunks else None
    try:
        os.write(master, QUIT_KEY[mode])
        child.wait(timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        child.kill()
        child.wait()
    os.close(master)
    reader.join(timeout=2)
    if first is None:
        tail = ANSI.sub(b"", b"".join(data for _at, data in chunks))[-400:].decode("utf8", "replace")
        raise RuntimeError(f"the {mode} launch never painted its whole screen (exit {child.returncode}): {tail!r}")
    return first - start, settled - start


def bench_startup(root: Path, runs: int, extra: dict[str, str] | None = None,
                  before: Path | None = None) -> dict[str, list[tuple[float, float]]]:
    package = Path(__import__("gmconsole").__file__).parent
    compileall.compile_dir(package, quiet=1)
    modes = ("bare", "app") if before is None else ("bare", "app", "before")
    extra = dict(extra or {})
    if before is not None:
        compileall.compile_dir(before / "gmconsole", quiet=1)
        extra["GMC_BEFORE"] = str(before)
    times: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
    for mode in modes:  # warm the page cache for each before timing
        launch_once(mode, root, extra)
    for _ in range(runs):
        for mode in modes:
            times[mode].append(launch_once(mode, root, extra))
    return times


# --------------------------------------------------------------------------- (b) keypress to odds


async def _keypress(root: Path, presses: int, after_roll: bool = False) -> tuple[list[float], list[float]]:
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp
    from gmconsole.ui.roll_builder import RollBuilder

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
            if after_roll:  # the last result (its dice, verdict, push line) is redrawn with every key too
                await pilot.press("r")
                await pilot.pause()
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
    parser.add_argument("--no-config", action="store_true", help="launch without a settings file (config.toml)")
    parser.add_argument("--after-roll", action="store_true",
                        help="(b) with a roll made first, so every key also redraws the last result")
    parser.add_argument("--keys-only", action="store_true", help="time (b) only, no launches")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="also launch the console of the checkout in DIR, in the same runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gmc-bench-") as tmp:
        root = Path(tmp)
        t = time.perf_counter()
        build_campaign(root)
        print(f"built yze-demo with {ENTRIES:,} history entries in {time.perf_counter() - t:.1f} s")
        config = root / "config" / "config.toml"
        if not args.no_config:
            config.parent.mkdir()
            config.write_text(CONFIG, encoding="utf-8")
        print("settings file: " + ("none" if args.no_config else f"{config.name} (theme and keymap)"))
        if not args.keys_only:
            launches(root, args, config)
        to_refresh, to_display = asyncio.run(_keypress(root, args.keys, args.after_roll))
        print(f"(b) roll builder keypress to refreshed odds, median of {len(to_refresh)} keys"
              + (", a roll made first:" if args.after_roll else ":"))
        print(f"    odds computed and widgets updated: {statistics.median(to_refresh) * 1000:6.2f} ms "
              f"(p90 {statistics.quantiles(to_refresh, n=10)[-1] * 1000:.2f} ms)")
        print(f"    new odds composed for the screen:  {statistics.median(to_display) * 1000:6.2f} ms "
              f"(p90 {statistics.quantiles(to_display, n=10)[-1] * 1000:.2f} ms)  (goal <= 16 ms)")


def launches(root: Path, args, config: Path) -> None:
    """(a): the launches, and their figures printed."""
    times = bench_startup(root, args.runs, {"GMCONSOLE_CONFIG": str(config)}, args.before)
    first = {mode: statistics.median(t[0] for t in runs) for mode, runs in times.items()}
    settled = {mode: statistics.median(t[1] for t in runs) for mode, runs in times.items()}
    print(f"(a) launch to first painted screen, median of {args.runs} (pty {SIZE[0]}x{SIZE[1]}):")
    print(f"    `gmconsole open yze-demo`, {ENTRIES:,} entries: first frame {first['app'] * 1000:6.1f} ms"
          f", settled {settled['app'] * 1000:6.1f} ms")
    print(f"    bare Textual app with one DataTable:     first frame {first['bare'] * 1000:6.1f} ms"
          f", settled {settled['bare'] * 1000:6.1f} ms")
    print(f"    ratio: first frame {first['app'] / first['bare']:.2f}x (goal <= 1.3x), "
          f"settled {settled['app'] / settled['bare']:.2f}x")
    if "before" in first:
        print(f"    before ({args.before}): first frame {first['before'] * 1000:6.1f} ms, "
              f"settled {settled['before'] * 1000:6.1f} ms; ratio {first['before'] / first['bare']:.2f}x")


if __name__ == "__main__":
    main()
