"""A push and a special roll hold the fields every family's entries of that kind share, and one detail record
its family defines, as a roll does: a Push Yourself die's tiers, the stress a push raised at once, a special
roll's top die against a TN and the defender's, its tier, an attack's damage, a save's score. The history file
does not change: an entry written by an older gmconsole, every field flat, is read into its family's record and
written back to the same keys, in the same order, byte for byte."""

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
from gmconsole.ui.widgets.roll_text import costs_lines

_DIE = {"kind": "dice", "sides": 6, "rerolled": False}

# Push entries as the history files hold them, every field flat (a key gmconsole does not name rides along).
OLD_PUSHES = {
    "tiered": {
        "at": "2026-03-14T19:30:00+00:00", "session": 1, "scene": 1, "kind": "push", "character": "Aldric",
        "character_id": "c1", "summary": "Aldric pushes themself: Mixed → Good; stamina −2 → 8", "status": "done",
        "roll_id": 1, "skill": "swords", "push_dice": [dict(_DIE, face=5), dict(_DIE, face=6, added=True)],
        "tier": "good", "tier_before": "mixed", "highest": 6,
        "costs": [{"target": "stamina", "amount": -2, "reason": "Push Yourself"}], "by_hand": False,
        "push_step": 1, "id": 2, "later_field": {"x": 1},
    },
    "yze": {
        "at": "2026-03-14T19:30:00+00:00", "session": 1, "scene": 1, "kind": "push", "character": "Ripley Hale",
        "character_id": "c1", "summary": "Ripley Hale pushes Crafting: 1 success; stress +1 → 2", "status": "undone",
        "undone_at": "2026-03-14T19:31:00+00:00", "roll_id": 1, "skill": "crafting",
        "push_dice": [{"kind": "base", "sides": 6, "face": 6, "rerolled": True},
                      {"kind": "stress", "sides": 6, "face": 1, "rerolled": True}],
        "successes": 1, "costs": [{"name": "panic", "amount": 1}], "by_hand": False, "push_step": 1,
        "stress_gained": 1, "id": 2,
    },
}

PUSH_KEYS = {"tiered": {"tier", "tier_before", "highest"}, "yze": {"stress_gained"}}

# Special rolls as the history files hold them: an exploding opposed test and assisted check name their
# system; a tiered attack names none (its tier says its family).
OLD_SPECIALS = {
    "exploding opposed": {
        "at": "2026-03-14T19:30:00+00:00", "session": 1, "scene": 1, "kind": "opposed", "character": "Kara Venn",
        "character_id": "c1", "summary": "Kara Venn (athletics) opposed by Doc Rell: top 9 vs 2 — Kara Venn wins",
        "status": "done", "system": "exploding", "skill": "athletics", "attribute": "agility", "top": 9,
        "defender": "Doc Rell", "defender_id": "c3", "defender_skill": "athletics", "defender_attribute": "agility",
        "defender_top": 2, "winner": "active", "winner_name": "Kara Venn", "tie_goes_to": "defender",
        "dice": [{"kind": "trait", "sides": 10, "faces": [9], "total": 9}],
        "defender_dice": [{"kind": "trait", "sides": 6, "faces": [2], "total": 2}],
        "outcome": {"winner": "active"}, "by_hand": False, "id": 1,
    },
    "exploding assisted": {
        "at": "2026-03-14T19:31:00+00:00", "session": 1, "scene": 1, "kind": "assisted", "character": "Kara Venn",
        "character_id": "c1", "summary": "Kara Venn leads an assisted athletics check (TN 5): 2 of 2 succeed",
        "status": "done", "system": "exploding", "skill": "athletics", "attribute": "agility", "top": 8, "tn": 5,
        "margin": 3, "successes": 2, "assisted": {"tn": 5, "pool": 3}, "rolls": [], "participants": ["c1", "c3"],
        "held": [], "dice": [{"kind": "trait", "sides": 10, "faces": [8], "total": 8}], "by_hand": False, "id": 2,
    },
    "tiered attack": {
        "at": "2026-03-14T19:30:00+00:00", "session": 1, "scene": 1, "kind": "attack", "character": "Aldric",
        "character_id": "c1", "summary": "Aldric attacks with a weapon of damage 3 (melee): great, 5 damage",
        "status": "done", "gear": "a weapon of damage 3", "weapon_damage": 3, "melee": True, "tier": "great",
        "rolled_tier": "great", "damage": 5, "reckless": False, "notes": [], "dice": [dict(_DIE, face=6)],
        "by_hand": False, "id": 3,
    },
    "tiered contested": {
        "at": "2026-03-14T19:30:00+00:00", "session": 1, "scene": 1, "kind": "contested", "character": "Aldric",
        "character_id": "c1", "summary": "Aldric (Strength) contests Wren (Strength): 7 vs 8 — Wren wins",
        "status": "done", "system": "tiered", "attribute": "str", "opponent": "Wren", "opponent_id": "c4",
        "opponent_attribute": "str", "rounds": [[7, 8]], "winner": "b", "winner_name": "Wren", "outcome": "lost",
        "by_hand": False, "id": 4,
    },
}

