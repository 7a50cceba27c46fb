"""Rolling and pushing Year Zero pools: which dice are rerolled, what a push costs, opposed rolls."""

from __future__ import annotations

import random

import pytest

from gmconsole.families.yearzero.rules.roll import (
    Cost,
    PoolRequest,
    build_pool,
    opposed,
    push,
    push_counts,
    roll,
    roll_counts,
    trauma_kind,
)
from gmconsole.families.yearzero.rules.system import MYZ, YZE
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import parse_int_spec


def typed(**faces) -> DiceSource:
    return DiceSource(faces=faces)


def faces_of(r, kind: str) -> list[int]:
    return [d.face for d in r.dice if d.kind.value == kind]


def rerolled_of(r, kind: str) -> list[bool]:
    return [d.rerolled for d in r.dice if d.kind.value == kind]


MYZ_SHOOT = PoolRequest("myz", "agility", 3, "shoot", 2, gear=(("Scrap rifle", 1),))


def test_R_MANUAL_1_typed_faces_are_validated_with_how_to_type_them():
    pool = build_pool(MYZ_SHOOT)
    r = roll(pool, typed(base=[6, 1, 3], skill=[1, 4], gear=[1]))
    assert r.by_hand and r.successes == 1 and r.success
    with pytest.raises(RulesError, match=r"^base: 7 is not a face of a d6$"):
        roll(pool, typed(base=[7, 1, 3], skill=[1, 4], gear=[1]))
    with pytest.raises(RulesError, match=r"^base: 3 dice, 2 faces typed \('61'\): one face per die, e.g. b631 or "
                                         r"base=6,3,1$"):
        roll(pool, DiceSource(faces=parse_int_spec("b61 s14 g1", MYZ.face_kinds)))
    with pytest.raises(RulesError, match=r"^skill: 2 dice, 3 faces typed \('1,4,4'\)"):
        roll(pool, typed(base=[6, 1, 3], skill=[1, 4, 4], gear=[1]))
    with pytest.raises(RulesError, match=r"^artifact: the pool has no artifact dice, but 1 face typed"):
        roll(pool, typed(base=[6, 1, 3], skill=[1, 4], gear=[1], artifact=[5]))


def test_R_PUSH_1_every_one_stays_and_the_first_roll_is_kept_apart():
    first = roll(build_pool(MYZ_SHOOT), typed(base=[6, 1, 3], skill=[1, 4], gear=[1]))
    pushed = push(first, typed(base=[2], skill=[6]))
    assert faces_of(pushed, "base") == [6, 1, 2]
    assert rerolled_of(pushed, "base") == [False, False, True]
    assert faces_of(pushed, "skill") == [1, 6]
    assert rerolled_of(pushed, "skill") == [False, True]
    assert faces_of(pushed, "gear") == [1]
    assert pushed.successes == 2 and pushed.stunts == 1 and pushed.pushes == 1
    assert faces_of(first, "skill") == [1, 4], "the first roll is a separate object and stays as it was"
    assert [d.face for d in pushed.first_dice] == [6, 1, 3, 1, 4, 1]


def test_R_ART_1_big_dice_count_6_to_9_as_one_and_10_up_as_two():
    pool = build_pool(PoolRequest("yze", "wits", 0, artifacts=(("A", 8), ("B", 10), ("C", 12), ("D", 12))))
    assert roll(pool, typed(artifact=[8, 10, 12, 5])).successes == 5
    assert roll(pool, typed(artifact=[6, 9, 9, 5])).successes == 3


def test_R_PUSH_4_counts_a_hand_typed_roll_and_push_must_give():
    pool = build_pool(PoolRequest("yze", "wits", 3, "observation", 2, gear=(("Binoculars", 1),), stress=1))
    assert roll_counts(pool) == {"base": 3, "skill": 2, "gear": 1, "stress": 1}
    first = roll(pool, typed(base=[6, 1, 3], skill=[1, 4], gear=[1], stress=[5]))
    assert push_counts(first) == {"base": 1, "skill": 1, "stress": 2}
    assert push(first, typed(base=[2], skill=[3], stress=[5, 6])).pushes == 1
    with pytest.raises(RulesError, match=r"^stress: the push rerolls 2 dice, 1 face typed \('5'\): one face per "
                                         r"rerolled die, e.g. st63 or stress=6,3$"):
        push(first, DiceSource(faces=parse_int_spec("b2 s3 st5", YZE.face_kinds)))


