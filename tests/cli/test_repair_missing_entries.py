"""Entries lost from the middle of the history, as a GM meets them on the command line: a read-only
command says so in one warning line that changes nothing (no cost "was dropped"), naming ``gmconsole repair
NAME``; that command settles it for good, and the next command says nothing."""

from __future__ import annotations

import json
import random

import pytest

from gmconsole.cli import main

NAME = "Road"


@pytest.fixture
def gm(tmp_path, capsys):
    def run(*args):
        status = main(["--data-dir", str(tmp_path), *args])
        out = capsys.readouterr()
        return status, out.out, out.err

    return run


@pytest.fixture
def lost(gm, tmp_path):
    """Session 2 holds Hammer's pushed roll whose costs wait; session 3 a roll; then session 2's file is
    lost and the last writer did not close cleanly. Returns the owing roll's id."""
    from gmconsole.campaign.service import CampaignService

    assert gm("new", NAME, "--system", "myz")[0] == 0
    with CampaignService.open(tmp_path, NAME, rng=random.Random(3)) as service:
        hammer = service.roster.add_character({"name": "Hammer", "skills": {"fight": 2},
                                               "attributes": {"strength": 3, "agility": 3, "wits": 2, "empathy": 3},
                                               "gear": [{"name": "Spiked bat", "bonus": 1}]})
        service.sessions.new_session(title="Road")
        owing = service.rolls.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
        service.rolls.push(owing["id"], faces="base=1,6 skill=3,2 gear=1")
        service.sessions.new_session(title="Ambush")
        service.rolls.roll(hammer.id, "fight", faces="base=6,3,4 skill=2,5")
        assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [owing["id"]]
    for chunk in (tmp_path / NAME / "history" / "session-0002").glob("entries-*.json"):
        chunk.unlink()
    (tmp_path / NAME / "closed-cleanly").unlink()  # as a writer killed in the middle of a change leaves it:
    (tmp_path / NAME / "lock").write_text('{"busy": true}')  # no marker, and the lock's note still busy
    return owing["id"]


def _warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("gmconsole: warning:")]


def test_a_read_only_command_says_it_in_one_line_that_drops_nothing_and_names_repair(gm, lost, tmp_path):
    for command in (("stats", NAME, "--json"), ("history", NAME, "--format", "json"),
                    ("session", NAME, "recap", "--json")):
        status, _out, err = gm(*command)
        assert status == 0, err
        [warning] = _warnings(err)
        assert "missing from the history of Road" in warning
        assert "were dropped" not in warning and "cannot be applied" in warning
        assert warning.endswith("Nothing was changed; gmconsole repair Road settles it.")
    campaign = json.loads((tmp_path / NAME / "campaign.json").read_text(encoding="utf-8"))
    assert [i["roll_id"] for i in campaign["state"]["1"]["campaign"]["pending_costs"]] == [lost]  # nothing was written


def test_repair_settles_it_and_the_next_command_says_nothing(gm, lost, tmp_path):
    status, out, err = gm("repair", NAME)
    assert status == 0, err
    assert f"costs waiting for roll {lost} (Hammer) were dropped" in out  # this time they were
    assert "Saved: the campaign now agrees with its history." in out
    campaign = json.loads((tmp_path / NAME / "campaign.json").read_text(encoding="utf-8"))
    assert campaign["state"]["1"]["campaign"]["pending_costs"] == []
    status, _out, err = gm("stats", NAME, "--json")
    assert status == 0 and _warnings(err) == []
    status, out, _err = gm("repair", NAME)
    assert status == 0 and out.strip() == "The history of Road agrees with the campaign; nothing to repair."
