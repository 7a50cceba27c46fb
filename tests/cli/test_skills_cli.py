"""``gmconsole skills NAME [--json] [--add NAME=ATTRIBUTE] [--remove NAME] [--load FILE]``,
run as a user would: each flag, the sample list, and bad input (exit 2, one line, nothing changed)."""

import json

import pytest
from cli_checks import stuck_writer

from gmconsole.rules.data import data_dir

SAMPLE = data_dir() / "skill_lists" / "space-crew.toml"


@pytest.fixture
def gm(run_cli, tmp_path):
    def run(*args):
        return run_cli("--data-dir", str(tmp_path / "data"), *args)

    assert run("new", "Crew", "--system", "yze").returncode == 0
    return run


def _one_line_error(result, text):
    assert result.returncode == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert text in lines[0], lines[0]


def _list(gm):
    shown = gm("skills", "Crew", "--json")
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


def test_json_shows_the_system_list_by_default(gm):
    listed = _list(gm)
    assert (listed["campaign"], listed["system"], listed["own_list"]) == ("Crew", "yze", False)
    assert listed["skills"][0] == {"id": "might", "name": "Might", "attribute": "strength",
                                   "text": listed["skills"][0]["text"]}
    assert len(listed["skills"]) == 12


def test_add_then_remove_then_history_and_a_campaign_roll(gm):
    added = gm("skills", "Crew", "--add", "Heavy Machinery=strength", "--json")
    assert added.returncode == 0, added.stderr
    assert json.loads(added.stdout)["skills"][-1]["id"] == "heavy-machinery"
    text = gm("skills", "Crew")
    assert "Heavy Machinery (heavy-machinery) — strength" in text.stdout and "campaign's own list" in text.stdout
    removed = gm("skills", "Crew", "--remove", "Might", "--json")
    assert "might" not in [s["id"] for s in json.loads(removed.stdout)["skills"]]
    history = json.loads(gm("history", "Crew", "--json").stdout)
    assert [(e["kind"], e["summary"]) for e in history] == [
        ("skills", "skill added: Heavy Machinery (strength)"), ("skills", "skill removed: Might (strength)")]


def test_rename_keeps_the_id(gm):
    gm("skills", "Crew", "--add", "Piloting=agility")
    renamed = gm("skills", "Crew", "--rename", "piloting=Flying", "--json")
    assert renamed.returncode == 0, renamed.stderr
    skills = json.loads(renamed.stdout)["skills"]
    assert {"id": "piloting", "name": "Flying", "attribute": "agility", "text": ""} in skills


def test_load_the_sample_list_and_roll_a_loaded_skill_by_name(gm, tmp_path):
    loaded = gm("skills", "Crew", "--load", str(SAMPLE), "--json")
    assert loaded.returncode == 0, loaded.stderr
    names = [s["name"] for s in json.loads(loaded.stdout)["skills"]]
    assert names[:3] == ["Heavy Machinery", "Stamina", "Close Combat"] and len(names) == 12
    # a character with the loaded skill, made through the service the console uses
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path / "data", "Crew") as service:
        service.roster.add_character({"name": "Rook", "attributes": {"strength": 2, "agility": 4, "wits": 3,
                                                                     "empathy": 2},
                                      "skills": {"piloting": 2}})
    rolled = gm("roll", "yze", "--campaign", "Crew", "--character", "Rook", "--skill", "Piloting",
                "--faces", "base=6,1,2,3 skill=6,4", "--json")
    assert rolled.returncode == 0, rolled.stderr
    entry = json.loads(rolled.stdout)
    assert (entry["skill"], entry["successes"]) == ("piloting", 2)
    by_name = json.loads(gm("history", "Crew", "--skill", "Piloting", "--json").stdout)
    assert [e["id"] for e in by_name] == [entry["id"]]
    unknown = gm("roll", "yze", "--campaign", "Crew", "--character", "Rook", "--skill", "might", "--json")
    _one_line_error(unknown, "its skills are: Heavy Machinery, Stamina, Close Combat,")
    assert "error" in json.loads(unknown.stdout)


