"""Two consoles on one campaign: the second is refused with a clear message, may look read-only,
and nothing is lost; a console that dies never leaves the campaign locked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from gmconsole.store import CampaignLocked, CampaignStore, ReadOnly

pytestmark = pytest.mark.real_flush  # about what a flush to disk gives

HOLDER = textwrap.dedent(
    """
    import sys
    from gmconsole.store import CampaignStore
    store = CampaignStore.open(sys.argv[1], "Hope")
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() == "append":
            print(store.append_entry(2, {"who": "Bishop"}), flush=True)
    """
)


@pytest.fixture
def holder(root, campaign):
    """A second process holding campaign 'Hope' open; appends one entry per 'append' line sent."""
    campaign.close()
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline() == "ready\n", process.stderr.read()
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=30)


def ask_append(process) -> int:
    process.stdin.write("append\n")
    process.stdin.flush()
    return int(process.stdout.readline())


def test_second_console_is_refused_with_who_holds_it(root, holder):
    with pytest.raises(CampaignLocked) as caught:
        CampaignStore.open(root, "Hope")
    assert caught.value.holder["pid"] == holder.pid
    message = str(caught.value)
    assert "Campaign 'Hope' is already open in another console" in message
    assert f"pid {holder.pid}" in message and "read-only" in message


def test_read_only_console_sees_what_the_holder_records_and_cannot_write(root, holder):
    with CampaignStore.open(root, "Hope", read_only=True) as viewer:
        assert [e["id"] for e in viewer.entries()] == [1, 2, 3]
        recorded = [ask_append(holder) for _ in range(3)]
        assert recorded == [4, 5, 6]
        assert [e["id"] for e in viewer.entries(2)] == recorded
        assert viewer.load_state()["title"] == "Hope's Last Day"
        with pytest.raises(ReadOnly):
            viewer.append_entry(2, {"who": "Newt"})


def test_killed_holder_leaves_no_stale_lock_and_loses_nothing_acknowledged(root, holder):
    recorded = [ask_append(holder) for _ in range(2)]
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    with CampaignStore.open(root, "Hope") as store:
        assert [e["id"] for e in store.entries()] == [1, 2, 3] + recorded
        assert store.append_entry(1, {"who": "Newt"}) == recorded[-1] + 1


def test_second_open_in_the_same_process_is_refused_too_until_closed(root, campaign):
    with pytest.raises(CampaignLocked):
        CampaignStore.open(root, "Hope")
    with pytest.raises(CampaignLocked):
        CampaignStore.repair(root, "Hope", campaign.path / "campaign.json")
    campaign.close()
    CampaignStore.open(root, "Hope").close()
