"""The store's errors the GM reads, in Traditional Chinese: a damaged campaign file, a file that
cannot be read, a refused campaign name; the paths and names in them stay as they are, and English is
unchanged."""

from __future__ import annotations

import errno

import pytest

import gmconsole.store.schema as schema
from gmconsole.i18n import set_language
from gmconsole.store import CampaignStore, CorruptFile, StoreError
from gmconsole.store.errors import InvalidCampaignName


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


@pytest.fixture
def saved(root):
    """A closed campaign with two state versions saved, so campaign.json has a backup."""
    with CampaignStore.create(root, "Hope", {"title": "first"}) as store:
        store.save_state({"title": "second"})
    return root / "Hope"


def _open_error(root, kind=StoreError) -> str:
    with pytest.raises(kind) as caught:
        CampaignStore.open(root, "Hope")
    return str(caught.value)


def test_a_damaged_file_is_named_in_zh_hant(root, saved, zh_hant):
    target = saved / "campaign.json"
    target.write_bytes(b"")
    backup = saved / "backups" / "campaign.json.1"
    assert _open_error(root, CorruptFile) == (
        f"檔案 {target} 已損壞（檔案是空的），已保持原樣未動；最新的備份是 {backup}，可以還原取代它。")


def test_a_file_that_cannot_be_read_is_named_in_zh_hant(root, saved, zh_hant, monkeypatch):
    def broken_disk(path, limit=None):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(schema, "read_nofollow", broken_disk)
    assert _open_error(root) == f"無法讀取 {saved / 'campaign.json'}（Input/output error）。"


def test_a_refused_campaign_name_is_in_zh_hant(root, zh_hant):
    with pytest.raises(InvalidCampaignName) as caught:
        CampaignStore.create(root, ".hidden", {"title": "x"})
    assert str(caught.value) == "'.hidden' 不能當作戰役名稱：它以句點開頭。"


def test_the_same_errors_stay_english_in_english(root, saved):
    target = saved / "campaign.json"
    target.write_bytes(b"")
    assert _open_error(root, CorruptFile) == (
        f"The file {target} is damaged (the file is empty) and was left untouched; the newest backup is "
        f"{saved / 'backups' / 'campaign.json.1'}, which can be restored in its place.")
