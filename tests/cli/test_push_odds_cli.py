"""``gmconsole odds SYSTEM [pool flags] --faces SPEC --json`` answers for the push of that roll."""

from __future__ import annotations

from fractions import Fraction

import pytest
from cli_checks import ok_json, refused

from gmconsole.families.yearzero.rules.pool import PoolRequest, build_pool
from gmconsole.families.yearzero.rules.push_odds import push_odds
from gmconsole.families.yearzero.rules.roll import roll
from gmconsole.rules.dice import DiceSource


def test_myz_ones_kept_trauma_and_the_exact_fraction(run_cli):
    out = ok_json(run_cli("odds", "myz", "--faces", "base=1,1,2,3,4", "--json"))
    assert out["p_success_after_push_exact"] == "91/216"
    assert out["p_success_after_push"] == pytest.approx(91 / 216, abs=1e-15)
    assert out["expected_successes_after_push"] == 0.5
    assert out["cost_distribution"]["trauma"] == pytest.approx(
        {"2": 125 / 216, "3": 75 / 216, "4": 15 / 216, "5": 1 / 216}, abs=1e-15)
    assert out["cost_distribution"]["mutation_points"] == out["cost_distribution"]["trauma"]
    assert "p_panic_after_push" not in out


def test_yze_stress_dice_gives_the_panic_chance_with_the_extra_stress_die(run_cli):
    out = ok_json(run_cli("odds", "yze", "--faces", "base=2,3 skill=4 stress=2,3", "--attribute", "wits", "--json"))
    assert out["p_panic_after_push_exact"] == "91/216"  # the two stress dice and the push's own
    assert sum(out["panic_rows_after_push"].values()) == pytest.approx(91 / 216, abs=1e-15)
    assert out["cost_distribution"] == {"stress": {"1": 1.0}}
    assert out["rerolled_dice"] == 6


def test_pool_flags_and_faces_agree_with_the_rules_core(run_cli):
    out = ok_json(run_cli("odds", "yze", "--base", "3", "--skill", "2", "--gear", "1",
                          "--push-cost", "attribute-damage", "--faces", "base=1,2,6 skill=1,3 gear=4", "--json"))
    pool = build_pool(PoolRequest(system="yze", attribute="strength", attribute_value=3, skill_level=2,
                                  gear=(("item", 1),), push_cost="attribute-damage"))
    first = roll(pool, DiceSource(faces={"base": [1, 2, 6], "skill": [1, 3], "gear": [4]}))
    exact = push_odds(first)
    assert out["p_success_after_push_exact"] == str(exact.p_success) == "1"
    damage = exact.cost_distribution["damage"]
    assert out["cost_distribution_exact"]["damage"] == {str(a): str(p) for a, p in damage.items()}
    assert damage == {1: Fraction(5, 6), 2: Fraction(1, 6)}
    assert set(out["cost_distribution"]) == {"damage", "willpower", "gear_damage"}  # 3 - 2 never breaks


def test_R_PUSH_5_skill_ones_blank_rerolls_the_skill_one(run_cli):
    stay = ok_json(run_cli("odds", "myz", "--faces", "base=2 skill=1", "--json"))
    blank = ok_json(run_cli("odds", "myz", "--faces", "base=2 skill=1", "--skill-ones", "blank", "--json"))
    assert stay["rerolled_dice"] == 1 and blank["rerolled_dice"] == 2
    assert stay["cost_distribution"]["trauma"] == pytest.approx({"1": 5 / 6, "2": 1 / 6})
    assert blank["cost_distribution"]["trauma"] == pytest.approx({"0": 5 / 6, "1": 1 / 6})


def test_the_text_answer_names_the_chance_and_the_costs(run_cli):
    result = run_cli("odds", "myz", "--faces", "base=1,1,2,3,4")
    assert result.returncode == 0, result.stderr
    assert "success after the push 42.1 % (91/216)" in result.stdout
    assert "trauma: 2: 57.9 %, 3: 34.7 %" in result.stdout


