"""Benchmark of the campaign store (not a test: it prints figures and asserts nothing about time).

    python bench/store.py

1. Recording one roll durably (``CampaignStore.append_entry``) with 100, 1,000 and 10,000 entries
   already in the history, all in ONE session (the hard case: one session's history grows without
   bound). Beside it, in the same run, TinyDB's stock ``JSONStorage`` doing the same in a single
   file (``table.insert``). The stock storage already calls ``os.fsync`` after each write in TinyDB
   4.9 (``JSONStorage.write`` flushes and syncs), so it is used as is and both sides sync every
   roll; ours also syncs the folder after its rename, which the stock storage does not need.
   Goal: at most 5 ms per roll at 10,000 entries.
2. Loading a campaign of 50,000 entries over 100 sessions: opening it to play (open, state,
   session list, the last session's history) and reading the whole history. Goal: at most 1 s.
3. Opening such a campaign through the service (``CampaignService.open``) and recording its first
   roll, against a warm roll on the same open campaign in the same run. Goal: at most
   10 ms beyond a warm roll. The first roll used to parse the newest chunk of every session to find
   the next entry id; the clean-close marker now names the last id given.
4. The recap of a session of 2,000 entries: rolls, pushes, stress, conditions, XP, clocks
   and scenes recorded through the campaign service, then ``service.sessions.recap`` and its Markdown
   (what the recap screen does), and the same after opening the campaign read-only (what
   ``gmconsole session NAME recap`` does). Goal: at most 100 ms. Then the whole command in a fresh process
   (wall, CPU, peak resident memory: ``bench/whole_command.py``) beside a stock ``json`` decode of the
   same files in a fresh process, the anchor.

Figures are medians; the page cache is warm (the files were just written). Histories are filled
straight into the store's files (same format, same code path for writing a file) so that setting up
10,000 entries does not take 10,000 synced writes.
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tinydb import TinyDB
from tinydb.storages import JSONStorage

from gmconsole.rules.errors import RulesError
from gmconsole.store import CampaignStore
from gmconsole.store import campaign_store as cs
from gmconsole.store.atomic import ensure_folder
from gmconsole.store.clean_close import drop_marker
from gmconsole.store.shape import GMCONSOLE
from gmconsole.store.storage import AtomicJSONStorage

SIZES = (100, 1_000, 10_000)
LOAD_ENTRIES, LOAD_SESSIONS = 50_000, 100


def roll_entry(n: int, rng: random.Random) -> dict:
    """A history entry shaped like a recorded roll (about 250 bytes of JSON)."""
    pool = rng.randint(1, 8)
    return {
        "kind": "roll",
        "system": "year-zero",
        "who": f"Character {n % 5}",
        "label": "Mobility + Close Combat",
        "pool": {"base": pool, "stress": rng.randint(0, 4)},
        "faces": [rng.randint(1, 6) for _ in range(pool)],
        "successes": rng.randint(0, 3),
        "pushed": False,
        "undone": False,
        "at": f"2026-11-29T12:{n % 60:02d}:{n % 59:02d}Z",
    }


def fill_history(store: CampaignStore, per_session: dict[int, int], rng: random.Random, make=roll_entry) -> None:
    """Write entries straight into chunk files, CHUNK_SIZE at a time, ids increasing by session, each as the
    store writes it (lean where its shapes say so: :mod:`gmconsole.store.lean_entries`)."""
    pack = store.shapes.pack if store.shapes is not None else dict
    next_id = 1
    for session, count in per_session.items():
        ensure_folder(cs.session_folder(store.path, session))
        for start in range(0, count, cs.CHUNK_SIZE):
            size = min(cs.CHUNK_SIZE, count - start)
            ids = range(next_id, next_id + size)
            storage = AtomicJSONStorage(cs.chunk_file(store.path, session, next_id), "history")
            storage.write({"entries": {str(i): pack(make(i, rng)) for i in ids}})
            next_id += size


def repeat_history(root: Path, name: str, real: list[dict], rng: random.Random, *, entries: int, sessions: int,
                   make=None) -> None:
    """Replace campaign ``name``'s history with ``entries`` entries over ``sessions`` sessions, each a copy
    of one of ``real`` (entries recorded through the service, without ``id`` and ``session``; ``make(entry,
    rng)`` may vary a copy), written straight into chunk files; the state is told the newest id and the
    clean-close marker dropped, so the next open finds it from the files. How the long-history benches
    grow a campaign made of real entries."""
    store = cs.CampaignStore.open(root, name, shapes=GMCONSOLE)
    try:
        shutil.rmtree(store.path / cs.HISTORY)
        fill_history(store, {s: entries // sessions for s in range(1, sessions + 1)}, rng,
                     make=lambda n, rng: (make or (lambda e, _r: dict(e)))(real[n % len(real)], rng))
        state = store.load_state()
        state.update(undo=[], redo=[], last_entry=entries)
        store.save_state(state)
    finally:
        store.close()
    drop_marker(store.path)


def time_ours(root: Path, existing: int, rng: random.Random) -> list[float]:
    store = CampaignStore.create(root, f"ours-{existing}", {"name": "bench"})
    fill_history(store, {1: existing}, rng)
    store.close()
    store = CampaignStore.open(root, f"ours-{existing}")
    store.append_entry(1, roll_entry(0, rng))  # works out the next id once, outside the timing
    times = []
    for n in range(cs.CHUNK_SIZE):  # one whole chunk cycle: every fill level of the newest chunk
        entry = roll_entry(n, rng)
        start = time.perf_counter()
        store.append_entry(1, entry)
        times.append(time.perf_counter() - start)
    store.close()
    return times


def time_stock(root: Path, existing: int, rng: random.Random, inserts: int) -> list[float]:
    db = TinyDB(root / f"stock-{existing}.json", storage=JSONStorage)
    table = db.table("entries")
    table.insert_multiple(roll_entry(i, rng) for i in range(existing))
    times = []
    for n in range(inserts):
        entry = roll_entry(n, rng)
        start = time.perf_counter()
        table.insert(entry)
        times.append(time.perf_counter() - start)
    db.close()
    return times


def time_load(root: Path, rng: random.Random) -> None:
    per_session = LOAD_ENTRIES // LOAD_SESSIONS
    store = CampaignStore.create(root, "load", {"name": "bench", "sessions": list(range(1, LOAD_SESSIONS + 1))})
    fill_history(store, {s: per_session for s in range(1, LOAD_SESSIONS + 1)}, rng)
    store.close()

    def to_play() -> None:
        with CampaignStore.open(root, "load") as opened:
            opened.load_state()
            last = opened.sessions()[-1]
            assert len(opened.history.entries(last)) == per_session

    def everything() -> None:
        with CampaignStore.open(root, "load") as opened:
            opened.load_state()
            assert len(opened.history.entries()) == LOAD_ENTRIES

    def first_roll() -> None:
        with CampaignStore.open(root, "load") as opened:
            opened.append_entry(LOAD_SESSIONS, roll_entry(0, rng))

    for label, action, repeats in (
        ("open to play (state + last session)", to_play, 7),
        (f"open + read all {LOAD_ENTRIES:,} entries", everything, 5),
        ("open + first roll (finds the next id)", first_roll, 5),
    ):
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
        print(f"  {label:<42} median {statistics.median(times) * 1000:8.1f} ms")


def service_campaign(root: Path, rng: random.Random) -> str:
    """A yze campaign made through the service (one character, 100 sessions), whose history is then
    filled to :data:`LOAD_ENTRIES` entries straight into its chunk files, and closed cleanly."""
    from gmconsole.campaign.service import CampaignService

    name = "service-load"
    with CampaignService.create(root, name, "yze", rng=rng) as service:
        service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 4, "wits": 3,
                                                                    "empathy": 3},
                                      "skills": {"ranged": 2}})
        for _ in range(LOAD_SESSIONS - 1):
            service.sessions.new_session("2026-11-29")
    store = CampaignStore.open(root, name)
    state = store.load_state()
    shutil.rmtree(store.path / cs.HISTORY)
    per_session = LOAD_ENTRIES // LOAD_SESSIONS
    # every entry of a session in its scene 1, as the service records them: the worst case for the
    # "only one chance" check, which reads the current scene's entries before the first roll
    fill_history(store, {s: per_session for s in range(1, LOAD_SESSIONS + 1)}, rng,
                 make=lambda n, r: {**roll_entry(n, r), "scene": 1, "status": "done"})
    state.update(undo=[], redo=[], last_entry=LOAD_ENTRIES)
    store.save_state(state)
    store.close()  # leaves the clean-close marker, as a console quitting normally does
    return name


def time_first_roll(root: Path, rng: random.Random, repeats: int = 7) -> tuple[list[float], list[float]]:
    """Through the service, as the console and ``roll --campaign`` do: open the 50,000-entry campaign
    and record its first roll (open + roll), then a second roll on the same open campaign (warm)."""
    from gmconsole.campaign.service import CampaignService

    name = service_campaign(root, rng)
    first, warm = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        service = CampaignService.open(root, name, rng=rng)
        service.rolls.roll("Ann", "ranged")
        first.append(time.perf_counter() - start)
        for _ in range(3):
            start = time.perf_counter()
            service.rolls.roll("Ann", "ranged")
            warm.append(time.perf_counter() - start)
        service.close()
    return first, warm


RECAP_ENTRIES = 2_000


def time_recap(root: Path) -> None:
    """Record RECAP_ENTRIES changes in one session through the service, then time its recap."""
    from gmconsole.campaign.recaps import recap_markdown
    from gmconsole.campaign.service import CampaignService

    with CampaignService.create(root, "recap", "myz", rng=random.Random(7)) as service:
        ids = [service.roster.add_character({"name": f"Mutant {n}", "attributes": {"strength": 4, "agility": 3,
                                                                                   "wits": 3,
                                                                          "empathy": 2}, "skills": {"fight": 2}}).id
               for n in range(4)]
        service.trackers.add_clock("Rot storm", 8)
        clock = service.session.clocks[0].id
        n = len(service.history.entries(1))
        while n < RECAP_ENTRIES:
            who = ids[n % 4]
            step = n % 10
            if step in (0, 3, 6):
                roll = service.rolls.roll(who, "fight", goal=f"goal {n}")
                if step == 0 and n + 1 < RECAP_ENTRIES:
                    try:
                        service.rolls.push(roll["id"])
                        n += 1
                    except RulesError:  # nothing to reroll (R-PUSH-6): no push this time
                        pass
            elif step == 1:
                service.trackers.change_tracker(who, "xp", 1)
            elif step in (2, 7):
                service.trackers.change_tracker(who, "mutation_points", 1)
            elif step == 4:
                held = "starving" in service.character(who).conditions
                (service.trackers.remove_condition if held else service.trackers.add_condition)(who, "starving")
            elif step == 5:
                service.trackers.advance_clock(clock, 1 if n % 40 < 20 else -1)
            elif step == 8:
                service.trackers.change_doom(1)
            else:
                service.sessions.new_scene()
            n += 1
        entries = len(service.history.entries(1))

    def in_console() -> None:
        recap_markdown(opened.sessions.recap(1))

    def from_cli() -> None:
        with CampaignService.open(root, "recap", read_only=True) as service:
            recap_markdown(service.sessions.recap(1))

    with CampaignService.open(root, "recap", read_only=True) as opened:
        for label, action in (("recap of the open campaign (console)", in_console),
                              ("open read-only + recap (command line)", from_cli)):
            times = []
            for _ in range(9):
                start = time.perf_counter()
                action()
                times.append(time.perf_counter() - start)
            print(f"  {label:<42} median {statistics.median(times) * 1000:8.1f} ms")
    print(f"  ({entries:,} entries in the session; goal: at most 100 ms)")
    from whole_command import STOCK_DECODE, measure  # bench/whole_command.py, beside this script

    print("  the whole command, a fresh process (median of 5; the anchor: a stock json decode of the same files):")
    for label, run in (("gmconsole session recap recap", lambda: measure(["--data-dir", str(root), "session", "recap",
                                                                          "recap"])),
                       ("anchor: stock json decode", lambda: measure([], code=STOCK_DECODE.replace(
                           "sys.argv[1]", repr(str(root / "recap")))))):
        runs = [run() for _ in range(5)]
        print(f"  {label:<42} median {statistics.median(r['wall'] for r in runs) * 1000:8.1f} ms "
              f"(cpu {statistics.median(r['cpu'] for r in runs) * 1000:.1f} ms, peak "
              f"{max(r['rss_mb'] for r in runs):.0f} MB)")


def main() -> int:
    rng = random.Random(20261129)
    with tempfile.TemporaryDirectory(prefix="gmconsole-bench-") as folder:
        root = Path(folder)
        print(f"Record one roll durably, all entries in one session (chunks of {cs.CHUNK_SIZE}):")
        print(f"  {'entries':>8} {'gmconsole':>12} {'(p90)':>10} {'stock TinyDB':>14} {'ratio':>7}")
        for existing in SIZES:
            ours = time_ours(root, existing, rng)
            stock = time_stock(root, existing, rng, inserts=25 if existing >= 10_000 else 50)
            ours_median, stock_median = statistics.median(ours), statistics.median(stock)
            p90 = sorted(ours)[int(len(ours) * 0.9)]
            print(
                f"  {existing:>8,} {ours_median * 1000:>9.2f} ms {p90 * 1000:>7.2f} ms "
                f"{stock_median * 1000:>11.2f} ms {stock_median / ours_median:>6.1f}x"
            )
        print("  (goal: at most 5 ms at 10,000 entries; ratio = stock median / gmconsole median)")
        print(f"Load a campaign of {LOAD_ENTRIES:,} entries over {LOAD_SESSIONS} sessions (goal: at most 1 s):")
        time_load(root, rng)
        first, warm = time_first_roll(root, rng)
        first_median, warm_median = statistics.median(first), statistics.median(warm)
        print("Open a 50,000-entry campaign through the service and record its first roll "
              "(goal: at most 10 ms beyond a warm roll):")
        print(f"  open + first roll median {first_median * 1000:8.1f} ms; "
              f"warm roll median {warm_median * 1000:6.1f} ms; "
              f"beyond a warm roll {(first_median - warm_median) * 1000:6.1f} ms ({first_median / warm_median:.1f}x)")
        print(f"Recap of a session of {RECAP_ENTRIES:,} entries:")
        time_recap(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
