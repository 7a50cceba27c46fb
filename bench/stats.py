"""``gmconsole stats`` on a 50,000-entry campaign (not a test: it prints figures, asserts nothing).

    python bench/stats.py [--repeat 7] [--no-short]

1. Times :func:`gmconsole.campaign.statistics.campaign_statistics` over the whole history once it is read
   (goal: median <= 300 ms; the first run included, which fills the per-pool caches) and, as the anchor in
   the same run, the history read alone (``service.history.entries``, which ``gmconsole stats`` once paid).
2. The whole commands as a GM runs them, each a fresh process, wall time, CPU time and peak resident
   memory (``bench/whole_command.py``): ``stats --json`` (goal <= 1 s, <= 150 MB; its first run, which
   makes the chunks' summaries, is printed apart), ``history --format json|csv|markdown`` (goal: first
   line <= 0.5 s, <= 150 MB whatever the length), ``session recap``; beside the anchor, a stock ``json``
   decode of every chunk file in a fresh process (what the old commands paid before their first figure).
3. Unless ``--no-short``: the demo's start-up, first-roll and keypress figures (``bench/startup.py
   --runs 3 --keys 20``), so nothing got slower for a short campaign.

The campaign: the bundled demos are installed in a temporary folder; on ``yze-demo`` 99 sessions are
opened and 60 real changes made through the campaign service (rolls, about one in three pushed, some
typed by hand, and stress changes), and those entries are then repeated, with fresh ids, straight into
the store's chunk files (``bench/store.py``'s ``fill_history``), 500 a session over 100 sessions, each
copy's first-roll faces rolled afresh.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from store import repeat_history  # bench/store.py, beside this script
from whole_command import whole_commands  # bench/whole_command.py, beside this script

ENTRIES, SESSIONS, REAL = 50_000, 100, 60


def build_campaign(root: Path) -> str:
    """Install the demos in ``root`` and grow ``yze-demo`` to :data:`ENTRIES` entries (see the docstring)."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.campaign.library import install_demos
    from gmconsole.campaign.service import CampaignService
    from gmconsole.rules.errors import RulesError

    install_demos(root)
    rng = random.Random(2026)
    with CampaignService.open(root, "yze-demo", rng=rng) as service:
        for _ in range(SESSIONS - 1):
            service.sessions.new_session("2026-11-29")
        pcs = [c.id for c in service.campaign.roster if not c.is_npc]
        skills = ["ranged", "mobility", "observation", "might", "melee", "stealth"]
        start = len(service.history.entries())
        while len(service.history.entries()) < start + REAL:
            who = rng.choice(pcs)
            if rng.random() < 0.2:
                service.trackers.change_stress(who, 1 if service.character(who).stress < 3 else -1)
                continue
            skill = rng.choice(skills)
            faces = _typed_faces(service.rolls.preview_roll(who, skill).dice, rng) if rng.random() < 0.3 else None
            try:
                service.rolls.roll(who, skill, faces=faces)
                if rng.random() < 0.35:
                    service.rolls.push()
            except (RulesError, ValidationError):  # too few typed faces, a push refused: try another
                continue
        real = [{k: v for k, v in e.items() if k not in ("id", "session")} for e in service.history.entries()[start:]]
    repeat_history(root, "yze-demo", real, rng, entries=ENTRIES, sessions=SESSIONS, make=_varied)
    return "yze-demo"


def _typed_faces(pool: list[dict], rng: random.Random) -> str:
    """A faces SPEC for ``pool`` (``base=3,6 skill=1``), as a GM types physical dice."""
    by_kind: dict[str, list[str]] = {}
    for die in pool:
        by_kind.setdefault(die["kind"], []).append(str(rng.randint(1, die["sides"])))
    return " ".join(f"{kind}={','.join(faces)}" for kind, faces in by_kind.items())


def _varied(entry: dict, rng: random.Random) -> dict:
    """A copy of a real entry whose first-roll faces are rolled afresh, so the copies do not repeat the
    same few dice (the statistics read each set of dice once; a real history repeats far fewer)."""
    entry = dict(entry)
    if isinstance(entry.get("first_dice"), list):
        entry["first_dice"] = [{**d, "face": rng.randint(1, d["sides"])} for d in entry["first_dice"]]
    return entry


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of each (default 7)")
    parser.add_argument("--no-short", action="store_true", help="leave out the short campaign's figures")
    args = parser.parse_args()
    from gmconsole import systems
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.statistics import campaign_statistics

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        name = build_campaign(root)
        with CampaignService.open(root, name, read_only=True) as service:
            system = systems.get(service.campaign.system)
            read, own = [], []
            for _ in range(args.repeat):
                start = time.perf_counter()
                entries = service.history.entries()
                read.append(time.perf_counter() - start)
                start = time.perf_counter()
                figures = campaign_statistics(entries, system)
                own.append(time.perf_counter() - start)
        print(f"history: {len(entries)} entries, {figures['rolls']} rolls, {figures['pushes']['count']} pushes, "
              f"{figures['typed']['rolls']} typed")
        print(f"statistics over the entries read: median {statistics.median(own) * 1000:.0f} ms (goal <= 300; "
              f"first run {own[0] * 1000:.0f} ms)")
        on_disk = sum(path.stat().st_size for path in (root / name / "history").rglob("entries-*.json"))
        full = sum(len(json.dumps({k: v for k, v in e.items() if k not in ("id", "session")}, ensure_ascii=False,
                                  separators=(",", ":")).encode()) for e in entries)
        print(f"bytes on disk per entry: {on_disk / len(entries):.0f} (goal <= 1024; the same entries written in "
              f"full, the anchor: {full / len(entries):.0f}, {on_disk / full:.2f}x of it)")
        del entries
        print(f"the history read alone (anchor): median {statistics.median(read) * 1000:.0f} ms "
              f"(statistics {statistics.median(own) / statistics.median(read):.2f}x of it)")
        whole_commands(root, name, repeat=min(args.repeat, 3), recap_session=SESSIONS)
    if not args.no_short:
        print("The demo, a short campaign (bench/startup.py --runs 3 --keys 20):", flush=True)
        subprocess.run([sys.executable, str(Path(__file__).with_name("startup.py")), "--runs", "3", "--keys", "20"],
                       check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
