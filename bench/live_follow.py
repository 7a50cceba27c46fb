"""How fast a read-only follower shows a writer's change, and what it costs while nothing changes
(not a test: it prints figures, asserts nothing).

    python bench/live_follow.py [--app console|table] [--changes 20] [--idle 10]

The follower is a real process on a 120x40 pseudo-terminal (``pty.openpty``), the command a GM or the
table types: ``gmconsole --data-dir ROOT open yze-demo --read-only`` (``--app console``, the default)
or ``gmconsole --data-dir ROOT table yze-demo`` (``--app table``: the players' view, once it exists).
This script reads everything the process writes to its terminal.

(a) Latency, median of ``--changes`` changes (goal <= 500 ms). The writer is another process holding
    the campaign open for writing (as the GM's console does) and changing the doom pool +1 through the
    campaign service each time this script asks. A change starts when the writer's commit has returned
    (both files renamed into place; ``time.monotonic`` is the same clock in every process on Linux) and
    ends when the follower's terminal has received the text ``Doom N`` (the table view: ``DOOM N``)
    with the new value (escape sequences stripped): that is when the table sees it. Changes are 0.3 s
    apart.

    Anchor, same run: the same console opened for writing, its own doom key (``4`` then ``o``) to
    ``Doom N`` on its terminal. The difference is what following across processes adds.

(b) Idle CPU (goal about 0): the follower's process CPU time (``/proc/PID/stat`` user + system) over
    ``--idle`` seconds with nothing changing, divided by the wall time. Anchor, same run: the same
    console opened for writing (it watches nothing), measured the same way.
"""

from __future__ import annotations

import argparse
import os
import pty
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SIZE = (120, 40)
CAMPAIGN = "yze-demo"
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07")
TICKS = os.sysconf("SC_CLK_TCK")

WRITER = r"""
import sys, time
from gmconsole.campaign.service import CampaignService
with CampaignService.open(sys.argv[1], sys.argv[2], wait=5) as service:
    print(service.session.doom, flush=True)
    for _line in sys.stdin:
        began = time.monotonic()
        service.trackers.change_doom(1)
        done = time.monotonic()
        print(service.session.doom, done, done - began, flush=True)
"""


def _gmconsole() -> list[str]:
    script = Path(sys.executable).with_name("gmconsole")
    return [str(script)] if script.exists() else [sys.executable, "-m", "gmconsole"]


def follower_command(app: str, root: Path, *, writable: bool = False) -> list[str]:
    """The command line of the follower (or, ``writable``, of the writer's own console: the anchor)."""
    base = [*_gmconsole(), "--data-dir", str(root)]
    if writable:
        return [*base, "open", CAMPAIGN]
    if app == "table":
        try:
            import gmconsole.ui.table.app  # noqa: F401  (the players' table view)
        except ImportError:
            raise SystemExit("--app table needs gmconsole.ui.table.app.TableApp, which this checkout lacks") from None
        return [*base, "table", CAMPAIGN]
    return [*base, "open", CAMPAIGN, "--read-only"]


