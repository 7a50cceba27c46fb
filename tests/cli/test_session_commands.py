"""``gmconsole session NAME new|scene|list|recap`` and ``history --session/--scene`` (sessions and
scenes), run through ``main()`` as a user types them, and their bad input (exit 2, one line)."""

from __future__ import annotations

import json

import pytest

from gmconsole.cli import main

NAME = "Zone"


@pytest.fixture
def gm(tmp_path, capsys):
    """Run ``gmconsole --data-dir tmp_path ARGS``; returns ``(status, stdout, stderr)``."""

    def run(*args):
        status = main(["--data-dir", str(tmp_path), *args])
        out = capsys.readouterr()
        return status, out.out, out.err

    assert run("new", NAME, "--system", "yze")[0] == 0
    return run


def _bad(result, text):
    status, out, err = result
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and text in lines[0], err
    return out


def _roll(gm, seed):
    status, out, err = gm("roll", "yze", "--campaign", NAME, "--character", "Ann", "--skill", "ranged",
                          "--seed", str(seed), "--json")
    assert status == 0, err
    return json.loads(out)


@pytest.fixture
def with_ann(gm, tmp_path):
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path, NAME) as service:
        service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 4, "wits": 3,
                                                                    "empathy": 2},
                                      "skills": {"ranged": 2}})
    return gm


def test_session_new_prints_the_new_session_at_scene_1(gm):
    status, out, _ = gm("session", NAME, "new", "--title", "Into the Zone", "--json")
    assert status == 0 and json.loads(out) == {"session": 2, "scene": 1}
    status, out, _ = gm("session", NAME, "new")
    assert status == 0 and "session 3 begins" in out


def test_session_scene_counts_scenes_of_the_current_session(gm):
    assert json.loads(gm("session", NAME, "scene", "--json")[1]) == {"session": 1, "scene": 2}
    assert json.loads(gm("session", NAME, "scene", "--json")[1]) == {"session": 1, "scene": 3}
    gm("session", NAME, "new", "--json")
    assert json.loads(gm("session", NAME, "scene", "--json")[1]) == {"session": 2, "scene": 2}


def test_session_list_has_its_keys_and_counts(with_ann):
    gm = with_ann
    _roll(gm, 1)
    gm("session", NAME, "new", "--title", "Second night", "--date", "2026-03-21")
    gm("session", NAME, "scene")
    _roll(gm, 2)
    rows = json.loads(gm("session", NAME, "list", "--json")[1])
    assert [sorted(r) for r in rows] == [["date", "entries", "number", "scenes", "started", "title"]] * 2
    assert rows[1]["date"] == "2026-03-21"  # the date the GM gave
    assert [(r["number"], r["title"], r["scenes"]) for r in rows] == [(1, "", 1), (2, "Second night", 2)]
    # session 1: the roster change and the roll; session 2: its opening, the scene and the roll
    assert [r["entries"] for r in rows] == [2, 3]
    assert rows[1]["started"]  # the moment it was opened
    text = gm("session", NAME, "list")[1]
    assert "session 2  Second night" in text and "2 scenes" in text


def test_session_list_shows_the_date_the_gm_gave_and_when_it_was_opened(gm):
    """``started`` shows the date of play the GM gave, not only the moment ``session new`` ran."""
    gm("session", NAME, "new", "--title", "Back then", "--date", "2020-05-02")
    rows = json.loads(gm("session", NAME, "list", "--json")[1])
    line = next(t for t in gm("session", NAME, "list")[1].splitlines() if t.startswith("session 2"))
    assert f"started 2020-05-02 (opened {rows[1]['started']})" in line
    first = next(t for t in gm("session", NAME, "list")[1].splitlines() if t.startswith("session 1"))
    # played the day it was opened: the date alone, not a full timestamp beside a bare date
    assert f"started {rows[0]['date']} " in first and "opened" not in first and "T" not in first.split()[2]


def test_a_session_dated_before_the_previous_one_warns_but_starts(gm):
    gm("session", NAME, "new", "--date", "2026-03-21")
    status, out, err = gm("session", NAME, "new", "--date", "2026-03-07", "--title", "Flashback")
    assert status == 0 and "session 3: Flashback begins (2026-03-07)" in out
    assert err.startswith("gmconsole: warning: ") and len(err.strip().splitlines()) == 1
    assert "2026-03-07" in err and "before session 2 (2026-03-21)" in err
    status, out, err = gm("session", NAME, "new", "--date", "2026-03-07", "--json")  # the same day: no warning
    assert status == 0 and err == "" and json.loads(out) == {"session": 4, "scene": 1}
    status, out, err = gm("session", NAME, "new", "--date", "2026-01-01", "--json")
    data = json.loads(out)
    assert status == 0 and data["session"] == 5 and "before session 4" in err
    assert len(data["warnings"]) == 1 and "before session 4" in data["warnings"][0]


