"""Special rolls in the statistics: the rolls inside them that have an expectation count as
rolls of whoever rolled them, and the faces of any roll typed by hand count for dice fairness."""

from __future__ import annotations

import random
from fractions import Fraction

from campaign_helpers import frozen_clock
from stats_session import stats_json

from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService


def _open(root, name):
    install_demos(root)
    service = CampaignService.open(root, name, rng=random.Random(4), clock=frozen_clock)
    service.sessions.new_session("2026-12-01")
    return service


def test_the_defender_of_a_year_zero_opposed_roll_counts_as_a_roll_of_the_defender(tmp_path):
    with _open(tmp_path, "yze-demo") as service:
        ripley, dallas = service.campaign.roster[0], service.campaign.roster[1]
        service.rolls.opposed_roll(ripley.id, "ranged", defender_id=dallas.id, defender_skill="insight")
        service.rolls.opposed_roll(ripley.id, "ranged", defender_pool="base=3 skill=2",
                                   defender_faces="base=6,6,6 skill=6,6")
    data = stats_json(tmp_path, "yze-demo")
    assert data["by_character"][dallas.name]["rolls"] == 1
    typed_pool = data["by_character"]["GM"]  # a pool the GM typed as counts
    assert typed_pool["rolls"] == 1 and typed_pool["observed_successes"] == 5 and typed_pool["typed"]["rolls"] == 1
    assert data["by_character"][ripley.name]["rolls"] == 2 and data["rolls"] == 4
    assert sum(row["n"] for row in data["dice_fairness"]) == 5  # the defender's typed dice, and no others


def test_a_group_check_counts_each_participant_and_an_assisted_check_its_leader(tmp_path):
    with _open(tmp_path, "exploding-demo") as service:
        trained = [c.id for c in service.campaign.roster if not c.is_npc and "athletics" in c.skills]
        group = service.rolls.group_check(trained, "athletics")
        pcs = [c for c in service.campaign.roster if not c.is_npc]
        assisted = service.rolls.assisted_check(pcs[0].id, "shooting", [pcs[1].id])
    data = stats_json(tmp_path, "exploding-demo")
    results = group["group"]["results"]
    assert data["rolls"] == len(results) + 1
    assert data["observed_successes"] == sum(r["success"] for r in results) + assisted["rolls"][0]["success"]
    for row in results:
        assert data["by_character"][row["name"]]["rolls"] >= 1
    assert Fraction(data["expected_exact"]) > 0


def test_typed_faces_of_an_opposed_test_and_a_saving_throw_count_for_dice_fairness(tmp_path):
    with _open(tmp_path, "exploding-demo") as service:
        pcs = [c for c in service.campaign.roster if not c.is_npc]
        service.rolls.opposed_test(pcs[0].id, "shooting", pcs[1].id, faces="skill=3,2 trait=5,4")
    data = stats_json(tmp_path, "exploding-demo")
    assert data["rolls"] == 0  # no TN: nothing to expect
    assert sum(row["n"] for row in data["dice_fairness"]) == 4
    with _open(tmp_path / "t", "tiered-demo") as service:
        service.rolls.saving_throw(service.campaign.roster[0].id, "phys", faces="dice=4,5")
    data = stats_json(tmp_path / "t", "tiered-demo")
    assert data["rolls"] == 0
    assert data["dice_fairness"][0]["faces"][3:5] == [1, 1]


def test_a_character_filter_keeps_only_that_characters_own_rolls_inside_special_rolls(tmp_path):
    with _open(tmp_path, "yze-demo") as service:
        ripley = service.campaign.roster[0]
        service.rolls.opposed_roll(ripley.id, "ranged", defender_pool="base=3 skill=2")
    data = stats_json(tmp_path, "yze-demo", "--character", ripley.name)
    assert data["rolls"] == 1 and list(data["by_character"]) == [ripley.name]
