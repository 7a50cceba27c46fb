"""Push Yourself after the roll, recorded (seed 004: 2 stamina for +1 die; the reading "Push Yourself after the
roll" of the rules help): a push entry of its own, the roll updated in the same change, stamina spent, the
Limited XP taken back when the tier rises, one undo for all of it, and the statistics count it once."""

from fractions import Fraction

import pytest

from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.errors import RulesError


@pytest.fixture
def tiered(make_service):
    service = make_service("tiered")
    aldric = service.roster.add_character({
        "name": "Aldric", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 1},
        "skills": {"swords": 1}, "stamina": 10, "stamina_max": 10,
    })
    return service, aldric


def test_the_die_joins_the_check_and_the_push_is_its_own_entry(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    assert roll["tier"] == "mixed"
    push = service.rolls.push(roll["id"], faces="dice=6")
    assert push["kind"] == "push" and push["roll_id"] == roll["id"]
    assert push["summary"] == "Aldric pushes themself: Mixed → Great; stamina −2 → 8"
    assert (push["tier_before"], push["tier"]) == ("mixed", "great")
    assert [d["face"] for d in push["push_dice"]] == [4, 2, 1, 6]
    assert [bool(d.get("added")) for d in push["push_dice"]] == [False, False, False, True]
    after = service.history.entry(roll["id"])
    assert (after["tier"], after["highest"], after["pushes"]) == ("great", 6, 1)
    assert [d["face"] for d in after["first_dice"]] == [4, 2, 1]
    assert after["dice"][-1] == {"kind": "dice", "sides": 6, "face": 6, "rerolled": False, "added": True}
    assert after["outcome"]["pool"] == 4 and after["outcome"]["tier"] == "great"
    assert after["summary"] == "Aldric rolls swords: great (pushed)"
    assert after["consequences"] == "none" and after["by_hand_steps"] == [True, True]
    assert service.character("Aldric").stamina == 8


def test_two_sixes_after_the_die_are_critical(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=6,2,1")
    service.rolls.push(roll["id"], faces="dice=6")
    assert service.history.entry(roll["id"])["tier"] == "critical"


def test_the_limited_xp_is_taken_back_when_the_tier_rises_and_undo_gives_back_everything(tiered, reopen):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=3,2,1")
    assert service.character("Aldric").xp == 1
    push = service.rolls.push(roll["id"], faces="dice=5")
    assert "Limited → Mixed" in push["summary"] and "XP taken back → 0" in push["summary"]
    assert (service.character("Aldric").xp, service.character("Aldric").stamina) == (0, 8)
    costs = [(c["target"], c["amount"]) for c in service.history.entry(roll["id"])["costs"]]
    assert costs == [("xp", 1), ("stamina", -2), ("xp",
                                                  -1)] and push["costs"] == service.history.entry(roll["id"])["costs"]
    assert service.history.entry(roll["id"])["consequences"] == "offered"  # Mixed still offers one
    again = reopen(service)
    again.undo()
    restored = again.history.entry(roll["id"])
    assert (again.character("Aldric").xp, again.character("Aldric").stamina) == (1, 10)
    assert (restored["tier"], restored["pushes"], len(restored["dice"])) == ("limited", 0, 3)
    assert "first_dice" not in restored or restored["first_dice"] is None
    assert restored["summary"] == "Aldric rolls swords: limited"


def test_a_limited_result_that_stays_limited_keeps_its_xp(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=3,2,1")
    push = service.rolls.push(roll["id"], faces="dice=2")
    assert "Limited → Limited" in push["summary"] and "XP" not in push["summary"]
    assert (service.character("Aldric").xp, service.character("Aldric").stamina) == (1, 8)


@pytest.mark.parametrize(("kwargs", "faces", "stamina", "said"), [
    ({"push_yourself": True}, "dice=4,2,1,1", 10, "already spent"),
    ({}, "dice=6,6,1", 10, "already Critical"),
    ({}, "dice=4,2,1", 1, "only 1"),
])
def test_the_refusals_change_nothing(tiered, kwargs, faces, stamina, said):
    service, aldric = tiered
    if stamina != 10:
        service.trackers.set_tracker(aldric.id, "stamina", stamina)
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces=faces, **kwargs)
    changes = service.undo_count
    with pytest.raises(RulesError, match=said):
        service.rolls.push(roll["id"], faces="dice=6")
    assert service.undo_count == changes and service.history.entry(roll["id"]).get("pushes") == 0


def test_R_TIER_2_a_keep_lowest_check_is_refused(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="int", modifier=-3, faces="dice=5,4")
    assert roll["outcome"]["pool"] <= 0
    with pytest.raises(RulesError, match="R-TIER-2"):
        service.rolls.push(roll["id"])


def test_pushed_once_is_enough(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    service.rolls.push(roll["id"], faces="dice=1")
    with pytest.raises(RulesError, match="already spent"):
        service.rolls.push(roll["id"], faces="dice=6")


def test_a_roll_whose_consequence_was_applied_is_not_pushed(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    service.outcomes.apply_consequence(roll["id"], "reduced-effect")
    with pytest.raises(RulesError, match="consequence was already applied"):
        service.rolls.push(roll["id"], faces="dice=6")


def test_a_roll_of_an_earlier_scene_is_not_pushed(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    service.sessions.new_scene()
    with pytest.raises(RulesError, match="same scene"):
        service.rolls.push(roll["id"], faces="dice=6")


def test_the_gm_quick_roll_has_no_stamina_to_spend(tiered):
    service, _aldric = tiered
    roll = service.rolls.quick_roll("3d6", faces="dice=4,2,1")
    assert service.rolls.push_yourself_refusal(roll["id"]).startswith("Push Yourself spends a character's stamina")
    with pytest.raises(RulesError, match="nobody's"):
        service.rolls.push(roll["id"], faces="dice=6")


def test_R_MANUAL_1_one_typed_face(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    with pytest.raises((RulesError, ValidationError, ValueError)):
        service.rolls.push(roll["id"], faces="dice=6,5")
    assert service.history.entry(roll["id"])["pushes"] == 0


def test_the_history_and_the_recap_show_the_push_with_the_added_die_marked(tiered):
    from gmconsole.campaign.history import dice_text, result_text

    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    push = service.rolls.push(roll["id"], faces="dice=6")
    assert dice_text(push) == "4 2 1 +6"
    assert result_text(push) == "great"
    assert dice_text(service.history.entry(roll["id"])) == "4 2 1"  # a roll's are its first throw
    recap = service.sessions.recap()
    lines = [line for section in recap["sections"].values() for line in section]
    pushed = [line for line in lines if line["kind"] == "push"]
    assert [line["summary"] for line in pushed] == [push["summary"]] and pushed[0]["dice"] == "4 2 1 +6"
    assert [c["text"] for c in pushed[0]["costs"]] == ["stamina -2"] and pushed[0]["costs_status"] == "applied"
    rolled = [line for line in lines if line["kind"] == "roll"]
    assert rolled[0]["summary"] == "Aldric rolls swords: great (pushed)" and "costs" not in rolled[0]  # listed once


def test_statistics_count_the_check_once_and_the_push_as_a_push(tiered):
    service, aldric = tiered
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=4,2,1")
    service.rolls.push(roll["id"], faces="dice=6")

    figures = service.history.statistics()
    assert figures["rolls"] == 1 and figures["observed_successes"] == 1
    assert figures["pushes"]["count"] == 1 and figures["pushes"]["turned_failure_into_success"] == 1
    # the first roll of 3 dice: 1 - (5/6)^3 = 91/216; the push on 4 2 1: a 6 (1/6)
    assert figures["expected_exact"] == str(Fraction(91, 216) + Fraction(1, 6))
