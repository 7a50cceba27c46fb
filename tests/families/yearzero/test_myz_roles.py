"""`myz` role skills that change other rolls: Inspire, Shake It Off, Mend the Broken, repair, Sic a Dog."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules.roles import dog_stats, inspire, mend_the_broken, repair, shake_it_off, sic_a_dog
from gmconsole.families.yearzero.rules.roll import Cost, PoolRequest, build_pool, push, roll
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def rolled(system: str, base: list[int], skill: str | None = None, attribute: str = "empathy"):
    level = 1 if skill else 0
    pool = build_pool(PoolRequest(system, attribute, len(base), skill, level))
    faces = {"base": base}
    if level:
        faces["skill"] = [2]
    return roll(pool, DiceSource(faces=faces))


def test_inspire_help_adds_all_sixes_and_hinder_removes_them():
    chronicler = rolled("myz", [6, 6, 3], "inspire")
    target = rolled("myz", [2, 6], "shoot", "agility")
    helped = inspire(chronicler, target, "help")
    assert (helped.successes_before, helped.successes, helped.stunts) == (1, 3, 2)
    hindered = inspire(chronicler, target, "hinder")
    assert hindered.successes == 0 and not hindered.success
    with pytest.raises(RulesError, match="Inspire"):
        inspire(target, chronicler)
    with pytest.raises(RulesError):
        inspire(chronicler, target, "cheer")


def test_shake_it_off_removes_trauma_but_not_from_pushing():
    slave = rolled("myz", [6, 6, 1], "shake-it-off", "strength")
    assert shake_it_off(slave, 3).taken == 1
    assert shake_it_off(slave, 1).prevented == 1
    with pytest.raises(RulesError, match="pushing"):
        shake_it_off(slave, 2, from_push=True)


def test_mend_the_broken_recovers_points_equal_to_sixes():
    assert mend_the_broken(rolled("myz", [6, 6, 2], "heal")).recovered == 2
    assert mend_the_broken(rolled("myz", [6, 6, 2], "heal"), missing=1).recovered == 1
    failed = mend_the_broken(rolled("myz", [3, 4], "heal"))
    assert not failed.success and failed.recovered == 0


def test_R_REPAIR_1_jury_rig_restores_the_full_bonus_or_fixes_the_maximum():
    success = rolled("myz", [6, 2], "jury-rig", "wits")
    assert repair(success, 1, 3).as_dict() == {"success": True, "bonus": 3, "max_bonus": 3, "destroyed": False}
    failure = rolled("myz", [2, 2], "jury-rig", "wits")
    assert repair(failure, 1, 3).as_dict() == {"success": False, "bonus": 1, "max_bonus": 1, "destroyed": False}
    assert repair(failure, 0, 3).destroyed


def test_R_REPAIR_1_yze_crafting_restores_one_point_per_success():
    two = rolled("yze", [6, 6, 2], "crafting", "wits")
    assert repair(two, 0, 3).bonus == 2
    assert repair(two, 2, 3).bonus == 3
    assert repair(rolled("yze", [1, 2], "crafting", "wits"), 0, 2).destroyed
    with pytest.raises(RulesError, match="above"):
        repair(two, 4, 3)


def test_sic_a_dog_fighting_uses_the_dogs_strength_and_hurts_the_dog():
    assert dog_stats() == {"strength": 4, "agility": 6}
    pool = build_pool(sic_a_dog("fight", 2))
    assert pool.count("base") == 4 and pool.count("skill") == 2
    first = roll(pool, DiceSource(faces={"base": [1, 2, 3, 4], "skill": [2, 3]}))
    pushed = push(first, DiceSource(faces={"base": [1, 1, 2], "skill": [2, 3]}))
    assert pushed.costs == (Cost("trauma", 3, "dog"),)


def test_sic_a_dog_scouting_and_tracking_use_the_handlers_wits_and_push_normally():
    """Seed 000: scouting "You can push the roll normally"; only a fighting push hurts the dog."""
    pool = build_pool(sic_a_dog("track", 1, handler_wits=3, difficulty="hard"))
    assert pool.count("base") == 2 and pool.count("skill") == 0
    pushed = push(roll(pool, DiceSource(faces={"base": [1, 2]})), DiceSource(faces={"base": [3]}))
    assert pushed.costs == (Cost("trauma", 1, "wits"), Cost("mutation_points", 1))
    weak_dog = build_pool(sic_a_dog("scout", 1, handler_wits=1, dog_strength=1))
    pushed = push(roll(weak_dog, DiceSource(faces={"base": [1], "skill": [3]})),
                  DiceSource(faces={"skill": [2]}))
    assert pushed.costs == (Cost("trauma", 1, "wits"), Cost("mutation_points", 1), Cost("broken", 1, "wits"))
    assert not build_pool(sic_a_dog("scout", 0, handler_wits=3)).can_roll
    with pytest.raises(RulesError):
        sic_a_dog("fetch", 1)
