"""Costs that last, from the command line: ``roll ... --json`` gives ``roll_id`` and the
costs, ``--apply-costs`` applies them at once, ``gmconsole costs NAME [--json] [--apply ROLL_ID]``
lists and applies them, ``gmconsole sheet NAME CHARACTER [--json]`` prints the sheet."""

from __future__ import annotations

import json

import pytest

from gmconsole.campaign.service import CampaignService
from gmconsole.cli import main

NAME = "Ark"
PUSH = ["roll", "myz", "--campaign", NAME, "--character", "Hammer", "--skill", "fight", "--gear", "Spiked bat",
        "--faces", "base=1,3,4 skill=2,5 gear=3", "--push-faces", "base=1,6 skill=3,2 gear=1"]


@pytest.fixture
def gm(tmp_path, capsys):
    """``gm(*argv)`` runs ``gmconsole --data-dir tmp_path *argv`` in process: ``(status, stdout, stderr)``."""
    with CampaignService.create(tmp_path, NAME, "myz") as service:
        service.roster.add_character({"name": "Hammer", "role": "enforcer", "skills": {"fight": 2},
                                      "attributes": {"strength": 3, "agility": 3, "wits": 2, "empathy": 3},
                                      "gear": [{"name": "Spiked bat", "bonus": 1}], "conditions": ["angry"]})
        service.roster.add_character({"name": "Vanja", "role": "dog-handler",
                                      "attributes": {"strength": 3, "agility": 5, "wits": 3, "empathy": 2}})

    def run(*argv):
        capsys.readouterr()
        status = main(["--data-dir", str(tmp_path), *argv])
        out = capsys.readouterr()
        return status, out.out, out.err

    return run


def _refused(result, *words):
    status, out, err = result
    assert status == 2, out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and all(w in lines[0] for w in words), err
    return out


COSTS = {"trauma": 2, "mutation_points": 2, "gear_damage": 1}


def test_a_pushed_roll_prints_its_roll_id_and_costs_and_costs_lists_them_pending(gm):
    status, out, err = gm(*PUSH, "--json")
    assert status == 0, err
    entry = json.loads(out)
    assert entry["roll_id"] == entry["id"]
    assert {c["name"]: c["amount"] for c in entry["costs"]} == COSTS and entry["costs_status"] == "pending"

    status, out, _ = gm("costs", NAME, "--json")
    listed = json.loads(out)
    assert status == 0 and [set(item) for item in listed] == [{"roll_id", "character", "costs"}]
    assert (listed[0]["roll_id"], listed[0]["character"]) == (entry["roll_id"], "Hammer")
    assert listed[0]["costs"] == entry["costs"]
    status, out, _ = gm("costs", NAME)
    assert status == 0 and f"roll {entry['roll_id']}  Hammer: trauma 2 (Strength)" in out


def test_costs_apply_applies_them_once_and_twice_exits_2_with_the_reason(gm):
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    status, out, err = gm("costs", NAME, "--apply", str(roll_id), "--json")
    assert status == 0, err
    applied = json.loads(out)
    assert applied["roll_id"] == roll_id and applied["character"] == "Hammer" and "Strength −2" in applied["summary"]
    assert json.loads(gm("costs", NAME, "--json")[1]) == []
    assert "no costs are waiting" in gm("costs", NAME)[1]
    sheet = json.loads(gm("sheet", NAME, "hammer", "--json")[1])
    assert sheet["attributes"]["strength"] == {"current": 1, "max": 3}
    assert sheet["trackers"]["mutation_points"] == 2 and sheet["gear"][0]["bonus"] == 0

    out = _refused(gm("costs", NAME, "--apply", str(roll_id), "--json"), f"roll {roll_id}", "already applied")
    assert "already applied" in json.loads(out)["error"]


def test_costs_apply_is_undoable_undo_brings_them_back_to_pending(gm, tmp_path):
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    assert gm("costs", NAME, "--apply", str(roll_id))[0] == 0
    with CampaignService.open(tmp_path, NAME) as service:
        service.undo()
    assert [i["roll_id"] for i in json.loads(gm("costs", NAME, "--json")[1])] == [roll_id]
    assert json.loads(gm("sheet", NAME, "Hammer", "--json")[1])["attributes"]["strength"]["current"] == 3


