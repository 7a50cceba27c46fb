"""Push Yourself after the roll (seed 004: 2 stamina for +1 die): one d6 joins the dice on the table, the
tier is read again, and the refusals the builder's line already knows stop it."""

import random

import pytest

from gmconsole.families.tiered.rules.push_after import push_yourself_after, refusal
from gmconsole.families.tiered.rules.roll import Tier
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def typed(*faces):
    return DiceSource(faces={"dice": list(faces)})


def _effects(pushed):
    return [(e.target, e.amount) for e in pushed.effects]


@pytest.mark.parametrize(("faces", "added", "before", "after", "highest"), [
    ([4, 2, 1], 6, Tier.MIXED, Tier.GREAT, 6),
    ([6, 2, 1], 6, Tier.GREAT, Tier.CRITICAL, 6),  # two 6s now
    ([3, 2, 1], 5, Tier.LIMITED, Tier.MIXED, 5),
    ([3, 2, 1], 2, Tier.LIMITED, Tier.LIMITED, 3),
    ([5, 5, 4], 1, Tier.MIXED, Tier.MIXED, 5),
])
def test_the_added_die_joins_the_dice_on_the_table_and_the_tier_is_read_again(faces, added, before, after, highest):
    pushed = push_yourself_after(faces, len(faces), typed(added), pushed_yourself=False, stamina=5)
    assert (pushed.before, pushed.tier, pushed.highest) == (before, after, highest)
    assert pushed.pool == len(faces) + 1
    assert pushed.die.face == added and pushed.by_hand


def test_two_stamina_are_spent_whatever_the_die_shows():
    pushed = push_yourself_after([4, 2], 2, typed(1), pushed_yourself=False, stamina=2)
    assert _effects(pushed) == [("stamina", -2)]


def test_the_limited_xp_is_taken_back_when_the_tier_rises_above_limited():
    pushed = push_yourself_after([3, 1], 2, typed(4), pushed_yourself=False, stamina=4)
    assert pushed.tier is Tier.MIXED
    assert _effects(pushed) == [("stamina", -2), ("xp", -1)] and pushed.xp == -1


def test_a_limited_result_that_stays_limited_keeps_its_xp():
    pushed = push_yourself_after([3, 1], 2, typed(2), pushed_yourself=False, stamina=4)
    assert pushed.tier is Tier.LIMITED and pushed.xp == 0


def test_R_TIER_2_a_keep_lowest_pool_takes_no_push_yourself_die():
    with pytest.raises(RulesError, match="R-TIER-2"):
        push_yourself_after([5, 2], 0, typed(6), pushed_yourself=False, stamina=5)


def test_push_yourself_spent_on_the_check_already_is_refused():
    with pytest.raises(RulesError, match="already spent"):
        push_yourself_after([4, 2, 2], 3, typed(6), pushed_yourself=True, stamina=5)


def test_less_than_two_stamina_is_refused_and_says_how_much_there_is():
    with pytest.raises(RulesError, match="only 1"):
        push_yourself_after([4, 2], 2, typed(6), pushed_yourself=False, stamina=1)


def test_a_critical_check_is_refused_nothing_better_to_reach():
    assert refusal([6, 6, 1], 3, pushed_yourself=False, stamina=5) == (
        "the check is already Critical: another die cannot make it better")
    with pytest.raises(RulesError, match="already Critical"):
        push_yourself_after([6, 6, 1], 3, typed(2), pushed_yourself=False, stamina=5)


def test_a_refused_push_reads_no_typed_face():
    source = typed(6)
    with pytest.raises(RulesError):
        push_yourself_after([6, 6], 2, source, pushed_yourself=False, stamina=5)
    assert source.left("dice") == 1


def test_R_MANUAL_1_the_push_takes_exactly_one_typed_face():
    with pytest.raises(RulesError):
        push_yourself_after([4, 2], 2, typed(6, 5), pushed_yourself=False, stamina=5)
    with pytest.raises(RulesError):
        push_yourself_after([4, 2], 2, typed(7), pushed_yourself=False, stamina=5)


def test_the_console_rolls_the_die_from_a_seeded_generator():
    faces = [push_yourself_after([4, 2], 2, DiceSource(rng=random.Random(seed)), pushed_yourself=False,
                                 stamina=5).die.face for seed in range(40)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    again = [push_yourself_after([4, 2], 2, DiceSource(rng=random.Random(seed)), pushed_yourself=False,
                                 stamina=5).die.face for seed in range(40)]
    assert faces == again
