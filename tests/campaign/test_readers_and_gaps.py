"""Readers show what the next writer will show; a lost history file never
makes ids repeat.

- After a kill between the history write and the state write, ``gmconsole history`` (a
  read-only reader) used to list the roll as done until the next writer opened the campaign. Readers
  now apply the writer's crash reconciliation in memory, writing nothing.
- Deleting the newest history chunk made the next roll reuse entry ids and the undo stack
  walk entries twice. The gap is found at open and said; ids never repeat; undo cannot reach back
  past the gap.
"""

from __future__ import annotations

import json

import pytest
from campaign_helpers import frozen_clock

from gmconsole.campaign.service import CampaignService
from gmconsole.cli import main
from gmconsole.store import campaign_store as cs


def file_bytes(folder):
    """Every file under ``folder`` (but the lock note) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "lock"}


def yz(s, a, w, e):
    return {"strength": s, "agility": a, "wits": w, "empathy": e}


def killed(*args, **kwargs):
    raise SystemExit("terminal killed")


def _history(capsys, root, name, *extra):
    capsys.readouterr()
    status = main(["--data-dir", str(root), "history", name, "--format", "json", *extra])
    out = capsys.readouterr()
    assert status == 0, out.err
    return json.loads(out.out), out.err


def test_reader_does_not_show_a_change_killed_before_its_state_was_saved(make_service, tmp_path, capsys, monkeypatch):
    service = make_service("yze", name="Crash")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    monkeypatch.setattr(service._store, "save_state", killed)
    with pytest.raises(SystemExit):
        service.trackers.change_stress(ann.id, 2)  # the entry is written, the state never is
    monkeypatch.undo()
    before = file_bytes(tmp_path / "Crash")
    shown, _ = _history(capsys, tmp_path, "Crash")
    assert [e["kind"] for e in shown] == ["roster"]  # the stress change did not happen
    everything, _ = _history(capsys, tmp_path, "Crash", "--all")
    assert [(e["kind"], e["status"]) for e in everything] == [("roster", "done"), ("stress", "failed")]
    with CampaignService.open(tmp_path, "Crash", read_only=True, clock=frozen_clock) as reader:
        assert reader.history.entry(everything[1]["id"], 1)["status"] == "failed"
        assert [e["status"] for e in reader.history.entries()] == ["done", "failed"]
    assert file_bytes(tmp_path / "Crash") == before  # readers write nothing
    service._store._lock.release()  # the killed console's lock goes with its process
    with CampaignService.open(tmp_path, "Crash", clock=frozen_clock) as writer:  # the next writer agrees
        assert [e["status"] for e in writer.history.entries()] == ["done", "failed"]


def test_reader_does_not_show_a_change_whose_saves_failed_on_a_full_disk(make_service, tmp_path, capsys, monkeypatch):
    """The entry was written, then the disk filled: neither the state nor the entry's ``failed`` mark
    could be saved, and the writer carried on (the GM saw the error)."""
    import errno

    from gmconsole.store.errors import WriteFailed

    service = make_service("yze", name="Full")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})

    def disk_full(*args, **kwargs):
        raise WriteFailed(tmp_path / "Full" / "campaign.json", OSError(errno.ENOSPC, "No space left on device"))

    monkeypatch.setattr(service._store, "save_state", disk_full)
    monkeypatch.setattr(service._store, "update_entry", disk_full)
    with pytest.raises(WriteFailed):
        service.trackers.change_stress(ann.id, 2)
    monkeypatch.undo()
    assert service.character("Ann").stress == 0  # the console carries on without the change
    shown, _ = _history(capsys, tmp_path, "Full")
    assert [e["kind"] for e in shown] == ["roster"]
    everything, _ = _history(capsys, tmp_path, "Full", "--all")
    assert [e["status"] for e in everything] == ["done", "failed"]


def test_reader_shows_an_undo_killed_before_its_entry_was_marked_as_undone(make_service, tmp_path, capsys, monkeypatch):
    service = make_service("yze", name="Crash")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.trackers.change_stress(ann.id, 2)
    monkeypatch.setattr(service._store, "update_entry", killed)
    with pytest.raises(SystemExit):
        service.undo()  # the state says undone, the entry still says done
    monkeypatch.undo()
    shown, _ = _history(capsys, tmp_path, "Crash")
    assert [e["kind"] for e in shown] == ["roster"]
    everything, _ = _history(capsys, tmp_path, "Crash", "--all")
    assert [e["status"] for e in everything] == ["done", "undone"]


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_SIZE", 4)


def _six_changes(make_service):
    service = make_service("yze", name="Gap")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    for _ in range(5):
        service.trackers.change_stress(ann.id, 1)
    return service  # entries 1..6: chunks entries-1 (1..4) and entries-5 (5, 6)


def test_a_deleted_newest_chunk_is_found_at_open_and_ids_never_repeat(make_service, reopen, tmp_path, small_chunks):
    service = _six_changes(make_service)
    service.close()
    (tmp_path / "Gap/history/session-0001/entries-000000005.json").unlink()
    again = reopen(service)
    assert again.history_gap is not None
    assert "missing" in again.history_gap and "#5" in again.history_gap and "#6" in again.history_gap
    assert not again.can_undo  # undo cannot reach back past the missing entries
    entry = again.trackers.change_doom(1)
    assert entry["id"] == 7  # never 5 or 6 again
    assert [e["id"] for e in again.history.entries()] == [1, 2, 3, 4, 7]
    again.undo()
    assert again.session.doom == 0
    assert not again.can_undo
    with pytest.raises(ValueError, match="nothing to undo"):
        again.undo()


def test_a_gap_is_said_by_the_history_command_and_after_a_clean_close(make_service, tmp_path, capsys, small_chunks):
    service = _six_changes(make_service)
    service.close()  # a clean close: the next writer would not read the history to open it
    (tmp_path / "Gap/history/session-0001/entries-000000005.json").unlink()
    shown, err = _history(capsys, tmp_path, "Gap")
    assert len(shown) == 4
    assert err.startswith("gmconsole: warning: ") and "missing" in err and len(err.strip().splitlines()) == 1
    with CampaignService.open(tmp_path, "Gap", clock=frozen_clock) as writer:
        assert writer.history_gap is not None
        assert writer.trackers.change_doom(1)["id"] == 7


def test_an_intact_campaign_has_no_gap(make_service, reopen, small_chunks):
    service = _six_changes(make_service)
    again = reopen(service)
    assert again.history_gap is None and again.undo_count == 6
