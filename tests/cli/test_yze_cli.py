"""``gmconsole odds|roll myz|yze|yze-step`` through a subprocess, as a user runs it, plus fuzzed parsers."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from cli_checks import ok_json, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmconsole.cli import main
from gmconsole.families.yearzero.rules.odds import year_zero_odds
from gmconsole.rules.dice import Die, DieKind


def test_odds_json_matches_the_exact_engine(run_cli):
    out = ok_json(run_cli("odds", "myz", "--base", "3", "--skill", "2", "--gear", "1", "--json"))
    dice = [Die(DieKind.BASE)] * 3 + [Die(DieKind.SKILL)] * 2 + [Die(DieKind.GEAR, 6, "item")]
    exact = year_zero_odds(dice)
    assert out["p_success"] == exact.p_success
    assert out["p_success_with_push"] == exact.p_success_with_push
    assert out["distribution"] == list(exact.distribution)
    assert out["expected_successes"] == exact.expected_successes
    assert "p_panic" not in out


def test_odds_yze_stress_dice_reports_panic(run_cli):
    out = ok_json(run_cli("odds", "yze", "--base", "2", "--skill", "1", "--stress", "2", "--json"))
    assert out["p_panic"] == pytest.approx(1 - (5 / 6) ** 2, abs=1e-12)
    assert out["p_panic_with_push"] > out["p_panic"]
    other = ok_json(run_cli("odds", "yze", "--base", "2", "--push-cost", "doom", "--json"))
    assert "p_panic" not in other


def test_R_MOD_1_odds_of_an_emptied_pool_are_zero_with_the_reason(run_cli):
    out = ok_json(run_cli("odds", "myz", "--base", "1", "--modifier", "-3", "--json"))
    assert out["p_success"] == 0 and out["distribution"] == [1.0]
    assert "no chance" in out["reason"]
    refused(run_cli("roll", "myz", "--base", "1", "--modifier", "-3"), "no chance")


def test_R_MOD_1_modifier_removal_order_on_the_command_line(run_cli):
    out = ok_json(run_cli("roll", "myz", "--base", "2", "--skill", "1", "--gear", "2", "--modifier", "-3",
                          "--faces", "base=6,2", "--json"))
    assert [d["kind"] for d in out["dice"]] == ["base", "base"]
    assert out["successes"] == 1


def test_R_MANUAL_1_roll_myz_with_typed_faces_and_no_seed(run_cli):
    out = ok_json(run_cli("roll", "myz", "--base", "3", "--skill", "2", "--gear", "1",
                          "--faces", "base=6,1,3 skill=1,4 gear=1", "--json"))
    assert out["successes"] == 1 and out["success"] and out["stunts"] == 0
    assert out["banes"] == {"base": 1, "skill": 1, "gear": 1}
    assert out["pushed"] is False and out["pushes"] == 0 and out["can_push"]
    assert out["costs"] == {} and out["panic"] is False
    assert out["dice"][0] == {"kind": "base", "sides": 6, "face": 6, "rerolled": False}


def test_R_PUSH_4_push_faces_give_only_the_rerolled_dice(run_cli):
    out = ok_json(run_cli("roll", "myz", "--base", "3", "--skill", "2", "--gear", "1",
                          "--faces", "base=6,1,3 skill=1,4 gear=1", "--push-faces", "base=1 skill=6", "--json"))
    assert [d["face"] for d in out["dice"]] == [6, 1, 1, 1, 6, 1]
    assert [d["rerolled"] for d in out["dice"]] == [False, False, True, False, True, False]
    # R-MYZ-TRAUMA: two base 1s and the skill 1 that stayed (R-PUSH-1) take Strength 3 to 0.
    assert out["costs"] == {"trauma": 3, "mutation_points": 3, "broken": 1, "gear_damage": 1}
    assert out["pushed"] is True and out["pushes"] == 1 and not out["can_push"]
    refused(run_cli("roll", "myz", "--base", "3", "--faces", "base=6,1,3", "--push-faces", "base=1,2"),
            "base: the push rerolls 1 die, 2 faces typed ('1,2'): one face per rerolled die, e.g. b6 or base=6")


def test_R_PUSH_3_stress_dice_push_adds_a_stress_die_last(run_cli):
    out = ok_json(run_cli("roll", "yze", "--base", "2", "--stress", "1", "--attribute", "wits",
                          "--faces", "base=2,3 stress=4", "--push-faces", "base=6,5 stress=2,1", "--json"))
    assert [d["face"] for d in out["dice"] if d["kind"] == "stress"] == [2, 1]
    assert out["panic"] is True and out["costs"] == {"stress": 1}
    line = refused(run_cli("roll", "yze", "--base", "2", "--stress", "1", "--faces", "base=2,3 stress=1", "--push"))
    assert "R-PUSH-3" in line


def test_seeded_rolls_repeat_and_push_once(run_cli):
    args = ("roll", "yze", "--base", "3", "--skill", "2", "--artifact", "d8", "--artifact", "d12",
            "--push-cost", "damage-stress", "--seed", "11", "--json")
    first = ok_json(run_cli(*args))
    assert first == ok_json(run_cli(*args))
    assert [(d["kind"], d["sides"]) for d in first["dice"]][-2:] == [("artifact", 8), ("artifact", 12)]
    assert first["seed"] == 11
    seeds = [ok_json(run_cli("roll", "myz", "--base", "4", "--skill", "2", "--seed", str(s), "--push", "--json"))
             for s in range(3)]
    for out in seeds:
        assert out["pushed"] is True or "R-PUSH-6" in json.dumps(out)


def test_yze_step_dice_with_a_modifier(run_cli):
    out = ok_json(run_cli("odds", "yze-step", "--die", "d12", "--die", "d8", "--modifier", "+1", "--json"))
    exact = year_zero_odds([Die(DieKind.STEP, 12), Die(DieKind.STEP, 10)], stress_dice_push=True)
    assert out["p_success"] == exact.p_success
    assert out["pool"] == {"step": 2}
    rolled = ok_json(run_cli("roll", "yze-step", "--die", "d12", "--die", "d8", "--modifier", "-1",
                             "--faces", "step=10,8", "--json"))
    assert [(d["sides"], d["face"]) for d in rolled["dice"]] == [(10, 10), (8, 8)]
    assert rolled["successes"] == 3
    refused(run_cli("roll", "yze-step", "--die", "d12", "--die", "d8", "--die", "d6"), "at most two")
    refused(run_cli("roll", "yze-step"), "--die")


def test_text_output_names_the_dice_and_the_costs(run_cli):
    result = run_cli("roll", "myz", "--base", "2", "--faces", "base=1,2", "--push-faces", "base=1")
    assert result.returncode == 0
    assert "base 1 1*" in result.stdout
    assert "trauma 2 (Strength)" in result.stdout


def test_bad_input_exits_2_with_one_line_and_json_error(run_cli):
    cases = [
        (("roll", "nosuch", "--base", "2"), "nosuch"),
        (("roll", "myz", "--base", "-1"), "--base"),
        (("roll", "myz", "--base", "500"), "is not a dice count (a whole number from 0 to 100)"),
        (("roll", "myz", "--base", "60", "--skill", "60"), "too big"),
        (("roll", "myz", "--base", "2", "--faces", "base=6,7"), "base: 7 is not a face of a d6"),
        (("roll", "myz", "--base", "2", "--faces", "base=6,2", "--push", "--push"), "only once"),
        (("roll", "myz", "--base", "2", "--stress", "1"), "no stress dice"),
        (("roll", "yze", "--base", "2", "--stress", "1", "--push-cost", "conditions"), "stress-dice"),
        (("roll", "myz", "--base", "2", "--artifact", "d6"), "artifact"),
        (("roll", "myz", "--base", "2", "--helper", "A", "--helper", "B", "--helper", "C", "--helper", "D"),
         "R-HELP-1"),
        (("roll", "myz", "--base", "2", "--reactive", "--push"), "reactive"),
        (("roll", "myz", "--base", "2", "--skill-name", "jury-rig"), "R-MYZ-SPEC"),
        (("roll", "myz", "--base", "2", "--faces", "base=6"), "base: 2 dice, 1 face typed ('6'): one face per die"),
        (("roll", "yze-step", "--die", "d10", "--faces", "base=6"), "unknown die kind 'base': use d (step), "
                                                                    "st (stress), a (artifact)"),
        (("roll", "yze-step", "--die", "d10", "--faces", "st4"), "step: 1 die, no face typed: one face per die, "
                                                                 "e.g. d3 or step=3"),
    ]
    for args, word in cases:
        refused(run_cli(*args), word)
        with_json = run_cli(*args, "--json")
        assert with_json.returncode == 2
        assert word in json.loads(with_json.stdout)["error"]


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


FLAG = st.sampled_from(["--base", "--skill", "--gear", "--stress", "--artifact", "--modifier", "--push-cost",
                        "--attribute", "--faces", "--push-faces", "--seed", "--die", "--difficulty", "--helper",
                        "--skill-ones", "--skill-name"])
VALUE = st.one_of(
    st.integers(-600, 600).map(str),
    st.sampled_from(["d6", "d8", "d10", "d12", "d4", "d7", "+2", "-3", "stress-dice", "doom", "wits", "hard", "x", "",
                     "stay", "blank", "scout", "觀察"]),
    st.text(alphabet="basekilgrtfcp=,0123456789 -+", max_size=20),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(["myz", "yze", "yze-step"]), command=st.sampled_from(["odds", "roll"]),
       pairs=st.lists(st.tuples(FLAG, VALUE), max_size=6), push=st.booleans())
def test_fuzzed_flags_never_crash(system, command, pairs, push):
    argv = [command, system]
    for flag, value in pairs:
        argv += [flag, value]
    if push and command == "roll":
        argv.append("--push")
    code, out, err = run_in_process(argv + ["--json"])
    assert code in (0, 2), err
    if code == 2:
        assert "error" in json.loads(out.strip().splitlines()[-1])
        assert len(err.strip().splitlines()) == 1


KIND = st.sampled_from(["base", "skill", "gear", "stress", "artifact", "step", "bogus"])
FACES = st.lists(st.one_of(st.integers(0, 14).map(str), st.sampled_from(["", "x", "-1", "6+1"])), max_size=5)


@settings(max_examples=150, deadline=None)
@given(groups=st.lists(st.tuples(KIND, FACES), max_size=4), push_groups=st.lists(st.tuples(KIND, FACES), max_size=3))
def test_fuzzed_faces_spec_never_crashes_and_valid_rolls_use_every_face(groups, push_groups):
    spec = " ".join(f"{k}={','.join(f)}" for k, f in groups)
    argv = ["roll", "yze", "--base", "2", "--skill", "1", "--gear", "1", "--stress", "1", "--artifact", "d10",
            "--faces", spec]
    if push_groups:
        argv += ["--push-faces", " ".join(f"{k}={','.join(f)}" for k, f in push_groups)]
    code, out, err = run_in_process(argv + ["--json"])
    assert code in (0, 2), err
    if code == 0:
        result = json.loads(out)
        typed = {k: [int(x) for x in f] for k, f in groups}
        first = [d["face"] for d in result["first_dice"]]
        assert first == [face for kind in ("base", "skill", "gear", "stress", "artifact") for face in typed[kind]]


@settings(max_examples=100, deadline=None)
@given(base=st.lists(st.integers(1, 6), min_size=1, max_size=4), skill=st.lists(st.integers(1, 6), max_size=3),
       artifact=st.integers(1, 12))
def test_R_ART_1_valid_typed_faces_always_roll_and_count_successes(base, skill, artifact):
    spec = f"base={','.join(map(str, base))} artifact={artifact}" + (
        f" skill={','.join(map(str, skill))}" if skill else ""
    )
    argv = ["roll", "myz", "--base", str(len(base)), "--skill", str(len(skill)), "--artifact", "d12",
            "--faces", spec, "--json"]
    code, out, err = run_in_process(argv)
    assert code == 0, err
    result = json.loads(out)
    expected = sum(f == 6 for f in base + skill) + (2 if artifact >= 10 else 1 if artifact >= 6 else 0)
    assert result["successes"] == expected
    assert result["banes"]["base"] == base.count(1)
