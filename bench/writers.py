"""A command-line write while the console runs, against the same write with no console open (not a test:
it prints figures, asserts nothing).

    python bench/writers.py [--runs 30]

Goal: a CLI write while the console runs takes at most 50 ms beyond the same write with no console open.

The write is the whole command as the GM waits for it, a fresh process each time:
``gmconsole roll yze --campaign yze-demo --character "Lambert Cho" --skill medicine --json``, on fresh copies
of the demo campaigns in temporary data folders (``gmconsole demo``), from its start to its exit.

(a) no console open: the command on its own copy of the demos;
(b) a real console open on the same campaign, ``gmconsole open yze-demo`` in tmux at 120x40 on this
    script's own socket (``tmux -L writers-bench``), that has just made a change of its own (``o`` in the
    tracker, doom +1, waited for on its screen), so the lock's note says another writer committed and the
    command's turn reads the campaign again.

The two alternate, run by run, so they share the machine's noise; each copy grows by the same rolls.
Printed: median and p90 of each, the difference of the medians and their ratio.

(c) The console showing the command's change: from the command's exit until ``tmux capture-pane`` shows
    "from the command line" on the console's status line (polled every 10 ms; a capture-pane is itself a
    process of a few ms, so the figure is within about 10 ms of what the GM sees). Median and p90.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from console_in_tmux import TmuxConsole, gmconsole, ms, p90

SOCKET = "writers-bench"
SESSION = "bench"
CAMPAIGN = "yze-demo"
ROLL = ["roll", "yze", "--campaign", CAMPAIGN, "--character", "Lambert Cho", "--skill", "medicine", "--json"]
FROM_CLI = "from the command line"


CONSOLE = TmuxConsole(SOCKET, SESSION)
tmux, screen, status_line, wait_until = CONSOLE.tmux, CONSOLE.screen, CONSOLE.status_line, CONSOLE.wait_until


def home_with_demos(parent: Path, name: str) -> Path:
    home = parent / name
    home.mkdir()
    subprocess.run([gmconsole(), "demo"], env=dict(os.environ, GMCONSOLE_HOME=str(home)), check=True,
                   capture_output=True)
    return home


def write(home: Path) -> tuple[float, float]:
    """One CLI write, as the GM waits for it: (seconds from start to exit, the monotonic time of the exit)."""
    start = time.perf_counter()
    done = subprocess.run([gmconsole(), *ROLL], env=dict(os.environ, GMCONSOLE_HOME=str(home)),
                          capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    ended = time.monotonic()
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return took, ended


def console_change(doom: int) -> int:
    """The console makes a change of its own (doom +1 in the tracker) and shows it: returns the new doom."""
    return CONSOLE.change_doom(doom, gone=(FROM_CLI,))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("this bench needs tmux")
    with tempfile.TemporaryDirectory(prefix="gmconsole-writers-") as folder:
        alone, watched = home_with_demos(Path(folder), "alone"), home_with_demos(Path(folder), "watched")
        tmux("new", "-d", "-s", SESSION, "-x", "120", "-y", "40",
             f"GMCONSOLE_HOME={watched} {gmconsole()} open {CAMPAIGN}")
        try:
            wait_until(lambda: "Doom 0" in screen())
            tmux("send-keys", "-t", SESSION, "4")  # the tracker pane, whose o is doom +1
            time.sleep(0.5)
            write(alone)  # both warm: the first of each reads the files cold
            doom = console_change(0)
            write(watched)
            no_console, with_console, shown = [], [], []
            for _run in range(args.runs):
                no_console.append(write(alone)[0])
                doom = console_change(doom)
                took, ended = write(watched)
                with_console.append(took)
                shown.append(wait_until(lambda: FROM_CLI in status_line()) - ended)
        finally:
            tmux("kill-session", "-t", SESSION)
    a, b = statistics.median(no_console), statistics.median(with_console)
    print(f"CLI write, no console open:        median {ms(a)}  p90 {ms(p90(no_console))}  ({args.runs} runs)")
    print(f"CLI write, console open (changed): median {ms(b)}  p90 {ms(p90(with_console))}")
    print(f"difference {ms(b - a)} (goal <= 50 ms)  ratio {b / a:.2f}x")
    print(f"console shows it, from the command's exit: median {ms(statistics.median(shown))}  p90 {ms(p90(shown))}")


if __name__ == "__main__":
    main()