def test_R_PUSH_2_only_once_and_never_a_reactive_roll():
    pool = build_pool(MYZ_SHOOT)
    pushed = push(roll(pool, typed(base=[2, 2, 2], skill=[2, 2], gear=[2])), DiceSource(rng=random.Random(1)))
    assert not pushed.can_push
    with pytest.raises(RulesError, match="only once"):
        push(pushed, DiceSource(rng=random.Random(2)))
    reactive = build_pool(PoolRequest("myz", "wits", 3, "scout", 1, reactive=True))
    r = roll(reactive, typed(base=[2, 3, 4], skill=[5]))
    assert "reactive" in r.push_refusal
    with pytest.raises(RulesError, match="reactive"):
        push(r, typed(base=[6, 6, 6], skill=[6]))


def test_R_PUSH_2_max_pushes_setting():
    pool = build_pool(PoolRequest("yze", "wits", 2, push_cost="doom", max_pushes=2))
    r = push(roll(pool, typed(base=[2, 3])), typed(base=[4, 5]))
    assert r.can_push
    r = push(r, typed(base=[2, 2]))
    assert r.pushes == 2 and "2 times" in r.push_refusal
    assert r.costs == (Cost("doom", 2),)
    none = build_pool(PoolRequest("yze", "wits", 2, push_cost="doom", max_pushes=0))
    assert not roll(none, typed(base=[2, 3])).can_push


def test_a_roll_with_nothing_to_reroll_cannot_be_pushed():
    r = roll(build_pool(PoolRequest("myz", "wits", 2)), typed(base=[6, 1]))
    assert "R-PUSH-6" in r.push_refusal


def test_R_PUSH_3_stress_one_panics_at_once_and_blocks_the_push():
    pool = build_pool(PoolRequest("yze", "wits", 2, "observation", 1, stress=2))
    r = roll(pool, typed(base=[2, 3], skill=[6], stress=[1, 4]))
    assert r.panic and r.success
    assert "R-PUSH-3" in r.push_refusal
    with pytest.raises(RulesError, match="panic"):
        push(r, typed(base=[2, 2], stress=[2, 2]))


def test_R_PUSH_3_stress_dice_push_adds_a_stress_die_that_can_panic():
    pool = build_pool(PoolRequest("yze", "empathy", 2, stress=1))
    r = roll(pool, typed(base=[2, 3], stress=[4]))
    assert not r.panic and r.can_push
    pushed = push(r, typed(base=[6, 1], stress=[3, 1]))
    assert faces_of(pushed, "stress") == [3, 1]
    assert rerolled_of(pushed, "stress") == [True, True]
    assert pushed.panic
    assert pushed.costs == (Cost("stress", 1),)
    assert pushed.banes == {"base": 1, "stress": 1}


def test_R_PUSH_4_push_with_console_dice_after_typed_first_roll():
    first = roll(build_pool(MYZ_SHOOT), typed(base=[2, 2, 2], skill=[2, 2], gear=[2]))
    pushed = push(first, DiceSource(rng=random.Random(7)))
    assert all(d.rerolled for d in pushed.dice)
    assert pushed.by_hand
    with pytest.raises(RulesError, match=r"^skill: the push rerolls 2 dice, no face typed"):
        push(first, typed(base=[1, 2, 3]))


def test_myz_push_costs_trauma_mutation_points_and_gear_damage():
    pool = build_pool(PoolRequest("myz", "empathy", 4, "manipulate", 1, gear=(("Fancy hat", 1), ("Pipe", 1))))
    first = roll(pool, typed(base=[1, 2, 3, 4], skill=[2], gear=[1, 3]))
    pushed = push(first, typed(base=[1, 6, 1], skill=[2], gear=[1]))
    assert pushed.costs == (
        Cost("trauma", 3, "empathy"),
        Cost("mutation_points", 3),
        Cost("gear_damage", 1, "Fancy hat"),
        Cost("gear_damage", 1, "Pipe"),
    )
    assert not pushed.broken
    assert trauma_kind("empathy")["id"] == "doubt"
    assert pushed.as_dict()["costs"] == {"trauma": 3, "mutation_points": 3, "gear_damage": 2}
    assert first.costs == ()


