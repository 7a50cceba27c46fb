"""A served table view in a real browser: ``gmconsole serve`` as a process, headless Chromium driven by
Selenium, and the terminal's text read back from the page.

**Reading the screen.** textual-serve draws the app with xterm.js on a canvas (its WebGL or canvas
renderer), so the page's DOM holds no text, and its script keeps the ``Terminal`` in a closure. What
it does expose is xterm's addon manager: every ``terminal.loadAddon(addon)`` pushes
``{instance, dispose, isDisposed}`` on an array, and the fit addon then keeps the terminal as
``_terminal``. :data:`SCREEN_HOOK`, run before any script of the page (DevTools'
``Page.addScriptToEvaluateOnNewDocument``), notes each such ``instance``; :func:`screen_text` finds the
one holding the terminal and reads its buffer row by row through xterm's public API
(``buffer.active.getLine(y).translateToString(true)``): exactly the characters a player sees.

Chromium and chromedriver come from the system's packages (``.ci/run`` installs them). When they are
missing the browser tests fail, saying how to install them; ``GMCONSOLE_SKIP_BROWSER=1`` skips them
instead, for a machine that cannot have a browser (never set in CI).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

SKIP_VAR = "GMCONSOLE_SKIP_BROWSER"
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1280,800")

SCREEN_HOOK = """
window.__gmconsoleAddons = [];
const arrayPush = Array.prototype.push;
Array.prototype.push = function (...items) {
  for (const item of items) {
    if (item && typeof item === "object" && "instance" in item && "isDisposed" in item) {
      arrayPush.call(window.__gmconsoleAddons, item.instance);
    }
  }
  return arrayPush.apply(this, items);
};
"""

READ_SCREEN = """
const addon = (window.__gmconsoleAddons || []).find(a => a && a._terminal && a._terminal.buffer);
if (!addon) { return null; }
const terminal = addon._terminal, buffer = terminal.buffer.active, rows = [];
for (let y = 0; y < terminal.rows; y++) {
  const line = buffer.getLine(buffer.viewportY + y);
  rows.push(line ? line.translateToString(true) : "");
}
return rows.join("\\n");
"""


def browser_binaries() -> tuple[str, str]:
    """Chromium and its driver from the system; fail (or skip, with :data:`SKIP_VAR`) when missing."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if chromium and driver:
        return chromium, driver
    why = ("the browser test needs headless Chromium and chromedriver from the system's packages "
           "(`sudo apt-get install -y chromium chromium-driver`; .ci/run does it)")
    if os.environ.get(SKIP_VAR) == "1":
        pytest.skip(f"{why}; skipped because {SKIP_VAR}=1")
    pytest.fail(f"{why}; set {SKIP_VAR}=1 to skip it on a machine without a browser", pytrace=False)


@contextlib.contextmanager
def headless_chromium(profile: Path) -> Iterator:
    """A Selenium driver of headless Chromium with its own profile folder; quit on the way out."""
    chromium, driver_path = browser_binaries()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SCREEN_HOOK})
        yield driver
    finally:
        driver.quit()


def screen_text(driver) -> str:
    """The served terminal's rows as text ('' before the page has its terminal)."""
    return driver.execute_script(READ_SCREEN) or ""


def wait_for_screen(driver, shows: Callable[[str], bool], timeout: float, seen: list[str] | None = None) -> str:
    """Read the screen every 50 ms until ``shows(text)``; return that text, or fail with the last screen.
    Each screen read is appended to ``seen`` (to check that something never appeared meanwhile)."""
    deadline = time.monotonic() + timeout
    text = ""
    while True:
        text = screen_text(driver)
        if seen is not None:
            seen.append(text)
        if shows(text):
            return text
        if time.monotonic() > deadline:
            pytest.fail(f"not on the served page within {timeout:g} s; it shows:\n{text}", pytrace=False)
        time.sleep(0.05)


def free_port() -> int:
    """A port nobody listens on now (the kernel's pick, let go at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serving(root: Path, name: str, port: int, timeout: float = 10, flags: tuple[str, ...] = ()) -> Iterator[str]:
    """``gmconsole --data-dir ROOT serve NAME --port PORT [FLAGS]`` until the block ends; yields its URL
    once the page answers. Stopped with Ctrl+C (SIGINT), then its whole process group killed, so no
    table-view process outlives the test, whatever happened in it."""
    env = {k: v for k, v in os.environ.items() if k != "GMCONSOLE_DEBUG"}
    command = [sys.executable, "-m", "gmconsole", "--data-dir", str(root), "serve", name, "--port", str(port),
               *flags]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(url, timeout=1) as page:
                    if page.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None:
                pytest.fail(f"gmconsole serve stopped (status {server.returncode}): {server.stderr.read()}")
            if time.monotonic() > deadline:
                pytest.fail(f"gmconsole serve did not answer on {url} within {timeout:g} s")
            time.sleep(0.1)
        yield url
    finally:
        _stop(server)


def _stop(server: subprocess.Popen) -> None:
    """Ctrl+C, a few seconds to close the browser tabs' table views, then kill what is left of its group."""
    if server.poll() is None:
        server.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)
    server.wait()
    server.stderr.close()
