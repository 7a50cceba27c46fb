"""Pending costs the GM dismisses (``drop_costs``) and the costs of
a character who leaves the roster. Both are one recorded, undoable change; the roll then reads
``dropped`` in the history, so nothing offers to apply them any more.
"""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


def _pushed(service):
    hammer = service.roster.add_character({"name": "Hammer", "role": "enforcer", "attributes": yz(3, 3, 2, 3),
                                           "skills": {"fight": 2}, "gear": [{"name": "Spiked bat", "bonus": 1}]})
    roll = service.rolls.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
    service.rolls.push(roll["id"], faces="base=1,6 skill=3,2 gear=1")
    return hammer, roll


def test_dropping_costs_clears_them_marks_the_roll_dropped_and_undo_brings_them_back(make_service, reopen):
    service = make_service("myz")
    _hammer, roll = _pushed(service)
    entry = service.outcomes.drop_costs(roll["id"])
    assert entry["kind"] == "drop_costs" and "dropped" in entry["summary"] and "Hammer" in entry["summary"]
    assert service.outcomes.pending_costs() == []
    assert service.history.entry(roll["id"])["costs_status"] == "dropped"
    assert service.character("Hammer").attributes["strength"].current == 3  # nothing was paid
    service.undo()
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    assert service.history.entry(roll["id"])["costs_status"] == "pending"
    service.redo()
    again = reopen(service)
    assert again.outcomes.pending_costs() == [] and again.history.entry(roll["id"])["costs_status"] == "dropped"
    with pytest.raises(ValidationError, match="no costs waiting"):
        again.outcomes.apply_costs(roll["id"])


def test_dropping_costs_of_a_roll_with_none_waiting_is_refused(make_service):
    service = make_service("myz")
    _hammer, roll = _pushed(service)
    with pytest.raises(ValidationError, match="roll 99 has no costs waiting"):
        service.outcomes.drop_costs(99)
    service.outcomes.apply_costs(roll["id"])
    with pytest.raises(ValidationError, match=f"roll {roll['id']} has no costs waiting"):
        service.outcomes.drop_costs(roll["id"])


def test_removing_a_character_drops_their_costs_in_the_same_entry_and_undo_restores_both(make_service):
    service = make_service("myz")
    hammer, roll = _pushed(service)
    assert [i["roll_id"] for i in service.outcomes.pending_costs_of(hammer.id)] == [roll["id"]]
    entry = service.roster.remove_character(hammer.id)
    assert "dropped" in entry["summary"] and str(roll["id"]) in entry["summary"]
    assert service.outcomes.pending_costs() == [] and service.campaign.find_character("Hammer") is None
    assert service.history.entry(roll["id"])["costs_status"] == "dropped"
    service.undo()
    assert service.character("Hammer").id == hammer.id
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    assert service.history.entry(roll["id"])["costs_status"] == "pending"
