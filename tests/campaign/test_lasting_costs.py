"""Costs that last: the pending costs of a roll are campaign state (campaign.json).

A push records its costs as pending; they survive closing and reopening; ``apply_costs(roll_id)``
applies them from any session; undo brings them back to pending, and undoing the roll (or the push)
takes them away. ``pending_costs()`` lists them for the console's quit warning and other helpers.
"""

from __future__ import annotations

import json

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


def _hammer(service):
    return service.roster.add_character({
        "name": "Hammer", "role": "enforcer", "attributes": yz(3, 3, 2, 3),
        "skills": {"fight": 2}, "gear": [{"name": "Spiked bat", "bonus": 1}],
    })


def _pushed_roll(service, hammer) -> dict:
    roll = service.rolls.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
    service.rolls.push(roll["id"], faces="base=1,6 skill=3,2 gear=1")
    return roll


def test_a_push_records_its_costs_as_pending_campaign_state_that_survives_reopening(make_service, reopen, tmp_path):
    service = make_service("myz")
    hammer = _hammer(service)
    roll = _pushed_roll(service, hammer)
    [item] = service.outcomes.pending_costs()
    assert (item["roll_id"], item["session"], item["character_id"], item["character"]) == (
        roll["id"], 1, hammer.id, "Hammer"
    )
    assert {c["name"]: c["amount"] for c in item["costs"]} == {"trauma": 2, "mutation_points": 2, "gear_damage": 1}
    state = json.loads((tmp_path / "myz-test" / "campaign.json").read_text(encoding="utf-8"))
    assert state["state"]["1"]["campaign"]["pending_costs"][0]["roll_id"] == roll["id"]

    again = reopen(service)
    assert [i["roll_id"] for i in again.outcomes.pending_costs()] == [roll["id"]]
    again.outcomes.apply_costs(roll["id"])
    assert again.outcomes.pending_costs() == []
    assert again.character("Hammer").attributes["strength"].current == 1
    assert again.history.entry(roll["id"])["costs_status"] == "applied"


def test_applying_is_undoable_undo_brings_the_costs_back_to_pending_and_redo_applies_them(make_service):
    service = make_service("myz")
    hammer = _hammer(service)
    roll = _pushed_roll(service, hammer)
    service.outcomes.apply_costs(roll["id"])
    service.undo()
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    assert service.history.entry(roll["id"])["costs_status"] == "pending"
    assert service.character("Hammer").attributes["strength"].current == 3
    service.redo()
    assert service.outcomes.pending_costs() == []
    service.undo()
    service.undo()  # the push itself: its costs go with it
    assert service.outcomes.pending_costs() == []
    service.redo()
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]


def test_applying_twice_says_they_were_already_applied(make_service):
    service = make_service("myz")
    roll = _pushed_roll(service, _hammer(service))
    service.outcomes.apply_costs(roll["id"])
    with pytest.raises(ValidationError, match=f"costs of roll {roll['id']} were already applied"):
        service.outcomes.apply_costs(roll["id"])


def test_costs_of_a_roll_in_an_earlier_session_are_still_pending_and_can_be_applied(make_service):
    service = make_service("myz")
    roll = _pushed_roll(service, _hammer(service))
    service.sessions.new_session()
    assert [(i["roll_id"], i["session"]) for i in service.outcomes.pending_costs()] == [(roll["id"], 1)]
    service.outcomes.apply_costs(roll["id"])
    assert service.outcomes.pending_costs() == []
    assert service.history.entry(roll["id"], session=1)["costs_status"] == "applied"


def test_a_roll_without_costs_leaves_nothing_pending(make_service):
    service = make_service("myz")
    hammer = _hammer(service)
    service.rolls.roll(hammer.id, "fight", faces="base=6,3,4 skill=2,5")
    assert service.outcomes.pending_costs() == []


def test_the_costs_entry_names_the_payer_once(make_service):
    """The history names the payer once, never "Hammer pays: Hammer: strength −2 …; Hammer: mutation
    points +2" with the payer's name in front of every cost."""
    service = make_service("myz")
    hammer = _hammer(service)
    roll = _pushed_roll(service, hammer)
    applied = service.outcomes.apply_costs(roll["id"])
    assert applied["summary"].startswith("Hammer pays: ")
    assert applied["summary"].count("Hammer") == 1, applied["summary"]
