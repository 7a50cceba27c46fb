"""A player's roll from their page to the GM's console showing it, against the same for a command-line roll
(not a test: it prints figures, asserts nothing).

    python bench/player_roll.py [--runs 20]

Goal: a player's roll, from the page's request to the GM's screen showing it, at most 300 ms median.

On fresh copies of the demo campaigns in a temporary data folder (``gmconsole demo``), with the campaign's
``player_rolls`` set to ``free`` (the roll is made at once, nothing waits for the GM's key):

- ``gmconsole serve yze-demo --players`` runs as a process on a free port;
- a real console, ``gmconsole open yze-demo`` in tmux at 120x40 on this script's own socket
  (``tmux -L player-roll-bench``), is open on the same campaign;

(a) a player's roll: the HTTP POST the page sends when Lambert Cho's player taps Medicine and Roll
    (``POST /p/TOKEN/roll`` with ``{"skill": "medicine", ...}``), from just before it is sent until
    ``tmux capture-pane`` (polled every 5 ms) shows "from Lambert Cho's phone" on the console's status line;
(b) the anchor, the command line's path: ``gmconsole roll yze --campaign yze-demo --character "Lambert Cho"
    --skill medicine`` (a fresh process), from its start until the console shows "from the command line".

Before each run the console makes a change of its own (doom +1 in the tracker, waited for on its screen), so
its status line says neither phrase; the two alternate run by run, so they share the machine's noise, and a
run waits a little before the next POST, so the page's allowance (4 a second) never refuses one. Printed:
median and p90 of each, the POST's own answer time, and the ratio of the medians. A capture-pane is itself a
process of a few ms, so the figures are within about 5–10 ms of what the GM sees.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from console_in_tmux import TmuxConsole, gmconsole, ms, p90

SOCKET = "player-roll-bench"
SESSION = "bench"
CAMPAIGN = "yze-demo"
CHARACTER = "Lambert Cho"
ROLL = ["roll", "yze", "--campaign", CAMPAIGN, "--character", CHARACTER, "--skill", "medicine", "--json"]
FROM_PHONE = "from Lambert Cho's phone"
FROM_CLI = "from the command line"
ASK = {"skill": "medicine", "gear": [], "modifier": 0}


CONSOLE = TmuxConsole(SOCKET, SESSION)
tmux, screen = CONSOLE.tmux, CONSOLE.screen


def wait_until(check, timeout: float = 30.0, every: float = 0.005) -> float:
    return CONSOLE.wait_until(check, timeout, every)


def run(home: Path, *args: str) -> str:
    done = subprocess.run([gmconsole(), *args], env=dict(os.environ, GMCONSOLE_HOME=str(home)), capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return done.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def console_change(doom: int) -> int:
    """The console makes a change of its own (doom +1 in the tracker) and shows it: returns the new doom."""
    return CONSOLE.change_doom(doom, gone=(FROM_PHONE, FROM_CLI))


def player_roll(link: str, base: str) -> tuple[float, float]:
    """The page's POST: (its start, the seconds it took to answer)."""
    request = urllib.request.Request(link + "/roll", data=json.dumps(ASK).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Origin": base})
    start = time.monotonic()
    with urllib.request.urlopen(request, timeout=10) as answer:
        if answer.status != 200:
            raise RuntimeError(f"the roll was answered {answer.status}")
        answer.read()
    return start, time.monotonic() - start


def cli_roll(home: Path) -> float:
    start = time.monotonic()
    subprocess.Popen([gmconsole(), *ROLL], env=dict(os.environ, GMCONSOLE_HOME=str(home)),
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("this bench needs tmux")
    with tempfile.TemporaryDirectory(prefix="gmconsole-player-roll-") as folder:
        home = Path(folder) / "home"
        home.mkdir()
        run(home, "demo")
        run(home, "settings", CAMPAIGN, "--set", "player_rolls=free")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([gmconsole(), "serve", CAMPAIGN, "--players", "--port", str(port)],
                                  env=dict(os.environ, GMCONSOLE_HOME=str(home)), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        tmux("new", "-d", "-s", SESSION, "-x", "120", "-y", "40",
             f"GMCONSOLE_HOME={home} {gmconsole()} open {CAMPAIGN}")
        try:
            wait_until(lambda: "Doom 0" in screen())
            wait_until(lambda: _answers(base), every=0.1)
            links = {p["character"]: p["link"] for p in json.loads(run(home, "players", CAMPAIGN, "--json"))["players"]}
            link = links[CHARACTER].replace("http://127.0.0.1:8000", base)
            tmux("send-keys", "-t", SESSION, "4")  # the tracker pane, whose o is doom +1
            time.sleep(0.5)
            doom = console_change(0)
            player_roll(link, base)  # both warm: the first of each reads the files cold
            wait_until(lambda: FROM_PHONE in screen())
            doom = console_change(doom)
            cli_roll(home)
            wait_until(lambda: FROM_CLI in screen())
            from_page, answered, from_cli = [], [], []
            for _run in range(args.runs):
                doom = console_change(doom)
                time.sleep(0.3)  # the page's allowance: 4 requests a second
                start, took = player_roll(link, base)
                from_page.append(wait_until(lambda: FROM_PHONE in screen()) - start)
                answered.append(took)
                doom = console_change(doom)
                start = cli_roll(home)
                from_cli.append(wait_until(lambda: FROM_CLI in screen()) - start)
        finally:
            tmux("kill-session", "-t", SESSION)
            server.terminate()
            server.wait(timeout=10)
    a, b = statistics.median(from_page), statistics.median(from_cli)
    print(f"player's roll, POST to the console showing it: median {ms(a)}  p90 {ms(p90(from_page))}  "
          f"({args.runs} runs; goal <= 300 ms)")
    print(f"  the POST answered (rolled and recorded):     median {ms(statistics.median(answered))}  "
          f"p90 {ms(p90(answered))}")
    print(f"CLI roll, start to the console showing it:     median {ms(b)}  p90 {ms(p90(from_cli))}")
    print(f"ratio player / CLI {a / b:.2f}x")


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/", timeout=1) as page:
            return page.status == 200
    except OSError:
        return False


if __name__ == "__main__":
    main()
