"""R-MANUAL-1 on the command line: ``--faces`` and ``--push-faces`` take the short form (``b613 s14 g1``,
one digit per d6; ``a10`` or ``a10,3`` for bigger dice) as well as the long one, in every family's letters;
bad faces exit 2 with one line that says what is wrong and how to write it (and ``--json`` says it too)."""

from __future__ import annotations

import json

from cli_checks import ok_json, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def _dice(result: dict, key: str = "dice") -> list[tuple[str, int]]:
    return [(d["kind"], d["face"]) for d in result[key]]


def test_R_MANUAL_1_year_zero_short_faces_roll_as_the_long_ones(run_cli):
    short = ok_json(run_cli("roll", "myz", "--faces", "b613 s14 g1", "--json"))
    long = ok_json(run_cli("roll", "myz", "--faces", "base=6,1,3 skill=1,4 gear=1", "--json"))
    assert short == long
    assert _dice(short) == [("base", 6), ("base", 1), ("base", 3), ("skill", 1), ("skill", 4), ("gear", 1)]
    text = run_cli("roll", "myz", "--faces", "b613 skill=1,4 g1")
    assert text.returncode == 0 and "base 6 1 3 | skill 1 4 | gear 1" in text.stdout


def test_R_MANUAL_1_short_push_faces_and_stress_and_artifact_dice(run_cli):
    out = ok_json(run_cli("roll", "yze", "--artifact", "d10", "--faces", "b613 s14 st2 a10", "--push-faces",
                          "b6 s6 st35", "--json"))
    assert _dice(out, "first_dice") == [("base", 6), ("base", 1), ("base", 3), ("skill", 1), ("skill", 4),
                                        ("stress", 2), ("artifact", 10)]
    assert [(d["face"], d["rerolled"]) for d in out["dice"] if d["kind"] in ("base", "stress")] == [
        (6, False), (1, False), (6, True), (3, True), (5, True)]
    assert out["pushes"] == 1 and out["dice"][-2] == {"kind": "artifact", "sides": 10, "face": 10, "rerolled": False,
                                                      "source": "artifact 1"}


def test_R_MANUAL_1_push_odds_read_short_faces(run_cli):
    short = ok_json(run_cli("odds", "yze", "--faces", "b613 s14", "--json"))
    long = ok_json(run_cli("odds", "yze", "--faces", "base=6,1,3 skill=1,4", "--json"))
    assert short == long and short["successes"] == 1


def test_R_MANUAL_1_step_dice_are_typed_d_with_a_face_each(run_cli):
    out = ok_json(run_cli("roll", "yze-step", "--die", "d10", "--die", "d8", "--faces", "d10,3 st2", "--json"))
    assert _dice(out) == [("step", 10), ("step", 3), ("stress", 2)]
    refused(run_cli("roll", "yze-step", "--die", "d10", "--die", "d8", "--faces", "d103"),
            "step: 2 dice, 1 face typed ('103'): one face per die, e.g. d3,1 or step=3,1")


def test_R_MANUAL_1_exploding_faces_are_s_and_t_with_explosions(run_cli):
    args = ("roll", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "5")
    short = ok_json(run_cli(*args, "--faces", "s8+3,2 t4", "--json"))
    assert short == ok_json(run_cli(*args, "--faces", "skill=8+3,2 trait=4", "--json"))
    assert short["top"] == 11 and short["success"] is True
    refused(run_cli(*args, "--faces", "s32 t4"), "skill: 2 dice, 1 face typed ('32'): one face per die, e.g. s3,2 "
                                                 "or skill=3,2")


def test_R_MANUAL_1_tiered_faces_alone_give_the_pool_and_push_yourself_odds_read_them(run_cli):
    out = ok_json(run_cli("roll", "tiered", "--faces", "d662", "--json"))
    assert out["pool"] == 3 and out["tier"] == "critical"
    assert ok_json(run_cli("roll", "tiered", "--dice", "3", "--faces", "dice=6,6,2", "--json"))["tier"] == "critical"
    odds = ok_json(run_cli("odds", "tiered", "--dice", "3", "--faces", "d532", "--json"))
    assert odds == ok_json(run_cli("odds", "tiered", "--dice", "3", "--faces", "dice=5,3,2", "--json"))


