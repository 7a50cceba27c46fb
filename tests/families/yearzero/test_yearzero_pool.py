"""Pool building for the Year Zero family: kinds kept apart, modifiers, help, specialist skills, step dice."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules.roll import (
    PoolRequest,
    build_pool,
    difficulty_modifier,
    step_dice,
    step_die_for_rating,
)
from gmconsole.rules.dice import MAX_DICE, DieKind
from gmconsole.rules.errors import RulesError


def kinds(pool) -> dict[str, int]:
    return {k.value: pool.count(k) for k in DieKind if pool.count(k)}


def test_R_POOL_1_dice_are_kept_apart_by_kind_and_gear_item():
    pool = build_pool(PoolRequest(
        "yze", "agility", 3, "ranged", 2,
        gear=(("Rifle", 2), ("Scope", 1)), artifacts=(("Old Gun", 10),), stress=2,
    ))
    assert kinds(pool) == {"base": 3, "skill": 2, "gear": 3, "stress": 2, "artifact": 1}
    assert [d.source for d in pool.dice if d.kind is DieKind.GEAR] == ["Rifle", "Rifle", "Scope"]
    assert [(d.sides, d.source) for d in pool.dice if d.kind is DieKind.ARTIFACT] == [(10, "Old Gun")]
    assert [d.kind.value for d in pool.dice] == (
        ["base"] * 3 + ["skill"] * 2 + ["gear"] * 3 + ["stress"] * 2 + ["artifact"]
    )


def test_R_MOD_1_plus_adds_skill_dice():
    pool = build_pool(PoolRequest("myz", "wits", 2, "scout", 1, difficulty="easy", helpers=("Vanja",), modifiers=(1,)))
    assert pool.modifier == 3
    assert kinds(pool) == {"base": 2, "skill": 4}
    assert "difficulty easy +1" in pool.explanation
    assert "help from Vanja +1" in pool.explanation


def test_R_MOD_1_minus_removes_skill_then_gear_then_base():
    request = dict(system="myz", attribute="strength", attribute_value=3, skill="fight", skill_level=2,
                   gear=(("Club", 1), ("Chain", 2)), artifacts=(("Relic", 8),))
    assert kinds(build_pool(PoolRequest(**request, modifiers=(-2,)))) == {"base": 3, "gear": 3, "artifact": 1}
    pool = build_pool(PoolRequest(**request, modifiers=(-3,)))
    assert kinds(pool) == {"base": 3, "gear": 2, "artifact": 1}
    assert [d.source for d in pool.dice if d.kind is DieKind.GEAR] == ["Club", "Chain"]
    assert kinds(build_pool(PoolRequest(**request, modifiers=(-6,)))) == {"base": 2, "artifact": 1}
    pool = build_pool(PoolRequest(**request, difficulty="formidable", modifiers=(-9,)))
    assert kinds(pool) == {"artifact": 1}
    assert pool.can_roll


def test_R_MOD_1_stress_dice_are_never_removed_and_an_empty_pool_cannot_roll():
    pool = build_pool(PoolRequest("yze", "wits", 1, stress=2, modifiers=(-5,)))
    assert kinds(pool) == {"stress": 2}
    empty = build_pool(PoolRequest("yze", "wits", 1, modifiers=(-2,)))
    assert not empty.can_roll
    assert "no chance" in empty.reason


def test_difficulty_table_comes_from_data():
    expected = {"trivial": 3, "simple": 2, "easy": 1, "average": 0, "demanding": -1, "hard": -2, "formidable": -3}
    for system in ("myz", "yze", "yze-step"):
        assert {name: difficulty_modifier(system, name) for name in expected} == expected
    with pytest.raises(RulesError, match="unknown difficulty"):
        difficulty_modifier("yze", "impossible")


def test_R_HELP_1_a_fourth_helper_is_refused_and_helpers_must_be_named():
    assert build_pool(PoolRequest("myz", "wits", 2, helpers=("A", "B", "C"))).modifier == 3
    with pytest.raises(RulesError, match="R-HELP-1"):
        build_pool(PoolRequest("myz", "wits", 2, helpers=("A", "B", "C", "D")))
    with pytest.raises(RulesError, match="named"):
        build_pool(PoolRequest("myz", "wits", 2, helpers=(" ",)))
    with pytest.raises(RulesError, match="twice"):
        build_pool(PoolRequest("myz", "wits", 2, helpers=("A", "A")))


def test_R_MYZ_SPEC_role_skill_at_level_0_cannot_be_rolled():
    pool = build_pool(PoolRequest("myz", "wits", 3, "Jury-Rig", 0))
    assert not pool.can_roll
    assert "R-MYZ-SPEC" in pool.reason
    assert build_pool(PoolRequest("myz", "wits", 3, "jury-rig", 1)).can_roll
    assert build_pool(PoolRequest("myz", "wits", 3, "Scout", 0)).can_roll
    assert build_pool(PoolRequest("yze", "wits", 3, "Homebrew", 0)).can_roll
    assert not build_pool(PoolRequest("myz", "strength", 3, "fight", 0, specialist=True)).can_roll


def test_no_skill_rolls_the_attribute_alone_plus_gear():
    pool = build_pool(PoolRequest("myz", "agility", 3, "sneak", 0, gear=(("Camouflage", 2),)))
    assert kinds(pool) == {"base": 3, "gear": 2}


def test_stress_dice_only_with_the_stress_dice_push_cost():
    with pytest.raises(RulesError, match="no stress dice"):
        build_pool(PoolRequest("myz", "wits", 2, stress=1))
    with pytest.raises(RulesError, match="stress-dice"):
        build_pool(PoolRequest("yze", "wits", 2, stress=1, push_cost="doom"))
    with pytest.raises(RulesError, match="push cost"):
        build_pool(PoolRequest("myz", "wits", 2, push_cost="doom"))


@pytest.mark.parametrize(
    "field,value", [("attribute_value", -1), ("skill_level", -2), ("stress", -1), ("attribute_value", 500)]
)
def test_negative_or_huge_counts_are_refused(field, value):
    with pytest.raises(RulesError):
        build_pool(PoolRequest("yze", "wits", **{field: value}))


def test_pool_above_max_dice_is_refused():
    with pytest.raises(RulesError, match="too big"):
        build_pool(PoolRequest("yze", "wits", MAX_DICE, skill_level=MAX_DICE))


def test_unknown_system_and_attribute_are_refused():
    with pytest.raises(RulesError, match="Year Zero"):
        build_pool(PoolRequest("tiered"))
    with pytest.raises(RulesError, match="attribute"):
        build_pool(PoolRequest("myz", "charisma", 2))


@pytest.mark.parametrize(
    "attribute,skill,steps,expected",
    [
        (12, 8, 1, [12, 10]),            # smaller die first
        (8, 8, 2, [10, 10]),
        (12, 12, 3, [12, 12]),           # cap: two d12
        (12, 8, -1, [10, 8]),            # larger die first
        (8, 6, -1, [6, 6]),
        (6, 6, -1, [6]),                 # a d6 stepped down is removed
        (8, 6, -5, [6]),                 # floor: one d6
        (10, None, 1, [10, 6]),          # one die: +1 first adds a d6
        (10, None, 3, [10, 10]),
        (6, None, -2, [6]),
        (10, None, -2, [6]),
    ],
)
def test_R_STEP_1_steps_keep_the_pair_balanced(attribute, skill, steps, expected):
    dice, notes = step_dice(attribute, skill, steps)
    assert sorted((s for s, _ in dice), reverse=True) == sorted(expected, reverse=True)
    assert notes


def test_R_STEP_1_step_pool_from_ratings_gear_and_modifiers():
    assert [step_die_for_rating(r) for r in "ABCD"] == [12, 10, 8, 6]
    pool = build_pool(PoolRequest("yze-step", "agility", attribute_die=12, skill_die=8, skill="ranged",
                                  gear=(("Rifle", 1),), modifiers=(-2,), stress=1))
    steps = [(d.sides, d.source) for d in pool.dice if d.kind is DieKind.STEP]
    assert steps == [(10, "agility"), (8, "ranged")]
    assert kinds(pool) == {"stress": 1, "step": 2}
    with pytest.raises(RulesError, match="step die"):
        build_pool(PoolRequest("yze-step", "agility"))
    with pytest.raises(RulesError, match="step dice"):
        build_pool(PoolRequest("yze-step", "agility", 3, attribute_die=8))
    with pytest.raises(RulesError, match="yze-step"):
        build_pool(PoolRequest("yze", "agility", 3, attribute_die=8))
