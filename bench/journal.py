"""``gmconsole journal`` on the 50,000-entry campaign of ``bench/stats.py`` (not a test: it prints figures).

    python bench/journal.py [--repeat 3]

Times, in this process on a campaign opened read-only (its summaries made once beforehand, as any reader
leaves them): the journal of one session (``--session 50``, 500 entries) into an empty folder and again
(its notes up to date), then the whole journal (100 session notes, the characters' notes) into an empty
folder and again. Goal: the journal of one session does not read every session's history, so it costs about
what one session's recap and ``gmconsole stats`` cost, whatever the length of the campaign.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from stats import build_campaign  # bench/stats.py, beside this script


def _timed(func, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from gmconsole.campaign.journal import write_journal
    from gmconsole.campaign.service import CampaignService

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        name = build_campaign(root / "data")
        with CampaignService.open(root / "data", name, read_only=True) as service:
            service.history.statistics()  # the summaries made once, as any reader leaves them
            counter = iter(range(10_000))

            def fresh(session):
                return lambda: write_journal(service.ledger, root / f"out{next(counter)}", session)

            one = _timed(fresh(50), args.repeat)
            kept = root / "kept"
            write_journal(service.ledger, kept, 50)
            one_again = _timed(lambda: write_journal(service.ledger, kept, 50), args.repeat)
            whole = _timed(fresh(None), args.repeat)
            everything = root / "all"
            done = write_journal(service.ledger, everything)
            whole_again = _timed(lambda: write_journal(service.ledger, everything), args.repeat)
            recap = _timed(lambda: service.sessions.recap(50), args.repeat)
            stats = _timed(lambda: service.history.statistics(), args.repeat)
    print(f"journal --session 50, empty folder: {one:.0f} ms; again (up to date): {one_again:.0f} ms")
    print(f"whole journal ({len(done.written)} notes), empty folder: {whole:.0f} ms; again: {whole_again:.0f} ms")
    print(f"anchors: recap of session 50 {recap:.0f} ms, statistics of the whole campaign {stats:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
