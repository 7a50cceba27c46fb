"""The ``tiered`` rules core (seed 004): pools, tiers, saves, attacks, contested rolls."""

import random

import pytest

from gmconsole.families.tiered.rules import roll as t
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def typed(*faces):
    return DiceSource(faces={"dice": list(faces)})


# --------------------------------------------------------------------------- pool


def test_pool_is_luck_plus_attribute_plus_skill():
    pool = t.build_pool(attribute=2, skill=1)
    assert pool.dice == 4 and pool.costs == ()
    assert pool.lines == (("Luck", 1), ("attribute", 2), ("skill", 1))


def test_R_TIER_1_two_bonus_dice_at_most():
    assert t.build_pool(attribute=2, skill=1, bonus=2).dice == 6
    with pytest.raises(RulesError, match="at most \\+2 bonus dice"):
        t.build_pool(attribute=2, skill=1, bonus=3)


def test_push_yourself_adds_a_die_for_two_stamina_as_a_cost():
    pool = t.build_pool(attribute=1, skill=0, push_yourself=True, stamina=2)
    assert pool.dice == 3
    assert [(c.target, c.amount) for c in pool.costs] == [("stamina", -2)]
    result = t.roll_check(pool, typed(2, 2, 2))
    assert ("stamina", -2) in [(e.target, e.amount) for e in result.effects]


def test_push_yourself_is_refused_below_two_stamina():
    with pytest.raises(RulesError, match="only 1"):
        t.build_pool(attribute=1, skill=0, push_yourself=True, stamina=1)
    with pytest.raises(RulesError, match="how much stamina"):
        t.build_pool(attribute=1, skill=0, push_yourself=True)


def test_penalty_can_take_the_pool_below_zero():
    assert t.build_pool(attribute=0, skill=0, penalty=3).dice == -2


# --------------------------------------------------------------------------- tiers


@pytest.mark.parametrize(
    "faces, tier, highest",
    [
        ((6, 6, 2), t.Tier.CRITICAL, 6),
        ((6, 3, 2), t.Tier.GREAT, 6),
        ((5, 1, 4), t.Tier.MIXED, 5),
        ((4,), t.Tier.MIXED, 4),
        ((3, 3, 1), t.Tier.LIMITED, 3),
    ],
)
def test_highest_die_gives_the_tier(faces, tier, highest):
    result = t.roll_check(len(faces), typed(*faces))
    assert (result.tier, result.highest) == (tier, highest)


def test_limited_gives_one_xp_as_an_effect():
    result = t.roll_check(2, typed(3, 1))
    assert result.xp == 1 and result.as_dict()["xp"] == 1
    assert [(e.target, e.amount) for e in result.effects] == [("xp", 1)]
    assert t.roll_check(2, typed(4, 1)).xp == 0


@pytest.mark.parametrize("pool", [0, -1, -5])
def test_R_TIER_2_zero_or_fewer_rolls_two_keeps_lowest_never_critical(pool):
    double_six = t.roll_check(pool, typed(6, 6))
    assert double_six.tier is t.Tier.GREAT and double_six.keeps_lowest
    low = t.roll_check(pool, typed(6, 2))
    assert (low.tier, low.highest) == (t.Tier.LIMITED, 2) and low.xp == 1
    assert t.roll_check(pool, typed(5, 4)).tier is t.Tier.MIXED


def test_R_MANUAL_1_typed_faces_must_match_the_pool():
    with pytest.raises(RulesError, match=r"^3 dice, 2 faces typed \('6,2'\): one face per die"):
        t.roll_check(3, typed(6, 2))
    with pytest.raises(RulesError, match=r"^2 dice, 3 faces typed \('6,2,1'\)"):
        t.roll_check(0, typed(6, 2, 1))
    with pytest.raises(RulesError, match=r"^7 is not a face of a d6$"):
        t.roll_check(1, typed(7))


def test_tier_names_and_consequence_menu_come_from_the_data():
    assert t.Tier.CRITICAL.name_in("en") == "Critical"
    assert t.Tier.LIMITED.name_in("zh-Hant") == "有限成果"
    menu = {c.key: c for c in t.consequences()}
    assert list(menu) == ["damage", "reduced-effect", "complication", "lost-gear"]
    assert [(e.target, e.amount) for e in menu["damage"].effects] == [("stamina", -2)]
    assert [(e.target, e.amount) for e in menu["complication"].effects] == [("clock", 1)]


# --------------------------------------------------------------------------- saves


def test_save_names_come_from_the_data():
    assert t.SAVES == ("phys", "ment", "perc")
    assert [s["key"] for s in t.save_table()] == list(t.SAVES)
    assert t.save_table()[0]["name"]["zh-Hant"] == "體魄 (PHYS)"


