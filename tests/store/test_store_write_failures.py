"""A save that fails (disk full, I/O error): the caller gets WriteFailed, the previous state is intact."""

from __future__ import annotations

import errno
import os
import stat

import pytest
from store_helpers import file_bytes, temp_files

from gmconsole.store import CampaignStore, WriteFailed
from gmconsole.store import campaign_store as cs

pytestmark = pytest.mark.real_flush  # about what a flush to disk gives


def live_files(store: CampaignStore) -> dict[str, bytes]:
    """The campaign's files but its backups (a backup may already be rotated when the rename fails)."""
    return {name: data for name, data in file_bytes(store.path).items() if not name.startswith("backups")}


def failing(error_number: int):
    def fail(*args, **kwargs):
        raise OSError(error_number, os.strerror(error_number))

    return fail


WRITES = {
    "append": lambda store: store.append_entry(1, {"who": "Hicks", "faces": [6]}),
    "append opening a new chunk": lambda store: store.append_entry(1, {"who": "Hicks", "faces": [6]}),
    "append in a new session": lambda store: store.append_entry(4, {"who": "Hicks", "faces": [6]}),
    "update": lambda store: store.update_entry(1, 2, {"undone": True}),
    "save state": lambda store: store.save_state({"title": "changed"}),
}
FAULTS = {
    "write ENOSPC": ("write", errno.ENOSPC),
    "fsync EIO": ("fsync", errno.EIO),
    "replace EIO": ("replace", errno.EIO),
}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("write", WRITES)
def test_failed_write_reaches_the_caller_and_leaves_the_previous_state(campaign, monkeypatch, write, fault):
    if write == "append opening a new chunk":
        monkeypatch.setattr(cs, "CHUNK_SIZE", 3)
    function, error_number = FAULTS[fault]
    state, history, files = campaign.load_state(), campaign.entries(), live_files(campaign)

    with monkeypatch.context() as patch:
        patch.setattr(os, function, failing(error_number))
        with pytest.raises(WriteFailed) as caught:
            WRITES[write](campaign)

    error = caught.value
    assert isinstance(error.__cause__, OSError) and error.__cause__.errno == error_number
    assert error.errno == error_number
    # a previous version is only claimed where there was one (not a new chunk's file)
    kept = "the previous version is still intact" if error.path.is_file() else "nothing was saved"
    assert str(error.path) in str(error) and kept in str(error)
    assert (kept == "nothing was saved") == (write in ("append opening a new chunk", "append in a new session"))
    assert os.strerror(error_number) in str(error)
    assert live_files(campaign) == files
    assert temp_files(campaign.path) == []
    assert campaign.load_state() == state
    assert campaign.entries() == history

    new_id = campaign.append_entry(1, {"who": "Vasquez"})
    # the id the failed write was given may not be given again (the lock's note says it was given first)
    assert new_id > max(e["id"] for e in history)
    assert [e["id"] for e in campaign.entries()] == [e["id"] for e in history] + [new_id]


def test_failed_create_leaves_no_campaign_behind_and_can_be_retried(root, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", failing(errno.ENOSPC))
        with pytest.raises(WriteFailed, match="No space left on device"):
            CampaignStore.create(root, "Hope", {"title": "t"})
    assert CampaignStore.list_campaigns(root) == []
    assert temp_files(root) == []
    with CampaignStore.create(root, "Hope", {"title": "t"}) as store:
        assert store.load_state() == {"title": "t"}


def test_folder_sync_failure_after_the_rename_is_reported_and_ids_stay_unique(campaign, monkeypatch):
    real_fsync = os.fsync

    def fsync_files_only(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_fsync(fd)

    before = [e["id"] for e in campaign.entries()]
    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", fsync_files_only)
        with pytest.raises(WriteFailed) as caught:
            campaign.append_entry(1, {"who": "Hudson"})
    assert caught.value.errno == errno.EIO
    after = [e["id"] for e in campaign.entries()]
    assert after in (before, before + [max(before) + 1])
    new_id = campaign.append_entry(1, {"who": "Vasquez"})
    assert new_id == max(after) + 1
    assert [e["id"] for e in campaign.entries()] == after + [new_id]
