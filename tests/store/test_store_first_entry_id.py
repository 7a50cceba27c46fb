"""The first entry after a clean close: the marker says the last id given, so the next writer's first
roll parses only the chunk it writes to, not the newest chunk of every session (``bench/store.py``
times the first roll). Without a trusted marker (a kill, a failed write, an older marker) the next id is
still worked out from the history files, as before."""

from __future__ import annotations

import json

from gmconsole.store import CampaignStore, schema
from gmconsole.store import campaign_store as cs


def _many_sessions(root, sessions: int = 6):
    """'Hope' with two entries in each of ``sessions`` sessions, closed cleanly; returns the last id."""
    store = CampaignStore.create(root, "Hope", {"title": "Hope"})
    last = 0
    for session in range(1, sessions + 1):
        for _ in range(2):
            last = store.append_entry(session, {"who": "Ripley"})
    store.close()
    return last


def _reads(monkeypatch) -> list:
    seen = []
    real = schema.read

    def counting(path, *args, **kwargs):
        seen.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(schema, "read", counting)
    return seen


def _marker(root) -> dict:
    return json.loads((root / "Hope" / cs.CLEAN_CLOSE_FILE).read_text())


def test_a_clean_close_names_the_last_id_and_the_first_entry_reads_one_chunk(root, monkeypatch):
    last = _many_sessions(root)
    assert _marker(root)["last_id"] == last
    seen = _reads(monkeypatch)
    with CampaignStore.open(root, "Hope") as store:
        assert store.append_entry(6, {"who": "Hicks"}) == last + 1
    history = [p for p in seen if cs.HISTORY in p.parts]
    assert {p.parent.name for p in history} == {"session-0006"}  # only the chunk written to
    assert _marker(root)["last_id"] == last + 1


def test_a_writer_that_wrote_nothing_passes_the_last_id_on(root):
    last = _many_sessions(root)
    CampaignStore.open(root, "Hope").close()
    assert _marker(root)["last_id"] == last
    with CampaignStore.open(root, "Hope") as store:
        assert store.append_entry(2, {"who": "Hicks"}) == last + 1


def test_without_a_marker_after_a_kill_the_next_id_comes_from_the_files(root):
    last = _many_sessions(root)
    store = CampaignStore.open(root, "Hope")
    store.append_entry(3, {"who": "Hicks"})  # into an older session: its chunk is not the newest
    store._leave_marker = False  # what a kill -9 leaves: no marker
    store.close()
    assert not (root / "Hope" / cs.CLEAN_CLOSE_FILE).exists()
    with CampaignStore.open(root, "Hope") as again:
        assert not again.closed_cleanly
        assert again.append_entry(6, {"who": "Vasquez"}) == last + 2


def test_an_older_marker_or_a_bad_last_id_falls_back_to_the_files(root):
    last = _many_sessions(root)
    path = root / "Hope" / cs.CLEAN_CLOSE_FILE
    for written in ({"newest": _marker(root)["newest"]}, {"newest": _marker(root)["newest"], "last_id": "x"},
                    {"newest": _marker(root)["newest"], "last_id": -4}):
        path.write_text(json.dumps(written))
        with CampaignStore.open(root, "Hope") as store:
            assert store.closed_cleanly
            last = store.append_entry(1, {"who": "Hicks"})
        with CampaignStore.open(root, "Hope", read_only=True) as reader:
            assert [e["id"] for e in reader.entries()].count(last) == 1  # never given twice
    assert _marker(root)["last_id"] == last


def test_the_state_s_ids_still_keep_new_ids_above_them(root):
    last = _many_sessions(root)
    with CampaignStore.open(root, "Hope") as store:
        store.keep_ids_above(last + 10)  # the state names entries whose chunk was lost
        assert store.append_entry(6, {"who": "Hicks"}) == last + 11
