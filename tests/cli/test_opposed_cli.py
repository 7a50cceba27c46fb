"""``gmconsole opposed NAME ATTACKER DEFENDER --skill K``: the roll builder's ``o`` from the command line, as a
script runs it on the demo campaigns. Year Zero records through ``service.rolls.opposed_roll`` (R-OPP-1), exploding
through ``service.rolls.opposed_test`` (R-EXP-4), tiered refuses pointing at its contested roll (R-TIER-5); each test
reads what the GM reads and what the campaign holds afterwards."""

from __future__ import annotations

import json

from cli_checks import ok_json, refused, stuck_writer


def _history(demo_gm, campaign: str, *more: str) -> list[dict]:
    return json.loads(demo_gm("history", campaign, "--json", *more).stdout)


def test_r_opp_1_a_seeded_opposed_roll_is_recorded_once_with_the_paired_skill(demo_gm):
    """Sneak is opposed by Scout (R-OPP-1): the defender rolls it without being told; the entry is the one
    ``roll`` the console records (roll_type opposed), and the same seed rolls the same dice."""
    data = ok_json(demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "sneak", "--seed", "3",
                           "--json"))
    assert data["roll_id"] == data["id"] and data["seed"] == 3
    assert (data["kind"], data["roll_type"], data["skill"], data["character"]) == ("roll", "opposed", "sneak", "Vanja")
    opposed = data["opposed"]
    assert (opposed["defender"], opposed["defender_skill"], opposed["defender_attribute"]) == ("Zone ghouls", "scout",
                                                                                              "wits")
    assert {"active_successes", "defender_successes", "net_successes", "outcome", "defender_dice"} <= set(opposed)
    assert len(data["dice"]) == 6 and len(opposed["defender_dice"]) == 2  # Agility 5 + Sneak 1; Wits 2, Scout 0
    assert [(e["id"], e["kind"]) for e in _history(demo_gm, "myz-demo")] == [(data["roll_id"], "roll")]
    again = ok_json(demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "sneak", "--seed", "3",
                            "--json"))
    assert again["dice"] == data["dice"] and again["opposed"]["defender_dice"] == opposed["defender_dice"]
    assert again["roll_id"] == data["roll_id"] + 1


def test_r_manual_1_typed_faces_short_and_long_give_the_same_opposed_roll(demo_gm):
    short = demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "Sneak", "--faces", "b66123 s1",
                    "--defender-faces", "b63")
    assert short.returncode == 0, short.stderr
    assert short.stdout.splitlines() == [
        "Vanja rolls Sneak opposed by Zone ghouls (Scout): 2 vs 1 — Vanja wins",
        "dice: base 6, base 6, base 1, base 2, base 3, skill 1",
        "Zone ghouls rolls: base 6, base 3",
    ]
    long = ok_json(demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "sneak", "--faces",
                           "base=6,6,1,2,3 skill=1", "--defender-faces", "base=6,3", "--json"))
    assert long["by_hand"] is True and long["opposed"]["defender_by_hand"] is True
    assert (long["opposed"]["outcome"], long["opposed"]["net_successes"]) == ("active", 1)
    first = _history(demo_gm, "myz-demo")[0]
    assert [d["face"] for d in first["dice"]] == [d["face"] for d in long["dice"]]


def test_r_opp_1_a_tie_fails_the_active_side_and_gear_joins_the_pool(demo_gm):
    """Hammer's Spiked bat adds its gear dice; one success each is a tie, which the defender holds."""
    data = ok_json(demo_gm("opposed", "myz-demo", "Hammer", "Vanja", "--skill", "fight", "--defender-skill", "fight",
                           "--gear", "Spiked bat", "--faces", "b61234 s123 g23", "--defender-faces", "b612",
                           "--json"))
    assert [d["kind"] for d in data["dice"]].count("gear") == 2
    assert (data["opposed"]["outcome"], data["opposed"]["net_successes"]) == ("defender", 0)
    assert data["summary"].endswith("— Vanja holds")


