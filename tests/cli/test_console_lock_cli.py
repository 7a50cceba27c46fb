"""The command line writes while the console is open: the console holds the campaign's lock only while it
commits one change, so a command waits (``--wait``) only for a change in progress, and a write made while
the console is idle succeeds at once, on top of what the console wrote."""

from __future__ import annotations

import time

import pytest
from cli_checks import stuck_writer

from gmconsole.campaign.service import CampaignService
from gmconsole.store.lock import DEFAULT_WAIT

ROLL = ("roll", "myz", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight")


@pytest.fixture
def demo_root(tmp_path, copy_demos):
    return copy_demos(tmp_path)


def _console(demo_root):
    """The campaign opened as the console opens it (``gmconsole open``)."""
    return CampaignService.open(demo_root, "myz-demo", console=True, wait=None)


def test_a_command_writes_at_once_while_the_console_is_open(run_cli, demo_root):
    with _console(demo_root) as console:
        console.trackers.change_stress("Hammer", 1)
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), *ROLL, "--wait", "0", "--json")
        took = time.monotonic() - started
        assert result.returncode == 0, result.stderr
        assert console.reload()  # the console reads the roll the command line made
        rolled = console.history.entries()[-1]
        assert rolled["kind"] == "roll" and rolled["source"] == "cli"
        assert console.character("Hammer").stress == 1  # the roll was made on top of the console's change
        console.trackers.change_stress("Hammer", 1)  # and the console goes on on top of the roll
        kinds = [e["kind"] for e in console.history.entries()[-3:]]
    assert kinds == ["stress", "roll", "stress"]
    assert took < DEFAULT_WAIT / 2, took


def test_an_explicit_wait_waits_for_a_change_in_progress_then_gives_up(run_cli, demo_root):
    with stuck_writer(demo_root / "myz-demo"):
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), *ROLL, "--wait", "1.5")
        took = time.monotonic() - started
    assert result.returncode == 2 and "in the middle of a change by another writer" in result.stderr
    assert took >= 1.5


def test_a_change_in_progress_is_waited_for_by_default(run_cli, demo_root):
    with stuck_writer(demo_root / "myz-demo"):
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), *ROLL)
        took = time.monotonic() - started
    assert result.returncode == 2
    assert took >= DEFAULT_WAIT
