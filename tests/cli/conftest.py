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


@pytest.fixture(autouse=True)
def _no_disk_flush(monkeypatch):
    """Skip ``os.fsync`` here: these tests read what a command or a key changed, not whether it
    survives a power cut, and each change is several synced writes (the store's tests, kill -9
    included, keep the real flush)."""
    import os

    monkeypatch.setattr(os, "fsync", lambda fd: None)