def test_session_new_with_costs_pending_warns_naming_the_rolls_and_starts(with_ann, tmp_path):
    """The console asks before closing a session whose costs were never applied; the command
    line cannot ask, so it warns (stderr; ``warnings`` in --json) naming the rolls, and starts the session."""
    from gmconsole.campaign.service import CampaignService

    gm = with_ann
    with CampaignService.open(tmp_path, NAME) as service:
        service.setup.update_settings({"push_cost": "damage-stress"})
        roll = service.rolls.roll("Ann", "ranged", faces="base=1,3,4,5 skill=2,3")
        service.rolls.push(roll["id"], faces="base=1,1,2 skill=4,4")
    status, out, err = gm("session", NAME, "new", "--json")
    data = json.loads(out)
    assert status == 0 and (data["session"], data["scene"]) == (2, 1)
    [warning] = data["warnings"]
    assert f"roll {roll['id']} (Ann:" in warning and "not applied" in warning and "session 1" in warning
    assert err.strip() == f"gmconsole: warning: {warning}"
    assert json.loads(gm("costs", NAME, "--json")[1])[0]["roll_id"] == roll["id"]  # still pending
    status, out, err = gm("session", NAME, "new")
    assert status == 0 and "session 3 begins" in out and err == ""  # session 2 owes nothing


def test_recap_is_markdown_by_default_and_data_with_json(with_ann):
    gm = with_ann
    roll = _roll(gm, 4)
    gm("session", NAME, "new", "--title", "Next")
    status, out, _ = gm("session", NAME, "recap", "--session", "1")
    assert status == 0
    assert out.startswith(f"# {NAME}: session 1") and "## Rolls" in out and "Ann rolls Ranged" in out
    data = json.loads(gm("session", NAME, "recap", "--session", "1", "--json")[1])
    assert data["session"] == 1 and [r["id"] for r in data["sections"]["rolls"]] == [roll["id"]]
    current = json.loads(gm("session", NAME, "recap", "--json")[1])  # the current session by default
    assert current["session"] == 2 and current["title"] == "Next" and current["sections"]["rolls"] == []


def test_history_session_and_scene_filter_among_many_sessions(with_ann):
    gm = with_ann
    ids = {}
    for n in range(2, 14):  # twelve more sessions: --session N picks one among many
        gm("session", NAME, "new")
        if n == 12:
            gm("session", NAME, "scene")
            ids[12] = _roll(gm, n)["id"]
    rows = json.loads(gm("history", NAME, "--session", "12", "--json")[1])
    assert {r["session"] for r in rows} == {12} and [r["kind"] for r in rows] == ["session", "scene", "roll"]
    scene_2 = json.loads(gm("history", NAME, "--session", "12", "--scene", "2", "--json")[1])
    assert [(r["kind"], r["scene"]) for r in scene_2] == [("scene", 2), ("roll", 2)]
    assert scene_2[1]["id"] == ids[12]
    assert json.loads(gm("history", NAME, "--session", "13", "--scene", "2", "--json")[1]) == []


def test_unknown_campaign_is_one_line_and_json_error(gm):
    for args in (["new"], ["scene"], ["list"], ["recap"]):
        out = _bad(gm("session", "Nowhere", *args, "--json"), "Nowhere")
        assert "error" in json.loads(out)


def test_bad_session_number_is_refused(gm):
    _bad(gm("session", NAME, "recap", "--session", "7"), "has no session 7")
    _bad(gm("session", NAME, "recap", "--session", "-1"), "not a session number")
    _bad(gm("session", NAME, "recap", "--session", "two"), "not a session number")
    _bad(gm("history", NAME, "--scene", "x"), "not a session number")


def test_a_title_with_control_characters_is_refused_and_nothing_changes(gm):
    out = _bad(gm("session", NAME, "new", "--title", "Night\x1b[2J", "--json"), "control")
    assert "\x1b" not in out and json.loads(out)["error"]
    _bad(gm("session", NAME, "new", "--title", "x" * 121), "at most 120")
    _bad(gm("session", NAME, "new", "--date", "21/03/2026"), "YYYY-MM-DD")
    _bad(gm("session", NAME, "new", "--date", "2026-02-30"), "not a date")
    assert [r["number"] for r in json.loads(gm("session", NAME, "list", "--json")[1])] == [1]


def test_missing_action_and_bad_wait_are_usage_errors(gm):
    _bad(gm("session", NAME), "ACTION")
    _bad(gm("session", NAME, "rename"), "invalid choice")
    _bad(gm("session", NAME, "scene", "--wait", "soon"), "seconds")


def test_a_title_from_a_hostile_file_is_shown_escaped(gm, tmp_path):
    """A title written into campaign.json by another program reaches the terminal escaped."""
    path = tmp_path / NAME / "campaign.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    tables["state"]["1"]["campaign"]["sessions"][0]["title"] = "bad\x1b]0;owned\x07"
    path.write_text(json.dumps(tables), encoding="utf-8")
    for args in (["list"], ["recap"]):
        status, out, _ = gm("session", NAME, *args)
        assert status == 0 and "\x1b" not in out and "\x07" not in out and "\\x1b" in out


def test_session_commands_run_as_a_program(run_cli_subprocess, tmp_path):
    """The real entry point, in a subprocess: the writer waits (``--wait``), JSON on stdout."""
    assert run_cli_subprocess("--data-dir", str(tmp_path), "new", NAME, "--system", "myz").returncode == 0
    done = run_cli_subprocess(
        "--data-dir", str(tmp_path), "session", NAME, "new", "--title", "T", "--wait", "0", "--json"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"session": 2, "scene": 1}


def test_session_list_counts_one_entry_and_one_scene_in_the_singular(gm):
    """``session list`` says "1 entry", never "1 entries"."""
    gm("session", NAME, "new", "--title", "Quiet")
    rows = json.loads(gm("session", NAME, "list", "--json")[1])
    line = next(t for t in gm("session", NAME, "list")[1].splitlines() if t.startswith("session 2"))
    assert rows[1]["entries"] == 1 and "  1 scene  1 entry" in line and "entries" not in line
