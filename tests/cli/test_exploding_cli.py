"""``gmconsole odds exploding`` and ``gmconsole roll exploding`` as a user runs them."""

import contextlib
import io
from fractions import Fraction

from cli_checks import ok_json, refused
from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole.cli import main
from gmconsole.families.exploding.rules.odds import check_odds


def run_json(run_cli, *args):
    return ok_json(run_cli(*args, "--json"))


def test_odds_with_a_given_tn(run_cli):
    out = run_json(run_cli, "odds", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "6")
    exact = check_odds([8, 8], 6, 6)
    assert Fraction(out["p_success_exact"]) == exact.p_success
    assert out["p_success"] == float(exact.p_success)
    assert out["p_critical_failure"] == float(Fraction(1, 384))


def test_R_EXP_3_odds_show_the_flat_spot(run_cli):
    six = run_json(run_cli, "odds", "exploding", "--skill-die", "d6", "--trait-die", "d6", "--tn", "6")
    seven = run_json(run_cli, "odds", "exploding", "--skill-die", "d6", "--trait-die", "d6", "--tn", "7")
    eight = run_json(run_cli, "odds", "exploding", "--skill-die", "d6", "--trait-die", "d6", "--tn", "8")
    assert six["p_success"] == seven["p_success"] > eight["p_success"]
    assert six["flat_spot"] is True and seven["flat_spot"] is False
    text = run_cli("odds", "exploding", "--skill-die", "d6", "--trait-die", "d6", "--tn", "12").stdout
    assert "TN 12 is exactly as hard as TN 13" in text


def test_odds_builds_the_tn_and_adds_untrained_by_itself(run_cli):
    out = run_json(
        run_cli, "odds", "exploding", "--trait-die", "d8", "--difficulty", "demanding",
        "--modifier", "other.cramped=2", "--tn-mod", "-1", "--wounds", "1",
    )
    assert out["tn"] == 6 + 2 + 1 + 4 - 1
    assert [line["amount"] for line in out["tn_lines"]] == [6, 2, 1, 4, -1]
    assert out["p_success"] == float(check_odds([], 8, 12).p_success)


def test_two_skill_die_flags_give_each_die(run_cli):
    out = run_json(
        run_cli, "odds", "exploding", "--skill-die", "d4", "--skill-die", "d12", "--trait-die", "d6", "--tn", "9"
    )
    assert out["dice"] == [4, 12, 6]


def test_odds_distribution_up_to_a_bound(run_cli):
    out = run_json(run_cli, "odds", "exploding", "--trait-die", "d4", "--tn", "4", "--distribution", "9")
    probs = out["distribution"]["probabilities"]
    assert probs["4"] == 0 and probs["8"] == 0 and probs["5"] == 1 / 16
    assert abs(sum(probs.values()) + out["distribution"]["above"] - 1) < 1e-12


def test_roll_typed_faces_with_an_explosion_chain(run_cli):
    out = run_json(
        run_cli, "roll", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "10",
        "--faces", "skill=8+3,2 trait=6+1",
    )
    assert (out["success"], out["top"], out["tn"], out["margin"], out["critical_failure"]) == (True, 11, 10, 1, False)
    assert [d["faces"] for d in out["dice"]] == [[8, 3], [2], [6, 1]]


def test_R_EXP_1_roll_without_a_tn_does_not_explode(run_cli):
    out = run_json(
        run_cli, "roll", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--faces", "skill=8,2 trait=6"
    )
    assert out["top"] == 8 and out["success"] is None and out["tn"] is None
    refused(
        run_cli("roll", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--faces", "skill=8+3,2 trait=6"),
        "explode only",
    )


def test_R_EXP_2_roll_critical_failure(run_cli):
    out = run_json(
        run_cli, "roll", "exploding", "--skill-die", "d6", "--trait-die", "d6", "--tn", "1",
        "--faces", "skill=1,1 trait=1",
    )
    assert out["critical_failure"] is True and out["success"] is False
    result = run_cli(
        "roll", "exploding", "--skill-die", "d6", "--trait-die", "d6", "--tn", "1", "--faces", "skill=1,1 trait=1"
    )
    assert "CRITICAL FAILURE" in result.stdout


def test_seeded_roll_repeats(run_cli):
    args = ("roll", "exploding", "--skill-die", "d4", "--trait-die", "d4", "--tn", "5", "--seed", "12")
    assert run_json(run_cli, *args) == run_json(run_cli, *args)


def test_bad_input_is_one_line_with_status_2(run_cli):
    refused(run_cli("odds", "exploding", "--skill-die", "d7", "--trait-die", "d6", "--tn", "4"), "not a die")
    refused(run_cli("odds", "exploding", "--trait-die", "d6"), "need a target number")
    refused(run_cli("odds", "exploding", "--trait-die", "d6", "--tn", "4", "--difficulty", "basic"), "not both")
    refused(run_cli("odds", "exploding", "--trait-die", "d6", "--difficulty", "nope"), "unknown difficulty")
    refused(run_cli("odds", "exploding", "--trait-die", "d6", "--modifier", "other.cramped=9"), "out of range")
    refused(run_cli("roll", "exploding", "--trait-die", "d6", "--tn", "4", "--faces", "trait=6"), "type the next face")
    refused(run_cli("roll", "exploding", "--trait-die", "d6", "--tn", "eight"), "not a target number")
    refused(
        run_cli(
            "odds", "exploding", "--skill-die", "d6", "--skill-die", "d6", "--skill-die", "d6",
            "--trait-die", "d6", "--tn", "4",
        ),
        "at most 2",
    )


def _run_in_process(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=120, deadline=None)
@given(
    faces=st.text(alphabet="skiltrat=+,0123456789 x-", max_size=24),
    tn=st.text(alphabet="+-0123456789a", min_size=1, max_size=4),
    die=st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d5", "6", "D8"]),
)
def test_roll_parsers_never_show_a_traceback(faces, tn, die):
    code, _, err = _run_in_process(
        ["roll", "exploding", "--skill-die", die, "--trait-die", "d6", "--tn=" + tn, "--faces=" + faces, "--json"]
    )
    assert code in (0, 2)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "unexpected" not in err


@settings(max_examples=80, deadline=None)
@given(
    difficulty=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10),
    modifier=st.text(alphabet="abcdefghijklmnopqrstuvwxyz.=-+0123456789", min_size=1, max_size=24),
    mod=st.text(alphabet="+-0123456789", min_size=1, max_size=4),
)
def test_tn_builder_flags_never_show_a_traceback(difficulty, modifier, mod):
    code, _, err = _run_in_process(
        ["odds", "exploding", "--trait-die", "d6", "--difficulty", difficulty,
         "--modifier=" + modifier, "--tn-mod=" + mod]
    )
    assert code in (0, 2)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "unexpected" not in err