@pytest.mark.parametrize("content, message", [
    ('[[skills]]\nname = "Piloting"\nattribute = "luck"\n', "skill 1 (line 1): the attribute “luck” is not one of"),
    ('[[skills]]\nname = "A"\nattribute = "wits"\n\n[[skills]]\nattribute = "wits"\n', "skill 2 (line 5) needs a name"),
    ('[[skills]]\nname = "Bell\\u0007"\nattribute = "wits"\n', "skill 1 (line 1)"),
    ("this is = = not toml\n", "is not TOML"),
])
def test_a_bad_list_exits_2_naming_the_entry_and_changes_nothing(gm, tmp_path, content, message):
    path = tmp_path / "list.toml"
    path.write_text(content, encoding="utf-8")
    before = _list(gm)
    result = gm("skills", "Crew", "--load", str(path), "--json")
    _one_line_error(result, message)
    assert "error" in json.loads(result.stdout) and "\x07" not in result.stderr
    assert _list(gm) == before


@pytest.mark.parametrize("args, message", [
    (["--add", "Piloting"], "is not NAME=ATTRIBUTE"),
    (["--add", "Piloting=luck"], "the attribute “luck” is not one of strength, agility, wits, empathy"),
    (["--add", "Might=strength"], "already has a skill “Might”"),
    (["--remove", "Flying"], "no skill “Flying”; its skills are: Might,"),
    (["--rename", "flying=Air"], "no skill “flying”"),
    (["--load", "/nonexistent/list.toml"], "cannot read /nonexistent/list.toml"),
])
def test_bad_flags_exit_2_with_one_line(gm, args, message):
    before = _list(gm)
    _one_line_error(gm("skills", "Crew", *args), message)
    assert _list(gm) == before


def test_changes_are_all_or_nothing(gm):
    before = _list(gm)
    _one_line_error(gm("skills", "Crew", "--add", "Piloting=agility", "--remove", "Flying"), "no skill “Flying”")
    assert _list(gm) == before


def test_removing_a_skill_a_character_has_names_them(gm, tmp_path):
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path / "data", "Crew") as service:
        service.roster.add_character({"name": "Rook", "attributes": {"strength": 2, "agility": 4, "wits": 3,
                                                                     "empathy": 2},
                                      "skills": {"melee": 1}})
    _one_line_error(gm("skills", "Crew", "--remove", "melee"), "Rook has Melee: set it to 0 on their sheets first")


def test_exploding_has_no_list_to_change(gm):
    assert gm("new", "Pulp", "--system", "exploding").returncode == 0
    shown = gm("skills", "Pulp", "--json")
    assert json.loads(shown.stdout)["skills"] == []
    _one_line_error(gm("skills", "Pulp", "--add", "Lore=wits"), "no skill list to change")


def test_a_locked_campaign_waits_then_fails(gm, tmp_path):

    with stuck_writer(tmp_path / "data" / "Crew"):  # another writer in the middle of a change
        result = gm("skills", "Crew", "--add", "Piloting=agility", "--wait", "0")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "in the middle of a change by another writer" in result.stderr


def _fifo(tmp_path):
    import os

    path = tmp_path / "pipe.toml"
    os.mkfifo(path)  # no writer: a plain open() would wait for one forever
    return path


@pytest.mark.parametrize("make, message", [
    (lambda tmp_path: "/dev/zero", "/dev/zero is not a regular file"),
    (lambda tmp_path: tmp_path, "is not a regular file"),
    (_fifo, "pipe.toml is not a regular file"),
    (lambda tmp_path: _big(tmp_path), "big.toml is 300 KiB: a skill list is read only up to 256 KiB"),
])
def test_play_test_3_a_device_folder_pipe_or_huge_file_is_refused_before_reading(gm, tmp_path, make, message):
    """``--load /dev/zero`` is refused in one line, at once, never a MemoryError after eating GBs."""
    before = _list(gm)
    result = gm("skills", "Crew", "--load", str(make(tmp_path)))
    _one_line_error(result, message)
    assert _list(gm) == before


def _big(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text('[[skills]]\nname = "A"\nattribute = "wits"\n' + "#" * (300 * 1024 - 40) + "\n", encoding="utf-8")
    return path