SPECIAL_KEYS = {
    "exploding opposed": {"top", "defender", "defender_id", "defender_skill", "defender_attribute", "defender_top",
                          "defender_dice", "tie_goes_to"},
    "exploding assisted": {"top", "tn", "margin", "assisted", "rolls", "held"},
    "tiered attack": {"tier", "rolled_tier", "damage", "gear", "weapon_damage", "melee", "reckless", "notes"},
    "tiered contested": {"opponent", "opponent_id", "opponent_attribute", "rounds"},
}


def _text(entry: dict) -> str:
    return json.dumps(entry, ensure_ascii=False)


@pytest.mark.parametrize("family", sorted(OLD_PUSHES))
def test_an_old_flat_push_entry_reads_into_its_familys_push_record_and_writes_back_byte_for_byte(family):
    stored = _text(OLD_PUSHES[family])
    record = entries.from_dict(json.loads(stored))
    assert isinstance(record, entries.PushEntry)
    assert type(record.detail) is systems.family_of(family).push_record
    assert record.detail.stored() == {k: v for k, v in OLD_PUSHES[family].items() if k in PUSH_KEYS[family]}
    # the family's own keys are the detail's, neither the entry's nor left over in extra
    assert not PUSH_KEYS[family] & (set(vars(record)) | set(record.extra))
    assert _text(record.to_dict()) == stored
    assert entries.from_dict(record.to_dict()) == record


def test_a_push_record_differs_from_the_roll_record_of_its_family():
    """A push's own fields are not a roll's: the tier before Push Yourself is only a push's, the consequences
    offered only a roll's; the stress a push raised at once is only a push's."""
    from gmconsole.families.tiered.rules.detail import TieredDetail, TieredPushDetail
    from gmconsole.families.yearzero.rules.detail import YearZeroPushDetail

    tiered = TieredPushDetail.of(entries.from_dict(OLD_PUSHES["tiered"]).detail)
    assert (tiered.tier_before, tiered.tier, tiered.highest) == ("mixed", "good", 6)
    assert "tier_before" not in TieredDetail.stored_keys() and "consequences" not in TieredPushDetail.stored_keys()
    assert YearZeroPushDetail.of(entries.from_dict(OLD_PUSHES["yze"]).detail).stress_gained == 1
    assert systems.family_of("exploding").push_record is RollDetail  # exploding dice are rerolled, not pushed


def test_a_push_without_a_familys_own_key_has_no_detail_and_writes_back_unchanged():
    stored = {k: v for k, v in OLD_PUSHES["yze"].items() if k != "stress_gained"}
    record = entries.from_dict(stored)
    assert type(record.detail) is RollDetail and record.extra == {}
    assert _text(record.to_dict()) == _text(stored)


def test_a_push_whose_keys_two_families_push_records_name_keeps_them_as_they_were(monkeypatch):
    """A push names no system: where its keys would say two families, neither reads it, and nothing is lost."""
    from gmconsole.families.tiered.rules.detail import TieredPushDetail
    from gmconsole.families.yearzero.rules.detail import YearZeroPushDetail

    class Both:
        push_record = TieredPushDetail

    class Other:
        push_record = YearZeroPushDetail

    monkeypatch.setattr(systems, "all_families", lambda: (Both(), Other()))
    stored = dict(OLD_PUSHES["tiered"], stress_gained=1)
    record = entries.from_dict(stored)
    assert type(record.detail) is RollDetail and record.extra["tier_before"] == "mixed"
    assert _text(record.to_dict()) == _text(stored)


@pytest.mark.parametrize("name", sorted(OLD_SPECIALS))
def test_an_old_flat_special_roll_reads_into_its_familys_record_and_writes_back_byte_for_byte(name):
    stored = _text(OLD_SPECIALS[name])
    record = entries.from_dict(json.loads(stored))
    assert isinstance(record, entries.SpecialRollEntry)
    family = name.split()[0]
    assert type(record.detail) is systems.family_of(family).special_record
    # a special roll's record is its family's roll record and more: the readers of a roll read it as one
    assert isinstance(record.detail, systems.family_of(family).detail_record)
    assert record.detail.stored() == {k: v for k, v in OLD_SPECIALS[name].items() if k in SPECIAL_KEYS[name]}
    assert not SPECIAL_KEYS[name] & (set(vars(record)) | set(record.extra))
    assert _text(record.to_dict()) == stored
    assert entries.from_dict(record.to_dict()) == record


