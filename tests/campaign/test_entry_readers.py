"""The readers' side of typed entries: the service hands out a record beside the stored
dict, an absent field reads as the dict's ``get`` did, and any entry reads as a roll for the roll text."""

import json
import random

from campaign_helpers import frozen_clock

from gmconsole.campaign import entries
from gmconsole.campaign.library import demo_folder
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.service import CampaignService


def _yze(tmp_path) -> CampaignService:
    document = json.loads((demo_folder() / "yze-demo.json").read_text(encoding="utf-8"))
    return CampaignService.from_campaign(tmp_path, Campaign.from_dict(document), clock=frozen_clock,
                                         rng=random.Random(3))


def test_record_is_the_entry_as_its_kind_s_record(tmp_path):
    service = _yze(tmp_path)
    try:
        character = service.campaign.roster[0]
        rolled = service.rolls.roll(character.id, next(iter(character.skills)))
        record = service.history.record(rolled["id"])
        assert isinstance(record, entries.RollEntry)
        assert record.to_dict() == service.history.entry(rolled["id"]) == rolled
        assert list(record.to_dict()) == list(service.history.entry(rolled["id"]))  # the stored keys, in their order
        assert record.successes == rolled["successes"] and record.id == rolled["id"]
    finally:
        service.close()


def test_an_absent_field_is_falsy_and_given_reads_it_as_get_did():
    record = entries.from_dict({"kind": "roll", "id": 4})
    assert not record.costs_status and record.costs_status is entries.MISSING
    assert entries.given(record.costs_status, None) is None
    assert entries.given(record.id, None) == 4
    assert "costs_status" not in record.to_dict()


def test_any_entry_reads_as_a_roll_with_the_fields_it_shares():
    push = entries.from_dict({"kind": "push", "id": 5, "roll_id": 4, "successes": 2, "costs": [{"name": "stress"}]})
    roll = entries.as_roll(push)
    assert isinstance(roll, entries.RollEntry)
    assert roll.successes == 2 and roll.costs == [{"name": "stress"}] and roll.pushes is entries.MISSING
    handmade = entries.as_roll({"system": "myz", "successes": 1})  # no kind: a test's or a preview's roll
    assert handmade.system == "myz" and handmade.successes == 1
    same = entries.from_dict({"kind": "roll", "id": 1})
    assert entries.as_roll(same) is same and entries.as_record(same) is same
