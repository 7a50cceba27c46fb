"""R-ART-3 through the campaign service: an item with an artifact die also has a gear bonus, and both
are rolled — its gear dice (its current bonus) and its artifact die (seed 002: 「神器骰加入你的骰池……
神器骰不會因磨損而損失，但若物品的裝備加值降至零，帶有神器骰的物品仍無法使用」). A push's gear 1s
wear that bonus down; at bonus 0 the item cannot be used at all (R-ART-2)."""

import pytest
from campaign_helpers import yz

from gmconsole.families.yearzero.rules.odds import year_zero_odds
from gmconsole.rules.dice import Die, DieKind

SCANNER = {"name": "Scanner", "bonus": 1, "max_bonus": 1, "artifact_die": 10}


def _ann(service, *items):
    skill = "scout" if service.campaign.system == "myz" else "melee"
    return service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {skill: 2},
                                         "gear": list(items)})


def test_r_art_3_the_pool_holds_the_items_gear_dice_and_its_artifact_die(make_service):
    service = make_service("yze")
    ann = _ann(service, {**SCANNER, "bonus": 2, "max_bonus": 2})
    preview = service.rolls.preview_roll(ann.id, "melee", gear=["Scanner"])
    assert [(d["kind"], d["sides"], d.get("source")) for d in preview.dice if d["kind"] in ("gear", "artifact")] == [
        ("gear", 6, "Scanner"), ("gear", 6, "Scanner"), ("artifact", 10, "Scanner")]
    assert "gear Scanner +2: 2 gear dice" in preview.explanation
    assert "artifact Scanner: d10" in preview.explanation


def test_r_art_3_the_odds_count_the_gear_dice_too(make_service):
    service = make_service("yze")
    service.setup.update_settings({"push_cost": "attribute-damage"})
    ann = _ann(service, SCANNER)
    preview = service.rolls.preview_roll(ann.id, "melee", gear=["Scanner"])
    dice = [Die(DieKind.BASE)] * 3 + [Die(DieKind.SKILL)] * 2 + [Die(DieKind.GEAR, 6, "Scanner"),
                                                                   Die(DieKind.ARTIFACT, 10, "Scanner")]
    odds = year_zero_odds(dice)
    assert preview.odds["p_success"] == odds.p_success
    assert preview.odds["p_success_with_push"] == odds.p_success_with_push
    assert "gear" in preview.odds["p_bane_after_push"], "a gear 1 after the push wears the Scanner down"


def test_r_art_3_typed_faces_name_the_gear_die_and_the_artifact_die(make_service):
    service = make_service("yze")
    ann = _ann(service, SCANNER)
    roll = service.rolls.roll(ann.id, "melee", gear=["Scanner"], faces="b234 s23 g6 a10")
    assert [(d["kind"], d["face"], d.get("source")) for d in roll["dice"] if d["kind"] in ("gear", "artifact")] == [
        ("gear", 6, "Scanner"), ("artifact", 10, "Scanner")]
    assert roll["successes"] == 3


@pytest.mark.parametrize(("system", "push_cost", "skill"),
                         [("myz", None, "scout"), ("yze", "attribute-damage", "melee")])
def test_r_art_3_a_gear_one_after_the_push_wears_the_artifact_item_down_then_r_art_2_leaves_it_out(
        make_service, system, push_cost, skill):
    service = make_service(system)
    if push_cost:
        service.setup.update_settings({"push_cost": push_cost})
    ann = _ann(service, SCANNER)
    roll = service.rolls.roll(ann.id, skill, gear=["Scanner"], faces="b234 s23 g2 a3")
    odds = service.rolls.push_odds(roll["id"])
    assert odds.gear_ruined["Scanner"] > 0, "the push odds say the Scanner may be worn out"
    service.rolls.push(roll["id"], faces="b234 s23 g1 a4")
    pushed = service.history.entry(roll["id"])
    assert {"name": "gear_damage", "amount": 1, "target": "Scanner"} in pushed["costs"]
    service.outcomes.apply_costs(roll["id"])
    scanner = service.character("Ann").gear_item("Scanner")
    assert (scanner.bonus, scanner.max_bonus) == (0, 1)
    worn = service.rolls.preview_roll(ann.id, skill, gear=["Scanner"])
    assert [d["kind"] for d in worn.dice if d["kind"] in ("gear", "artifact")] == [], "R-ART-2: not used at all"
    assert [line for line in worn.explanation if "R-ART-2" in line] == [
        "artifact Scanner: gear bonus 0, the item cannot be used (R-ART-2)"]


def test_r_art_3_under_stress_dice_a_gear_one_costs_nothing_and_the_artifact_keeps_rolling(make_service):
    """stress-dice: only the stress the push gives (and a stress 1's panic) is paid; no gear wears down."""
    service = make_service("yze")
    ann = _ann(service, SCANNER)
    roll = service.rolls.roll(ann.id, "melee", gear=["Scanner"], faces="b234 s23 g2 a3")
    service.rolls.push(roll["id"], faces="b234 s23 g1 a4 st3")
    assert all(c["name"] != "gear_damage" for c in service.history.entry(roll["id"])["costs"])
    assert service.character("Ann").gear_item("Scanner").bonus == 1


def test_r_art_3_a_pure_artifact_without_a_gear_bonus_rolls_its_die_alone(make_service):
    service = make_service("yze")
    ann = _ann(service, {"name": "Amulet", "bonus": 0, "max_bonus": 0, "artifact_die": 12})
    preview = service.rolls.preview_roll(ann.id, "melee", gear=["Amulet"])
    assert [(d["kind"], d.get("source")) for d in preview.dice if d["kind"] in ("gear", "artifact")] == [
        ("artifact", "Amulet")]
