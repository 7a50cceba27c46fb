"""The push readings through the campaign service, on a real store: the ``skill_ones`` setting
(R-PUSH-5), skill 1s on console rolls (R-PUSH-1, R-MYZ-TRAUMA), R-PUSH-6, R-ART-2, R-STRESS-1 and
the panic effect ending whenever stress reaches 0."""

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Settings
from gmconsole.families.yearzero.rules.odds import year_zero_odds
from gmconsole.rules.dice import Die, DieKind
from gmconsole.rules.errors import RulesError


def test_r_push_5_skill_ones_is_a_campaign_setting_that_defaults_to_stay(make_service, reopen):
    service = make_service("myz")
    assert service.campaign.settings.skill_ones == "stay"
    assert Settings.from_dict({"push_cost": "doom"}).skill_ones == "stay", "a campaign saved before the setting"
    service.setup.update_settings({"skill_ones": "blank"})
    assert reopen(service).campaign.settings.skill_ones == "blank"


def test_r_push_5_a_bad_skill_ones_setting_is_refused_and_nothing_changes(make_service):
    service = make_service("yze")
    entries = len(service.history.entries())
    with pytest.raises(ValidationError, match="R-PUSH-5"):
        service.setup.update_settings({"skill_ones": "marked"})
    assert service.campaign.settings.skill_ones == "stay" and len(service.history.entries()) == entries


def _yze_ann(service, **extra):
    return service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 2}, **extra})


@pytest.mark.parametrize("skill_ones", ["stay", "blank"])
def test_r_push_5_console_previews_roll_and_push_follow_the_setting(make_service, skill_ones):
    service = make_service("yze")
    service.setup.update_settings({"push_cost": "doom", "skill_ones": skill_ones})
    ann = _yze_ann(service)
    preview = service.rolls.preview_roll(ann.id, "melee")
    dice = [Die(DieKind.BASE)] * 3 + [Die(DieKind.SKILL)] * 2
    assert preview.odds["p_success_with_push"] == year_zero_odds(dice, skill_ones=skill_ones).p_success_with_push
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=1,5")
    if skill_ones == "stay":
        with pytest.raises(RulesError, match=r"^skill: the push rerolls 1 die, 2 faces typed \('1,6'\)"):
            service.rolls.push(roll["id"], faces="base=2,3,4 skill=1,6")
        service.rolls.push(roll["id"], faces="base=2,3,4 skill=6")
        assert [d["face"] for d in service.history.entry(roll["id"])["dice"] if d["kind"] == "skill"] == [1, 6]
    else:
        service.rolls.push(roll["id"], faces="base=2,3,4 skill=1,6")
        assert [d["rerolled"] for d in service.history.entry(roll["id"])["dice"] if d["kind"] == "skill"] == [True,
                                                                                                              True]


def test_r_myz_trauma_a_skill_one_on_a_console_push_is_trauma_and_a_mutation_point(make_service):
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "role": "enforcer", "attributes": yz(4, 3, 2, 3),
                                           "skills": {"fight": 2}})
    roll = service.rolls.roll(hammer.id, "fight", faces="base=1,3,4,5 skill=1,2")
    service.rolls.push(roll["id"], faces="base=2,2,6 skill=3")
    pushed = service.history.entry(roll["id"])
    assert {c["name"]: c["amount"] for c in pushed["costs"]} == {"trauma": 2, "mutation_points": 2}
    assert pushed["outcome"]["banes"] == {"base": 1, "skill": 1}
    service.outcomes.apply_costs(roll["id"])
    after = service.character("Hammer")
    assert after.attributes["strength"].current == 2 and after.mutation_points == 2


def test_r_push_6_a_console_push_that_rolls_no_die_is_refused_and_charges_nothing(make_service):
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "attributes": yz(2, 3, 2, 3), "skills": {"fight": 1}})
    roll = service.rolls.roll(hammer.id, "fight", faces="base=6,1 skill=1")
    assert roll["can_push"] is False and "R-PUSH-6" in roll["push_refusal"]
    entries = len(service.history.entries())
    with pytest.raises(RulesError, match="R-PUSH-6"):
        service.rolls.push(roll["id"])
    assert len(service.history.entries()) == entries and service.character("Hammer").mutation_points == 0


