"""What the benches that watch a real console share (``bench/writers.py``, ``bench/player_roll.py``): the
``gmconsole`` script of this interpreter, a console in tmux on a bench's own socket (its screen, its status
line, waiting for what it shows, a change of its own), and the figures' medians' neighbours (p90, ms)."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path


def gmconsole() -> str:
    """The ``gmconsole`` script beside this interpreter (the venv's), else the one on the PATH."""
    script = Path(sys.executable).with_name("gmconsole")
    return str(script) if script.exists() else shutil.which("gmconsole") or "gmconsole"


class TmuxConsole:
    """A console run in tmux session ``session`` on the socket ``socket`` (never the GM's own tmux)."""

    def __init__(self, socket: str, session: str = "bench") -> None:
        self.socket, self.session = socket, session

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True,
                              check=False).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def status_line(self) -> str:
        """The console's status line: the line above the two key lines at the foot of the screen."""
        lines = self.screen().rstrip("\n").splitlines()
        return "\n".join(lines[-4:-2])

    def wait_until(self, check: Callable[[], bool], timeout: float = 30.0, every: float = 0.01) -> float:
        """The ``time.monotonic()`` at which ``check()`` first held, polled every ``every`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check():
                return time.monotonic()
            time.sleep(every)
        raise RuntimeError(f"timed out; the console shows:\n{self.screen()}")

    def change_doom(self, doom: int, gone: Iterable[str] = ()) -> int:
        """The console makes a change of its own (doom +1 in the tracker) and shows it, with none of ``gone``
        left on its screen (the words another writer's change put there): returns the new doom."""
        self.tmux("send-keys", "-t", self.session, "o")
        words = tuple(gone)
        self.wait_until(lambda: f"Doom {doom + 1}" in (text := self.screen()) and not any(w in text for w in words))
        return doom + 1


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"