def test_R_MANUAL_1_a_wrong_count_is_one_line_with_how_to_type_it_and_the_same_in_json(run_cli):
    said = "base: 5 dice, 1 face typed ('63124'): one face per die, e.g. b63124 or base=6,3,1,2,4"
    assert refused(run_cli("roll", "yze", "--base", "5", "--faces", "base=63124")) == "gmconsole: error: " + said
    result = run_cli("roll", "yze", "--base", "5", "--faces", "base=63124", "--json")
    assert result.returncode == 2 and json.loads(result.stdout) == {"error": said}


def test_R_MANUAL_1_each_refusal_names_what_is_wrong(run_cli):
    refused(run_cli("roll", "yze", "--skill", "2", "--faces", "s17"), "skill: 7 is not a face of a d6")
    refused(run_cli("roll", "yze", "--base", "2", "--faces", "b6"), "base: 2 dice, 1 face typed ('6')", "e.g. b63")
    refused(run_cli("roll", "yze", "--base", "1", "--faces", "b66"), "base: 1 die, 2 faces typed ('66')")
    refused(run_cli("roll", "myz", "--base", "1", "--faces", "b6 st2"),
            "unknown die kind 'st': use b (base), s (skill), g (gear), a (artifact)")
    refused(run_cli("roll", "yze", "--base", "2", "--faces", "b6 x4"),
            "unknown die kind 'x': use b (base), s (skill), g (gear), st (stress), a (artifact)")
    refused(run_cli("roll", "yze", "--base", "2", "--faces", "b61", "--push-faces", "b23"),
            "base: the push rerolls no base die, but 2 faces typed ('23')")
    refused(run_cli("roll", "yze", "--base", "2", "--faces", "b6 b1"), "typed twice ('b6' and 'b1')")
    refused(run_cli("roll", "tiered", "--dice", "2", "--faces", "d6"), "2 dice, 1 face typed ('6')", "e.g. d63")
    refused(run_cli("roll", "tiered", "--faces", "b66"), "unknown die kind 'b': use d (dice)")


KIND = st.sampled_from(["b", "s", "g", "st", "a", "base=", "skill=", "stress=", "x", "", "d", "t"])
BODY = st.text(alphabet="0123456789,+x", max_size=7)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(groups=st.lists(st.tuples(KIND, BODY), min_size=1, max_size=4), push=st.lists(st.tuples(KIND, BODY), max_size=3),
       system=st.sampled_from(["myz", "yze", "tiered", "exploding", "yze-step"]))
def test_R_MANUAL_1_fuzzed_short_faces_exit_0_or_2_with_one_line(run_cli, groups, push, system):
    pools = {"myz": ("--base", "2", "--skill", "1"), "yze": ("--base", "2", "--stress", "1"), "tiered": ("--dice", "2"),
             "exploding": ("--skill-die", "d6", "--trait-die", "d8", "--tn", "4"),
             "yze-step": ("--die", "d10", "--die", "d8")}
    argv = ["roll", system, *pools[system], "--faces", " ".join(k + b for k, b in groups)]
    if push and system in ("myz", "yze", "yze-step"):
        argv += ["--push-faces", " ".join(k + b for k, b in push)]
    result = run_cli(*argv)
    assert result.returncode in (0, 2), result.stderr
    if result.returncode == 2:
        refused(result)


def test_R_MANUAL_1_a_sheet_roll_and_its_push_take_short_faces(demo_gm):
    out = ok_json(demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                          "--faces", "b6234 s32 st2", "--push-faces", "b623 s62 st34", "--json"))
    assert [(d["kind"], d["face"]) for d in out["first_dice"]] == [
        ("base", 6), ("base", 2), ("base", 3), ("base", 4), ("skill", 3), ("skill", 2), ("stress", 2)]
    assert out["pushes"] == 1 and out["by_hand"] is True
    line = refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                           "--faces", "b623 s32 st2"))
    # every kind typed wrong is said at once: Ripley's stress is 2 after the push, so two stress faces are due
    assert line == ("gmconsole: error: base: 4 dice, 3 faces typed ('623'): one face per die, e.g. b6312 or "
                    "base=6,3,1,2; stress: 2 dice, 1 face typed ('2'): one face per die, e.g. st63 or stress=6,3")
    history = json.loads(demo_gm("history", "yze-demo", "--json").stdout)
    assert [e["kind"] for e in history] == ["roll", "push"]
