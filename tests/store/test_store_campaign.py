"""CampaignStore as the campaign layer uses it: create, open, state, history, backups, names."""

from __future__ import annotations

import json

import pytest

from gmconsole.store import (
    CampaignExists,
    CampaignNotFound,
    CampaignStore,
    EntryNotFound,
    InvalidCampaignName,
    ReadOnly,
    StoreError,
)
from gmconsole.store import campaign_store as cs


def test_created_campaign_reopens_with_its_state_and_history(root):
    with CampaignStore.create(root, "Hope", {"title": "Hope's Last Day", "roster": ["Ripley", "Hicks"]}) as store:
        first = store.append_entry(1, {"who": "Ripley", "faces": [6, 2]})
        second = store.append_entry(2, {"who": "Hicks", "faces": [1]})
    with CampaignStore.open(root, "Hope") as store:
        assert store.load_state() == {"title": "Hope's Last Day", "roster": ["Ripley", "Hicks"]}
        assert store.sessions() == [1, 2]
        assert store.entries() == [
            {"who": "Ripley", "faces": [6, 2], "id": first, "session": 1},
            {"who": "Hicks", "faces": [1], "id": second, "session": 2},
        ]
        assert store.entries(2) == [{"who": "Hicks", "faces": [1], "id": second, "session": 2}]
        assert store.entries(7) == []


def test_entry_ids_are_unique_and_increasing_across_sessions_and_reopening(root, monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 4)
    ids = []
    with CampaignStore.create(root, "Hope", {}) as store:
        for n in range(10):
            ids.append(store.append_entry(n % 3, {"n": n}))
    with CampaignStore.open(root, "Hope") as store:
        for n in range(10, 20):
            ids.append(store.append_entry((n * 7) % 4, {"n": n}))
        assert ids == sorted(set(ids))
        assert [e["n"] for e in store.entries()] == list(range(20))
        assert [e["id"] for e in store.entries()] == ids


def test_a_long_session_is_cut_into_chunks_of_bounded_size(root, monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 5)
    with CampaignStore.create(root, "Hope", {}) as store:
        ids = [store.append_entry(1, {"n": n}) for n in range(23)]
        chunks = sorted((store.path / "history" / "session-0001").glob("entries-*.json"))
        assert len(chunks) == 5
        sizes = [len(json.loads(p.read_text())["entries"]) for p in chunks]
        assert sizes == [5, 5, 5, 5, 3]
        assert [e["id"] for e in store.entries(1)] == ids


def test_update_entry_marks_an_undone_roll_in_any_chunk(root, monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 3)
    with CampaignStore.create(root, "Hope", {}) as store:
        ids = [store.append_entry(1, {"n": n}) for n in range(8)]
        store.update_entry(1, ids[1], {"undone": True})
        store.update_entry(1, ids[7], {"undone": True})
        store.update_entry(1, ids[1], {"undone": False, "note": "redone"})
    with CampaignStore.open(root, "Hope", read_only=True) as store:
        by_id = {e["id"]: e for e in store.entries(1)}
        assert by_id[ids[1]] == {"n": 1, "undone": False, "note": "redone", "id": ids[1], "session": 1}
        assert by_id[ids[7]]["undone"] is True
        assert "undone" not in by_id[ids[4]]


def test_update_of_an_unknown_entry_or_its_id_is_refused(campaign):
    with pytest.raises(EntryNotFound, match="no history entry 99 in session 1"):
        campaign.update_entry(1, 99, {"undone": True})
    with pytest.raises(EntryNotFound):
        campaign.update_entry(5, 1, {"undone": True})
    with pytest.raises(ValueError, match="id cannot be changed"):
        campaign.update_entry(1, 1, {"id": 7})


def test_stored_entries_and_state_are_detached_from_the_callers_objects(root):
    faces = [3, 4]
    state = {"roster": ["Ripley"]}
    with CampaignStore.create(root, "Hope", state) as store:
        entry_id = store.append_entry(1, {"faces": faces, "id": 1000, "session": 9})
        faces.append(6)
        state["roster"].append("Bishop")
        loaded = store.load_state()
        loaded["roster"].clear()
        assert store.load_state() == {"roster": ["Ripley"]}
        assert store.entries() == [{"faces": [3, 4], "id": entry_id, "session": 1}]


def test_what_cannot_be_json_is_refused_before_anything_is_written(campaign):
    before = campaign.entries()
    with pytest.raises(TypeError, match="cannot be saved as JSON"):
        campaign.append_entry(1, {"faces": {1, 2}})
    with pytest.raises(TypeError, match="cannot be saved as JSON"):
        campaign.append_entry(1, {"odds": float("nan")})
    with pytest.raises(TypeError, match="must be a dict"):
        campaign.save_state(["not", "a", "dict"])
    assert campaign.entries() == before


