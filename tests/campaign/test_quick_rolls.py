"""The GM's quick roll (issue 12): a pool typed in the system's syntax, recorded with no character,
shown as "GM" in the history, the recap and the exports, charged to nobody, undoable; a bad pool is
refused naming the system's syntax and records nothing."""

from __future__ import annotations

import pytest

from gmconsole import systems
from gmconsole.rules.errors import RulesError


@pytest.mark.parametrize("system, pool, shown", [
    ("yze", "5B, 3s 2st", "GM rolls 5b 3s 2st"),
    ("myz", "4b 2s 1g d10", "GM rolls 4b 2s 1g d10"),
    ("yze-step", "d10 d8", "GM rolls d10 d8"),
    ("tiered", "0d6", "GM rolls 0d6"),
    ("exploding", "s8/6 t6", "GM rolls s8/6 t6 tn4"),
])
def test_quick_rolls_are_the_gms_in_history_recap_and_exports(make_service, system, pool, shown):
    service = make_service(system)
    entry = service.quick_roll(pool)
    assert entry["summary"].startswith(shown) and entry["character"] == "GM" and entry["character_id"] is None
    assert entry["costs_status"] == "none" and entry["costs"] == []
    assert "GM" in service.export_session(fmt="markdown") and "GM" in service.export_session(fmt="csv")
    from gmconsole.campaign.sessions import recap_markdown

    assert shown in recap_markdown(service.recap())
    service.undo()
    assert [e for e in service.history() if e.get("status", "done") == "done"] == []


@pytest.mark.parametrize("system, pool", [("yze", "5x"), ("myz", "2st"), ("tiered", "lots"),
                                          ("exploding", "s8 tn5"), ("yze-step", "d10 d8 d6"), ("yze", "")])
def test_a_bad_quick_pool_names_the_syntax_and_records_nothing(make_service, system, pool):
    service = make_service(system)
    with pytest.raises(RulesError) as refused:
        service.quick_roll(pool)
    assert systems.get(system).quick_pool_syntax in str(refused.value)
    assert service.history() == []


def test_a_pushed_quick_roll_charges_nobody(make_service):
    service = make_service("yze")
    service.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3}})
    before = service.campaign.to_dict()["roster"]
    roll = service.quick_roll("3b 2st", faces="base=2,3,4 stress=2,2")
    service.push(roll["id"], faces="base=1,1,1 stress=1,1,1")  # stress 1s: panic and stress, for a character
    assert service.entry(roll["id"])["costs_status"] == "none"
    assert service.campaign.to_dict()["roster"] == before
