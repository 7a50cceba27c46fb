"""``gmconsole odds tiered`` and ``gmconsole roll tiered`` as a user runs them."""

import contextlib
import io
import json

from cli_checks import ok_json, refused
from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole.cli import main
from gmconsole.families.tiered.rules.odds import tier_odds


def run_json(run_cli, *args):
    return ok_json(run_cli(*args, "--json"))


def test_odds_for_a_pool_size(run_cli):
    out = run_json(run_cli, "odds", "tiered", "--dice", "3")
    exact = {f"p_{tier.value}": float(p) for tier, p in tier_odds(3).items()}
    assert {k: out[k] for k in exact} == exact


def test_R_TIER_2_odds_for_zero_and_negative_pools(run_cli):
    zero = run_json(run_cli, "odds", "tiered", "--dice", "0")
    minus = run_json(run_cli, "odds", "tiered", "--dice", "-2")
    assert zero["p_critical"] == minus["p_critical"] == 0
    assert zero["p_great"] == minus["p_great"] == 1 / 36
    assert zero["p_limited"] == 0.75


def test_odds_builds_the_pool_as_the_seed_says(run_cli):
    out = run_json(
        run_cli, "odds", "tiered", "--attribute", "2", "--skill", "1", "--bonus", "2",
        "--push-yourself", "--stamina", "4",
    )
    assert out["pool"]["dice"] == 1 + 2 + 1 + 2 + 1
    assert out["pool"]["costs"] == [{"target": "stamina", "amount": -2, "reason": "Push Yourself"}]
    assert out["p_limited"] == 0.5**7


def test_R_TIER_1_third_bonus_die_is_refused(run_cli):
    refused(run_cli("odds", "tiered", "--attribute", "2", "--skill", "1", "--bonus", "3"), "at most +2 bonus dice")


def test_push_yourself_needs_two_stamina(run_cli):
    refused(
        run_cli("roll", "tiered", "--attribute", "1", "--skill", "1", "--push-yourself", "--stamina", "1"), "only 1"
    )


def test_roll_typed_faces(run_cli):
    out = run_json(run_cli, "roll", "tiered", "--dice", "3", "--faces", "dice=6,6,2")
    assert (out["tier"], out["highest"], out["xp"]) == ("critical", 6, 0)
    assert [d["face"] for d in out["dice"]] == [6, 6, 2]
    limited = run_json(run_cli, "roll", "tiered", "--dice", "2", "--faces", "dice=3,1")
    assert (limited["tier"], limited["xp"]) == ("limited", 1)


def test_R_TIER_2_roll_zero_dice_keeps_the_lowest(run_cli):
    out = run_json(run_cli, "roll", "tiered", "--dice", "0", "--faces", "dice=6,6")
    assert (out["tier"], out["highest"]) == ("great", 6)
    out = run_json(run_cli, "roll", "tiered", "--dice", "-1", "--faces", "dice=6,2")
    assert (out["tier"], out["highest"], out["xp"]) == ("limited", 2, 1)


def test_R_TIER_2_the_roll_says_what_its_tier_was_read_from(run_cli):
    """Critical is two or more 6s, not the highest die being 6 (that is Great): the line names the 6s; a pool
    of 0 or fewer reads the lowest of 2d6 kept (R-TIER-2), and says so."""
    critical = run_cli("roll", "tiered", "--dice", "3", "--faces", "dice=6,6,2").stdout
    great = run_cli("roll", "tiered", "--dice", "3", "--faces", "dice=6,3,2").stdout
    lowest = run_cli("roll", "tiered", "--dice", "0", "--faces", "dice=6,6").stdout
    assert "dice: 6,6,2 -> Critical (2 sixes)" in critical
    assert "dice: 6,3,2 -> Great (highest 6)" in great
    assert "dice: 6,6 -> Great (lowest 6 kept)" in lowest


def test_roll_push_yourself_reports_the_stamina_cost(run_cli):
    out = run_json(
        run_cli, "roll", "tiered", "--attribute", "1", "--skill", "0", "--push-yourself", "--stamina", "2",
        "--seed", "4",
    )
    assert len(out["dice"]) == 3
    assert {"target": "stamina", "amount": -2, "reason": "Push Yourself"} in out["effects"]


def test_seeded_roll_repeats(run_cli):
    args = ("roll", "tiered", "--dice", "4", "--seed", "99")
    assert run_json(run_cli, *args) == run_json(run_cli, *args)


def test_bad_input_is_one_line_with_status_2(run_cli):
    refused(run_cli("odds", "tiered"), "give the pool")
    refused(run_cli("odds", "tiered", "--dice", "3", "--attribute", "2"), "not both")
    refused(run_cli("odds", "tiered", "--dice", "three"), "--dice")
    refused(run_cli("roll", "tiered", "--dice", "3", "--faces", "dice=6,2"),
            "3 dice, 2 faces typed ('6,2'): one face per die, e.g. d631 or dice=6,3,1")
    refused(run_cli("roll", "tiered", "--dice", "1", "--faces", "dice=7"), "7 is not a face of a d6")
    refused(run_cli("roll", "tiered", "--dice", "1", "--faces", "die=6"), "unknown die kind 'die': use d (dice)")


def _run_in_process(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=150, deadline=None)
@given(
    dice=st.text(alphabet="+-0123456789x", min_size=1, max_size=4),
    faces=st.text(alphabet="dice=,0123456789 x-", max_size=20),
)
def test_roll_parsers_never_show_a_traceback(dice, faces):
    code, out, err = _run_in_process(["roll", "tiered", "--dice=" + dice, "--faces=" + faces, "--json"])
    assert code in (0, 2)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "unexpected" not in err
        assert "error" in json.loads(out)
    else:
        assert json.loads(out)["tier"] in ("critical", "great", "mixed", "limited")


@settings(max_examples=80, deadline=None)
@given(
    attribute=st.integers(-30, 30),
    skill=st.integers(-30, 30),
    bonus=st.integers(0, 5),
    stamina=st.integers(0, 5),
    push=st.booleans(),
)
def test_pool_builder_flags_never_show_a_traceback(attribute, skill, bonus, stamina, push):
    argv = [
        "odds", "tiered", f"--attribute={attribute}", f"--skill={skill}", f"--bonus={bonus}", f"--stamina={stamina}"
    ]
    code, _, err = _run_in_process(argv + (["--push-yourself"] if push else []))
    assert code in (0, 2)
    expected_ok = bonus <= 2 and (not push or stamina >= 2) and abs(attribute) <= 20 and abs(skill) <= 20
    assert (code == 0) == expected_ok, err
