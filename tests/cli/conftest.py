"""Fixtures of the command-line tests."""

import pytest


@pytest.fixture
def demo_gm(run_cli, tmp_path, copy_demos):
    """Run gmconsole with ``--data-dir tmp_path``, the demo campaigns installed (copied from one
    ``install_demos``; ``gmconsole demo`` itself is tested in test_campaign_commands)."""

    def run(*args):
        return run_cli("--data-dir", str(tmp_path), *args)

    copy_demos(tmp_path)
    return run
