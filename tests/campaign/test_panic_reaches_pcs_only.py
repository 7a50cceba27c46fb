"""R-PANIC-1 (corrected to seed 002, whose rows 7 and 11-14 name 「玩家角色」): the panic rows that reach
others reach player characters only. The service refuses an NPC named in ``in_range`` with one sentence
naming the NPC and the rule, before any die is rolled, and records nothing; the costs stay waiting."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


def _table(service):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1},
                                        "stress": 1})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3)})
    rats = service.roster.add_character({"name": "Hull rats", "kind": "npc", "count": 6, "attributes": yz(1, 4, 1, 1)})
    return ann, bo, rats


def test_R_PANIC_1_a_panic_roll_refuses_an_npc_in_range_and_records_nothing(make_service):
    service = make_service("yze")
    ann, bo, rats = _table(service)
    before = service.campaign.to_dict()["roster"]
    for named in (rats.id, "hull rats"):
        with pytest.raises(ValidationError) as refused:
            service.trackers.panic_roll(ann.id, in_range=[bo.id, named], face=6)  # 6 + 1 = 7, Nervous twitch
        said = str(refused.value)
        assert "Hull rats" in said and "R-PANIC-1" in said and "player characters" in said
        assert "\n" not in said
    assert service.history.filtered(kind="panic") == [] and service.campaign.to_dict()["roster"] == before
    entry = service.trackers.panic_roll(ann.id, in_range=[bo.id], face=6)
    assert [g["character"] for g in entry["panic"]["stress"]] == ["Bo"]


def test_R_PANIC_1_applying_a_panic_owed_refuses_an_npc_in_range_and_the_costs_stay_waiting(make_service):
    service = make_service("yze")
    ann, bo, rats = _table(service)
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=5 stress=1")
    assert roll["costs"] == [{"name": "panic", "amount": 1}]
    with pytest.raises(ValidationError, match=r"Hull rats .*R-PANIC-1"):
        service.outcomes.apply_costs(roll["id"], in_range=[rats.id], panic_face=6)
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    assert service.history.filtered(kind="costs") == []
    costs = service.outcomes.apply_costs(roll["id"], in_range=[bo.id], panic_face=6)
    assert [g["character"] for g in costs["panic"]["stress"]] == ["Bo"]
