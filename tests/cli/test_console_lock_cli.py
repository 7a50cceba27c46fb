"""A command that writes a campaign the console holds is refused at once: the console writes all evening,
so waiting ``--wait``'s default for it only delays the same refusal. The lock's note says a console holds it.
An explicit ``--wait`` still waits, and a campaign another command holds is still waited for."""

from __future__ import annotations

import time

import pytest

from gmconsole.campaign.service import CampaignService
from gmconsole.store.lock import DEFAULT_WAIT

ROLL = ("roll", "myz", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight")


@pytest.fixture
def demo_root(tmp_path, copy_demos):
    return copy_demos(tmp_path)


def _console(demo_root):
    """The campaign opened as the console opens it (``gmconsole open``)."""
    return CampaignService.open(demo_root, "myz-demo", console=True)


def test_a_campaign_open_in_the_console_is_refused_at_once(run_cli, demo_root):
    with _console(demo_root):
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), *ROLL)
        took = time.monotonic() - started
    assert result.returncode == 2
    assert "is open in the console" in result.stderr and "quit the console first" in result.stderr
    assert took < DEFAULT_WAIT / 2, took


def test_an_explicit_wait_still_waits_for_the_console(run_cli, demo_root):
    with _console(demo_root):
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), *ROLL, "--wait", "1.5")
        took = time.monotonic() - started
    assert result.returncode == 2 and "is open in the console" in result.stderr
    assert took >= 1.5


def test_a_campaign_another_command_holds_is_waited_for_by_default(run_cli, demo_root):
    with CampaignService.open(demo_root, "myz-demo"):  # a command-line writer's hold, not the console's
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), *ROLL)
        took = time.monotonic() - started
    assert result.returncode == 2
    assert took >= DEFAULT_WAIT
