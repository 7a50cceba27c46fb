"""Shared test fixtures: the command line run in-process (``run_cli``) or as a real process
(``run_cli_subprocess``), both giving a ``subprocess.CompletedProcess``.

Most CLI tests only need what a user sees (status, stdout, stderr), which ``gmconsole.cli.main``
gives in-process without the interpreter's start-up per call. A test that needs a real process (the
``python -m gmconsole`` entry point, kill -9, two processes holding locks, signals, a tty) asks for
``run_cli_subprocess``.

The bundled demo campaigns are installed once per test process (``demo_template``) and copied into
each test's folder (``copy_demos``): installing them is five campaigns of synced writes, a copy is not.

Console tests run headless, made cheaper by the patches of Textual's internals in the plugin
``textual_speedups`` (registered here), applied only on the Textual release they were written for.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys

import pytest

pytest_plugins = ["textual_speedups"]


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


WORKERS_PER_CORE = 2
"""xdist workers per core for ``pytest -n auto``: a fifth of the suite's wall time is spent waiting, not
computing (a lock held for its five seconds, a served table view or a browser page starting, a child
killed with -9, fsync), so one worker per core left the cores idle a quarter of the time. On this
two-core machine, quiet, the whole suite took 200.9 s with 2 workers, 170.6 s with 4 and 188.0 s with 6
(more workers each import and collect the suite again)."""


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the README's test command) starts :data:`WORKERS_PER_CORE` workers per core."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def pytest_configure(config):
    """No test reads the developer's own settings file (config.toml): GMCONSOLE_CONFIG points at a file
    that does not exist unless a test sets it (subprocesses inherit it). The game families' entry-point
    cache is kept in pytest's cache folder, never in the developer's own cache."""
    os.environ["GMCONSOLE_CONFIG"] = os.path.join(os.path.dirname(__file__), "no-such-folder", "config.toml")
    os.environ["GMCONSOLE_FAMILY_CACHE"] = str(config.rootpath / ".pytest_cache" / "gmconsole-families.json")


YOUNG_COLLECTION_EVERY = 10_000
"""Allocations between two collections of the youngest generation (Python's default is 700)."""


def pytest_collection_finish(session):
    """The cyclic garbage collector skips what was built before the first test, and runs less often.

    A console test builds an app of thousands of objects; with Python's thresholds the collector ran
    hundreds of times per test file and scanned every module, class and parsed stylesheet again at each
    full collection: a sixth of a console test's CPU. What is imported by now lives as long as the process,
    so it is frozen (``gc.freeze``, as the console itself does after its first frame:
    ``gmconsole.ui.startup_gc``), and the young generation is collected every
    :data:`YOUNG_COLLECTION_EVERY` allocations. Reference counting frees memory as before; only cycles
    wait a little longer, and each test's app is collected all the same."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 20, 20)
