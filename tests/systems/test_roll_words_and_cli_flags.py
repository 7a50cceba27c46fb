"""What each system says the roll builder and the command line offer (asked instead of comparing ids)."""

from __future__ import annotations

import pytest

from gmconsole import systems


def test_year_zero_difficulties_are_modifiers_exploding_ones_are_tns_and_tiered_has_none():
    assert ("hard", "Hard -2") in systems.get("yze").difficulty_choices()
    assert systems.get("yze-step").difficulty_choices() == systems.get("yze").difficulty_choices()
    assert all(" TN " in label for _key, label in systems.get("exploding").difficulty_choices())
    assert systems.get("tiered").difficulty_choices() == ()


def test_odds_words_name_what_each_system_reads():
    assert systems.get("yze").odds_words({"p_success": 0.5, "p_panic": 0.25}) == "success 50.0% · panic 25.0%"
    assert systems.get("exploding").odds_words({"p_success": 0.5, "p_critical_failure": 0.1}) == (
        "success 50.0% · critical failure 10.0%")
    assert systems.get("tiered").odds_words({"critical": 0.1, "great": 0.2}) == "critical 10.0% · great 20.0%"
    assert systems.get("myz").odds_words({}) == ""


def test_exploding_alone_lets_any_skill_be_tried_untrained_and_rolls_the_trait_die_alone_without_one():
    assert [s.id for s in systems.all_systems() if s.skills_tried_untrained] == ["exploding"]
    assert "trait die alone" in systems.get("exploding").no_skill_label
    assert systems.get("yze").no_skill_label == "(no skill: attribute only)"


def test_r_exp_1_only_exploding_dice_explode():
    assert [s.id for s in systems.all_systems() if s.dice_explode] == ["exploding"]


def test_r_myz_limit_only_myz_lists_stunts_one_per_line():
    assert [s.id for s in systems.all_systems() if s.lists_stunts] == ["myz"]


@pytest.mark.parametrize(
    "system_id, special",
    [
        ("yze", ("opposed",)),
        ("exploding", ("opposed-test", "assisted", "group")),
        ("tiered", ("contested", "save", "attack")),
    ],
)
def test_each_system_offers_its_own_special_rolls(system_id, special):
    assert systems.get(system_id).special_rolls == special


@pytest.mark.parametrize("system_id, refused, taken", [
    ("yze", "--tn-modifier", "--push"), ("exploding", "--push", "--tn-mod"),
    # tiered takes --push: the Push Yourself die after the roll
    ("tiered", "--reactive", "--push-yourself"), ("tiered", "--tn-modifier", "--push"),
])
def test_a_campaign_roll_refuses_another_familys_flags_with_why(system_id, refused, taken):
    flags = dict(systems.get(system_id).cli_flags.campaign_refused)
    assert flags[refused] and taken not in flags


def test_only_exploding_campaign_rolls_read_tn_modifiers_and_each_gm_pool_has_its_own_flags():
    assert [s.id for s in systems.all_systems() if s.cli_flags.tn_modifiers] == ["exploding"]
    assert {s.id: s.cli_flags.gm_pool for s in systems.all_systems()} == {
        "myz": "counts", "yze": "counts", "yze-step": "counts", "exploding": "die_sizes", "tiered": "dice"}


def test_a_roll_without_a_sheet_refuses_another_familys_pool_flag_naming_its_own():
    assert "--base N" in dict(systems.get("yze").cli_flags.elsewhere_refused)["--dice"]
    assert "--push-yourself" in dict(systems.get("tiered").cli_flags.elsewhere_refused)["--push"]


def test_find_is_none_for_an_id_no_system_has():
    assert systems.find("d20") is None and systems.find(None) is None
    assert systems.find("yze") is systems.get("yze")
