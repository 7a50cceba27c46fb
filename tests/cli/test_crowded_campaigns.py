"""Two scripts recording rolls on one campaign at once both succeed.

CLI writers (``roll --campaign``, ``new``, ``demo``) wait for the campaign lock, up to ``--wait SECONDS``
(default :data:`gmconsole.store.lock.DEFAULT_WAIT`); ``--wait 0`` fails at once with the message a
locked campaign always gave. A writer stuck in the middle of a change (simulated by holding the lock) is
what they wait for; the console waits for it too, as long as its own default.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import pytest
from cli_checks import stuck_writer

from gmconsole.store import CampaignLocked, CampaignStore
from gmconsole.store.lock import DEFAULT_WAIT

ROLLER = textwrap.dedent(
    """
    import sys
    from gmconsole.cli import main
    failures = []
    for n in range(int(sys.argv[2])):
        status = main(["--data-dir", sys.argv[1], "roll", "myz", "--campaign", "myz-demo",
                       "--character", "Hammer", "--skill", "fight", "--seed", str(n), "--json"])
        if status != 0:
            failures.append(n)
    print("failures", len(failures), flush=True)
    """
)


@pytest.fixture
def demo_root(tmp_path, copy_demos):
    return copy_demos(tmp_path)


def test_two_scripts_recording_rolls_at_once_both_succeed(demo_root):
    """2 × 20 rolls from two real processes: every roll is recorded, ids never repeat."""
    scripts = [
        subprocess.Popen([sys.executable, "-c", ROLLER, str(demo_root), "20"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [script.communicate(timeout=240) for script in scripts]
    for (out, err), script in zip(outputs, scripts):
        assert script.returncode == 0, err
        assert out.strip().splitlines()[-1] == "failures 0", err
    with CampaignStore.open(demo_root, "myz-demo", read_only=True) as store:
        ids = [entry["id"] for entry in store.entries()]
    assert len(ids) == 40 and len(set(ids)) == 40


def _hold(demo_root):
    return stuck_writer(demo_root / "myz-demo")


def test_wait_zero_fails_at_once_with_the_locked_message(run_cli, demo_root):
    with _hold(demo_root):
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), "roll", "myz", "--campaign", "myz-demo",
                         "--character", "Hammer", "--skill", "fight", "--wait", "0")
        took = time.monotonic() - started
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "in the middle of a change by another writer" in lines[0] and "--wait" in lines[0]
    assert took < DEFAULT_WAIT  # it did not wait


def test_a_writer_waits_for_the_lock_and_gives_up_after_its_deadline(run_cli, demo_root):
    with _hold(demo_root):
        started = time.monotonic()
        result = run_cli("--data-dir", str(demo_root), "roll", "myz", "--campaign", "myz-demo",
                         "--character", "Hammer", "--skill", "fight", "--wait", "1.5", "--json")
        took = time.monotonic() - started
    assert result.returncode == 2
    assert "in the middle of a change by another writer" in json.loads(result.stdout)["error"]
    assert took >= 1.5


def test_a_writer_waiting_gets_the_campaign_once_the_holder_closes(run_cli, demo_root):
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(
            """
            import sys, time
            from gmconsole.store import CampaignStore
            from gmconsole.store.lock import CampaignLock
            lock = CampaignLock(sys.argv[1] + "/myz-demo/lock", "myz-demo")
            lock.acquire()  # a change that lasts a second
            print("ready", flush=True)
            time.sleep(1.0)
            lock.release()
            """), str(demo_root)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "ready\n"
        result = run_cli("--data-dir", str(demo_root), "new", "Other", "--system", "yze", "--wait", "30")
        rolled = run_cli("--data-dir", str(demo_root), "roll", "myz", "--campaign", "myz-demo",
                         "--character", "Hammer", "--skill", "fight", "--wait", "30")
    finally:
        holder.communicate(timeout=30)
    assert result.returncode == 0, result.stderr
    assert rolled.returncode == 0, rolled.stderr


@pytest.mark.parametrize("text", ["-1", "soon", "nan", "100000"])
def test_a_bad_wait_is_one_line(run_cli, demo_root, text):
    result = run_cli("--data-dir", str(demo_root), "new", "Other", "--system", "yze", "--wait", text)
    assert result.returncode == 2
    assert "--wait" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_console_waits_for_a_change_in_progress_too(demo_root):
    """The console's turns wait as long as the command line's default: a stuck writer is named after it."""
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(demo_root, "myz-demo", console=True, wait=0.3) as console, _hold(demo_root):
        started = time.monotonic()
        with pytest.raises(CampaignLocked):
            console.trackers.change_stress("Hammer", 1)
        assert time.monotonic() - started >= 0.3
