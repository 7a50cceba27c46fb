"""Typed history entries: every kind a campaign records reads into its own record and
writes back byte for byte — the same keys, in the same order — so the history files keep their shape."""

import json
import random

import pytest
from campaign_helpers import frozen_clock

from gmconsole.campaign import entries
from gmconsole.campaign.library import demo_folder
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.service import CampaignService


def _stored(entry: dict) -> str:
    return json.dumps(entry, ensure_ascii=False)


def _demo(tmp_path, system: str) -> CampaignService:
    document = json.loads((demo_folder() / f"{system}-demo.json").read_text(encoding="utf-8"))
    return CampaignService.from_campaign(tmp_path, Campaign.from_dict(document), clock=frozen_clock,
                                         rng=random.Random(3))


def _play_the_frame(service: CampaignService) -> None:
    """What every system records: sessions, scenes, settings, doom, clocks, the roster, trackers, conflict."""
    first, second = (c.id for c in service.campaign.roster[:2])
    service.sessions.new_scene()
    service.trackers.change_doom(2)
    service.trackers.set_doom(1)
    clock = service.trackers.add_clock("Reactor", 4)
    service.trackers.advance_clock(clock.id, 1)
    service.trackers.set_clock(clock.id, 3)
    new = service.roster.duplicate_character(first, "Extra")
    service.roster.update_character(new.id, {"notes": "watches the door"})
    service.roster.remove_character(new.id)
    service.trackers.add_condition(first, "tired")
    service.trackers.remove_condition(first, "tired")
    service.conflict.start_conflict([first, second], mode="manual")
    service.conflict.next_turn()
    service.conflict.end_conflict()
    service.rolls.change_of_circumstances(first, "none", "the door is open now")
    service.undo()
    service.redo()
    service.sessions.new_session(title="The next evening")


def _play_year_zero(service: CampaignService) -> None:
    ripley = service.campaign.roster[0]
    skill = sorted(ripley.skills)[0]
    roll = service.rolls.roll(ripley.id, skill)
    if roll["can_push"]:
        service.rolls.push(roll["id"])
    if service.outcomes.pending_costs():
        service.outcomes.apply_costs(service.outcomes.pending_costs()[0]["roll_id"])
    service.rolls.quick_roll("3b 1s" if service.campaign.system != "yze-step" else "d8 d6")
    if service.trackers.has_panic_table:
        service.trackers.change_stress(ripley.id, 1)
        service.trackers.panic_roll(ripley.id, face=2)
        service.trackers.rest()


def _play_exploding(service: CampaignService) -> None:
    service.rolls.roll("c1", "athletics", attribute="agility")
    service.rolls.opposed_test("c1", "athletics", "c5", attribute="agility", defender_attribute="agility")
    service.rolls.group_check(["c1", "c5"], "athletics", attribute="agility")
    service.rolls.assisted_check("c1", "athletics", ["c3"], attribute="agility")


def _play_tiered(service: CampaignService) -> None:
    service.rolls.roll("c1", "swords", attribute="str")
    service.rolls.contested("c1", "str", "c4")
    service.rolls.saving_throw("c1", "phys")
    attack = service.rolls.attack("c1", "g2")
    service.outcomes.apply_attack_damage(attack["id"], "c4")


PLAYS = {"myz": _play_year_zero, "yze": _play_year_zero, "yze-step": _play_year_zero,
         "exploding": _play_exploding, "tiered": _play_tiered}


@pytest.mark.parametrize("system", ["myz", "yze", "yze-step", "exploding", "tiered"])
def test_every_entry_a_demo_campaign_records_reads_and_writes_back_unchanged(tmp_path, system):
    service = _demo(tmp_path, system)
    try:
        _play_the_frame(service)
        PLAYS[system](service)
        recorded = service.history.entries()
    finally:
        service.close()
    kinds = {e["kind"] for e in recorded}
    assert {"scene", "doom", "clock", "roster", "condition", "initiative", "circumstances", "session"} <= kinds
    for entry in recorded:
        record = entries.from_dict(entry)
        assert type(record) is not entries.Entry, f"kind {entry['kind']} has no record of its own"
        assert _stored(record.to_dict()) == _stored(entry)


def test_an_entry_keeps_unknown_keys_missing_fields_and_key_order():
    stored = {"kind": "roll", "at": "2026-01-01T00:00:00+00:00", "later_note": {"x": [1, 2]}, "session": 2,
              "successes": 0, "status": "undone", "undone_at": "2026-01-01T00:01:00+00:00"}
    record = entries.from_dict(stored)
    assert isinstance(record, entries.RollEntry) and record.successes == 0 and record.pushes is entries.MISSING
    assert record.extra == {"later_note": {"x": [1, 2]}}
    assert _stored(record.to_dict()) == _stored(stored)
    record.status = "done"
    record.done_at = "2026-01-01T00:02:00+00:00"  # set since it was read: written after the stored keys
    assert list(record.to_dict())[-1] == "done_at" and record.to_dict()["status"] == "done"


def test_a_kind_the_code_does_not_know_reads_as_a_plain_entry_and_writes_back_unchanged():
    stored = {"kind": "from-a-newer-gmconsole", "summary": "?", "odd": 1}
    record = entries.from_dict(stored)
    assert type(record) is entries.Entry and _stored(record.to_dict()) == _stored(stored)


def test_every_kind_the_commands_record_has_a_record():
    for kind in ("roll", "push", "costs", "drop_costs", "panic", "opposed", "assisted", "group", "contested",
                 "save", "attack", "consequence", "repair", "heal", "trauma", "inspire", "damage",
                 "circumstances", "initiative", "doom", "clock", "stress", "condition", "rest", "roster", "sheet",
                 "gear", "session", "scene", "settings", "skills", "harm"):
        assert kind in entries.KINDS, kind


def test_a_special_roll_reads_as_its_record_and_a_stored_group_check_as_one(tmp_path):
    """The words of a special roll read it as a special roll: a record as it is, a stored dict (what the
    service hands back) read, its group result and TN as recorded (the family's own fields, in its record)."""
    from gmconsole.families.exploding.rules.detail import ExplodingSpecialDetail

    service = _demo(tmp_path, "exploding")
    roster = service.campaign.roster
    skill, first, second = next((s, a.id, b.id) for a in roster for b in roster if a.id < b.id
                                for s in a.skills if a.skills[s] and b.skills.get(s))
    stored = service.rolls.group_check([first, second], skill)
    read = entries.as_special(stored)
    assert isinstance(read, entries.SpecialRollEntry)
    assert read.kind == "group" and ExplodingSpecialDetail.of(read.detail).group["tn"] == stored["tn"]
    assert read.to_dict() == stored
    assert entries.as_special(read) is read
    pushed = entries.as_special({"kind": "push", "roll_id": 4, "group": {"tn": 5}})
    assert ExplodingSpecialDetail.of(pushed.detail).group == {"tn": 5} and pushed.extra == {"roll_id": 4}
