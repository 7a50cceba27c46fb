"""The push readings in the rules core: 1s never reroll (R-PUSH-1), the
published-dice setting (R-PUSH-5), a push that rolls nothing (R-PUSH-6), what 1s cost
(R-MYZ-TRAUMA, yze banes), Sic a Dog, and items at gear bonus 0 (R-ART-2)."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules.roll import Cost, PoolRequest, build_pool, push, push_counts, roll
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def typed(**faces) -> DiceSource:
    return DiceSource(faces=faces)


def faces_of(r, kind: str) -> list[int]:
    return [d.face for d in r.dice if d.kind.value == kind]


def rerolled_of(r, kind: str) -> list[bool]:
    return [d.rerolled for d in r.dice if d.kind.value == kind]


def myz_shoot(**extra) -> PoolRequest:
    return PoolRequest("myz", "agility", 3, "shoot", 2, gear=(("Scrap rifle", 1),), **extra)


def test_r_push_1_skill_one_stays():
    """Seed 000: "You can never push dice that show 1" — a skill 1 stays like a base or gear 1."""
    first = roll(build_pool(myz_shoot()), typed(base=[6, 1, 3], skill=[1, 4], gear=[1]))
    assert push_counts(first) == {"base": 1, "skill": 1}
    pushed = push(first, typed(base=[2], skill=[5]))
    assert faces_of(pushed, "skill") == [1, 5]
    assert rerolled_of(pushed, "skill") == [False, True]
    assert faces_of(pushed, "base") == [6, 1, 2] and faces_of(pushed, "gear") == [1]


def test_r_push_1_artifact_one_stays():
    """Seed 002: 「允許你重擲所有未顯示 1 的骰子」 — an artifact die showing 1 stays too."""
    pool = build_pool(PoolRequest("yze", "wits", 1, artifacts=(("Relic", 12),), push_cost="doom"))
    first = roll(pool, typed(base=[3], artifact=[1]))
    assert push_counts(first) == {"base": 1}
    pushed = push(first, typed(base=[6]))
    assert faces_of(pushed, "artifact") == [1] and rerolled_of(pushed, "artifact") == [False]
    assert pushed.costs == (Cost("doom", 1),)


def test_r_push_1_step_artifact_ones_stay_in_yze_step():
    pool = build_pool(PoolRequest("yze-step", "wits", attribute_die=10, skill_die=8,
                                  artifacts=(("Relic", 12),), push_cost="doom"))
    pushed = push(roll(pool, typed(step=[1, 5], artifact=[1])), typed(step=[7]))
    assert faces_of(pushed, "step") == [1, 7] and faces_of(pushed, "artifact") == [1]


def test_r_push_5_blank_skill_ones_are_rerolled_and_cost_nothing():
    """R-PUSH-5 ``blank``: the published skill die has no mark on its 1, so it rerolls, and costs nothing."""
    first = roll(build_pool(myz_shoot(skill_ones="blank")), typed(base=[6, 1, 3], skill=[1, 4], gear=[1]))
    assert push_counts(first) == {"base": 1, "skill": 2}
    pushed = push(first, typed(base=[2], skill=[1, 1]))
    assert rerolled_of(pushed, "skill") == [True, True]
    assert pushed.costs == (Cost("trauma", 1, "agility"), Cost("mutation_points", 1),
                            Cost("gear_damage", 1, "Scrap rifle"))
    assert "skill" not in pushed.banes
    with pytest.raises(RulesError, match="R-PUSH-5"):
        build_pool(myz_shoot(skill_ones="marked"))


def test_r_push_5_blank_keeps_artifact_ones():
    pool = build_pool(PoolRequest("yze", "wits", 1, "observation", 1, artifacts=(("Relic", 10),),
                                  push_cost="doom", skill_ones="blank"))
    first = roll(pool, typed(base=[2], skill=[1], artifact=[1]))
    assert push_counts(first) == {"base": 1, "skill": 1}


def test_r_push_6_a_push_that_rolls_no_die_is_refused_with_the_reason():
    first = roll(build_pool(PoolRequest("myz", "wits", 2, "scout", 1)), typed(base=[6, 1], skill=[1]))
    assert "R-PUSH-6" in first.push_refusal and not first.can_push
    with pytest.raises(RulesError, match="R-PUSH-6"):
        push(first, typed())
    blank = roll(build_pool(PoolRequest("myz", "wits", 2, "scout", 1, skill_ones="blank")),
                 typed(base=[6, 1], skill=[1]))
    assert blank.can_push and push_counts(blank) == {"skill": 1}


def test_r_push_6_stress_dice_push_still_rolls_its_new_stress_die():
    pool = build_pool(PoolRequest("yze", "wits", 2, "observation", 1))
    first = roll(pool, typed(base=[6, 1], skill=[1]))
    assert first.can_push
    assert push_counts(first) == {"stress": 1}
    pushed = push(first, typed(stress=[6]))
    assert pushed.successes == 2 and faces_of(pushed, "skill") == [1]


def test_r_myz_trauma_skill_ones_cost_trauma_and_mutation_points():
    """Seed 000: "one point of trauma to the attribute used for every 1 you have rolled"."""
    pool = build_pool(PoolRequest("myz", "empathy", 4, "manipulate", 2, gear=(("Hat", 1),)))
    pushed = push(roll(pool, typed(base=[1, 2, 3, 4], skill=[1, 4], gear=[1])), typed(base=[2, 5, 3], skill=[1]))
    assert pushed.costs == (Cost("trauma", 3, "empathy"), Cost("mutation_points", 3), Cost("gear_damage", 1, "Hat"))
    assert pushed.banes == {"base": 1, "skill": 2, "gear": 1}
    broken = push(roll(pool, typed(base=[1, 2, 3, 4], skill=[1, 1], gear=[6])), typed(base=[5, 5, 1]))
    assert Cost("trauma", 4, "empathy") in broken.costs and Cost("broken", 1, "empathy") in broken.costs


def test_r_myz_trauma_yze_banes_are_base_ones_only():
    """Seed 002: 「基礎骰顯示 1 稱為厄兆」 — yze skill and artifact 1s stay but cost nothing."""
    pool = build_pool(PoolRequest("yze", "strength", 2, "force", 2, artifacts=(("Relic", 8),),
                                  push_cost="damage-stress"))
    pushed = push(roll(pool, typed(base=[1, 2], skill=[1, 3], artifact=[1])), typed(base=[5], skill=[1]))
    assert pushed.costs == (Cost("damage", 1, "strength"),)
    assert "skill" not in pushed.banes and "artifact" not in pushed.banes
    wits = build_pool(PoolRequest("yze", "wits", 3, "observation", 2, push_cost="attribute-damage"))
    pushed = push(roll(wits, typed(base=[1, 2, 3], skill=[1, 3])), typed(base=[1, 4], skill=[1]))
    assert pushed.costs == (Cost("damage", 2, "wits"), Cost("willpower", 2))


def test_sic_a_dog_fighting_push_hurts_the_dog_and_gives_no_mutation_points():
    pool = build_pool(PoolRequest("myz", "strength", 4, "sic-a-dog", 1, sic_a_dog=True))
    pushed = push(roll(pool, typed(base=[1, 2, 2, 2], skill=[1])), typed(base=[1, 3, 3]))
    assert pushed.costs == (Cost("trauma", 3, "dog"),)


def test_sic_a_dog_scouting_push_is_a_normal_push_on_the_handlers_wits():
    """Seed 000: scouting "You can push the roll normally"; only fighting hurts the dog."""
    pool = build_pool(PoolRequest("myz", "wits", 3, "sic-a-dog", 1, sic_a_dog=True, dog_strength=4))
    pushed = push(roll(pool, typed(base=[1, 2, 2], skill=[3])), typed(base=[1, 3], skill=[4]))
    assert pushed.costs == (Cost("trauma", 2, "wits"), Cost("mutation_points", 2))


def test_r_art_2_an_item_at_gear_bonus_0_is_not_used_and_the_pool_says_why():
    """Seed 002: 「若物品的裝備加值降至零，帶有神器骰的物品仍無法使用」."""
    pool = build_pool(PoolRequest("yze", "strength", 2, artifacts=(("Relic", 12, 0), ("Blade", 10, 2)),
                                  gear=(("Rope", 0),), push_cost="doom"))
    assert [(d.kind.value, d.sides, d.source) for d in pool.dice] == [
        ("base", 6, None), ("base", 6, None), ("artifact", 10, "Blade")]
    text = "\n".join(pool.explanation)
    assert "Relic" in text and "Rope" in text and text.count("R-ART-2") == 2
    alone = build_pool(PoolRequest("yze", "strength", 0, artifacts=(("Relic", 12, 0),), push_cost="doom"))
    assert not alone.can_roll and "no chance" in alone.reason


def test_panic_row_11_seek_cover_asks_for_a_retreat_roll_when_an_enemy_is_engaged():
    """Seed 002, row 11: 「若有敵人在接戰範圍內，你必須進行撤退擲骰」, in both languages."""
    from gmconsole.families.yearzero.rules.panic import panic_row

    row = panic_row(11)
    assert row["id"] == "seek-cover"
    assert "If an enemy is at engaged range, you must make a retreat roll." in row["text"]["en"]
    assert "若有敵人在接戰範圍內，你必須進行撤退擲骰" in row["text"]["zh-Hant"]


def test_r_art_3_an_artifact_item_rolls_its_gear_dice_beside_its_artifact_die():
    """Seed 002: 「神器骰加入你的骰池……神器骰不會因磨損而損失」 — the die joins the pool; the item's gear
    bonus gives gear dice as any item's does, and a −N modifier may take those (R-MOD-1), never the die."""
    scanner = dict(gear=(("Scanner", 2),), artifacts=(("Scanner", 10, 2),), push_cost="attribute-damage")
    pool = build_pool(PoolRequest("yze", "wits", 2, **scanner))
    assert [(d.kind.value, d.sides, d.source) for d in pool.dice] == [
        ("base", 6, None), ("base", 6, None), ("gear", 6, "Scanner"), ("gear", 6, "Scanner"),
        ("artifact", 10, "Scanner")]
    harder = build_pool(PoolRequest("yze", "wits", 2, modifiers=(-2,), **scanner))
    assert [d.kind.value for d in harder.dice] == ["base", "base", "artifact"]
    pushed = push(roll(pool, typed(base=[2, 3], gear=[1, 4], artifact=[3])),
                  typed(base=[2, 3], gear=[1], artifact=[5]))
    assert pushed.costs == (Cost("gear_damage", 2, "Scanner"),), "each gear 1 lowers the Scanner's bonus"
    worn = build_pool(PoolRequest("yze", "wits", 2, gear=(("Scanner", 0),), artifacts=(("Scanner", 10, 0),),
                                  push_cost="attribute-damage"))
    assert [d.kind.value for d in worn.dice] == ["base", "base"]
    assert [line for line in worn.explanation if "R-ART-2" in line] == [
        "artifact Scanner: gear bonus 0, the item cannot be used (R-ART-2)"], "one line for the one item"


def test_r_art_3_step_dice_an_artifact_items_bonus_steps_up_and_its_die_rolls():
    pool = build_pool(PoolRequest("yze-step", "wits", attribute_die=8, gear=(("Scanner", 1),),
                                  artifacts=(("Scanner", 10, 1),)))
    assert [(d.kind.value, d.sides) for d in pool.dice] == [("step", 8), ("step", 6), ("artifact", 10)]
