"""The history screen's in-memory index gives what ``service.history.filtered`` gives.

The screen used to ask the service at every key; it now filters an index read once. These tests
hold the two side by side on a real campaign (small chunks, so it spans several files and sessions):
same entries, same order, same counts, the same damaged file met; and a read after a change parses
only the chunks that changed.
"""

from __future__ import annotations

import itertools

import pytest
from campaign_helpers import yz

from gmconsole.campaign import history, history_index
from gmconsole.store import campaign_store as cs
from gmconsole.store.errors import CorruptFile


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 3)


def _played(service):
    """Two sessions of rolls and stress changes by two characters, one change undone."""
    ann = service.roster.add_character({"name": "Ann Lee", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"ranged": 2}})
    service.rolls.roll(ann.id, "melee", faces="base=6,2,3 skill=4")
    service.trackers.change_stress(bo.id, 1)
    service.rolls.roll(bo.id, "ranged", faces="base=1,2,3 skill=6,5 stress=2")
    service.trackers.change_stress(ann.id, 1)
    service.undo()
    service.sessions.new_session("2026-03-21")
    service.rolls.roll(ann.id, "melee", faces="base=6,6,3 skill=4")
    service.rolls.roll(bo.id, "ranged", faces="base=2,2,3 skill=1,5 stress=3")
    service.trackers.change_stress(bo.id, 1)
    return ann, bo


def _keys(entries) -> list[tuple[int, int]]:
    return [(e["session"], e["id"]) for e in entries]


def _read(service, previous=None):
    return history_index.plan(service.history, previous).read(service.history)


def test_every_filter_gives_the_rows_the_service_gives_in_the_same_order(make_service, small_chunks):
    service = make_service("yze")
    ann, _bo = _played(service)
    index = _read(service)
    assert len(service.history.chunks()) > 3  # the history spans several chunk files
    sessions = (None, 1, 2, 9)
    characters = (None, "Ann Lee", "ann lee", ann.id, "Bo", "An", "nobody")
    skills = (None, "melee", "ranged", "mel")
    kinds = (None, "roll", "stress", "ro")
    compared = 0
    for session, character, skill, kind, undone in itertools.product(
        sessions, characters, skills, kinds, (True, False)
    ):
        expected = service.history.filtered(session, character, skill, kind, include_undone=undone)
        who, what = service.history.filter_ids(character, skill)
        found, total = index.query(session=session, character=who, skill=what, kind=kind, include_undone=undone)
        assert _keys(found) == _keys(expected), (session, character, skill, kind, undone)
        assert total == len(expected)
        first, total = index.query(session=session, character=who, skill=what, kind=kind, include_undone=undone,
                                   limit=2)
        assert _keys(first) == _keys(expected[:2]) and total == len(expected)
        compared += bool(expected)
    assert compared > 100  # most combinations found something to compare
    everything = service.history.filtered(include_undone=True)
    kept, _ = index.query(include_undone=True)
    assert any(e["status"] == "undone" for e in kept)
    for full, slim in zip(everything, kept):  # what the table shows of each entry is all there
        # read from the chunk's summary rows: an outcome is kept only as text (a roll's words), the one
        # shape the table shows
        assert slim == {k: v for k, v in full.items() if k in history_index.SHOWN_FIELDS
                        and (k != "outcome" or isinstance(v, str))}
        table = {k: v for k, v in history.row(full).items() if k != "dice"}  # the table has no dice column
        assert {k: v for k, v in history.row(slim).items() if k != "dice"} == table


def test_a_read_after_a_change_parses_only_the_chunks_it_touched(make_service, small_chunks):
    service = make_service("myz")
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 5, 3), "skills": {"jury-rig": 3}})
    index = _read(service)
    assert history_index.plan(service.history, index).to_read == []  # nothing changed: nothing to parse
    roll = service.rolls.roll(cy.id, "jury-rig", faces="base=1,3,4,5,2 skill=1,2,3")
    service.rolls.push(faces="base=1,6,2,2 skill=6,3")  # costs pending on the roll (R-PUSH-1, R-MYZ-TRAUMA)
    todo = history_index.plan(service.history, index)
    newest = max(service.history.chunks())
    assert todo.to_read == [newest]  # the new entries' chunk only
    index = todo.read(service.history)
    assert _keys(index.query()[0]) == _keys(service.history.filtered())
    roll_chunk = max(key for key in service.history.chunks() if key[1] <= roll["id"])
    for _ in range(2):  # the next changes go to newer chunks
        service.trackers.change_tracker(cy.id, "mutation_points", 1)
        service.trackers.change_tracker(cy.id, "mutation_points", -1)
    index = _read(service, index)
    service.outcomes.apply_costs()  # a new entry, and the roll (in an older chunk) marked "applied"
    todo = history_index.plan(service.history, index)
    assert todo.to_read == [roll_chunk, max(service.history.chunks())]  # not the chunk between them
    assert len(service.history.chunks()) > 2
    index = todo.read(service.history)
    assert [e["costs_status"] for e in index.query(kind="roll")[0]] == ["applied"]
    assert _keys(index.query(include_undone=True)[0]) == _keys(service.history.filtered(include_undone=True))


def test_a_damaged_chunk_is_met_where_reading_the_history_met_it(make_service, small_chunks):
    service = make_service("yze")
    _played(service)
    first_of_session_1 = min(key for key in service.history.chunks() if key[0] == 1)
    path = cs.chunk_file(service._store.path, *first_of_session_1)
    path.write_bytes(path.read_bytes()[:40])
    index = _read(service)
    for session in (None, 1):
        with pytest.raises(CorruptFile) as expected:
            service.history.filtered(session)
        with pytest.raises(CorruptFile) as found:
            index.query(session=session)
        assert found.value.path == expected.value.path == path
    assert _keys(index.query(session=2)[0]) == _keys(service.history.filtered(2))  # another session still shows
    assert history_index.plan(service.history, index).to_read == []  # kept as damaged until the file changes
