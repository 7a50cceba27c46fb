"""The ledger: the public way a command records a change, reads the history and undoes it."""

import pytest

from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.ledger import Ledger


def test_a_command_records_through_the_ledger_and_undo_takes_it_back(make_service):
    service = make_service("yze")
    ledger = service.ledger
    heard = []
    ledger.subscribe(heard.append)

    def mutate(campaign):
        campaign.current_session.doom += 3
        return {"summary": "doom +3", "delta": 3, "value": campaign.current_session.doom}

    entry = ledger.commit("doom", mutate)
    assert isinstance(ledger, Ledger) and service.session.doom == 3
    assert heard == [entry] and ledger.undo_label() == "doom +3" and ledger.undo_count == 1
    assert ledger.entry_anywhere(entry["id"])["summary"] == "doom +3"
    assert [e["id"] for e in ledger.entries_newest_first(service.session.number)] == [entry["id"]]
    ledger.undo()
    assert service.session.doom == 0 and ledger.redo_label() == "doom +3"
    assert ledger.find_entry(entry["session"], entry["id"])["status"] == "undone"


def test_a_refused_change_records_nothing(make_service):
    service = make_service("yze")

    def refuse(campaign):
        campaign.current_session.doom += 1
        raise ValidationError("not now")

    with pytest.raises(ValidationError, match="not now"):
        service.ledger.commit("doom", refuse)
    assert service.session.doom == 0 and service.history.entries() == [] and not service.can_undo


def test_the_ledger_tells_a_roll_in_force_from_one_set_aside(make_service):
    service = make_service("yze")
    ledger = service.ledger
    ledger.remember_roll({"character_id": "c1", "skill": "melee", "goal": None})
    assert ("c1", "melee", "") in ledger.scene_rolls()
    ledger.forget_roll("c1", "melee", None)
    assert ("c1", "melee", "") not in ledger.scene_rolls()
