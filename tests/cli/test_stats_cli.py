"""``gmconsole stats NAME [--session N] [--character C] [--json]``, run as a GM types it:
luck against the exact odds, pushes, typed dice kept apart from the console's, dice fairness."""

from __future__ import annotations

import json
from fractions import Fraction
from math import sqrt

import pytest

from gmconsole.cli import main

NAME = "Zone"
JSON_KEYS = {"rolls", "observed_successes", "expected_successes", "luck", "by_character", "dice_fairness"}


@pytest.fixture
def gm(tmp_path, capsys):
    """Run ``gmconsole --data-dir tmp_path ARGS`` on a yze campaign with Ann (agility 4, ranged 2, no stress)."""
    from gmconsole.campaign.service import CampaignService

    def run(*args):
        status = main(["--data-dir", str(tmp_path), *args])
        out = capsys.readouterr()
        return status, out.out, out.err

    assert run("new", NAME, "--system", "yze")[0] == 0
    with CampaignService.open(tmp_path, NAME) as service:
        service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 4, "wits": 3,
                                                                    "empathy": 2},
                                      "skills": {"ranged": 2}})
        service.roster.add_character({"name": "Bo", "attributes": {"strength": 3, "agility": 2, "wits": 3,
                                                                   "empathy": 2},
                                      "skills": {}})
    return run


def _roll(gm, *flags, who="Ann"):
    status, out, err = gm("roll", "yze", "--campaign", NAME, "--character", who, "--skill", "ranged", *flags, "--json")
    assert status == 0, err
    return json.loads(out)


def _stats(gm, *flags):
    status, out, err = gm("stats", NAME, *flags, "--json")
    assert status == 0, err
    return json.loads(out)


def test_sixes_typed_every_time_are_lucky_by_the_exact_odds(gm):
    for _ in range(3):
        _roll(gm, "--faces", "base=6,6,6,6 skill=6,6")
    data = _stats(gm)
    assert set(data) >= JSON_KEYS
    # 6 d6 per roll: 1 success expected, variance 6 * 1/6 * 5/6 = 5/6; three rolls showed 18.
    assert data["rolls"] == 3 and data["observed_successes"] == 18
    assert data["expected_exact"] == "3"
    assert data["luck"] == pytest.approx(15 / sqrt(3 * 5 / 6), abs=1e-3)
    assert data["typed"]["rolls"] == 3 and data["console"]["rolls"] == 0
    assert data["success_rate"] == 1.0
    assert data["expected_success_rate"] == pytest.approx(float(1 - Fraction(5, 6) ** 6))


def test_ones_typed_every_time_are_unlucky(gm):
    _roll(gm, "--faces", "base=1,1,1,1 skill=1,1")
    data = _stats(gm)
    assert data["observed_successes"] == 0
    assert data["luck"] == pytest.approx(-1 / sqrt(5 / 6), abs=1e-3)


def test_observed_successes_are_the_successes_the_cli_reports_pushes_included(gm):
    rolls = []
    for seed in range(1, 9):  # a roll whose stress die shows 1 cannot be pushed and is not recorded
        status, out, _ = gm("roll", "yze", "--campaign", NAME, "--character", "Ann", "--skill", "ranged",
                            "--seed", str(seed), "--push", "--json")
        if status == 0:
            rolls.append(json.loads(out))
    assert len(rolls) >= 4 and any(r["pushes"] for r in rolls)
    data = _stats(gm)
    assert data["observed_successes"] == sum(r["successes"] for r in rolls)
    assert data["pushes"]["count"] == sum(r["pushes"] for r in rolls)
    assert data["console"]["rolls"] == len(rolls) and data["typed"]["rolls"] == 0


def test_a_push_that_turns_a_failure_into_a_success_is_counted_with_its_cost(gm):
    _roll(gm, "--faces", "base=2,2,2,2 skill=3,3", "--push-faces", "base=6,2,2,2 skill=3,3 stress=2")
    data = _stats(gm)
    pushes = data["pushes"]
    assert pushes["count"] == 1 and pushes["turned_failure_into_success"] == 1
    assert pushes["stress_gained"] == 1
    # First roll: 1 expected of 6 d6; the push rerolled all six and rolled one stress die: 7/6 more.
    assert Fraction(data["expected_exact"]) == 1 + Fraction(7, 6)
    assert data["observed_successes"] == 1