class Terminal:
    """A process on a pty of :data:`SIZE`; everything it writes is kept, stamped with ``time.monotonic``."""

    def __init__(self, command: list[str]):
        self.chunks: list[tuple[float, bytes]] = []
        self.master, slave = pty.openpty()
        import fcntl
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(SIZE[0]), LINES=str(SIZE[1]))
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.chunks.append((time.monotonic(), data))

    def wait_for(self, text: str, since: int = 0, timeout: float = 30.0) -> tuple[float, int]:
        """When ``text`` first appears in what was written from chunk ``since`` on; and the chunk count."""
        wanted, seen, scanned = text.encode(), b"", since
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            while scanned < len(self.chunks):
                at, data = self.chunks[scanned]
                scanned += 1
                seen += data
                if wanted in ANSI.sub(b"", seen):
                    return at, scanned
            time.sleep(0.001)
        tail = ANSI.sub(b"", b"".join(d for _a, d in self.chunks[-20:]))[-300:].decode("utf8", "replace")
        raise RuntimeError(f"{text!r} never appeared (exit {self.process.returncode}): {tail!r}")

    def settle(self, quiet: float = 0.5) -> None:
        while not self.chunks or time.monotonic() - self.chunks[-1][0] < quiet:
            time.sleep(0.05)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime

    def write(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        try:
            self.write(b"q")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        self._reader.join(timeout=2)


def doom_shown(app: str, doom: int | str) -> str:
    """The text the follower shows for a doom pool of ``doom``: the console's tracker says ``Doom N``,
    the table view's top line ``DOOM N``."""
    return f"DOOM {doom}" if app == "table" else f"Doom {doom}"


def started(app: str) -> str:
    """Text on the follower's first frame: the table view shows no doom pool of 0, its keys line it does."""
    return "q quit" if app == "table" else "Doom "


def follow_latency(app: str, root: Path, changes: int) -> tuple[list[float], list[float]]:
    """(a): seconds from each writer commit to the doom shown on the follower's terminal, and the commits' own times."""
    follower = Terminal(follower_command(app, root))
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(root), CAMPAIGN], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    latencies, commits = [], []
    try:
        int(writer.stdout.readline())
        _at, index = follower.wait_for(started(app))
        follower.settle()
        for _ in range(changes):
            index = len(follower.chunks)
            writer.stdin.write("go\n")
            writer.stdin.flush()
            value, done, took = writer.stdout.readline().split()
            shown, index = follower.wait_for(doom_shown(app, value), since=index)
            latencies.append(shown - float(done))
            commits.append(float(took))
            time.sleep(0.3)
    finally:
        writer.stdin.close()
        writer.wait(timeout=10)
        follower.close()
    return latencies, commits


def own_key_latency(root: Path, presses: int) -> list[float]:
    """The anchor of (a): the writer's console, its own doom key to ``Doom N`` on its terminal."""
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(root, CAMPAIGN, read_only=True) as service:
        doom = service.session.doom
    console = Terminal(follower_command("console", root, writable=True))
    found = []
    try:
        console.wait_for(f"Doom {doom}")
        console.settle()
        console.write(b"4")
        console.settle()
        for _ in range(presses):
            index = len(console.chunks)
            start = time.monotonic()
            console.write(b"o")
            doom += 1
            shown, _index = console.wait_for(f"Doom {doom}", since=index)
            found.append(shown - start)
            time.sleep(0.3)
    finally:
        console.close()
    return found


def idle_cpu(command: list[str], seconds: float, ready: str = "Doom ") -> float:
    """(b): CPU seconds per wall second of ``command`` on its terminal, once settled, over ``seconds``."""
    terminal = Terminal(command)
    try:
        terminal.wait_for(ready)
        terminal.settle(1.0)
        cpu, wall = terminal.cpu_seconds(), time.monotonic()
        time.sleep(seconds)
        return (terminal.cpu_seconds() - cpu) / (time.monotonic() - wall)
    finally:
        terminal.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", choices=("console", "table"), default="console", help="the follower (default console)")
    parser.add_argument("--changes", type=int, default=20, help="changes timed (default 20)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured (default 10)")
    args = parser.parse_args()
    from gmconsole.campaign.library import install_demos

    with tempfile.TemporaryDirectory(prefix="gmc-bench-") as tmp:
        root = Path(tmp)
        install_demos(root)
        latencies, commits = follow_latency(args.app, root, args.changes)
        anchor = own_key_latency(root, args.changes)
        ms = {"median": statistics.median(latencies) * 1000, "p90": statistics.quantiles(latencies, n=10)[-1] * 1000,
              "max": max(latencies) * 1000, "commit": statistics.median(commits) * 1000,
              "anchor": statistics.median(anchor) * 1000}
        print(f"(a) writer's commit (another process) to the {args.app} showing it, median of {len(latencies)}:")
        print(f"    {ms['median']:6.1f} ms (p90 {ms['p90']:.1f}, max {ms['max']:.1f})  (goal <= 500 ms); "
              f"the commit itself {ms['commit']:.1f} ms")
        print(f"    anchor: the writer's console, its own doom key to the screen {ms['anchor']:6.1f} ms")
        follower = idle_cpu(follower_command(args.app, root), args.idle, started(args.app))
        writer = idle_cpu(follower_command(args.app, root, writable=True), args.idle)
        print(f"(b) idle CPU over {args.idle:g} s, CPU seconds per wall second:")
        print(f"    {args.app} following: {follower * 100:.2f} %  (goal about 0)")
        print(f"    anchor: the writer's console, watching nothing: {writer * 100:.2f} %")


if __name__ == "__main__":
    main()
