"""The GM's quick roll: a pool typed in the system's syntax, recorded with no character,
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
    entry = service.rolls.quick_roll(pool)
    assert entry["summary"].startswith(shown) and entry["character"] == "GM" and entry["character_id"] is None
    assert entry["costs_status"] == "none" and entry["costs"] == []
    assert "GM" in service.history.export_session(fmt="markdown") and "GM" in service.history.export_session(fmt="csv")
    from gmconsole.campaign.recaps import recap_markdown

    assert shown in recap_markdown(service.sessions.recap())
    service.undo()
    assert [e for e in service.history.filtered() if e.get("status", "done") == "done"] == []


@pytest.mark.parametrize("system, pool", [("yze", "5x"), ("myz", "2st"), ("tiered", "lots"),
                                          ("exploding", "s8 tn5"), ("yze-step", "d10 d8 d6"), ("yze", "")])
def test_a_bad_quick_pool_names_the_syntax_and_records_nothing(make_service, system, pool):
    service = make_service(system)
    with pytest.raises(RulesError) as refused:
        service.rolls.quick_roll(pool)
    assert systems.get(system).quick_pool_syntax in str(refused.value)
    assert service.history.filtered() == []


def test_a_pushed_quick_roll_charges_nobody(make_service):
    service = make_service("yze")
    service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3}})
    before = service.campaign.to_dict()["roster"]
    roll = service.rolls.quick_roll("3b 2st", faces="base=2,3,4 stress=2,2")
    # stress 1s: panic and stress, for a character; the GM's push rolls no stress die of its own (R-PUSH-7)
    service.rolls.push(roll["id"], faces="base=1,1,1 stress=1,1")
    assert service.history.entry(roll["id"])["costs_status"] == "none"
    assert service.campaign.to_dict()["roster"] == before


def test_R_PUSH_7_the_gms_push_under_stress_dice_adds_no_stress_die_and_its_odds_follow(make_service):
    """The GM has no stress: a push of the GM's roll rolls the dice the roll shows (R-PUSH-1), the
    stress dice the GM put in the pool among them, and no new stress die; the push odds say the same."""
    from fractions import Fraction

    service = make_service("yze")
    assert service.campaign.settings.push_cost == "stress-dice"
    roll = service.rolls.quick_roll("2b 1st", faces="base=2,6 stress=4")
    odds = service.rolls.push_odds(roll["id"])
    assert odds.rerolled == 2 and odds.p_panic == Fraction(1, 6) and odds.cost_distribution == {}
    with pytest.raises(RulesError, match=r"^stress: the push rerolls 1 die, 2 faces typed \('5,5'\)"):
        service.rolls.push(roll["id"], faces="base=3 stress=5,5")
    service.rolls.push(roll["id"], faces="base=3 stress=5")
    entry = service.history.entry(roll["id"])
    assert [(d["kind"], d["face"]) for d in entry["dice"]] == [("base", 3), ("base", 6), ("stress", 5)]
    assert entry["costs"] == [] and entry["costs_status"] == "none"
    plain = service.rolls.quick_roll("3b", faces="base=2,3,6")
    assert service.rolls.push_odds(plain["id"]).p_panic is None  # no stress die in the pool, none added


def test_R_PUSH_7_a_gms_roll_with_nothing_to_reroll_is_refused_a_push(make_service):
    """R-PUSH-6 with R-PUSH-7: every die shows a success or a 1 and the GM's push adds no stress die,
    so the push would roll nothing."""
    service = make_service("yze")
    roll = service.rolls.quick_roll("2b", faces="base=6,1")
    assert roll["can_push"] is False and "R-PUSH-6" in roll["push_refusal"]
    with pytest.raises(RulesError, match="R-PUSH-6"):
        service.rolls.push(roll["id"])