def test_myz_broken_is_reported_when_trauma_takes_the_attribute_to_zero():
    pool = build_pool(PoolRequest("myz", "strength", 2, "force", 1))
    pushed = push(roll(pool, typed(base=[1, 2], skill=[3])), typed(base=[1], skill=[4]))
    assert pushed.broken
    assert Cost("broken", 1, "strength") in pushed.costs


def test_myz_sic_a_dog_push_hurts_the_dog_and_gives_no_mutation_points():
    pool = build_pool(PoolRequest("myz", "strength", 4, "sic-a-dog", 1, sic_a_dog=True))
    pushed = push(roll(pool, typed(base=[1, 2, 2, 2], skill=[3])), typed(base=[1, 3, 3], skill=[2]))
    assert pushed.costs == (Cost("trauma", 2, "dog"),)


@pytest.mark.parametrize(
    "attribute,expected",
    [
        ("strength", Cost("damage", 2, "strength")),
        ("agility", Cost("damage", 2, "agility")),
        ("wits", Cost("stress", 2)),
    ],
)
def test_yze_damage_stress_push_cost(attribute, expected):
    pool = build_pool(PoolRequest("yze", attribute, 3, push_cost="damage-stress", gear=(("Tool", 1),)))
    pushed = push(roll(pool, typed(base=[1, 2, 3], gear=[1])), typed(base=[1, 5]))
    assert pushed.costs == (expected,)


@pytest.mark.parametrize(("attribute", "cost"), [("agility", "damage"), ("empathy", "stress")])
def test_r_push_8_damage_stress_counts_the_attributes_base_ones_only(attribute, cost):
    """R-PUSH-8 (seed 002: 「來自屬性的骰子稱為基礎骰」): under damage-stress a skill 1 and a gear 1 after the
    push cost nothing — not even an artifact item's gear 1 (R-ART-3) — and no gear bonus is worn down; only
    the base 1s are damage or stress. The push odds count the same way."""
    from gmconsole.families.yearzero.rules.push_odds import push_odds

    pool = build_pool(PoolRequest("yze", attribute, 2, "mobility", 2, push_cost="damage-stress",
                                  gear=(("Boots", 1), ("Scanner", 1)), artifacts=(("Scanner", 10, 1),)))
    first = roll(pool, typed(base=[1, 3], skill=[1, 2], gear=[1, 4], artifact=[3]))
    pushed = push(first, typed(base=[5], skill=[4], gear=[1], artifact=[2]))
    assert [(d.kind.value, d.face) for d in pushed.dice if d.face == 1] == [("base", 1), ("skill", 1), ("gear", 1),
                                                                           ("gear", 1)]
    expected = Cost(cost, 1, attribute) if cost == "damage" else Cost(cost, 1)
    assert pushed.costs == (expected,)
    odds = push_odds(first)
    assert set(odds.cost_distribution) == {cost}, "no gear damage, whatever the gear dice show"
    assert not odds.gear_ruined


def test_yze_attribute_damage_push_cost_gives_willpower_and_damages_gear():
    pool = build_pool(PoolRequest("yze", "wits", 3, "crafting", 1, push_cost="attribute-damage", gear=(("Kit", 2),)))
    pushed = push(roll(pool, typed(base=[1, 2, 3], skill=[1], gear=[1, 2])), typed(base=[5, 5], gear=[6]))
    assert pushed.costs == (Cost("damage", 1, "wits"), Cost("willpower", 1), Cost("gear_damage", 1, "Kit"))


def test_yze_step_attribute_damage_counts_only_the_attribute_die():
    pool = build_pool(PoolRequest("yze-step", "strength", attribute_die=8, skill_die=8, push_cost="attribute-damage",
                                  artifacts=(("R", 8),)))
    pushed = push(roll(pool, typed(step=[1, 1], artifact=[2])), typed(artifact=[2]))
    assert pushed.costs == (Cost("damage", 1, "strength"), Cost("willpower", 1))


def test_yze_step_damage_stress_counts_both_step_dice():
    pool = build_pool(PoolRequest("yze-step", "strength", attribute_die=8, skill_die=8, push_cost="damage-stress",
                                  artifacts=(("R", 8),)))
    first = roll(pool, typed(step=[1, 1], artifact=[2]))
    assert first.can_push
    assert push(first, typed(artifact=[3])).costs == (Cost("damage", 2, "strength"),)


