"""Looking up one entry and reading a session's tail, as undo and the roll builder do."""

from __future__ import annotations

import itertools

import pytest

from gmconsole.store import CampaignStore, EntryNotFound
from gmconsole.store import campaign_store as cs


def test_one_entry_is_found_by_id_in_any_chunk_with_later_updates(root, monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 4)
    with CampaignStore.create(root, "Hope", {}) as store:
        ids = [store.append_entry(1, {"n": n}) for n in range(11)]
        store.update_entry(1, ids[5], {"status": "undone"})
        assert store.entry(1, ids[0]) == {"n": 0, "id": ids[0], "session": 1}
        assert store.entry(1, ids[5]) == {"n": 5, "status": "undone", "id": ids[5], "session": 1}
        assert store.entry(1, ids[-1])["n"] == 10
        with pytest.raises(EntryNotFound):
            store.entry(2, ids[0])
        with pytest.raises(EntryNotFound):
            store.entry(1, ids[-1] + 1)


def test_newest_first_walks_chunks_backwards_and_can_stop_early(root, monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 3)
    with CampaignStore.create(root, "Hope", {}) as store:
        for n in range(8):
            store.append_entry(1, {"n": n})
        store.append_entry(2, {"n": 99})
        assert [e["n"] for e in store.entries_newest_first(1)] == list(reversed(range(8)))
        assert [e["n"] for e in itertools.islice(store.entries_newest_first(1), 2)] == [7, 6]
        assert list(store.entries_newest_first(5)) == []