def test_costs_apply_refuses_an_unknown_roll_id_a_non_roll_and_a_bad_id(gm):
    gm(*PUSH)
    _refused(gm("costs", NAME, "--apply", "99"), "99")
    _refused(gm("costs", NAME, "--apply", "1"), "1", "not a roll")  # entry 1 added Hammer
    _refused(gm("costs", NAME, "--apply", "x"), "roll id")
    _refused(gm("costs", NAME, "--condition", "tired"), "--apply")
    _refused(gm("costs", "Nowhere"), "Nowhere")


def test_roll_with_apply_costs_applies_the_push_s_costs_at_once(gm):
    status, out, err = gm(*PUSH, "--apply-costs", "--json")
    assert status == 0, err
    entry = json.loads(out)
    assert entry["costs_status"] == "applied" and entry["costs_applied"]["summary"]
    assert json.loads(gm("costs", NAME, "--json")[1]) == []
    assert json.loads(gm("sheet", NAME, "Hammer", "--json")[1])["attributes"]["strength"]["current"] == 1
    status, out, _ = gm("roll", "myz", "--campaign", NAME, "--character", "Vanja", "--attribute", "agility",
                        "--faces", "base=6,6,3,4,5", "--apply-costs")
    assert status == 0 and "no costs to apply" in out


def test_sheet_prints_attributes_skills_gear_trackers_conditions_by_name_or_id(gm):
    status, out, err = gm("sheet", NAME, "HAMMER")
    assert status == 0, err
    assert out.splitlines() == [
        "Hammer · enforcer",
        "attributes: strength 3/3, agility 3/3, wits 2/2, empathy 3/3",
        "skills: Fight 2",
        "gear: Spiked bat +1",
        "trackers: all at 0",
        "conditions: angry",
    ]
    data = json.loads(gm("sheet", NAME, "c1", "--json")[1])
    assert set(data) == {
        "id", "name", "kind", "role", "attributes", "skills", "gear", "trackers", "panic", "conditions"
    }
    assert (data["name"], data["skills"], data["conditions"]) == ("Hammer", {"fight": 2}, ["angry"])


def test_sheet_of_an_unknown_character_exits_2_listing_the_names(gm):
    out = _refused(gm("sheet", NAME, "Zed", "--json"), "Zed", "Hammer, Vanja")
    assert "Hammer, Vanja" in json.loads(out)["error"]


