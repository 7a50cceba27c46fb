"""The myz role skills' outcomes from the command line (R-MYZ-ROLE-1): ``roll myz --campaign ... --role-outcome``
applies what the roll leads to at once, ``gmconsole outcome NAME ROLL_ID`` applies it to a roll recorded earlier
(the console's ``j``), and ``--choices`` lists what a roll may pick. Each checks what is printed and what the
campaign holds afterwards."""

from __future__ import annotations

import json


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    line = result.stderr.strip()
    assert "\n" not in line, result.stderr
    for word in words:
        assert word in line, line


def _sheet(demo_gm, character: str) -> dict:
    return json.loads(demo_gm("sheet", "myz-demo", character, "--json").stdout)


def _history(demo_gm) -> list[dict]:
    return json.loads(demo_gm("history", "myz-demo", "--format", "json").stdout)


def test_r_myz_build_1_role_outcome_builds_the_device_named_as_gear_and_json_keeps_the_roll_keys(demo_gm):
    result = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Grease", "--skill", "jury-rig",
                     "--skill-modifier", "device=camouflage", "--faces", "b66612 s123", "--role-outcome",
                     "--stunt", "bonus", "--stunt", "durable", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["successes"] == 3 and data["roll_id"] == data["id"]  # the roll's own keys, as before
    assert data["skill_modifiers"][0]["detail"] == "Camouflage"  # the device by its English name
    built = data["role_outcome_applied"]
    assert built["kind"] == "build" and built["roll_id"] == data["roll_id"]
    assert built["summary"] == "Grease builds Camouflage: Gear Bonus +3 to Sneak; stunts: durable, Gear Bonus +1"
    assert data["role_outcome"] == {"kind": "build", "summary": built["summary"]}
    item = next(g for g in _sheet(demo_gm, "Grease")["gear"] if g["name"] == "Camouflage")
    assert (item["bonus"], item["max_bonus"], item["skills"]) == (3, 3, ["sneak"])
    assert "Durable" in item["notes"]


def test_r_myz_build_2_a_stunt_the_device_does_not_take_refuses_the_build_but_keeps_the_roll(demo_gm):
    result = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Grease", "--skill", "jury-rig",
                     "--skill-modifier", "device=binoculars", "--faces", "b66123 s123", "--role-outcome",
                     "--stunt", "blast_power")
    _refused(result, "blast_power is not a stunt for Binoculars", "gmconsole outcome myz-demo 1")
    kinds = [e["kind"] for e in _history(demo_gm)]
    assert kinds.count("roll") == 1 and "build" not in kinds
    again = demo_gm("outcome", "myz-demo", "1", "--stunt", "durable", "--stunt", "durable")
    _refused(again, "durable can be chosen once per roll (R-MYZ-BUILD-2)")
    done = demo_gm("outcome", "myz-demo", "1", "--stunt", "durable")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Grease builds Binoculars: Gear Bonus +1 to Scout; stunts: durable")
    _refused(demo_gm("outcome", "myz-demo", "1"), "roll 1 has its outcome already")
    _refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Grease", "--skill", "jury-rig",
                     "--skill-modifier", "device=binoculars", "--faces", "b12345 s123", "--role-outcome"),
             "the Jury-Rig roll failed: nothing is built", "fall apart")


def test_r_myz_finds_1_outcome_lists_the_choices_then_records_the_typed_d6(demo_gm):
    rolled = json.loads(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Lina", "--skill",
                                "find-the-path", "--faces", "b6612 s623", "--json").stdout)
    listed = json.loads(demo_gm("outcome", "myz-demo", str(rolled["roll_id"]), "--choices", "--json").stdout)
    assert (listed["kind"], listed["choices"]) == ("finds", 2)
    assert [p["id"] for p in listed["picks"]] == ["artifact", "rot", "bullets", "grub", "water", "half-time", "rush"]
    _refused(demo_gm("outcome", "myz-demo", str(rolled["roll_id"]), "--stunt", "water", "--stunt", "water"),
             "water is chosen twice", "R-MYZ-LIMIT")
    _refused(demo_gm("outcome", "myz-demo", str(rolled["roll_id"]), "--stunt", "water", "--stunt", "grub",
                     "--finds-faces", "d4"), "1 face typed")
    data = json.loads(demo_gm("outcome", "myz-demo", str(rolled["roll_id"]), "--stunt", "water", "--stunt", "grub",
                              "--finds-faces", "d46", "--json").stdout)
    assert data["summary"] == "Lina finds: 4 rations of Rot-free water; 6 rations of grub contaminated by the Rot"
    assert [(f["id"], f["amount"]) for f in data["finds"]] == [("water", 4), ("grub", 6)]
    recap = json.loads(demo_gm("session", "myz-demo", "recap", "--json").stdout)
    assert [line["summary"] for line in recap["sections"]["roles"]] == [data["summary"]]


def test_r_myz_finds_2_a_seeded_deal_on_the_side_rolls_the_same_amounts_every_time(demo_gm, tmp_path):
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path, "myz-demo") as service:  # the demo has no Fixer
        service.roster.add_character({"name": "Nails", "role": "fixer", "skills": {"make-a-deal": 2},
                                      "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 4}})
    found = []
    for _run in range(2):
        result = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Nails", "--skill", "make-a-deal",
                         "--skill-modifier", "side-deal", "--faces", "b6612 s31", "--role-outcome",
                         "--stunt", "booze", "--stunt", "booze", "--seed", "5", "--json")
        assert result.returncode == 0, result.stderr
        found.append(json.loads(result.stdout)["role_outcome_applied"]["finds"])
    assert found[0] == found[1]  # the same seed, the same dice
    for find in found[0]:
        assert find["id"] == "booze" and len(find["dice"]) == 2 and find["amount"] == sum(find["dice"])
        assert find["text"] == f"{find['amount']} doses of booze ({find['dice'][0]}+{find['dice'][1]})"


def test_r_myz_save_1_save_a_life_patient_dies_only_with_the_flag(demo_gm):
    failed = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Quill", "--skill", "heal",
                     "--skill-modifier", "save-a-life=Hammer", "--faces", "b12345 s23", "--role-outcome")
    assert failed.returncode == 0, failed.stderr
    assert "outcome: Quill fails to save Hammer's life: not stabilized, still alive (the GM's call)" in failed.stdout
    assert _sheet(demo_gm, "Hammer")["conditions"] == []
    dead = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Quill", "--skill", "heal",
                   "--skill-modifier", "save-a-life=Lina", "--faces", "b12345 s23", "--role-outcome",
                   "--patient-dies")
    assert "Lina is dead (the GM's call)" in dead.stdout
    assert _sheet(demo_gm, "Lina")["conditions"] == ["dead"]
    _refused(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Quill", "--skill", "heal",
                     "--skill-modifier", "save-a-life=Hammer", "--faces", "b61345 s23", "--role-outcome",
                     "--patient-dies"), "the patient is stabilized, not killed (R-MYZ-SAVE-1)")


def test_role_outcome_flags_are_refused_outside_myz_with_why(demo_gm):
    _refused(demo_gm("roll", "tiered", "--campaign", "tiered-demo", "--character", "Aldric", "--attribute", "str",
                     "--role-outcome"), "--role-outcome: role-skill outcomes are Mutant: Year Zero's (myz)")
    _refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--attribute", "strength",
                     "--faces", "b612 st3", "--role-outcome"), "--role-outcome: yze has no role skills")
    assert json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout) == []  # nothing rolled