def test_yze_damage_stress_tool_takes_the_damage_option():
    pool = build_pool(PoolRequest("yze", "strength", 2, push_cost="damage-stress", gear=(("Crowbar", 2),),
                                  tool_takes_damage=True))
    pushed = push(roll(pool, typed(base=[1, 2], gear=[3, 4])), typed(base=[1], gear=[1, 2]))
    assert pushed.costs == (Cost("gear_damage", 2, "Crowbar"),)
    with pytest.raises(RulesError, match="tool"):
        build_pool(PoolRequest("yze", "strength", 2, push_cost="doom", gear=(("Crowbar", 2),), tool_takes_damage=True))


def test_yze_results_list_the_bonus_effect_suggestions():
    r = roll(build_pool(PoolRequest("yze", "wits", 2)), typed(base=[6, 6]))
    effects = r.as_dict()["stunt_list"]
    assert effects[1] == {"en": "You act quickly.", "zh-Hant": "你行動迅速。"}


@pytest.mark.parametrize("option,cost", [("conditions", Cost("condition", 1)), ("doom", Cost("doom", 1))])
def test_yze_conditions_and_doom_push_costs(option, cost):
    pool = build_pool(PoolRequest("yze", "agility", 2, push_cost=option))
    assert push(roll(pool, typed(base=[2, 3])), typed(base=[1, 1])).costs == (cost,)


def test_rolling_an_empty_or_forbidden_pool_is_refused_with_the_reason():
    with pytest.raises(RulesError, match="R-MYZ-SPEC"):
        roll(build_pool(PoolRequest("myz", "wits", 3, "jury-rig", 0)), DiceSource(rng=random.Random(1)))
    with pytest.raises(RulesError, match="no chance"):
        roll(build_pool(PoolRequest("myz", "wits", 1, modifiers=(-1,))), DiceSource(rng=random.Random(1)))


def test_as_dict_has_the_cli_keys_and_myz_stunt_list():
    r = roll(build_pool(PoolRequest("myz", "strength", 2, "fight", 1)), typed(base=[6, 6], skill=[1]))
    out = r.as_dict()
    for key in ("success", "successes", "stunts", "pushed", "can_push", "dice", "banes", "costs", "panic"):
        assert key in out
    assert out["dice"][2] == {"kind": "skill", "sides": 6, "face": 1, "rerolled": False}
    assert out["banes"] == {"base": 0, "skill": 1}, "a myz skill 1 costs trauma (R-MYZ-TRAUMA)"
    assert len(out["stunt_list"]) == 6 and out["stunts"] == 1


def _fixed(system, **faces):
    count = sum(len(v) for v in faces.values())
    pool = build_pool(PoolRequest(system, "wits", count))
    return roll(pool, typed(base=[f for v in faces.values() for f in v]))


def test_R_OPP_1_defender_successes_cancel_and_ties_fail():
    sneak = _fixed("myz", base=[6, 6, 2])
    scout_one = _fixed("myz", base=[6, 1])
    scout_two = _fixed("myz", base=[6, 6])
    win = opposed(sneak, scout_one)
    assert win.outcome == "active" and win.success and win.net_successes == 1 and win.stunts == 0
    tie = opposed(sneak, scout_two)
    assert tie.outcome == "defender" and not tie.success
    assert opposed(sneak, scout_two, reroll_ties=True).outcome == "reroll"
    nothing = _fixed("myz", base=[2, 2])
    assert opposed(nothing, nothing, reroll_ties=True).outcome == "defender"
    assert opposed(scout_one, sneak).as_dict()["net_successes"] == 0


def test_R_OPP_1_active_side_may_push_after_the_defender_rolled():
    defender = roll(build_pool(PoolRequest("myz", "wits", 2, "scout", 0, reactive=True)), typed(base=[6, 2]))
    active = roll(build_pool(PoolRequest("myz", "agility", 2, "sneak", 1)), typed(base=[6, 3], skill=[2]))
    assert opposed(active, defender).outcome == "defender"
    assert not defender.can_push
    pushed = push(active, typed(base=[6], skill=[4]))
    assert opposed(pushed, defender).outcome == "active"
