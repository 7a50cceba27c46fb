"""Dropping costs from the command line: ``gmconsole costs NAME --drop ROLL_ID [--json]``
dismisses a roll's pending costs without applying them (one undoable change); the listing and
``gmconsole history`` then say ``dropped``; an unknown roll exits 2 with the reason; ``--wait`` is
honoured like the other writers."""

from __future__ import annotations

import json

import pytest
from cli_checks import stuck_writer

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
                                      "gear": [{"name": "Spiked bat", "bonus": 1}]})

    def run(*argv):
        capsys.readouterr()
        status = main(["--data-dir", str(tmp_path), *argv])
        out = capsys.readouterr()
        return status, out.out, out.err

    return run


def test_drop_dismisses_the_costs_the_listing_and_history_say_dropped_and_undo_brings_them_back(gm, tmp_path):
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    status, out, err = gm("costs", NAME, "--drop", str(roll_id), "--json")
    assert status == 0, err
    result = json.loads(out)
    assert result["roll_id"] == roll_id and result["character"] == "Hammer" and result["status"] == "dropped"
    assert {c["name"] for c in result["costs"]} == {"trauma", "mutation_points", "gear_damage"}
    assert json.loads(gm("costs", NAME, "--json")[1]) == []
    listing = gm("costs", NAME)[1]
    assert "no costs are waiting" in listing and f"roll {roll_id}  Hammer: " in listing and "dropped" in listing
    rows = json.loads(gm("history", NAME, "--json")[1])
    assert next(r for r in rows if r["id"] == roll_id)["costs_status"] == "dropped"
    table = gm("history", NAME)[1]
    assert "drop_costs" in table and f"costs of roll {roll_id} (Hammer) dropped" in table
    assert json.loads(gm("sheet", NAME, "Hammer", "--json")[1])["attributes"]["strength"]["current"] == 3
    with CampaignService.open(tmp_path, NAME) as service:
        service.undo()
    assert [i["roll_id"] for i in json.loads(gm("costs", NAME, "--json")[1])] == [roll_id]


def test_drop_text_names_the_roll_and_how_to_undo(gm):
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    status, out, _err = gm("costs", NAME, "--drop", str(roll_id))
    assert status == 0 and f"roll {roll_id}: costs of roll {roll_id} (Hammer) dropped" in out and "undo" in out


def test_drop_refuses_an_unknown_roll_a_roll_without_costs_and_goes_alone(gm):
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    for argv, words in ((("--drop", "99"), ("roll 99", "no costs waiting")),
                        (("--drop", "x"), ("roll id",)),
                        (("--drop", str(roll_id), "--apply", str(roll_id)), ("--drop", "--apply")),
                        (("--drop", str(roll_id), "--condition", "tired"), ("--condition", "--apply"))):
        status, _out, err = gm("costs", NAME, *argv)
        lines = err.strip().splitlines()
        assert status == 2 and len(lines) == 1 and all(w in lines[0] for w in words), err
    gm("costs", NAME, "--apply", str(roll_id))
    status, _out, err = gm("costs", NAME, "--drop", str(roll_id))
    assert status == 2 and f"roll {roll_id} has no costs waiting" in err


def test_drop_honours_wait_zero_on_a_campaign_open_elsewhere(gm, tmp_path, run_cli):
    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    with stuck_writer(tmp_path / NAME):
        result = run_cli("--data-dir", str(tmp_path), "costs", NAME, "--drop", str(roll_id), "--wait", "0")
    assert result.returncode == 2 and "is in the middle of a change by another writer" in result.stderr
    assert [i["roll_id"] for i in json.loads(gm("costs", NAME, "--json")[1])] == [roll_id]


def test_costs_of_a_lost_roll_are_dropped_and_the_warning_shows_names_escaped(gm, tmp_path):
    """The chunk holding the roll is gone (after a clean close, as a restored older backup
    leaves it); a reader says the costs waiting for it cannot be applied and changes nothing; ``repair``
    drops them, saying so with the name from the file escaped."""
    import json as _json

    roll_id = json.loads(gm(*PUSH, "--json")[1])["roll_id"]
    path = tmp_path / NAME / "campaign.json"
    document = _json.loads(path.read_text(encoding="utf-8"))
    state = next(iter(document["state"].values()))
    state["campaign"]["pending_costs"][0]["character"] = "Ham\x1b[2Jmer"
    path.write_text(_json.dumps(document), encoding="utf-8")
    for chunk in (tmp_path / NAME / "history" / "session-0001").glob("entries-*.json"):
        chunk.unlink()
    status, out, err = gm("costs", NAME)
    assert status == 0 and "no costs are waiting" in out
    assert "The costs waiting for 1 of those rolls cannot be applied." in err and "\x1b" not in err
    status, out, err = gm("repair", NAME)
    assert status == 0, err
    assert f"costs waiting for roll {roll_id} (Ham\\x1b[2Jmer) were dropped" in out and "\x1b" not in out
