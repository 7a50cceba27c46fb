"""``roll SYSTEM --campaign NAME`` without ``--character``: the GM's own roll, the pool from
the pool flags, recorded in the campaign with no character ("GM" in the history) and no costs."""

from __future__ import annotations

import json

from cli_checks import ok_json, refused


def _history(demo_gm, campaign: str) -> list[dict]:
    return json.loads(demo_gm("history", campaign, "--json").stdout)


def test_a_gm_roll_is_recorded_with_no_character_and_pushed_for_free(demo_gm):
    out = ok_json(demo_gm("roll", "yze", "--campaign", "yze-demo", "--base", "4", "--skill", "2", "--stress", "1",
                          "--faces", "base=1,2,3,4 skill=5,6 stress=2", "--push", "--seed", "3", "--json"))
    assert out["character"] is None and out["by"] == "GM" and out["character_id"] is None
    assert isinstance(out["roll_id"], int) and out["successes"] >= 1 and out["costs_status"] == "none"
    assert out["summary"].startswith("GM rolls 4b 2s 1st") and out["summary"].endswith("(pushed)")
    rows = _history(demo_gm, "yze-demo")
    assert [e["kind"] for e in rows] == ["roll", "push"] and rows[0]["character"] == rows[1]["character"] == "GM"


def test_each_system_reads_its_own_pool_flags_without_a_character(demo_gm):
    tiered = ok_json(demo_gm("roll", "tiered", "--campaign", "tiered-demo", "--dice", "3", "--faces", "dice=6,5,1",
                             "--json"))
    exploding = ok_json(demo_gm("roll", "exploding", "--campaign", "exploding-demo", "--skill-die", "d8",
                                "--trait-die", "d6", "--tn", "5", "--faces", "skill=3,2 trait=6+1", "--json"))
    step = ok_json(demo_gm("roll", "yze-step", "--campaign", "yze-step-demo", "--die", "d10", "--die", "d8",
                           "--seed", "1", "--json"))
    myz = ok_json(demo_gm("roll", "myz", "--campaign", "myz-demo", "--base", "3", "--artifact", "d8", "--seed", "1",
                          "--json"))
    assert tiered["summary"] == "GM rolls 3d6: " + tiered["tier"] and tiered["character"] is None
    assert exploding["summary"].startswith("GM rolls s8 t6 tn5: top 7") and exploding["success"] is True
    assert step["summary"].startswith("GM rolls d10 d8") and myz["summary"].startswith("GM rolls 3b d8")


def test_with_a_character_the_pool_flags_are_refused_as_before_and_without_one_a_skill_name_is_explained(demo_gm):
    refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move", "--base", "3"),
            "--base", "sheet")
    refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--skill", "move"), "--character")
    refused(demo_gm("roll", "tiered", "--campaign", "tiered-demo"), "--dice")
    assert _history(demo_gm, "myz-demo") == [] and _history(demo_gm, "tiered-demo") == []


def test_R_MANUAL_1_typed_faces_alone_are_the_gms_roll_of_those_dice(demo_gm):
    """``roll SYSTEM --campaign X --faces SPEC`` with no pool flag is the GM's roll of the dice the faces
    type (as ``roll SYSTEM --faces SPEC`` is without a campaign), recorded with no character."""
    out = ok_json(demo_gm("roll", "yze", "--campaign", "yze-demo", "--faces", "b63124 s355 st2", "--json"))
    assert out["character"] is None and out["by"] == "GM" and isinstance(out["roll_id"], int)
    assert out["summary"] == "GM rolls 5b 3s 1st: 1 success" and out["by_hand"] is True
    assert [(d["kind"], d["face"]) for d in out["dice"]] == [
        ("base", 6), ("base", 3), ("base", 1), ("base", 2), ("base", 4), ("skill", 3), ("skill", 5), ("skill", 5),
        ("stress", 2)]
    rows = _history(demo_gm, "yze-demo")
    assert [(e["kind"], e["character"]) for e in rows] == [("roll", "GM")]
    assert rows[0]["id"] == out["roll_id"]


