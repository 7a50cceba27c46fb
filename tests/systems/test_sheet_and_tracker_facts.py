"""What each system says about sheets, trackers and quick pools (asked instead of comparing ids)."""

from __future__ import annotations

import pytest

from gmconsole import systems
from gmconsole.rules.errors import RulesError
from gmconsole.systems import quick_pool


def test_year_zero_and_tiered_sheets_have_fixed_attributes_and_exploding_takes_the_gms_traits():
    assert systems.get("myz").attributes == ("strength", "agility", "wits", "empathy")
    assert systems.get("yze-step").attributes == systems.get("yze").attributes
    assert systems.get("tiered").attributes == ("str", "dex", "int", "cha", "per")
    assert systems.get("exploding").attributes is None


@pytest.mark.parametrize("system_id, listed", [("myz", True), ("yze", True), ("yze-step", True),
                                               ("exploding", False), ("tiered", False)])
def test_only_year_zero_sheets_take_skills_from_a_list(system_id, listed):
    assert systems.get(system_id).skills_listed is listed


@pytest.mark.parametrize("system_id, maximum, current, refused", [
    ("yze", 6, 6, None), ("yze", 7, 7, "from 1 to 6"), ("myz", 0, 0, "from 1 to 6"),
    ("yze-step", 10, 8, None), ("yze-step", 7, 7, "step die of 6, 8, 10 or 12"),
    ("yze-step", 10, 7, "current die must be 0, 6, 8, 10 or 12"),
    ("exploding", 4, 4, None), ("exploding", 5, 5, "die of 4, 6, 8, 10 or 12"),
    ("tiered", 0, 0, None), ("tiered", 7, 7, "from 0 to 6"),
])
def test_an_attribute_rating_outside_the_systems_range_is_refused(system_id, maximum, current, refused):
    reason = systems.get(system_id).attribute_refusal("Ada's wits", maximum, current)
    assert reason is None if refused is None else refused in reason


@pytest.mark.parametrize("system_id, level, refused", [
    ("myz", 5, None), ("yze", 6, "from 0 to 5"), ("tiered", 6, "from 0 to 5"),
    ("yze-step", 0, None), ("yze-step", 9, "0 (no rating) or a step die"),
    ("exploding", 12, None), ("exploding", 3, "0 (untrained) or a die"),
])
def test_a_skill_rating_outside_the_systems_range_is_refused(system_id, level, refused):
    reason = systems.get(system_id).skill_refusal("Ada's sneak", level)
    assert reason is None if refused is None else refused in reason


def test_step_dice_step_down_a_die_size_per_point_and_break_below_d6():
    step = systems.get("yze-step")
    assert [step.attribute_step(v, -1) for v in (12, 10, 8, 6)] == [10, 8, 6, 0]
    assert [step.attribute_step(v, +1) for v in (0, 6, 8, 10)] == [6, 8, 10, 12]


@pytest.mark.parametrize("system_id", ["myz", "yze", "exploding", "tiered"])
def test_other_systems_step_an_attribute_one_point_never_below_zero(system_id):
    system = systems.get(system_id)
    assert (system.attribute_step(3, -1), system.attribute_step(0, -1), system.attribute_step(2, +1)) == (2, 0, 3)


@pytest.mark.parametrize("system_id, text", [("yze", "2/4"), ("myz", "2/4"), ("yze-step", "d8→d6"),
                                             ("exploding", "d8→d6"), ("tiered", "2/4")])
def test_a_lowered_attribute_reads_as_the_system_rates_it(system_id, text):
    system = systems.get(system_id)
    current, maximum = (6, 8) if system.rates_in_dice else (2, 4)
    assert system.attribute_text(current, maximum) == text


def test_full_attributes_read_as_one_rating_except_year_zero_pools():
    assert systems.get("yze").attribute_text(3, 3) == "3/3"
    assert systems.get("yze-step").attribute_text(8, 8) == "d8"
    assert systems.get("tiered").attribute_text(4, 4) == "4"


def test_only_year_zero_characters_break_and_only_exploding_takes_no_attribute_damage():
    assert [s.id for s in systems.all_systems() if s.breaks_at_zero] == ["myz", "yze", "yze-step"]
    assert [s.id for s in systems.all_systems() if not s.takes_attribute_damage] == ["exploding"]


def test_r_repair_1_only_myz_jury_rig_restores_the_full_bonus():
    assert [s.id for s in systems.all_systems() if s.repair_restores_all] == ["myz"]


def test_myz_push_costs_are_fixed_by_the_game_not_a_setting():
    assert not systems.get("myz").push_cost_is_a_setting
    assert systems.get("yze").push_cost_is_a_setting and systems.get("yze-step").push_cost_is_a_setting


@pytest.mark.parametrize("system", systems.all_systems(), ids=lambda s: s.id)
def test_each_systems_quick_pool_example_is_a_quick_pool_it_reads(system):
    assert quick_pool.parse(system, system.quick_pool_example).system == system.id


@pytest.mark.parametrize("system_id, text, refused", [("myz", "2st", "myz has no stress dice"),
                                                      ("yze-step", "3b", "step dice like d10 d8"),
                                                      ("tiered", "", "type the pool: a dice count")])
def test_a_quick_pool_the_system_does_not_read_is_refused_naming_its_syntax(system_id, text, refused):
    with pytest.raises(RulesError, match=refused):
        quick_pool.parse(systems.get(system_id), text)


@pytest.mark.parametrize("system", systems.all_systems(), ids=lambda s: s.id)
def test_every_sheet_column_reads_a_counter_or_a_known_total(system):
    known = {"trauma", "attribute_damage", "stamina_of_max", "stress", "willpower",
             "mutation_points", "xp", "wounds", "strain", "level"}
    assert {key for _label, key in system.sheet_columns} <= known