def test_apply_costs_that_need_a_condition_keeps_the_roll_and_costs_apply_takes_the_condition(tmp_path, capsys):
    """push cost ``conditions`` (docs/RULES.md): the push names no condition, so ``--apply-costs`` cannot
    apply it; the roll stays recorded with its costs pending, and ``costs --apply ID --condition C`` does it."""
    with CampaignService.create(tmp_path, "Cond", "yze") as service:
        service.setup.update_settings({"push_cost": "conditions"})
        service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                    "empathy": 3},
                                      "skills": {"melee": 2}})
    base = ["--data-dir", str(tmp_path)]
    status = main([*base, "roll", "yze", "--campaign", "Cond", "--character", "Ann", "--skill", "melee",
                   "--faces", "base=2,3,4 skill=2,5", "--push-faces", "base=2,3,4 skill=2,6", "--apply-costs"])
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1 and "condition" in err and "stay pending" in err
    assert main([*base, "costs", "Cond", "--json"]) == 0
    [item] = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in item["costs"]] == ["condition"]
    assert main([*base, "costs", "Cond", "--apply", str(item["roll_id"]), "--condition", "Angry"]) == 0
    capsys.readouterr()
    assert main([*base, "sheet", "Cond", "ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["conditions"] == ["angry"]
    assert main([*base, "costs", "Cond", "--apply", str(item["roll_id"]), "--condition", "bad\x1b[2J"]) == 2
    err = capsys.readouterr().err
    assert "the condition" in err and "\x1b" not in err  # typed text with a control character is refused


def test_names_from_the_campaign_file_are_shown_escaped_in_costs_and_sheet(gm, tmp_path):
    """Text read from campaign.json is untrusted: a control character is shown, not sent."""
    gm(*PUSH)
    path = tmp_path / NAME / "campaign.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    campaign = tables["state"]["1"]["campaign"]
    campaign["pending_costs"][0]["character"] = "Ham\x1b[2Jmer"
    campaign["roster"][0]["conditions"] = ["sc\x07ared"]
    path.write_text(json.dumps(tables), encoding="utf-8")
    for argv in (
        ("costs", NAME), ("costs", NAME, "--json"), ("sheet", NAME, "Hammer"), ("sheet", NAME, "c1", "--json")
    ):
        status, out, err = gm(*argv)
        assert status == 0, err
        assert "\x1b" not in out and "\x07" not in out, argv
    assert "Ham\\x1b[2Jmer" in gm("costs", NAME)[1] and "sc\\x07ared" in gm("sheet", NAME, "Hammer")[1]


def test_applying_a_condition_the_character_already_has_exits_2_and_keeps_the_costs(tmp_path, capsys):
    """push cost ``conditions`` (docs/RULES.md): a condition already held would make the push free, so
    ``costs --apply ID --condition C`` naming one exits 2 saying so; the costs stay pending and another
    condition is taken."""
    with CampaignService.create(tmp_path, "Cond", "yze") as service:
        service.setup.update_settings({"push_cost": "conditions"})
        service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                    "empathy": 3},
                                      "skills": {"melee": 3}, "conditions": ["tired"]})  # tired: -1 die
    base = ["--data-dir", str(tmp_path)]
    assert main([*base, "roll", "yze", "--campaign", "Cond", "--character", "Ann", "--skill", "melee",
                 "--faces", "base=2,3,4 skill=2,5", "--push-faces", "base=2,3,4 skill=2,6", "--json"]) == 0
    roll_id = json.loads(capsys.readouterr().out)["roll_id"]
    assert main([*base, "costs", "Cond", "--apply", str(roll_id), "--condition", "Tired"]) == 2
    err = capsys.readouterr().err
    assert "Ann is already tired" in err and "does not have yet" in err
    assert main([*base, "costs", "Cond", "--json"]) == 0
    assert [i["roll_id"] for i in json.loads(capsys.readouterr().out)] == [roll_id]
    assert main([*base, "costs", "Cond", "--apply", str(roll_id), "--condition", "scared"]) == 0
    capsys.readouterr()
    assert main([*base, "sheet", "Cond", "ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["conditions"] == ["tired", "scared"]


def test_costs_apply_with_a_condition_on_a_roll_that_owes_none_exits_2_and_applies_nothing(gm):
    """``--condition`` on a roll whose costs give no condition is refused, never silently ignored."""
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    out = _refused(gm("costs", NAME, "--apply", str(roll_id), "--condition", "tired", "--json"),
                   f"roll {roll_id}", "no condition", "--condition", "nothing was applied")
    assert "nothing was applied" in json.loads(out)["error"]
    assert [i["roll_id"] for i in json.loads(gm("costs", NAME, "--json")[1])] == [roll_id]
    sheet = json.loads(gm("sheet", NAME, "Hammer", "--json")[1])
    assert sheet["attributes"]["strength"]["current"] == 3 and sheet["conditions"] == ["angry"]


def test_costs_are_said_in_words_by_roll_push_and_costs_not_as_raw_keys(gm):
    """Every listing says costs as the recap does: "mutation points", never ``mutation_points 2``."""
    status, out, err = gm(*PUSH)
    assert status == 0, err
    assert "mutation points 2" in out and "gear damage 1" in out and "mutation_points" not in out
    status, out, _ = gm("costs", NAME)
    assert "Hammer: trauma 2 (Strength), mutation points 2, gear damage 1" in out and "_" not in out


def test_a_roll_without_a_sheet_says_its_push_costs_in_words(gm):
    status, out, err = gm("roll", "myz", "--base", "2", "--skill", "1", "--faces", "base=1,3 skill=2",
                          "--push-faces", "base=1 skill=4")
    assert status == 0, err
    assert "push costs: trauma 2 (Strength), mutation points 2, broken (Strength)" in out
    assert "mutation_points" not in out
