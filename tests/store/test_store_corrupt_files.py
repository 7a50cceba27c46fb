"""Damaged files: a clear error naming the file and where it broke, the file untouched, a backup offered."""

from __future__ import annotations

import json

import pytest
from store_helpers import file_bytes

from gmconsole.store import CampaignStore, CorruptFile, SchemaTooNew
from gmconsole.store.schema import SCHEMA

DAMAGES = {
    "truncated": (lambda good: good[: len(good) // 2], "line"),
    "empty": (lambda good: b"", "the file is empty"),
    "not JSON": (lambda good: b"Ripley's notes: bring the cat\n", "line 1, column 1: Expecting value"),
    "not UTF-8": (lambda good: b'{"state": "\xff\xfe"}', "byte 11 is not UTF-8 text"),
    "a list": (lambda good: b"[1, 2, 3]", "it holds a JSON list, not an object of tables"),
    "a table that is not an object": (
        lambda good: json.dumps({"_gmconsole": {"1": {"schema": SCHEMA, "kind": "campaign"}}, "state": [1]}).encode(),
        "table 'state' is a JSON list",
    ),
    "no schema record": (
        lambda good: json.dumps({"_gmconsole": {"1": {"kind": "campaign"}}, "state": {"1": {}}}).encode(),
        "schema record is missing or malformed",
    ),
}


@pytest.fixture
def saved(root):
    """A closed campaign with two state versions saved (so campaign.json has a backup) and history."""
    with CampaignStore.create(root, "Hope", {"title": "first"}) as store:
        store.save_state({"title": "second"})
        for n in range(3):
            store.append_entry(1, {"n": n})
    return root / "Hope"


@pytest.mark.parametrize("damage", DAMAGES)
def test_damaged_campaign_file_is_named_left_untouched_and_its_backup_offered(root, saved, damage):
    spoil, where = DAMAGES[damage]
    target = saved / "campaign.json"
    target.write_bytes(spoil(target.read_bytes()))
    before = file_bytes(saved)
    for read_only in (False, True):
        with pytest.raises(CorruptFile) as caught:
            CampaignStore.open(root, "Hope", read_only=read_only)
        error = caught.value
        assert error.path == target
        assert where in error.detail
        assert error.backup == saved / "backups" / "campaign.json.1"
        message = str(error)
        assert str(target) in message and "left untouched" in message and str(error.backup) in message
    assert file_bytes(saved) == before


@pytest.mark.parametrize("damage", ["truncated", "empty", "not JSON", "a list"])
def test_damaged_history_chunk_is_never_overwritten_by_reads_or_appends(root, saved, damage):
    spoil, where = DAMAGES[damage]
    chunk = saved / "history" / "session-0001" / "entries-000000001.json"
    chunk.write_bytes(spoil(chunk.read_bytes()))
    before = file_bytes(saved)
    with CampaignStore.open(root, "Hope") as store:
        for action in (store.entries, lambda: store.entries(1), lambda: store.append_entry(1, {"n": 3})):
            with pytest.raises(CorruptFile) as caught:
                action()
            assert caught.value.path == chunk
            assert where in caught.value.detail
            assert caught.value.backup == saved / "backups" / "history" / "session-0001" / "entries-000000001.json.1"
        with pytest.raises(CorruptFile):
            store.update_entry(1, 2, {"undone": True})
        assert store.entries(2) == []
    assert file_bytes(saved) == before


def test_history_file_in_place_of_the_campaign_file_is_refused(root, saved):
    chunk = saved / "history" / "session-0001" / "entries-000000001.json"
    (saved / "campaign.json").write_bytes(chunk.read_bytes())
    with pytest.raises(CorruptFile, match="it holds 'history' data where 'campaign' data was expected"):
        CampaignStore.open(root, "Hope")


def test_file_from_a_newer_gmconsole_is_refused_untouched(root, saved):
    target = saved / "campaign.json"
    newer = json.loads(target.read_text())
    newer["_gmconsole"]["1"]["schema"] = SCHEMA + 1
    target.write_text(json.dumps(newer))
    before = file_bytes(saved)
    too_new = rf"newer gmconsole \(schema {SCHEMA + 1}, this version reads up to {SCHEMA}\)"
    with pytest.raises(SchemaTooNew, match=too_new):
        CampaignStore.open(root, "Hope")
    assert file_bytes(saved) == before


def test_damaged_campaign_file_without_backup_says_there_is_none(root):
    CampaignStore.create(root, "Fresh", {"title": "only version"}).close()
    (root / "Fresh" / "campaign.json").write_bytes(b"{")
    with pytest.raises(CorruptFile, match="there is no backup of it") as caught:
        CampaignStore.open(root, "Fresh")
    assert caught.value.backup is None


def test_repair_restores_the_campaign_file_when_open_cannot(root, saved):
    target = saved / "campaign.json"
    target.write_bytes(b'{"_gmconsole": ')
    with pytest.raises(CorruptFile) as caught:
        CampaignStore.open(root, "Hope")
    CampaignStore.repair(root, "Hope", caught.value.path)
    with CampaignStore.open(root, "Hope") as store:
        assert store.load_state() == {"title": "first"}
        assert [e["n"] for e in store.entries()] == [0, 1, 2]
    assert [p.read_bytes() for p in saved.glob("campaign.json.corrupt-*")] == [b'{"_gmconsole": ']


def test_files_damaged_while_the_campaign_is_open_are_not_overwritten(root, saved):
    with CampaignStore.open(root, "Hope") as store:
        store.load_state()
        store.append_entry(1, {"n": 3})
        campaign_file = saved / "campaign.json"
        chunk = saved / "history" / "session-0001" / "entries-000000001.json"
        campaign_file.write_bytes(b'{"state": ')
        chunk.write_bytes(b"")
        before = file_bytes(saved)
        with pytest.raises(CorruptFile) as caught:
            store.save_state({"title": "third"})
        assert caught.value.path == campaign_file
        with pytest.raises(CorruptFile, match="the file is empty") as caught:
            store.append_entry(1, {"n": 4})
        assert caught.value.path == chunk
        assert file_bytes(saved) == before
