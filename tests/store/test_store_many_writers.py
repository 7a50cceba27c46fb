"""Many writers on one campaign: each takes the lock only for one change (a turn), so two stores write
the same campaign, ids never repeat and each reads what the other wrote; a writer stuck in the middle of
a change is named when another gives up waiting; a writer that dies never leaves the campaign locked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from gmconsole.store import CampaignLocked, CampaignStore, ReadOnly
from gmconsole.store.lock import CampaignLock

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


def test_a_second_writer_opens_and_writes_while_another_process_holds_the_campaign_open(root, holder):
    with CampaignStore.open(root, "Hope", wait=5) as second:
        mine = second.append_entry(2, {"who": "Newt"})
        theirs = ask_append(holder)
        again = second.append_entry(2, {"who": "Newt"})
        ids = [e["id"] for e in second.entries()]
    assert [mine, theirs, again] == [4, 5, 6]  # each turn reads the next id the other left in the lock's note
    assert ids == [1, 2, 3, 4, 5, 6]


def test_a_writer_stuck_in_a_change_is_named_when_the_next_gives_up_waiting(root, campaign):
    stuck = CampaignLock(campaign.path / "lock", "Hope")
    stuck.acquire()
    try:
        with pytest.raises(CampaignLocked) as caught:
            CampaignStore.open(root, "Hope", wait=0.2)
        with pytest.raises(CampaignLocked):
            campaign.append_entry(1, {"who": "Newt"})
    finally:
        stuck.release()
    assert caught.value.holder["pid"] == os.getpid()
    message = str(caught.value)
    assert "Campaign 'Hope' is in the middle of a change by another writer" in message
    assert f"pid {os.getpid()}" in message and "try again" in message
    assert campaign.append_entry(1, {"who": "Newt"}) == 4  # the turn over, it writes


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


def test_two_stores_of_one_process_write_in_turns_and_read_each_other(root, campaign):
    other = CampaignStore.open(root, "Hope")
    try:
        first = campaign.append_entry(1, {"who": "Newt"})
        second = other.append_entry(1, {"who": "Bishop"})
        state = other.load_state()
        state["title"] = "Sulaco"
        other.save_state(state)
        third = campaign.append_entry(1, {"who": "Hicks"})
        assert [first, second, third] == [4, 5, 6]
        assert campaign.load_state()["title"] == "Sulaco"
        assert [e.get("who") for e in campaign.entries(1)][-3:] == ["Newt", "Bishop", "Hicks"]
    finally:
        other.close()