def test_create_refuses_a_taken_name_and_open_an_unknown_one(root, campaign):
    with pytest.raises(CampaignExists, match="A campaign named 'Hope' already exists"):
        CampaignStore.create(root, "Hope", {})
    with pytest.raises(CampaignNotFound, match="There is no campaign named 'Nostromo'"):
        CampaignStore.open(root, "Nostromo")


@pytest.mark.parametrize("name", ["", "  ", "../escape", "a/b", ".hidden", " padded", "x" * 101, "tab\there"])
def test_names_that_cannot_be_folders_are_refused(root, name):
    with pytest.raises(InvalidCampaignName, match="cannot be a campaign name"):
        CampaignStore.create(root, name, {})
    assert list(root.iterdir()) == []


def test_list_campaigns_names_only_campaign_folders(root):
    for name in ("b-side", "Alpha", "Hope"):
        CampaignStore.create(root, name, {}).close()
    (root / "not-a-campaign").mkdir()
    assert CampaignStore.list_campaigns(root) == ["Alpha", "b-side", "Hope"]
    assert CampaignStore.list_campaigns(root / "missing") == []


def test_read_only_store_refuses_every_write(root, campaign):
    campaign.close()
    with CampaignStore.open(root, "Hope", read_only=True) as viewer:
        for write in (
            lambda: viewer.append_entry(1, {"n": 1}),
            lambda: viewer.update_entry(1, 1, {"undone": True}),
            lambda: viewer.save_state({}),
            lambda: viewer.restore_backup(viewer.path / "campaign.json"),
        ):
            with pytest.raises(ReadOnly, match="open read-only, so nothing can be saved"):
                write()
        assert len(viewer.entries()) == 3


def test_a_closed_store_says_so_and_frees_the_campaign(root, campaign):
    campaign.close()
    campaign.close()
    with pytest.raises(StoreError, match="has been closed"):
        campaign.entries()
    with CampaignStore.open(root, "Hope") as again:
        assert again.load_state()["title"] == "Hope's Last Day"


def test_save_state_keeps_five_rotating_backups_of_previous_versions(campaign):
    for n in range(1, 8):
        campaign.save_state({"version": n})
    backups = campaign.path / "backups"
    assert json.loads((backups / "campaign.json.1").read_text())["state"]["1"] == {"version": 6}
    assert json.loads((backups / "campaign.json.5").read_text())["state"]["1"] == {"version": 2}
    assert not (backups / "campaign.json.6").exists()
    assert campaign.load_state() == {"version": 7}


def test_restore_backup_puts_the_previous_chunk_back_and_keeps_the_damaged_one(campaign):
    chunk = next((campaign.path / "history" / "session-0001").glob("entries-*.json"))
    chunk.write_bytes(b'{"_gmconsole": {"1": {"schema": 1, "kind": "hist')
    campaign.restore_backup(chunk)
    assert [e["faces"] for e in campaign.entries(1)] == [[1, 6], [2, 6]]
    aside = list(chunk.parent.glob(chunk.name + ".corrupt-*"))
    assert [p.read_bytes() for p in aside] == [b'{"_gmconsole": {"1": {"schema": 1, "kind": "hist']
    # entry 3 was lost with the damaged chunk (kept aside); the lock's note says 3 was given, so it is not again
    assert campaign.append_entry(1, {"faces": [5]}) == 4
    assert [e["id"] for e in campaign.entries(1)] == [1, 2, 4]


def test_restore_without_any_backup_says_so(campaign):
    (campaign.path / "backups").rename(campaign.path.parent / "elsewhere")
    with pytest.raises(StoreError, match=r"There is no usable backup of .*campaign\.json"):
        campaign.restore_backup(campaign.path / "campaign.json")


def test_stray_temp_files_are_removed_when_opened_for_writing_only(root, campaign):
    campaign.close()
    folder = root / "Hope"
    strays = [
        folder / ".campaign.json.4242.0badc0de.tmp",
        folder / "history" / "session-0001" / ".entries-000000001.json.4242.deadbeef.tmp",
    ]
    for stray in strays:
        stray.write_bytes(b'{"half a wri')
    keep = folder / "history" / "notes.tmp"
    keep.write_text("the GM's own file")
    CampaignStore.open(root, "Hope", read_only=True).close()
    assert all(stray.exists() for stray in strays)
    with CampaignStore.open(root, "Hope") as store:
        assert not any(stray.exists() for stray in strays)
        assert keep.read_text() == "the GM's own file"
        assert len(store.entries()) == 3
