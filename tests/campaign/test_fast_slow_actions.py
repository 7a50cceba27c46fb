"""R-ACT-1, R-ACT-2 in the campaign: fast and slow actions marked in the conflict (yze, yze-step; seed 002), kept
in the campaign file in their shape, and a helped roll's helpers taking an action of the kind helped."""

from __future__ import annotations

import json

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.initiative import Initiative
from gmconsole.store import CorruptFile


def _crew(service):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 3), "skills": {"ranged": 2}})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"ranged": 1}})
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3)})
    return ann, bo, cy


def _actions(service) -> dict:
    return Initiative.from_dict(service.session.initiative).actions


def test_R_ACT_1_marks_are_kept_in_the_file_and_undone_like_any_step(make_service, reopen):
    service = make_service("yze-step")
    ann = service.roster.add_character({"name": "Ann", "attributes": {"strength": 8, "agility": 10, "wits": 8,
                                                                "empathy": 6}})
    service.conflict.start_conflict([ann.id], cards={ann.id: [4]})
    entry = service.conflict.take_action("Ann", "slow")
    assert (entry["step"], entry["action"], entry["summary"]) == ("action", "slow", "Ann: slow action taken")
    service = reopen(service)
    assert _actions(service) == {ann.id: ["slow"]}
    service.undo()
    assert _actions(service) == {}
    with pytest.raises(ValueError, match="fast or slow"):
        service.conflict.take_action(ann.id, "quick")


def test_R_ACT_1_a_system_without_them_refuses_a_mark(make_service):
    service = make_service("myz")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.conflict.start_conflict([ann.id])
    with pytest.raises(ValidationError, match=r"has no fast and slow actions \(R-ACT-1\)"):
        service.conflict.take_action(ann.id, "fast")


def test_R_ACT_2_helpers_in_the_conflict_take_the_kind_helped_the_others_nothing(make_service):
    service = make_service("yze")
    ann, bo, cy = _crew(service)
    dee = service.roster.add_character({"name": "Dee", "attributes": yz(3, 3, 3, 3)})  # not in the fight
    service.conflict.start_conflict([ann.id, bo.id, cy.id], cards={ann.id: [1], bo.id: [2], cy.id: [3]})
    roll = service.rolls.roll(ann.id, "ranged", helpers=[bo.id, dee.id], faces="base=2,3,4,5 skill=6,1,2,3")
    assert roll["actions"] == {"kind": "slow", "helpers": [bo.id]}
    assert roll["summary"].endswith("; Bo helping: slow action taken (R-ACT-2)")
    service.conflict.take_action(ann.id, "fast")
    preview = service.rolls.preview_roll(ann.id, "ranged", helpers=[bo.id, cy.id])
    assert not [w for w in preview.warnings if "R-ACT-2" in w]  # a fast action helped: Bo still has his fast one
    opposed = service.rolls.opposed_roll(ann.id, "ranged", helpers=[bo.id, cy.id], defender_pool="base=2",
                                         faces="base=2,3,4,5 skill=6,1,2,3", defender_faces="base=1,2")
    assert opposed["actions"] == {"kind": "fast", "helpers": [bo.id, cy.id]}
    assert _actions(service) == {ann.id: ["fast"], bo.id: ["fast", "slow"], cy.id: ["fast"]}
    said = [w for w in service.rolls.preview_roll(ann.id, "ranged", helpers=[bo.id]).warnings if "R-ACT-2" in w]
    assert said == ["Bo has no fast action left this round: help is an action of the kind helped (R-ACT-2)"]
    again = service.rolls.roll(ann.id, "ranged", helpers=[bo.id], faces="base=2,3,4,5 skill=6,1,2")
    assert "actions" not in again  # nothing left to take: the roll marks nothing


def test_R_ACT_2_no_conflict_no_marks(make_service):
    service = make_service("yze")
    ann, bo, _cy = _crew(service)
    roll = service.rolls.roll(ann.id, "ranged", helpers=[bo.id], faces="base=2,3,4,5 skill=6,1,2")
    assert "actions" not in roll and "helping" not in roll["summary"]


def test_R_ACT_1_marks_of_the_wrong_shape_in_the_file_are_a_damaged_file(make_service, tmp_path):
    service = make_service("yze", name="Marks")
    ann, _bo, _cy = _crew(service)
    service.conflict.start_conflict([ann.id], cards={ann.id: [4]})
    service.close()
    path = tmp_path / "Marks" / "campaign.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    tables["state"]["1"]["campaign"]["sessions"][0]["initiative"]["actions"] = {ann.id: ["quick"]}
    path.write_text(json.dumps(tables), encoding="utf-8")
    from gmconsole.campaign.service import CampaignService

    with pytest.raises(CorruptFile) as damaged:
        CampaignService.open(tmp_path, "Marks")
    assert "actions" in str(damaged.value)