def test_r_exp_4_an_exploding_opposed_test_takes_each_side_s_faces(demo_gm):
    result = demo_gm("opposed", "exploding-demo", "Nyx", "Captain Vorr", "--skill", "stealth", "--defender-skill",
                     "fighting", "--faces", "s10+3,2 t5", "--defender-faces", "s4,5 t8+1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Nyx (stealth) opposed by Captain Vorr: top 13 vs 9 — Nyx wins",
        "Nyx rolls: skill 10+3, skill 2, trait 5",
        "Captain Vorr rolls: skill 4, skill 5, trait 8+1",
        "→ Nyx wins (R-EXP-4: higher top wins, a tie goes to the defender)",
    ]
    entry = _history(demo_gm, "exploding-demo")[0]
    assert (entry["kind"], entry["top"], entry["defender_top"], entry["winner"]) == ("opposed", 13, 9, "active")
    assert entry["by_hand"] is True


def test_r_exp_4_a_tie_goes_to_the_defender_and_json_has_the_entry_keys(demo_gm):
    data = ok_json(demo_gm("opposed", "exploding-demo", "Nyx", "Captain Vorr", "--skill", "stealth",
                           "--faces", "skill=4,3 trait=2,4", "--json"))  # Nyx's two skill dice, both traits
    assert (data["top"], data["defender_top"], data["winner"], data["winner_name"]) == (4, 4, "defender",
                                                                                        "Captain Vorr")
    assert data["roll_id"] == data["id"] and data["tie_goes_to"] == "defender"
    assert {"dice", "defender_dice", "defender_skill", "outcome", "summary"} <= set(data)


def test_refusals_exit_2_with_one_line_and_record_nothing(demo_gm):
    refused(demo_gm("opposed", "tiered-demo", "Aldric", "Ogre", "--skill", "swords"),
            "tiered has no opposed roll", "R-TIER-5", "`gmconsole contested tiered-demo Aldric Ogre --attribute X`")
    refused(demo_gm("opposed", "exploding-demo", "Nyx", "Captain Vorr", "--skill", "stealth", "--gear", "deck"),
            "--gear: exploding rolls take no gear dice")
    refused(demo_gm("opposed", "exploding-demo", "Nyx", "Captain Vorr", "--skill", "stealth", "--defender-faces",
                    "t8"), "--defender-faces needs --faces")
    refused(demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "shoot"),
            "Shoot has no skill paired against it (R-OPP-1)", "--defender-skill")
    refused(demo_gm("opposed", "myz-demo", "Vanja", "Nobody", "--skill", "sneak"),
            "there is no character 'Nobody' in myz-demo", "Grease, Vanja, Hammer")
    refused(demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "sneak", "--faces", "b66 s1"),
            "base: 5 dice, 2 faces typed")
    for campaign in ("tiered-demo", "exploding-demo", "myz-demo"):
        assert _history(demo_gm, campaign, "--all") == []


def test_wait_0_on_a_campaign_the_console_holds_is_refused_with_the_lock_line(demo_gm, tmp_path):

    with stuck_writer(tmp_path / "myz-demo"):
        refused(demo_gm("opposed", "myz-demo", "Vanja", "Zone ghouls", "--skill", "sneak", "--wait", "0"),
                "myz-demo is in the middle of a change by another writer", "--wait SECONDS")
    assert _history(demo_gm, "myz-demo", "--all") == []


def test_the_opposed_roll_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", "opposed", "exploding-demo", "Nyx", "Captain Vorr", "--skill", "stealth",
                     "--faces", "s10+3,2 t5", "--defender-faces", "t8+1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Nyx（stealth）由 Captain Vorr 對抗：最高 13 比 9 — Nyx 勝",
        "Nyx 擲出：技能 10+3、技能 2、特質 5",
        "Captain Vorr 擲出：特質 8+1",
        "→ Nyx 勝（R-EXP-4：最高骰較高者勝，平手歸防守方）",
    ]
    line = refused(demo_gm("--lang", "zh-Hant", "opposed", "tiered-demo", "Aldric", "Ogre", "--skill", "swords"))
    assert line == ("gmconsole：錯誤：tiered 沒有對抗擲骰：它讓雙方相抗的是競爭擲骰（R-TIER-5：雙方各擲 2d6 + 屬性），"
                    "`gmconsole contested tiered-demo Aldric Ogre --attribute X`")