@pytest.mark.parametrize(("args", "words"), [
    (("yze", "--faces", "base=2,3 stress=1"), ("cannot be pushed", "R-PUSH-3")),
    (("myz", "--faces", "base=1,6"), ("cannot be pushed", "R-PUSH-6")),
    (("myz", "--faces", "base=2,3", "--reactive"), ("cannot be pushed", "reactive")),
    (("myz", "--faces", "base=2,9"), ("9",)),
    (("myz", "--faces", "base=2,x"), ("base",)),
    (("myz", "--base", "3", "--faces", "base=2,3"), ("base",)),
])
def test_a_roll_that_cannot_be_pushed_or_bad_faces_exit_2_with_the_reason(run_cli, args, words):
    refused(run_cli("odds", *args, "--json"), *words)


def test_tiered_push_yourself_after_the_roll_adds_one_die_to_these_faces(run_cli):
    out = ok_json(run_cli("odds", "tiered", "--dice", "3", "--faces", "dice=5,3,2", "--json"))
    assert out["current_tier"] == "mixed"
    assert out["p_better_tier_after_push_exact"] == "1/6"  # only a 6 on the new die makes it Great
    assert out["p_great_after_push"] == pytest.approx(1 / 6) and out["p_critical_after_push"] == 0
    assert out["cost_distribution"] == {"stamina": {"2": 1.0}}
    great = ok_json(run_cli("odds", "tiered", "--dice", "2", "--faces", "dice=6,1", "--json"))
    assert great["current_tier"] == "great"
    assert great["p_better_tier_after_push_exact"] == "1/6"  # a second 6: Critical
    assert great["p_critical_after_push"] == pytest.approx(1 / 6)


def test_tiered_push_yourself_matches_every_face_of_the_added_die():
    from itertools import product

    from gmconsole.families.tiered.rules.push_odds import push_yourself_odds
    from gmconsole.families.tiered.rules.roll import read_tier

    for faces in product(range(1, 7), repeat=2):
        current, _ = read_tier(list(faces), 2)
        if current.value == "critical":
            continue
        odds = push_yourself_odds(list(faces), 2)
        for tier, p in odds.tiers.items():
            assert p == Fraction(sum(1 for f in range(1, 7) if read_tier([*faces, f], 3)[0] is tier), 6)


def test_exploding_retry_has_the_checks_own_chance_and_no_cost(run_cli):
    odds = ok_json(run_cli("odds", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "6", "--json"))
    out = ok_json(run_cli("odds", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "6",
                          "--faces", "skill=1,1 trait=1", "--json"))
    assert out["current_critical_failure"] is True
    assert out["p_success_after_push"] == odds["p_success"]
    assert out["cost_distribution"] == {}


@pytest.mark.parametrize(("args", "words"), [
    (("tiered", "--dice", "3", "--faces", "dice=6,6,2"), ("already Critical",)),
    (("tiered", "--dice", "0", "--faces", "dice=5,3"), ("R-TIER-2",)),
    (("tiered", "--attribute", "1", "--skill", "1", "--push-yourself", "--stamina", "4", "--faces", "dice=5,3,2,1"),
     ("already spent",)),
    (("tiered", "--attribute", "1", "--skill", "0", "--stamina", "1", "--faces", "dice=5,3"), ("stamina",)),
    (("exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "6", "--faces", "skill=7,2 trait=1"),
     ("nothing to retry",)),
])
def test_a_second_chance_that_does_not_apply_exits_2_with_the_reason(run_cli, args, words):
    refused(run_cli("odds", *args, "--json"), *words)


@pytest.mark.parametrize("roll", [
    {}, {"outcome": "x"}, {"outcome": {"pool": True}, "dice": [{"face": 3}]},
    {"outcome": {"pool": 2}, "dice": [{"face": 9}, {"face": "6"}]}, {"outcome": {"pool": 2}, "dice": ["x"]},
    {"success": False, "odds": {"p_success_exact": "1/0"}}, {"success": False, "odds": {"p_success_exact": "7/3"}},
    {"success": False, "odds": "x"}, {"success": False, "odds": {"p_success_exact": None}},
])
def test_second_chance_lines_read_a_hand_edited_roll_without_failing(roll):
    from gmconsole.families.exploding.rules.retry import after_roll_line as retry_line
    from gmconsole.families.tiered.rules.push_odds import after_roll_line as push_yourself_line

    assert push_yourself_line(roll, None) is None
    assert retry_line(roll, None) is None