def test_R_MANUAL_1_typed_faces_alone_push_with_push_faces_long_and_short_mixed(demo_gm):
    out = ok_json(demo_gm("roll", "myz", "--campaign", "myz-demo", "--faces", "base=6,3 s5 g1", "--push-faces",
                          "b6 skill=4", "--json"))
    assert out["summary"].startswith("GM rolls 2b 1s 1g") and out["pushes"] == 1 and out["by"] == "GM"
    assert [(d["face"], d["rerolled"]) for d in out["dice"]] == [(6, False), (6, True), (4, True), (1, False)]
    assert [e["kind"] for e in _history(demo_gm, "myz-demo")] == ["roll", "push"]


def test_R_MANUAL_1_typed_faces_alone_in_tiered_and_beside_the_dice_their_size_needs(demo_gm):
    tiered = ok_json(demo_gm("roll", "tiered", "--campaign", "tiered-demo", "--faces", "d6512", "--json"))
    assert tiered["summary"] == "GM rolls 4d6: great" and tiered["character"] is None
    step = ok_json(demo_gm("roll", "yze-step", "--campaign", "yze-step-demo", "--die", "d10", "--die", "d8",
                           "--faces", "d10,3 st2", "--json"))
    assert step["summary"].startswith("GM rolls d10 d8 1st")
    artifact = ok_json(demo_gm("roll", "yze", "--campaign", "yze-demo", "--artifact", "d10", "--faces", "b61 a10",
                               "--json"))
    assert artifact["summary"].startswith("GM rolls 2b d10: 3 successes")


def test_a_gm_roll_with_no_pool_names_the_flags_not_the_consoles_syntax(demo_gm):
    """A refusal of the GM's roll names the CLI's flags, not the console's quick-pool words; typed faces of
    a die whose size no face tells (step, artifact) need that die's flag."""
    for system, faces, flags in (("yze-step", "d10,3", ("step", "--die", "--stress")),
                                 ("myz", "b63 a7", ("artifact", "--base", "--artifact"))):
        result = demo_gm("roll", system, "--campaign", f"{system}-demo", "--faces", faces)
        line = refused(result, *flags)
        assert "5b 3s" not in line and "type the pool" not in line
        assert _history(demo_gm, f"{system}-demo") == []
    refused(demo_gm("roll", "yze", "--campaign", "yze-demo"), "--base", "--faces", "--character")
    assert _history(demo_gm, "yze-demo") == []


def test_R_MANUAL_1_a_gm_rolls_faces_that_do_not_fit_its_flags_say_how_to_type_them(demo_gm):
    result = demo_gm("roll", "yze", "--campaign", "yze-demo", "--base", "5", "--faces", "base=63124", "--json")
    assert result.returncode == 2
    said = "base: 5 dice, 1 face typed ('63124'): one face per die, e.g. b63124 or base=6,3,1,2,4"
    assert json.loads(result.stdout)["error"] == said
    assert refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--base", "5", "--faces", "base=63124")) \
        == "gmconsole: error: " + said
    assert _history(demo_gm, "yze-demo") == []


def test_R_PUSH_7_a_gm_push_in_a_campaign_adds_no_stress_die_and_the_calculator_keeps_it(demo_gm):
    """``roll yze --campaign NAME`` without ``--character`` is the GM's roll: its push adds no stress die
    (R-PUSH-7); ``roll yze`` without ``--campaign`` is a calculator for some character's pool and keeps
    the push's stress die (R-STRESS-1)."""
    flags = ("--base", "2", "--stress", "1", "--faces", "base=2,3 stress=4", "--push-faces", "base=6,1 stress=5")
    gm = ok_json(demo_gm("roll", "yze", "--campaign", "yze-demo", *flags, "--json"))
    assert [(d["kind"], d["face"]) for d in gm["dice"]] == [("base", 6), ("base", 1), ("stress", 5)]
    assert gm["costs"] == [] and gm["costs_status"] == "none"
    refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--base", "2", "--stress", "1", "--faces",
                    "base=2,3 stress=4", "--push-faces", "base=6,1 stress=5,2"), "stress")
    calculator = ok_json(demo_gm("roll", "yze", "--base", "2", "--stress", "1", "--faces", "base=2,3 stress=4",
                                 "--push-faces", "base=6,1 stress=5,2", "--json"))
    assert [d["kind"] for d in calculator["dice"]].count("stress") == 2
