"""Shared test fixtures."""

import os
import subprocess
import sys

import pytest


@pytest.fixture
def run_cli():
    """Run ``python -m gmconsole ARGS`` in a subprocess, as a user would, and return the result."""

    def run(*args: str, env: dict | None = None, cwd=None, timeout: float = 60):
        full_env = dict(os.environ)
        full_env.pop("GMCONSOLE_DEBUG", None)
        if env:
            full_env.update(env)
        return subprocess.run(
            [sys.executable, "-m", "gmconsole", *args],
            capture_output=True,
            text=True,
            env=full_env,
            cwd=cwd,
            timeout=timeout,
        )

    return run
