"""In the service: entries lost from the middle of the history (a
session's chunk set aside while a later session's file still holds newer ids) are found although the
highest id on disk is unchanged; undo and redo stop short of them; a pending cost whose roll was lost
is dropped, said once; a reader says the same, writing nothing.
"""

from __future__ import annotations

import random

from campaign_helpers import frozen_clock, yz

from gmconsole.campaign.service import CampaignService


def _two_sessions(make_service):
    """Session 1 (creation), session 2 with Hammer's pushed roll owing costs, session 3 with a roll
    whose undo leaves a redo; returns the service and the ids (owing roll, session 3 roll)."""
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "attributes": yz(3, 3, 2, 3), "skills": {"fight": 2},
                                           "gear": [{"name": "Spiked bat", "bonus": 1}]})
    service.sessions.new_session(title="Road")
    owing = service.rolls.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
    service.rolls.push(owing["id"], faces="base=1,6 skill=3,2 gear=1")
    service.sessions.new_session(title="Ambush")
    later = service.rolls.roll(hammer.id, "fight", faces="base=6,3,4 skill=2,5")
    service.undo()
    return service, owing["id"], later["id"]


def test_setting_aside_a_middle_chunk_trims_undo_and_redo_and_drops_the_lost_roll_s_costs(make_service, tmp_path):
    service, owing, later = _two_sessions(make_service)
    assert service.can_undo and service.can_redo and [i["roll_id"] for i in service.outcomes.pending_costs()] == [owing]
    chunk = next((service._store.path / "history" / "session-0002").glob("entries-*.json"))
    done = service.set_aside(chunk)
    assert "missing from the history" in done["summary"]
    assert f"costs waiting for roll {owing} (Hammer) were dropped" in done["summary"]
    # undo stops short of the lost entries: session 3's opening, recorded after them, still undoes
    # (setting aside an old file must not empty the whole undo stack)
    assert service.undo_count == 1 and "Ambush" in service.undo_label()
    assert service.redo_label() == service.history.entry(later, 3)["summary"]  # session 3's roll is still there
    assert service.outcomes.pending_costs() == []
    service.undo()  # session 3's opening taken back; nothing older can be
    assert not service.can_undo and service.session.number == 2
    service.redo()
    name = service.campaign.name
    service.close()
    reader = CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock)
    assert reader.history_gap is None and reader.outcomes.pending_costs() == []  # saved: said once
    reader.close()


def test_a_reader_after_a_crash_says_the_lost_entries_and_drops_nothing_on_disk(make_service, tmp_path):
    service, _owing, _later = _two_sessions(make_service)
    name = service.campaign.name
    service.close()
    for chunk in (tmp_path / name / "history" / "session-0002").glob("entries-*.json"):
        chunk.unlink()
    clean = CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock)
    assert clean.history_gap is None  # the last writer closed cleanly: the reader reads no more chunks
    clean.close()
    (tmp_path / name / "closed-cleanly").unlink()  # as a writer killed in the middle of a change leaves it:
    (tmp_path / name / "lock").write_text('{"busy": true}')  # no marker, and the lock's note still busy
    reader = CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock)
    assert "missing from the history" in reader.history_gap and "were dropped" not in reader.history_gap
    assert "The costs waiting for 1 of those rolls cannot be applied." in reader.history_gap  # nothing written
    assert reader.history_gap.endswith(f"Nothing was changed; gmconsole repair {name} settles it.")
    assert reader.undo_count == 1 and "Ambush" in reader.undo_label()  # nothing older than the gap
    assert reader.can_redo and reader.outcomes.pending_costs() == []
    reader.close()
    again = CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock)
    assert "cannot be applied" in again.history_gap  # the reader saved nothing: said again
    again.close()
    writer = CampaignService.open(tmp_path, name, clock=frozen_clock, rng=random.Random(1))
    assert "were dropped" in writer.history_gap and writer.outcomes.pending_costs() == []  # the writer saves it
    writer.close()


def test_drop_costs_clears_the_costs_of_a_roll_no_longer_in_the_history(make_service, tmp_path):
    """After a clean close nothing is checked at open (a file deleted by hand goes unseen): the GM
    can still dismiss the costs of the lost roll; only the campaign's list changes."""
    service, owing, _later = _two_sessions(make_service)
    name = service.campaign.name
    service.close()
    for chunk in (tmp_path / name / "history" / "session-0002").glob("entries-*.json"):
        chunk.unlink()
    writer = CampaignService.open(tmp_path, name, clock=frozen_clock, rng=random.Random(1))
    assert [i["roll_id"] for i in writer.outcomes.pending_costs()] == [owing]
    assert writer.outcomes.drop_costs(owing)["summary"].startswith(f"costs of roll {owing} (Hammer) dropped")
    assert writer.outcomes.pending_costs() == []
    writer.close()


def test_an_intact_history_keeps_undo_redo_and_costs(make_service, tmp_path):
    service, owing, _later = _two_sessions(make_service)
    name = service.campaign.name
    service.close()
    reader = CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock)
    assert reader.history_gap is None and reader.can_undo and reader.can_redo
    assert [i["roll_id"] for i in reader.outcomes.pending_costs()] == [owing]
    reader.close()
