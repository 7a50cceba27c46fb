"""The clean-close marker: a campaign closed with every write done is opened without reading its
history (the crash recovery has nothing to do), and anything else leaves the recovery in place."""

from __future__ import annotations

import errno
import os

import pytest

from gmconsole.store import CampaignStore, WriteFailed
from gmconsole.store import campaign_store as cs

pytestmark = pytest.mark.real_flush  # about what a flush to disk gives


def failing_replace(*args, **kwargs):
    raise OSError(errno.EIO, os.strerror(errno.EIO))


def marker(root, name="Hope"):
    return root / name / cs.CLEAN_CLOSE_FILE


def test_a_clean_close_is_seen_by_the_next_writer_and_removed_before_its_first_write(root, campaign):
    assert not campaign.closed_cleanly  # just created: nobody closed it yet
    campaign.close()
    assert marker(root).exists()
    with CampaignStore.open(root, "Hope", read_only=True) as reader:
        assert not reader.closed_cleanly  # read-only consoles neither use nor touch it
    assert marker(root).exists()
    store = CampaignStore.open(root, "Hope")
    try:
        assert store.closed_cleanly
        store.entries(1)
        assert marker(root).exists()  # reading changes nothing
        store.append_entry(1, {"who": "Hicks"})
        assert not marker(root).exists()  # gone before the first write, so a kill now means recovery
    finally:
        store.close()
    assert marker(root).exists()


def test_a_failed_write_leaves_no_marker_so_the_next_open_checks_the_history(root, campaign, monkeypatch):
    campaign.close()
    store = CampaignStore.open(root, "Hope")
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", failing_replace)
        with pytest.raises(WriteFailed):
            store.save_state({"title": "changed"})
    store.close()
    assert not marker(root).exists()
    with CampaignStore.open(root, "Hope") as again:
        assert not again.closed_cleanly


def test_a_change_stopped_half_way_leaves_no_marker(root, campaign):
    with pytest.raises(SystemExit), campaign.change():
        campaign.append_entry(1, {"who": "Hicks"})
        raise SystemExit("terminal killed before the state was saved")
    campaign.close()
    assert not marker(root).exists()


def test_restoring_a_backup_leaves_no_marker(root, campaign):
    campaign.save_state({"title": "second"})
    campaign.close()
    store = CampaignStore.open(root, "Hope")
    store.restore_backup(store.path / cs.CAMPAIGN_FILE)
    store.close()
    assert not marker(root).exists()
