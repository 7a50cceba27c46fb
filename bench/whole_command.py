"""A whole command as a GM runs it, timed from outside (not a test: it measures, asserts nothing).

    python bench/whole_command.py -- ARGS...        # prints one line of JSON

Runs ``python -m gmconsole ARGS`` (or, with ``--python CODE``, ``python -c CODE``) as a fresh child
process, reads its output as it comes and prints ``{"wall", "first_line", "cpu", "rss_mb", "status",
"bytes"}``: the wall time until it ended, the time until its first line of output, its CPU time (user
and system: steadier than the wall time on a busy machine) and its peak resident memory, from
``resource.getrusage(RUSAGE_CHILDREN)``. That figure is the largest of every child this process waited
for, so each measurement runs in a process of its own: :func:`measure` starts this script for each one.
:func:`whole_commands` prints the table ``bench/stats.py`` shows; the package is byte-compiled first, as a
pip install leaves it.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _run(command: list[str]) -> dict:
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    first, size = None, 0
    while True:
        block = child.stdout.read1(1 << 16)
        if not block:
            break
        if first is None:
            first = time.perf_counter() - start
        size += len(block)
    status = child.wait()
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"wall": wall, "first_line": first if first is not None else wall, "cpu": usage.ru_utime + usage.ru_stime,
            "rss_mb": usage.ru_maxrss / 1024, "status": status, "bytes": size}


def measure(args: list[str], *, code: str | None = None, env: dict | None = None) -> dict:
    """One fresh run of ``gmconsole ARGS`` (or of ``python -c code``), measured by a process of its own."""
    extra = ["--python", code] if code is not None else ["--", *args]
    out = subprocess.run([sys.executable, str(HERE / "whole_command.py"), *extra], capture_output=True, text=True,
                         check=True, env={**os.environ, **(env or {})})
    return json.loads(out.stdout)


def main() -> int:
    if sys.argv[1:2] == ["--python"]:
        command = [sys.executable, "-c", sys.argv[2]]
    else:
        command = [sys.executable, "-m", "gmconsole", *sys.argv[sys.argv.index("--") + 1:]]
    print(json.dumps(_run(command)))
    return 0


if __name__ == "__main__":
    sys.exit(main())


STOCK_DECODE = """
import glob, json, sys
entries = []
for path in sorted(glob.glob(sys.argv[1] + "/history/session-*/entries-*.json")):
    with open(path, encoding="utf-8") as file:
        entries += json.load(file)["entries"].values()
print(len(entries))
"""
"""The anchor: what every old whole-history command paid before its first figure or line, a stock
``json`` decode of every chunk file, the entries held (``argv[1]``: the campaign folder)."""


def _row(label: str, runs: list[dict], goal_s: float | None, goal_mb: float | None, first_line: bool = False) -> str:
    import statistics

    wall = statistics.median(r["first_line" if first_line else "wall"] for r in runs)
    cpu = statistics.median(r["cpu"] for r in runs)
    rss = max(r["rss_mb"] for r in runs)
    goal = ""
    if goal_s is not None:
        ok = wall <= goal_s and (goal_mb is None or rss <= goal_mb)
        goal = f"goal <= {goal_s:g} s" + (f", <= {goal_mb:g} MB" if goal_mb else "") + (": met" if ok else ": NOT met")
    what = "first line" if first_line else "wall"
    return f"  {label:<44} {what:>10} {wall:6.2f} s  cpu {cpu:6.2f} s  peak {rss:6.0f} MB  {goal}"


def whole_commands(root: Path, name: str, *, repeat: int = 3, recap_session: int | None = None) -> None:
    """Print the whole-command table for campaign ``name`` under ``root``: ``stats --json`` (its first run,
    which makes the summaries, then warm), ``history --format json|csv|markdown`` (first line and whole),
    ``session recap`` of ``recap_session``, each against its goal, beside the anchor (a stock ``json``
    decode of every chunk file in a fresh process, which the old commands paid first)."""
    import compileall

    import gmconsole

    compileall.compile_dir(Path(gmconsole.__file__).parent, quiet=1)  # as a pip install does (bench/startup.py)
    data = ["--data-dir", str(root)]
    for part in ("stats", "rows"):  # the first run makes them, as after an upgrade
        for path in (root / name / "history").glob(f"session-*/{part}-*.json"):
            path.unlink()
    print(f"Whole commands on {name}, each a fresh process (median of {repeat}; peak = largest):")
    anchor = [measure([], code=STOCK_DECODE.replace("sys.argv[1]", repr(str(root / name)))) for _ in range(repeat)]
    print(_row("anchor: stock json decode of every chunk", anchor, None, None))
    first = [measure([*data, "stats", name, "--json"])]
    print(_row("stats --json, first run (makes the summaries)", first, None, 150))
    warm = [measure([*data, "stats", name, "--json"]) for _ in range(repeat)]
    print(_row("stats --json", warm, 1, 150))
    for fmt in ("json", "csv", "markdown"):
        runs = [measure([*data, "history", name, "--format", fmt]) for _ in range(repeat)]
        print(_row(f"history --format {fmt}", runs, 0.5, 150, first_line=True))
        print(_row(f"history --format {fmt} ({runs[0]['bytes'] / 1e6:.0f} MB written)", runs, None, 150))
    if recap_session is not None:
        runs = [measure([*data, "session", name, "recap", "--session", str(recap_session)]) for _ in range(repeat)]
        print(_row(f"session recap --session {recap_session}", runs, None, 150))
    start = [measure(["--version"]) for _ in range(repeat)]
    print(_row("gmconsole --version (interpreter + imports)", start, None, None))
