"""Typed tracker values, changes that change nothing, an attack's damage on its target,
and the panic roll's typed D6 — each one undoable history entry, or none at all."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import Unchanged, ValidationError


def _entries(service) -> int:
    return len(service.history.filtered(include_undone=True))


def test_a_counter_set_to_a_typed_value_is_one_undoable_entry(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    entry = service.trackers.set_tracker(ann.id, "stress", 4)
    assert service.character(ann.id).stress == 4 and entry["summary"] == "Ann: stress set 0 → 4"
    service.trackers.set_tracker(ann.id, "willpower", 7)
    service.undo()
    assert service.character(ann.id).willpower == 0
    service.undo()
    assert service.character(ann.id).stress == 0


def test_a_typed_value_out_of_range_is_refused_with_the_range(make_service):
    service = make_service("tiered")
    bo = service.roster.add_character({"name": "Bo", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 1},
                                       "stamina": 5, "stamina_max": 8})
    before = _entries(service)
    with pytest.raises(ValidationError, match="stamina must be from 0 to 8, not 9"):
        service.trackers.set_tracker(bo.id, "stamina", 9)
    with pytest.raises(ValidationError, match="xp must be 0 or more, not -1"):
        service.trackers.set_tracker(bo.id, "xp", -1)
    with pytest.raises(ValidationError, match="the doom pool must be 0 or more"):
        service.trackers.set_doom(-2)
    assert _entries(service) == before and service.character(bo.id).stamina == 5


@pytest.mark.parametrize("change, why", [
    (lambda s, a: s.trackers.change_stress(a, -1), "stress is already 0"),
    (lambda s, a: s.trackers.change_tracker(a, "willpower", -1), "willpower is already 0"),
    (lambda s, a: s.trackers.set_tracker(a, "stress", 0), "stress is already 0"),
    (lambda s, a: s.trackers.set_doom(0), "doom pool is already 0"),
    (lambda s, a: s.trackers.rest(a), "Ann has no stress to rest away"),
    (lambda s, a: s.trackers.rest(), "no PC has any stress to rest away"),
])
def test_a_change_that_changes_nothing_records_nothing_and_says_why(make_service, change, why):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    before, undo = _entries(service), service.undo_count
    with pytest.raises(Unchanged, match=why):
        change(service, ann.id)
    assert _entries(service) == before and service.undo_count == undo


def test_stamina_plus_one_at_its_maximum_records_nothing(make_service):
    service = make_service("tiered")
    bo = service.roster.add_character({"name": "Bo", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 1},
                                       "stamina": 8, "stamina_max": 8})
    with pytest.raises(Unchanged, match="stamina is already 8"):
        service.trackers.change_tracker(bo.id, "stamina", 1)


def test_a_clock_set_to_a_typed_value(make_service):
    service = make_service("yze")
    clock = service.trackers.add_clock("Alarm", 6)
    service.trackers.set_clock(clock.id, 4)
    assert service.session.clock(clock.id).filled == 4
    with pytest.raises(ValidationError, match="type 0 to 6, not 7"):
        service.trackers.set_clock(clock.id, 7)
    with pytest.raises(Unchanged, match="already at 4/6"):
        service.trackers.set_clock(clock.id, 4)
    service.undo()
    assert service.session.clock(clock.id).filled == 0


def test_R_TIER_4_an_attacks_damage_comes_off_the_targets_stamina_once(make_service):
    service = make_service("tiered")
    aldric = service.roster.add_character({"name": "Aldric", "attributes": {"str": 2, "dex": 1, "int": 0, "cha": 1,
                                                                            "per": 1},
                                           "class_bonus": 1, "gear": [{"name": "Longsword", "damage": 6}]})
    orc = service.roster.add_character({"name": "Orc", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 0},
                                        "stamina": 10, "stamina_max": 12, "kind": "npc"})
    attack = service.rolls.attack(aldric.id, "Longsword", faces="dice=6,2,3")
    assert attack["damage"] == 8
    entry = service.outcomes.apply_attack_damage(attack["id"], "Orc")
    assert service.character(orc.id).stamina == 2
    assert entry["kind"] == "damage" and "stamina 10 → 2/12" in entry["summary"]
    with pytest.raises(ValidationError, match="already applied to Orc"):
        service.outcomes.apply_attack_damage(attack["id"], orc.id)
    service.undo()
    assert service.character(orc.id).stamina == 10
    assert service.history.entry(attack["id"]).get("damage_applied_to") is None
    service.outcomes.apply_attack_damage(attack["id"], orc.id)
    again = service.rolls.attack(aldric.id, "Longsword", faces="dice=6,2,3")
    service.outcomes.apply_attack_damage(again["id"], orc.id)
    assert service.character(orc.id).stamina == 0  # 8 on 2: down to 0, not below
    third = service.rolls.attack(aldric.id, "Longsword", faces="dice=6,2,3")
    with pytest.raises(Unchanged, match="already 0"):
        service.outcomes.apply_attack_damage(third["id"], orc.id)


def test_R_MANUAL_1_a_typed_panic_die_is_marked_by_hand(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.trackers.change_stress(ann.id, 3)
    entry = service.trackers.panic_roll(ann.id, face=5)
    assert entry["by_hand"] is True and entry["panic"]["effect"] == "tremble"
    assert service.trackers.panic_roll(ann.id, face=2, by_hand=False)["by_hand"] is False