def test_a_die_typed_as_6_every_time_is_suspect_and_too_few_rolls_give_no_verdict(gm):
    for _ in range(8):  # 32 base d6 (30 needed), 16 skill d6
        _roll(gm, "--faces", "base=6,6,6,6 skill=6,6")
    rows = {(r["kind"], r["sides"]): r for r in _stats(gm)["dice_fairness"]}
    base, skill = rows[("base", 6)], rows[("skill", 6)]
    assert set(base) >= {"kind", "sides", "n", "chi2", "p_value", "suspect"}
    assert base["n"] == 32 and base["chi2"] == pytest.approx(5 * 32 / 6 + (32 - 32 / 6) ** 2 / (32 / 6))
    assert base["suspect"] is True and base["p_value"] < 0.01
    assert skill["n"] == 16 and skill["suspect"] is None
    status, out, _ = gm("stats", NAME)
    assert status == 0 and "SUSPECT" in out and "not enough rolls (needs 30)" in out


def test_console_dice_are_not_put_on_trial(gm):
    for seed in range(1, 7):
        _roll(gm, "--seed", str(seed))
    assert _stats(gm)["dice_fairness"] == []


def test_undone_rolls_are_left_out(gm, tmp_path):
    from gmconsole.campaign.service import CampaignService

    _roll(gm, "--faces", "base=1,1,1,1 skill=1,1")
    _roll(gm, "--faces", "base=6,6,6,6 skill=6,6")
    with CampaignService.open(tmp_path, NAME) as service:
        service.undo()
    data = _stats(gm)
    assert data["rolls"] == 1 and data["observed_successes"] == 0


def test_by_character_session_and_character_filter(gm):
    _roll(gm, "--faces", "base=6,6,6,6 skill=6,6")
    assert gm("session", NAME, "new")[0] == 0
    _roll(gm, "--faces", "base=1,6", who="Bo")
    data = _stats(gm)
    assert data["by_character"]["Ann"]["observed_successes"] == 6
    assert data["by_character"]["Bo"]["observed_successes"] == 1
    assert set(data["by_session"]) == {"1", "2"}
    assert _stats(gm, "--session", "2")["rolls"] == 1
    only_ann = _stats(gm, "--character", "ann")
    assert only_ann["rolls"] == 1 and set(only_ann["by_character"]) == {"Ann"}


@pytest.mark.parametrize(("args", "said"), [
    (("stats", "Nowhere"), "Nowhere"),
    (("stats", NAME, "--session", "9"), "has no session 9"),
    (("stats", NAME, "--character", "Zed"), "no character 'Zed'"),
    (("stats", NAME, "--session", "x"), "--session"),
])
def test_bad_input_is_one_line_and_exit_2(gm, args, said):
    status, _, err = gm(*args)
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], err


def test_no_rolls_yet_says_so(gm):
    status, out, _ = gm("stats", NAME)
    assert status == 0 and "no rolls recorded" in out
    assert _stats(gm)["luck"] is None


def test_tiered_and_exploding_rolls_count_their_successes_tiers_margins_and_typed_faces(tmp_path, capsys):
    def run(*args):
        status = main(["--data-dir", str(tmp_path), *args])
        out = capsys.readouterr()
        assert status == 0, out.err
        return out.out

    run("new", "Keep", "--system", "tiered")
    run("roll", "tiered", "--campaign", "Keep", "--dice", "3", "--faces", "dice=6,6,2")
    data = json.loads(run("stats", "Keep", "--json"))
    assert data["expected_exact"] == "91/216"  # Great or Critical with 3d6: 1 - (5/6)^3
    assert data["observed_successes"] == 1 and data["bands"] == {"critical": 1}
    assert data["dice_fairness"][0]["faces"] == [0, 1, 0, 0, 0, 2]

    run("new", "Rift", "--system", "exploding")
    run("roll", "exploding", "--campaign", "Rift", "--skill-die", "d8", "--trait-die", "d6", "--tn", "6",
        "--faces", "skill=8+3,2 trait=2")
    data = json.loads(run("stats", "Rift", "--json"))
    assert data["expected_exact"] == "259/384"  # 1 - 5/8 * 5/8 * 5/6: the top of d8, d8, d6 reaching 6
    assert data["observed_successes"] == 1 and data["bands"] == {"+5": 1}
    skill = next(r for r in data["dice_fairness"] if r["kind"] == "skill")
    assert skill["faces"] == [0, 1, 1, 0, 0, 0, 0, 1]  # an explosion's faces are rolls of the die too
