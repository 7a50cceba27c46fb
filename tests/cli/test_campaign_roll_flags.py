"""``roll SYSTEM --campaign NAME``: flags are never abbreviated, the README's pool flags are read the same
way or refused naming the flag to use, a flag that means nothing to the system is refused, and a roll
without ``--attribute`` takes the skill's linked attribute or says which flag to give."""

from __future__ import annotations

import json

import pytest
from cli_checks import ok_json, refused

KARA = ("roll", "exploding", "--campaign", "exploding-demo", "--character", "kara", "--skill", "shooting")


def _rolls(demo_gm, campaign: str) -> list[dict]:
    return [e for e in json.loads(demo_gm("history", campaign, "--json").stdout) if e["kind"] == "roll"]


def test_tn_with_a_campaign_is_not_read_as_tn_modifier_and_names_the_flags_to_use(demo_gm):
    line = refused(demo_gm(*KARA, "--attribute", "agility", "--tn", "12"), "--tn", "--difficulty", "--modifier")
    assert "cannot read modifier" not in line
    assert _rolls(demo_gm, "exploding-demo") == []


def test_abbreviated_flags_are_refused_everywhere(demo_gm):
    refused(demo_gm(*KARA, "--attribute", "agility", "--tn-mo", "social.hostile"), "unrecognized", "--tn-mo")
    refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skil", "move"),
            "unrecognized", "--skil")
    refused(demo_gm("odds", "myz", "--bas", "2"), "unrecognized", "--bas")
    refused(demo_gm("roll", "exploding", "--trait-die", "d6", "--t", "4"), "unrecognized")
    refused(demo_gm("session", "myz-demo", "new", "--tit", "x"), "unrecognized", "--tit")
    refused(demo_gm("history", "myz-demo", "--charac", "Vanja"), "unrecognized", "--charac")
    assert _rolls(demo_gm, "myz-demo") == []


def test_exploding_modifier_takes_a_table_key_or_a_number_like_the_roll_without_a_sheet(demo_gm):
    entry = ok_json(demo_gm(*KARA, "--attribute", "agility", "--modifier", "social.hostile", "--modifier", "+2",
                            "--tn-mod", "1", "--faces", "skill=7,3 trait=2", "--json"))
    assert "Attitude to PC: Hostile: +4" in entry["pool"]["explanation"]
    assert "GM modifier: +3" in entry["pool"]["explanation"]
    assert entry["tn"] == 4 + 4 + 3
    same = ok_json(demo_gm(*KARA, "--attribute", "agility", "--tn-modifier", "social.hostile", "--modifier", "3",
                           "--faces", "skill=7,3 trait=2", "--json"))
    assert same["tn"] == entry["tn"]
    refused(demo_gm(*KARA, "--attribute", "agility", "--modifier", "hostile!"), "--modifier", "social.hostile")


@pytest.mark.parametrize(("args", "words"), [
    (("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move", "--base", "3"),
     ("--base", "sheet")),
    (("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill-name", "move"),
     ("--skill-name", "--skill K")),
    (("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move", "--tn-modifier", "x"),
     ("--tn-modifier", "exploding")),
    (("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move", "--bonus-dice", "1"),
     ("--bonus-dice", "tiered")),
    (("roll", "exploding", "--campaign", "exploding-demo", "--character", "kara", "--skill", "shooting",
      "--attribute", "agility", "--push"), ("--push", "gmconsole reroll")),
    (("roll", "exploding", "--campaign", "exploding-demo", "--character", "kara", "--skill", "shooting",
      "--attribute", "agility", "--gear", "Laser pistol"), ("--gear",)),
    (("roll", "exploding", "--campaign", "exploding-demo", "--character", "kara", "--skill", "shooting",
      "--attribute", "agility", "--trait-die", "d8"), ("--trait-die", "--attribute A")),
    (("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth",
      "--attribute", "dex", "--dice", "3"), ("--dice", "--attribute A")),
    (("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth",
      "--attribute", "dex", "--tn-modifier", "social.hostile"), ("--tn-modifier",)),
])
def test_flags_that_mean_nothing_with_the_campaign_are_refused_before_rolling(demo_gm, args, words):
    refused(demo_gm(*args), *words)
    assert _rolls(demo_gm, args[3]) == []


def test_tiered_bonus_is_the_bonus_dice_of_the_roll_without_a_sheet(demo_gm):
    entry = ok_json(demo_gm("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill",
                            "stealth", "--attribute", "dex", "--bonus", "1", "--seed", "2", "--json"))
    assert entry["request"]["bonus_dice"] == 1 and "bonus dice +1" in entry["pool"]["explanation"]


def test_without_attribute_a_linked_skill_rolls_its_attribute_and_an_unlinked_one_names_the_flag(demo_gm):
    vanja = ok_json(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "move",
                            "--seed", "1", "--json"))
    assert vanja["attribute"] == "agility"
    by_name = ok_json(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "Move",
                              "--seed", "1", "--json"))
    assert (by_name["skill"], by_name["attribute"]) == ("move", "agility")
    refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "juggle"),
            "no skill “juggle”")  # an unknown skill is said as such, not as a missing attribute
    line = refused(demo_gm(*KARA), "Kara Venn", "--attribute A", "agility, strength, intellect, spirit")
    assert "shooting" in line
    refused(demo_gm("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth"),
            "--attribute A", "str, dex")
    assert _rolls(demo_gm, "exploding-demo") == [] and _rolls(demo_gm, "tiered-demo") == []
