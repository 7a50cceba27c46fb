"""The myz role skills that act on something else, from the command line: ``inspire``, ``shake-it-off``,
``mend`` and ``jury-rig`` roll the skill from the sheet and apply it through the service (the Chronicler's,
the Slave's, Heal's and the Gearhead's rules in docs/RULES.md; R-MYZ-BUILD-1/2), as a script runs them on the
myz demo. Each test reads what the GM reads and what the campaign holds afterwards."""

from __future__ import annotations

import json

import pytest
from cli_checks import ok_json, refused, stuck_writer


def _history(demo_gm, *more: str) -> list[dict]:
    return json.loads(demo_gm("history", "myz-demo", "--json", *more).stdout)


def _sheet(demo_gm, character: str) -> dict:
    return json.loads(demo_gm("sheet", "myz-demo", character, "--json").stdout)


def _fight(demo_gm, faces: str = "b61234 s123") -> int:
    """Hammer's Fight roll (one success with the default faces), the roll Inspire acts on."""
    return ok_json(demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight",
                           "--faces", faces, "--json"))["roll_id"]


@pytest.fixture
def slave(tmp_path, demo_gm):
    """The myz demo with a Slave (it has none): Tug, Strength 5, Shake It Off 2."""
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path, "myz-demo") as service:
        service.roster.add_character({"name": "Tug", "role": "slave", "skills": {"shake-it-off": 2},
                                      "attributes": {"strength": 5, "agility": 3, "wits": 2, "empathy": 2}})
    return demo_gm


def test_inspire_gives_its_sixes_to_the_target_roll_and_undo_takes_them_back(demo_gm):
    target = _fight(demo_gm)
    data = ok_json(demo_gm("inspire", "myz-demo", "Quill", "--target", str(target), "--faces", "b66123 s61",
                           "--json"))
    assert (data["kind"], data["skill"], data["successes"], data["roll_id"]) == ("roll", "inspire", 3, target + 1)
    applied = data["applied"]
    assert (applied["kind"], applied["mode"], applied["roll_id"], applied["inspire_roll_id"]) == (
        "inspire", "help", target, data["roll_id"])
    assert applied["entry_id"] == data["roll_id"] + 1
    assert applied["summary"] == "Quill inspires Hammer: 1 → 4 successes"
    assert data["target"]["roll_id"] == target and data["target"]["successes"] == 4
    entries = _history(demo_gm)
    assert [e["kind"] for e in entries] == ["roll", "roll", "inspire"]
    assert entries[0]["successes"] == 4 and entries[0]["inspired"]["by"] == "Quill"


def test_inspire_hinders_with_a_seed_and_typed_faces_in_the_long_form(demo_gm):
    target = _fight(demo_gm, "b66234 s123")
    result = demo_gm("inspire", "myz-demo", "Quill", "--target", str(target), "--hinder", "--faces",
                     "base=6,2,1,3,4 skill=1,2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Quill rolls Inspire: 1 success — 1 six: 1 six to give (help) or cancel (hinder)",
        "dice: base 6, base 2, base 1, base 3, base 4, skill 1, skill 2",
        "outcome: Quill hinders Hammer: 2 → 1 success",
    ]
    seeded = [ok_json(demo_gm("inspire", "myz-demo", "Quill", "--target", str(_fight(demo_gm)), "--seed", "7",
                              "--json")) for _run in range(2)]
    assert seeded[0]["dice"] == seeded[1]["dice"] and seeded[0]["seed"] == 7  # the same seed, the same dice


def test_inspire_refusals_record_nothing(demo_gm):
    target = _fight(demo_gm)
    ok_json(demo_gm("inspire", "myz-demo", "Quill", "--target", str(target), "--faces", "b61123 s21", "--json"))
    before = _history(demo_gm, "--all")
    refused(demo_gm("inspire", "myz-demo", "Quill", "--target", str(target)),
            f"roll {target} was already inspired")
    refused(demo_gm("inspire", "myz-demo", "Quill", "--target", "99"), "there is no history entry 99")
    refused(demo_gm("inspire", "myz-demo", "Vanja", "--target", str(_fight(demo_gm))), "R-MYZ-SPEC")
    assert [e["id"] for e in _history(demo_gm, "--all")] == [e["id"] for e in before] + [target + 3]
    refused(demo_gm("inspire", "yze-demo", "Ripley", "--target", "1"),
            "inspire: yze has no role skills; only myz has them")
    assert json.loads(demo_gm("history", "yze-demo", "--json", "--all").stdout) == []


def test_shake_it_off_takes_its_sixes_off_the_incoming_trauma(slave):
    data = ok_json(slave("shake-it-off", "myz-demo", "Tug", "--attribute", "Strength", "--incoming", "3",
                         "--faces", "b62345 s61", "--json"))
    assert (data["skill"], data["successes"]) == ("shake-it-off", 2)
    applied = data["applied"]
    assert (applied["kind"], applied["prevented"], applied["taken"], applied["roll_id"]) == (
        "trauma", 2, 1, data["roll_id"])
    assert _sheet(slave, "Tug")["attributes"]["strength"] == {"current": 4, "max": 5}
    text = slave("shake-it-off", "myz-demo", "Tug", "--attribute", "agility", "--incoming", "1", "--faces",
                 "b1234 s12")  # Strength 4 now
    assert text.stdout.splitlines()[-1] == "outcome: Tug: 0 of 1 trauma shaken off; Tug: Agility −1 → 2/3"
    refused(slave("shake-it-off", "myz-demo", "Tug", "--attribute", "luck", "--incoming", "1"),
            "Tug has no attribute 'luck': one of strength, agility, wits, empathy")
    refused(slave("shake-it-off", "myz-demo", "Tug", "--attribute", "wits", "--incoming", "0"),
            "argument --incoming: '0' is not an amount of trauma")
    assert [e["kind"] for e in _history(slave, "--all")] == ["roster", "roll", "trauma", "roll", "trauma"]


