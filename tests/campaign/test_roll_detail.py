"""A roll entry holds the fields every family's rolls share, and one detail record its family defines: a
tier, the top die against a TN, stunts and panic live there. The history file does not change: an entry
written by an older gmconsole, every field flat, is read into its family's record and written back to the
same keys, in the same order, byte for byte."""

from __future__ import annotations

import json
import random

import pytest
from campaign_helpers import frozen_clock

from gmconsole import systems
from gmconsole.campaign import entries
from gmconsole.campaign.history import result_text
from gmconsole.campaign.library import demo_folder
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.service import CampaignService
from gmconsole.systems.roll_detail import MISSING, RollDetail

# Roll entries as the history files hold them, every field flat (a key gmconsole does not name rides along).
OLD_ROLLS = {
    "myz": {
        "kind": "roll", "at": "2026-01-10T20:01:00+00:00", "session": 1, "scene": 1, "character": "Vanja",
        "character_id": "c1", "skill": "move", "summary": "Vanja rolls Move: 2 successes", "status": "done",
        "id": 4, "system": "myz", "attribute": "agility", "request": {"skill": "move"},
        "dice": [{"kind": "base", "face": 6}, {"kind": "skill", "face": 6}, {"kind": "gear", "face": 1}],
        "first_dice": [{"kind": "base", "face": 6}], "successes": 2, "stunts": 1, "friends_helped": 2,
        "pushes": 1, "outcome": {"success": True, "successes": 2}, "costs": [{"name": "gear", "amount": 1}],
        "costs_status": "pending", "can_push": False, "push_refusal": "pushed already", "panic": False,
        "by_hand": False, "stunt_list": ["Help a friend."], "stress_paid": 1,
        "role_outcome": {"kind": "build", "summary": "Vanja builds a scrap gun"}, "later_field": [1, 2],
    },
    "yze": {
        "kind": "roll", "at": "2026-01-10T20:02:00+00:00", "session": 1, "scene": 2, "character": "Ripley",
        "character_id": "c2", "skill": "heavy-machinery", "summary": "Ripley rolls: 0 successes",
        "status": "undone", "undone_at": "2026-01-10T20:03:00+00:00", "id": 7, "system": "yze",
        "dice": [{"kind": "stress", "face": 1}], "successes": 0, "stunts": 0, "pushes": 0, "panic": True,
        "costs": [], "costs_status": "none", "can_push": True, "push_refusal": None, "by_hand": True,
        "stunt_list": [],
    },
    "exploding": {
        "kind": "roll", "at": "2026-01-10T20:04:00+00:00", "session": 2, "character": "Kara Venn",
        "character_id": "c1", "skill": "shooting", "summary": "Kara Venn rolls shooting: top 3",
        "status": "done", "id": 9, "system": "exploding", "attribute": "agility",
        "request": {"skill": "shooting", "attribute": "agility"},
        "dice": [{"kind": "skill", "sides": 10, "faces": [3]}], "top": 3, "margin": -1, "tn": 4,
        "success": False, "critical_failure": False, "outcome": {"top": 3, "tn": 4}, "by_hand": False,
        "pushes": 0, "can_push": False, "reroll": {"of": 8, "grant": "Old hand"}, "rerolled_with": None,
        "hidden": True,
    },
    "tiered": {
        "kind": "roll", "at": "2026-01-10T20:05:00+00:00", "session": 1, "scene": 3, "character": "Aldric",
        "character_id": "c1", "skill": "swords", "summary": "Aldric rolls swords: Mixed", "status": "done",
        "id": 12, "system": "tiered", "attribute": "str", "pool": {"dice": 2}, "helpers": [],
        "dice": [{"kind": "dice", "sides": 6, "face": 4}, {"kind": "dice", "sides": 6, "face": 3}],
        "tier": "mixed", "highest": 7, "outcome": {"tier": "mixed"}, "by_hand": False, "costs": [],
        "costs_status": "none", "pushes": 0, "can_push": False, "consequences": "offered",
        "consequences_chosen": ["damage"], "actions": {"kind": "fast", "helpers": []},
    },
}

FAMILY_KEYS = {
    "myz": {"stunts", "stunt_list", "panic", "stress_paid", "role_outcome"},
    "yze": {"stunts", "stunt_list", "panic"},
    "exploding": {"top", "margin", "tn", "success", "critical_failure", "reroll", "rerolled_with"},
    "tiered": {"tier", "highest", "consequences", "consequences_chosen"},
}


def _text(entry: dict) -> str:
    return json.dumps(entry, ensure_ascii=False)