def test_a_special_roll_of_a_system_this_gmconsole_does_not_know_keeps_every_key():
    stored = dict(OLD_SPECIALS["exploding assisted"], system="from-a-newer-gmconsole")
    record = entries.from_dict(stored)
    assert type(record.detail) is RollDetail and record.detail.value("top") is MISSING
    assert record.extra["top"] == 8 and record.extra["margin"] == 3
    assert _text(record.to_dict()) == _text(stored)


def test_the_history_words_a_push_and_a_special_roll_by_their_familys_record():
    assert result_text(OLD_PUSHES["tiered"]) == "good"
    assert result_text(OLD_PUSHES["yze"]) == "1 success"
    assert result_text(OLD_SPECIALS["tiered attack"]) == "great, 5 damage"
    assert result_text(OLD_SPECIALS["exploding opposed"]) == "top 9"
    assert result_text(OLD_SPECIALS["exploding assisted"]) == "2 successes"
    assert result_text({k: v for k, v in OLD_SPECIALS["exploding assisted"].items() if k != "successes"}) == (
        "top 8 (+3)")
    # the stress a Year Zero push raised at once, beside its costs (read from the push's record)
    assert costs_lines(OLD_PUSHES["yze"]) == ["costs: panic roll", "(stress +1 paid at the push)"]


def _demo(tmp_path, system: str) -> CampaignService:
    document = json.loads((demo_folder() / f"{system}-demo.json").read_text(encoding="utf-8"))
    return CampaignService.from_campaign(tmp_path, Campaign.from_dict(document), clock=frozen_clock,
                                         rng=random.Random(3))


def _read_back(service: CampaignService, made: dict) -> tuple[entries.Entry, dict]:
    stored = service.history.entry(made["id"])
    return entries.from_dict(stored), stored


def test_a_push_yourself_recorded_and_read_back_keeps_its_tiers(tmp_path):
    from gmconsole.families.tiered.rules.detail import TieredPushDetail

    service = _demo(tmp_path, "tiered")
    try:
        first = service.campaign.roster[0]
        rolled = service.rolls.roll(first.id, "swords", attribute="str")
        record, stored = _read_back(service, service.rolls.push(rolled["id"]))
    finally:
        service.close()
    assert isinstance(record, entries.PushEntry) and type(record.detail) is TieredPushDetail
    assert record.detail.stored() == {k: stored[k] for k in ("tier", "tier_before", "highest")}
    assert _text(record.to_dict()) == _text(stored)


@pytest.mark.parametrize("system", ["yze", "yze-step"])
def test_a_year_zero_push_recorded_and_read_back_keeps_the_stress_it_raised(tmp_path, system):
    from gmconsole.families.yearzero.rules.detail import YearZeroPushDetail

    service = _demo(tmp_path, system)
    try:
        first = service.campaign.roster[0]
        rolled = service.rolls.roll(first.id, sorted(first.skills)[0])
        record, stored = _read_back(service, service.rolls.push(rolled["id"]))
    finally:
        service.close()
    assert isinstance(record, entries.PushEntry) and type(record.detail) is YearZeroPushDetail
    assert record.detail.stored() == {"stress_gained": 1} == {"stress_gained": stored["stress_gained"]}
    assert _text(record.to_dict()) == _text(stored)


def test_special_rolls_recorded_and_read_back_keep_their_familys_fields(tmp_path):
    from gmconsole.families.exploding.rules.detail import ExplodingSpecialDetail
    from gmconsole.families.tiered.rules.detail import TieredSpecialDetail

    service = _demo(tmp_path / "exploding", "exploding")
    try:
        kara, doc = service.campaign.roster[:2]
        opposed = _read_back(service, service.rolls.opposed_test(kara.id, "athletics", doc.id, attribute="agility"))
        assisted = _read_back(service, service.rolls.assisted_check(kara.id, "athletics", [doc.id],
                                                                    attribute="agility"))
    finally:
        service.close()
    service = _demo(tmp_path / "tiered", "tiered")
    try:
        aldric = service.campaign.roster[0].id
        attack = _read_back(service, service.rolls.attack(aldric, None, damage=3))
        save = _read_back(service, service.rolls.saving_throw(aldric, "phys"))
    finally:
        service.close()
    for (record, stored), kind in ((opposed, ExplodingSpecialDetail), (assisted, ExplodingSpecialDetail),
                                   (attack, TieredSpecialDetail), (save, TieredSpecialDetail)):
        assert isinstance(record, entries.SpecialRollEntry) and type(record.detail) is kind
        assert record.detail.stored() and record.detail.stored() == {
            k: v for k, v in stored.items() if k in kind.stored_keys()}
        assert _text(record.to_dict()) == _text(stored)
    assert ExplodingSpecialDetail.of(assisted[0].detail).tn == assisted[1]["tn"]
    assert ExplodingSpecialDetail.of(opposed[0].detail).defender_top == opposed[1]["defender_top"]
    assert TieredSpecialDetail.of(attack[0].detail).damage == attack[1]["damage"]
    assert TieredSpecialDetail.of(save[0].detail).total == save[1]["total"]