def test_r_push_6_a_stress_dice_push_rolls_its_new_stress_die(make_service):
    service = make_service("yze")
    ann = _yze_ann(service)
    roll = service.rolls.roll(ann.id, "melee", faces="base=6,1,1 skill=1,6")
    service.rolls.push(roll["id"], faces="stress=4")
    assert [d["kind"] for d in service.history.entry(roll["id"])["dice"]].count("stress") == 1
    assert service.character("Ann").stress == 1


def test_r_art_2_an_item_at_gear_bonus_0_is_not_rolled_and_the_builder_says_why(make_service):
    service = make_service("yze")
    ann = _yze_ann(service, gear=[{"name": "Scanner", "bonus": 0, "max_bonus": 1, "artifact_die": 10},
                                  {"name": "Rope", "bonus": 0, "max_bonus": 2},
                                  {"name": "Amulet", "bonus": 0, "max_bonus": 0, "artifact_die": 12}])
    preview = service.rolls.preview_roll(ann.id, "melee", gear=["Scanner", "Rope", "Amulet"])
    assert [(d["kind"], d.get("source")) for d in preview.dice if d["kind"] in ("gear", "artifact")] == [
        ("artifact", "Amulet")], "an item that never had a gear bonus has none to lose"
    lines = [line for line in preview.explanation if "R-ART-2" in line]
    assert len(lines) == 2 and "Scanner" in lines[1] and "Rope" in lines[0]
    roll = service.rolls.roll(ann.id, "melee", gear=["Scanner"], faces="base=2,3,4 skill=2,3")
    assert all(d["kind"] != "artifact" for d in roll["dice"])


def test_r_stress_1_an_attribute_only_roll_carries_the_stress_dice_and_a_push_adds_one(make_service):
    service = make_service("yze")
    ann = _yze_ann(service, stress=2)
    preview = service.rolls.preview_roll(ann.id, attribute="wits")
    assert [d["kind"] for d in preview.dice] == ["base"] * 3 + ["stress"] * 2
    roll = service.rolls.roll(ann.id, attribute="wits", faces="base=2,3,4 stress=2,3")
    service.rolls.push(roll["id"], faces="base=2,3,4 stress=2,3,4")
    pushed = service.history.entry(roll["id"])
    assert [d["kind"] for d in pushed["dice"]].count("stress") == 3
    assert service.character("Ann").stress == 3


def test_panic_ends_when_an_escalated_row_takes_stress_to_0(make_service):
    """R-PANIC-2 escalation to Scream (-1 stress) at stress 1: stress 0, so the effect ends."""
    service = make_service("yze")
    ann = _yze_ann(service, stress=5)
    service.trackers.panic_roll(ann.id, face=6)  # 11 seek cover: stress 4
    service.trackers.change_stress(ann.id, -3)
    assert service.character("Ann").panic.effect == "seek-cover" and service.character("Ann").stress == 1
    service.setup.update_settings({"panic_escalation": True})
    entry = service.trackers.panic_roll(ann.id, face=1)  # 2 is not above 11: escalates to 12, scream, stress -1
    assert entry["panic"]["effect"] == "scream"
    assert service.character("Ann").stress == 0 and service.character("Ann").panic is None
    service.undo()
    assert service.character("Ann").panic.effect == "seek-cover"


def test_panic_ends_when_a_manual_sheet_change_sets_stress_to_0(make_service):
    service = make_service("yze")
    ann = _yze_ann(service, stress=4)
    service.trackers.panic_roll(ann.id, face=6)  # 10 freeze
    assert service.character("Ann").panic.effect == "freeze"
    service.roster.update_character(ann.id, {"stress": 0})
    assert service.character("Ann").panic is None