@pytest.mark.parametrize("system", sorted(OLD_ROLLS))
def test_an_old_flat_roll_entry_reads_into_its_familys_record_and_writes_back_byte_for_byte(system):
    stored = _text(OLD_ROLLS[system])
    record = entries.from_dict(json.loads(stored))
    assert isinstance(record, entries.RollEntry)
    assert type(record.detail) is systems.family_of(system).detail_record
    assert record.detail.stored() == {k: v for k, v in OLD_ROLLS[system].items() if k in FAMILY_KEYS[system]}
    # the family's own keys are the detail's, neither the entry's nor left over in extra
    assert not FAMILY_KEYS[system] & (set(vars(record)) | set(record.extra))
    assert _text(record.to_dict()) == stored
    assert entries.from_dict(record.to_dict()) == record


def test_the_familys_record_is_typed_for_its_own_readers():
    from gmconsole.families.exploding.rules.detail import ExplodingDetail
    from gmconsole.families.tiered.rules.detail import TieredDetail
    from gmconsole.families.yearzero.rules.detail import YearZeroDetail

    tiered = entries.as_roll(OLD_ROLLS["tiered"]).detail
    assert TieredDetail.of(tiered) == TieredDetail(tier="mixed", highest=7, consequences="offered",
                                                   consequences_chosen=["damage"])
    exploding = ExplodingDetail.of(entries.as_roll(OLD_ROLLS["exploding"]).detail)
    assert (exploding.top, exploding.tn, exploding.margin, exploding.success) == (3, 4, -1, False)
    assert exploding.reroll == {"of": 8, "grant": "Old hand"} and exploding.rerolled_with is None
    myz = YearZeroDetail.of(entries.as_roll(OLD_ROLLS["myz"]).detail)
    assert (myz.stunts, myz.stress_paid, myz.role_outcome["kind"]) == (1, 1, "build")
    # another family's record, read as this one: every field absent, as the stored dict had none of them
    assert TieredDetail.of(exploding) == TieredDetail() and TieredDetail().tier is MISSING
    with pytest.raises(AttributeError):
        tiered.tier = "great"  # frozen: a record read from the history is not changed in place


def test_the_history_words_a_roll_by_its_familys_record():
    assert result_text(OLD_ROLLS["tiered"]) == "mixed"
    assert result_text(OLD_ROLLS["exploding"]) == "top 3 (-1)"
    assert result_text(OLD_ROLLS["yze"]) == "0 successes"


def test_a_roll_of_a_system_this_gmconsole_does_not_know_keeps_every_key_and_writes_back_unchanged():
    stored = dict(OLD_ROLLS["tiered"], system="from-a-newer-gmconsole")
    record = entries.from_dict(stored)
    assert type(record.detail) is RollDetail and record.detail.value("tier") is MISSING
    assert record.extra["tier"] == "mixed" and record.extra["consequences_chosen"] == ["damage"]
    assert _text(record.to_dict()) == _text(stored)


def _demo(tmp_path, system: str) -> CampaignService:
    document = json.loads((demo_folder() / f"{system}-demo.json").read_text(encoding="utf-8"))
    return CampaignService.from_campaign(tmp_path, Campaign.from_dict(document), clock=frozen_clock,
                                         rng=random.Random(3))


@pytest.mark.parametrize("system", ["myz", "yze", "yze-step", "exploding", "tiered"])
def test_a_roll_recorded_and_read_back_from_the_history_keeps_its_familys_fields(tmp_path, system):
    service = _demo(tmp_path, system)
    try:
        first = service.campaign.roster[0]
        if system == "exploding":
            rolled = service.rolls.roll(first.id, "athletics", attribute="agility")
        elif system == "tiered":
            rolled = service.rolls.roll(first.id, "swords", attribute="str")
        else:
            rolled = service.rolls.roll(first.id, sorted(first.skills)[0])
        stored = service.history.entry(rolled["id"])
    finally:
        service.close()
    record = entries.from_dict(stored)
    assert isinstance(record, entries.RollEntry)
    assert type(record.detail) is systems.family_of(system).detail_record
    own = record.detail.stored()
    assert own and own == {k: v for k, v in stored.items() if k in record.detail.stored_keys()}
    assert _text(record.to_dict()) == _text(stored)


def test_a_familys_record_that_names_a_field_every_roll_shares_leaves_it_to_the_entry(monkeypatch):
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Counted(RollDetail):
        tier: str = MISSING
        successes: int = MISSING  # every roll's own field: the entry keeps it

    family = systems.family_of("tiered")
    monkeypatch.setattr(type(family), "detail_record", property(lambda self: Counted))
    monkeypatch.setattr(entries, "_DETAIL_RECORDS", {})
    stored = dict(OLD_ROLLS["tiered"], successes=2)
    record = entries.from_dict(stored)
    assert type(record.detail) is Counted and record.detail.stored() == {"tier": "mixed"}
    assert record.successes == 2 and record.extra["highest"] == 7
    record.successes = 3  # the entry's field, written back where it was read
    assert list(record.to_dict()) == list(stored) and record.to_dict()["successes"] == 3
