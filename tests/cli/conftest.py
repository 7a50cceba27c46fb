"""Fixtures of the command-line tests."""

import pytest


@pytest.fixture
def demo_gm(run_cli, tmp_path):
    """Run gmconsole with ``--data-dir tmp_path``, the demo campaigns installed."""

    def run(*args):
        return run_cli("--data-dir", str(tmp_path), *args)

    assert run("demo").returncode == 0
    return run
