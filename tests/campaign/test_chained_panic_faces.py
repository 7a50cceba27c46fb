"""R-PANIC-3 in the campaign: the D6s of the panic rolls a row chains (Scream, Flee, Berserk) typed per player
character in range, for a panic roll and for the panics a roll's costs owe (each panic its own chain). Given at
all, every PC in range has one; checked before any die is rolled; each chained roll typed says ``by_hand``."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


def _trio(service, *, ann_stress=0, bo_stress=0):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1},
                                        "stress": ann_stress})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1},
                                       "stress": bo_stress})
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3)})
    return ann, bo, cy


def test_R_PANIC_3_a_panic_roll_takes_the_chained_faces_and_refuses_what_is_not_all_of_them(make_service):
    service = make_service("yze")
    ann, bo, cy = _trio(service, ann_stress=7)  # 6 + 7 = 13, Flee: every PC who hears rolls
    npc = service.roster.add_character({"name": "Rats", "kind": "npc", "attributes": yz(1, 1, 1, 1)})
    refusals = {
        "still owed Cy (R-PANIC-3)": {bo.id: 2},
        "Rats is not in range": {bo.id: 2, cy.id: 3, npc.id: 4},
        "Ann is not in range": {bo.id: 2, cy.id: 3, ann.id: 4},
        "Bo's chained D6 cannot show 7": {"bo": 7, cy.id: 3},
    }
    for said, faces in refusals.items():
        with pytest.raises(ValidationError, match=said.replace("(", r"\(").replace(")", r"\)")):
            service.trackers.panic_roll(ann.id, in_range=[bo.id, cy.id], face=6, chain_faces=faces)
    assert service.history.filtered(kind="panic") == []
    entry = service.trackers.panic_roll(ann.id, in_range=["Bo", "Cy"], face=6, chain_faces={"Cy": 1, "bo": 4})
    rolls = entry["panic"]["rolls"]
    assert [(r["character"], r["face"], r.get("by_hand")) for r in rolls] == [
        ("Ann", 6, None), ("Bo", 4, True), ("Cy", 1, True)]
    service.undo()
    assert service.character("Bo").panic is None


def test_R_PANIC_3_each_panic_a_roll_owes_chains_its_own_typed_dice(make_service):
    service = make_service("yze")
    ann, bo, cy = _trio(service, ann_stress=7, bo_stress=7)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2 stress=1,4,4,4,4,4,4",
                                       defender_faces="base=3,3,3 skill=4 stress=1,4,4,4,4,4,4")
    assert [c.get("target") for c in entry["costs"]] == [None, "Bo"]
    with pytest.raises(ValidationError, match="still owed Ann"):  # Bo's chain reaches Ann and Cy
        service.outcomes.apply_costs(entry["id"], in_range=[ann.id, bo.id, cy.id], panic_face=6, defender_panic_face=6,
                                     chain_faces={bo.id: 1, cy.id: 2}, defender_chain_faces={cy.id: 3})
    costs = service.outcomes.apply_costs(entry["id"], in_range=[ann.id, bo.id, cy.id], panic_face=6,
                                         defender_panic_face=6,
                                         chain_faces={bo.id: 1, cy.id: 2}, defender_chain_faces={ann.id: 5, cy.id: 3})
    mine = [(r["character"], r["face"]) for r in costs["panic"]["rolls"]]
    theirs = [(r["character"], r["face"]) for r in costs["defender_panic"]["rolls"]]
    assert mine == [("Ann", 6), ("Bo", 1), ("Cy", 2)]
    assert theirs == [("Bo", 6), ("Ann", 5), ("Cy", 3)]
    assert all(r.get("by_hand") for r in costs["panic"]["rolls"][1:] + costs["defender_panic"]["rolls"][1:])