def test_mend_the_broken_gives_back_a_point_per_six(demo_gm):
    refused(demo_gm("mend", "myz-demo", "Quill", "--patient", "Hammer", "--attribute", "strength"),
            "Hammer's Strength is not broken")
    assert _history(demo_gm, "--all") == []
    assert demo_gm("harm", "myz-demo", "Hammer", "5", "--attribute", "strength").returncode == 0
    data = ok_json(demo_gm("mend", "myz-demo", "Quill", "--patient", "hammer", "--attribute", "Strength",
                           "--faces", "b66123 s61", "--json"))
    assert (data["skill"], data["successes"]) == ("heal", 3)
    assert (data["applied"]["kind"], data["applied"]["recovered"], data["applied"]["attribute"]) == ("heal", 3,
                                                                                                   "strength")
    assert _sheet(demo_gm, "Hammer")["attributes"]["strength"] == {"current": 3, "max": 5}


def test_r_myz_build_1_jury_rig_builds_the_device_with_its_stunts(demo_gm):
    result = demo_gm("jury-rig", "myz-demo", "Grease", "--device", "binoculars", "--stunt", "bonus", "--stunt",
                     "durable", "--faces", "b66123 s612")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Grease rolls Jury-Rig: 3 successes",
        "modifiers: Device Binoculars",
        "dice: base 6, base 6, base 1, base 2, base 3, skill 6, skill 1, skill 2",
        "outcome: Grease builds Binoculars: Gear Bonus +2 to Scout; stunts: durable, Gear Bonus +1",
    ]
    item = next(g for g in _sheet(demo_gm, "Grease")["gear"] if g["name"] == "Binoculars")
    assert (item["bonus"], item["skills"]) == (2, ["scout"])
    roll, build = _history(demo_gm)
    assert roll["role_outcome"]["kind"] == "build" and build["kind"] == "build" and build["roll_id"] == roll["id"]


def test_r_myz_build_1_a_failed_jury_rig_is_recorded_and_builds_nothing(demo_gm):
    data = ok_json(demo_gm("jury-rig", "myz-demo", "Grease", "--device", "camouflage", "--faces",
                           "base=1,2,3,4,5 skill=1,2,3", "--json"))
    assert data["successes"] == 0 and data["applied"] is None and data["roll_id"] == data["id"]
    assert not [g for g in _sheet(demo_gm, "Grease")["gear"] if g["name"] == "Camouflage"]
    text = demo_gm("jury-rig", "myz-demo", "Grease", "--device", "camouflage", "--faces", "b12345 s123")
    assert text.stdout.splitlines()[-1].startswith("outcome: Camouflage is not built (R-MYZ-BUILD-1): If you fail")
    assert [e["kind"] for e in _history(demo_gm)] == ["roll", "roll"]


def test_r_myz_build_2_a_stunt_the_device_lacks_is_refused_before_the_roll(demo_gm):
    refused(demo_gm("jury-rig", "myz-demo", "Grease", "--device", "binoculars", "--stunt", "blast_power"),
            "blast_power is not a stunt for Binoculars")
    refused(demo_gm("jury-rig", "myz-demo", "Grease", "--device", "binoculars", "--stunt", "durable", "--stunt",
                    "durable"), "durable can be chosen once per roll (R-MYZ-BUILD-2)")
    assert _history(demo_gm, "--all") == []
    refused(demo_gm("jury-rig", "myz-demo", "Grease", "--device", "binoculars", "--stunt", "bonus", "--faces",
                    "b61123 s212"), "the roll has 0 stunts", "gmconsole outcome myz-demo 1 --stunt")
    assert [e["kind"] for e in _history(demo_gm)] == ["roll"]  # the dice fell: the roll stands, built later


def test_role_commands_refuse_other_families_and_a_console_held_campaign(demo_gm, tmp_path):

    for command, extra in (("shake-it-off", ("--attribute", "strength", "--incoming", "1")),
                           ("mend", ("--patient", "Dallas", "--attribute", "strength")),
                           ("jury-rig", ("--device", "binoculars"))):
        refused(demo_gm(command, "yze-demo", "Ripley", *extra), f"{command}: yze has no role skills")
    assert json.loads(demo_gm("history", "yze-demo", "--json", "--all").stdout) == []
    with stuck_writer(tmp_path / "myz-demo"):
        refused(demo_gm("jury-rig", "myz-demo", "Grease", "--device", "binoculars", "--wait", "0"),
                "myz-demo is in the middle of a change by another writer")
    assert _history(demo_gm, "--all") == []


def test_a_role_command_speaks_zh_hant(demo_gm):
    target = _fight(demo_gm)
    result = demo_gm("--lang", "zh-Hant", "inspire", "myz-demo", "Quill", "--target", str(target), "--faces",
                     "b66123 s61")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "骰子：基礎 6、基礎 6、基礎 1、基礎 2、基礎 3、技能 6、技能 1"
    assert lines[2].startswith("結果：") and "Quill" in lines[2] and "Hammer" in lines[2]
    assert refused(demo_gm("--lang", "zh-Hant", "mend", "yze-demo", "Ash", "--patient", "Dallas", "--attribute",
                           "strength")) == "gmconsole：錯誤：mend：yze 沒有職業技能；只有 myz 才有"