def test_R_TIER_3_save_scores_from_the_character():
    scores = t.save_scores(dex=2, str_=1, int_=0, cha=1, per=2, level=5)
    assert (scores.phys, scores.ment, scores.perc) == (10 - 2 - 1 - 2, 10 - 0 - 1 - 2, 10 - 2 - 2)


@pytest.mark.parametrize(
    "faces, score, outcome",
    [
        ((5, 5), 5, t.SaveOutcome.CRITICAL),
        ((5, 4), 5, t.SaveOutcome.SUCCESS),
        ((3, 2), 5, t.SaveOutcome.SUCCESS),
        ((2, 2), 5, t.SaveOutcome.FAILURE),
        ((6, 6), 7, t.SaveOutcome.SUCCESS),
    ],
)
def test_R_TIER_3_save_reads_double_and_single_score(faces, score, outcome):
    result = t.saving_throw("phys", score, typed(*faces))
    assert result.outcome is outcome and result.total == sum(faces)


def test_R_TIER_3_strict_over_setting():
    assert t.saving_throw("ment", 5, typed(3, 2), strict_over=True).outcome is t.SaveOutcome.FAILURE
    assert t.saving_throw("ment", 5, typed(5, 5), strict_over=True).outcome is t.SaveOutcome.SUCCESS
    assert t.saving_throw("ment", 5, typed(6, 5), strict_over=True).outcome is t.SaveOutcome.CRITICAL
    with pytest.raises(RulesError, match="unknown save"):
        t.saving_throw("luck", 5, typed(6, 5))


# --------------------------------------------------------------------------- attacks


@pytest.mark.parametrize(
    "faces, damage",
    [((6, 6, 1), 16), ((6, 2, 1), 8), ((5, 2, 1), 4), ((3, 2, 1), 0)],
)
def test_R_TIER_4_ranged_damage_by_tier(faces, damage):
    result = t.attack(class_bonus=1, strength=3, dexterity=2, weapon=8, melee=False, source=typed(*faces))
    assert result.damage == damage and len(result.roll.dice) == 3


@pytest.mark.parametrize(
    "faces, damage",
    [((6, 6, 1, 1), 2 * 7 + 2), ((6, 2, 1, 1), 7 + 2), ((5, 2, 1, 1), 3 + 2), ((3, 2, 1, 1), 2)],
)
def test_R_TIER_4_melee_always_adds_strength_even_on_limited(faces, damage):
    result = t.attack(class_bonus=2, strength=2, dexterity=0, weapon=7, melee=True, source=typed(*faces))
    assert result.damage == damage and len(result.roll.dice) == 4


def test_R_TIER_4_reckless_raises_one_tier_and_notes_the_free_hit():
    result = t.attack(class_bonus=1, strength=1, dexterity=0, weapon=6, melee=True, source=typed(5, 1), reckless=True)
    assert result.roll.tier is t.Tier.MIXED and result.tier is t.Tier.GREAT
    assert result.damage == 6 + 1 and "free hit back" in result.notes[0]
    crit = t.attack(class_bonus=1, strength=1, dexterity=0, weapon=6, melee=True, source=typed(6, 6), reckless=True)
    assert crit.tier is t.Tier.CRITICAL
    with pytest.raises(RulesError, match="only a melee attack"):
        t.attack(class_bonus=1, strength=1, dexterity=0, weapon=6, melee=False, source=typed(5, 1), reckless=True)


def test_R_TIER_4_attack_with_no_dice_keeps_lowest_of_two():
    result = t.attack(class_bonus=0, strength=0, dexterity=0, weapon=6, melee=False, source=typed(6, 6))
    assert result.tier is t.Tier.GREAT and result.damage == 6


# --------------------------------------------------------------------------- contested


def test_R_TIER_5_contested_tie_is_rolled_again():
    # Round 1: A 3+4+1 = 8, B 5+3+0 = 8, a tie; round 2: A 2+2+1 = 5, B 6+1+0 = 7.
    result = t.contested(1, 0, typed(3, 4, 5, 3, 2, 2, 6, 1))
    assert result.rounds == ((8, 8), (5, 7)) and result.winner == "b"


def test_R_TIER_5_contested_without_tie_is_one_round():
    result = t.contested(2, 0, typed(6, 6, 6, 6))
    assert result.rounds == ((14, 12),) and result.winner == "a"


def test_seeded_rolls_repeat():
    first = t.roll_check(4, DiceSource(rng=random.Random(11)))
    assert first == t.roll_check(4, DiceSource(rng=random.Random(11)))
