"""Shared test fixtures: the command line run in-process (``run_cli``) or as a real process
(``run_cli_subprocess``), both giving a ``subprocess.CompletedProcess``.

Most CLI tests only need what a user sees (status, stdout, stderr), which ``gmconsole.cli.main``
gives in-process without the interpreter's start-up per call. A test that needs a real process (the
``python -m gmconsole`` entry point, kill -9, two processes holding locks, signals, a tty) asks for
``run_cli_subprocess``.

The bundled demo campaigns are installed once per test process (``demo_template``) and copied into
each test's folder (``copy_demos``): installing them is five campaigns of synced writes, a copy is not.

Console tests run headless with two economies set up in ``pytest_configure`` (frames nobody sees are
not painted; Pilot's idle wait looks in 4 ms slices): see its docstring.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys

import pytest


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The console's language is process-wide (``gmconsole.i18n``): a test that speaks zh-Hant must
    not leave the next test (same worker) speaking it."""
    yield
    from gmconsole.i18n import set_language

    set_language(None)

DEBUG_VAR = "GMCONSOLE_DEBUG"


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory):
    """A data folder with every bundled demo campaign installed, made once per test process; tests
    never open it, they copy it (``copy_demos``)."""
    from gmconsole.campaign.library import install_demos

    root = tmp_path_factory.mktemp("demo-template") / "data"
    root.mkdir()
    install_demos(root)
    return root


@pytest.fixture
def copy_demos(demo_template):
    """``copy_demos(folder)`` puts the demo campaigns into ``folder`` (made if missing) as
    ``gmconsole demo`` would, and returns it."""

    def copy(folder):
        shutil.copytree(demo_template, folder, dirs_exist_ok=True)
        return folder

    return copy


def _opens_console(args) -> bool:
    from gmconsole.cli import _opens_console as opens

    return opens(list(args))


def _no_console_here(self, *args, **kwargs):
    """In-process the console would take over the test's terminal: such a test drives the app with
    ``app.run_test()`` (tests/ui) or runs ``run_cli_subprocess``."""
    raise AssertionError("run_cli cannot open the console in-process; use run_cli_subprocess or app.run_test()")


def _exit_status(code) -> tuple[int, str]:
    """The status a ``SystemExit(code)`` gives the shell, and what the interpreter prints for it."""
    if code is None:
        return 0, ""
    if isinstance(code, int):
        return code, ""
    return 1, f"{code}\n"


@pytest.fixture
def run_cli():
    """Run ``gmconsole ARGS`` in this process and return a ``CompletedProcess`` with its status,
    stdout and stderr. ``env`` entries are set (and ``GMCONSOLE_DEBUG`` removed) and ``cwd`` entered
    for the one call only; ``timeout`` is accepted for the subprocess runner's sake."""

    def run(*args: str, env: dict | None = None, cwd=None, timeout: float = 60):
        from gmconsole.cli import main

        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as patch:
            patch.delenv(DEBUG_VAR, raising=False)
            patch.setenv("COLUMNS", os.environ.get("COLUMNS", "80"))
            for key, value in (env or {}).items():
                patch.setenv(key, value)
            if cwd is not None:
                patch.chdir(cwd)
            if _opens_console(args):
                from textual.app import App

                patch.setattr(App, "run", _no_console_here)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = main(list(args))
                except SystemExit as exit_:
                    status, said = _exit_status(exit_.code)
                    err.write(said)
        return subprocess.CompletedProcess(["gmconsole", *args], status, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def run_cli_subprocess():
    """Run ``python -m gmconsole ARGS`` in a subprocess, as a user would, and return the result."""

    def run(*args: str, env: dict | None = None, cwd=None, timeout: float = 60):
        full_env = dict(os.environ)
        full_env.pop(DEBUG_VAR, None)
        if env:
            full_env.update(env)
        return subprocess.run(
            [sys.executable, "-m", "gmconsole", *args],
            check=False,
            capture_output=True,
            text=True,
            env=full_env,
            cwd=cwd,
            timeout=timeout,
        )

    return run


PILOT_IDLE_SLICE = 0.004
"""Seconds of one look of Pilot's idle wait (Textual's is 1/50 s): a key press waits for two idle
slices and a pause for one, so at 20 ms the suite spent most of a console test asleep."""


def pytest_configure(config):
    """Make headless console tests cheaper without changing what they can observe.

    - **No painting of frames nobody sees.** A headless app renders every frame in full and then
      throws it away (``App._display`` writes nothing without a terminal): half a console test's CPU.
      The partial update is skipped; layout, widgets' own ``render()`` and a full render (snapshots,
      ``export_screenshot``) are unchanged.
    - **Shorter idle slices.** ``Pilot.pause`` first waits until every widget of the screen has
      handled what was sent to it, then for the process to be idle, then runs the screen's refresh
      by hand: the idle check is a backstop, and a 4 ms slice is enough for it. What the forced
      refresh queues (``call_after_refresh`` callbacks, a recompose) would have run inside a 20 ms
      slice, as the screen's 60 Hz refresh timer fired; here ``pause`` waits for it, and ``press``
      ends with a ``pause``, so a test still reads the console after everything a key started.
    - **CSS parsed once per process.** Every new app parses every widget's default CSS again (about
      60 ms of each console test's start); the rules parsed from the same text with the same theme
      variables are kept and shared between apps (Textual does not change a parsed rule).
    """
    # No test reads the developer's own settings file (config.toml): GMCONSOLE_CONFIG points at a file
    # that does not exist unless a test sets it (subprocesses inherit it).
    os.environ["GMCONSOLE_CONFIG"] = os.path.join(os.path.dirname(__file__), "no-such-folder", "config.toml")
    from textual import _wait
    from textual._compositor import Compositor
    from textual.css.stylesheet import Stylesheet
    from textual.pilot import Pilot

    _wait.SLEEP_GRANULARITY = PILOT_IDLE_SLICE
    _wait.SLEEP_IDLE = PILOT_IDLE_SLICE / 20
    full_render = Compositor.render_update

    def render_update(self, full=False, screen_stack=None, simplify=False):
        if full:
            return full_render(self, full, screen_stack, simplify)
        self._dirty_regions.clear()
        return None

    Compositor.render_update = render_update

    pause = Pilot.pause

    async def pause_and_run_after_refresh(self, delay=None):
        await pause(self, delay)
        await self._wait_for_screen()

    Pilot.pause = pause_and_run_after_refresh
    press = Pilot.press

    async def press_and_settle(self, *keys):
        await press(self, *keys)
        await self.pause()

    Pilot.press = press_and_settle

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def parse_rules_once(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_rules_once
