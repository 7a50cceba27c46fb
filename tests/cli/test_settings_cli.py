"""``gmconsole settings NAME [--json] [--set KEY=VALUE ...] [--wait SECONDS]``, run as a
user would (a subprocess): print, set (one history entry per command), an unknown key, a key of another
system, a bad value (exit 2, one line naming what is allowed, nothing written) and the JSON shape."""

from __future__ import annotations

import json

import pytest
from cli_checks import stuck_writer

from gmconsole.cli import main


@pytest.fixture
def gm(demo_gm):
    """Run gmconsole on the demo campaigns (``demo_gm``)."""
    return demo_gm


def _error(result, *texts):
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    for text in texts:
        assert text in lines[0]
    return lines[0]


def test_settings_prints_every_setting_of_the_system_with_value_r_id_and_text(gm):
    out = gm("settings", "myz-demo")
    assert out.returncode == 0, out.stderr
    assert "skill_ones = stay  [R-PUSH-5]" in out.stdout
    assert "max_pushes = 1  [R-PUSH-2]" in out.stdout and "opposed_reroll_ties = off  [R-OPP-1]" in out.stdout
    assert "push_cost" not in out.stdout  # myz has its own push cost: the setting is yze's
    assert "tiered_strict_over" not in out.stdout


def test_settings_json_shape(gm):
    data = json.loads(gm("settings", "yze-demo", "--json").stdout)
    assert set(data) == {"campaign", "system", "settings"}
    assert (data["campaign"], data["system"]) == ("yze-demo", "yze")
    rows = {row["key"]: row for row in data["settings"]}
    assert list(rows) == ["push_cost", "max_pushes", "skill_ones", "panic_escalation", "opposed_reroll_ties",
                          "tool_takes_damage", "condition_coverage", "initiative_mode", "initiative_attribute",
                          "initiative_redraw", "language", "player_rolls"]
    for row in data["settings"]:
        assert set(row) == {"key", "value", "rule", "text", "allowed"}
    assert rows["push_cost"]["value"] == "stress-dice" and rows["push_cost"]["rule"] == "push costs"
    assert rows["panic_escalation"] == {**rows["panic_escalation"], "value": False, "rule": "R-PANIC-2",
                                        "allowed": "on or off"}
    assert rows["max_pushes"]["value"] == 1 and rows["max_pushes"]["allowed"] == "a whole number from 0 to 3"
    assert "condition_coverage.CONDITION=SKILL,SKILL" in rows["condition_coverage"]["allowed"]
    assert rows["condition_coverage"]["value"] == {"tired": [], "angry": [], "scared": []}
    exploding = json.loads(gm("settings", "exploding-demo", "--json").stdout)
    assert [r["key"] for r in exploding["settings"]] == ["exploding_tie_to_defender", "initiative_mode",
                                                          "initiative_attribute", "initiative_redraw", "language",
                                                          "player_rolls"]
    assert exploding["settings"][0]["rule"] == "R-EXP-4"
    assert rows["player_rolls"]["value"] == "approve" and rows["player_rolls"]["allowed"] == "one of approve, free"


def test_set_changes_several_settings_in_one_history_entry(gm):
    out = gm("settings", "yze-demo", "--set", "push_cost=doom", "--set", "panic_escalation=on",
             "--set", "max_pushes=2", "--json", "--wait", "0")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["changed"] == {"push_cost": "doom", "panic_escalation": True, "max_pushes": 2}
    rows = {row["key"]: row["value"] for row in data["settings"]}
    assert (rows["push_cost"], rows["panic_escalation"], rows["max_pushes"]) == ("doom", True, 2)
    again = {r["key"]: r["value"] for r in json.loads(gm("settings", "yze-demo", "--json").stdout)["settings"]}
    assert again["push_cost"] == "doom"
    entries = json.loads(gm("history", "yze-demo", "--kind", "settings", "--json").stdout)
    assert len(entries) == 1 and "Push cost: doom" in entries[0]["summary"]


def test_r_push_5_skill_ones_set_from_the_command_line_is_a_change_the_service_can_undo(gm, tmp_path):
    """The setting set from the command line is a change like any other: the service's undo takes it back."""
    from gmconsole.campaign.service import CampaignService

    assert gm("settings", "myz-demo", "--set", "skill_ones=blank").returncode == 0
    with CampaignService.open(tmp_path, "myz-demo") as service:
        assert service.campaign.settings.skill_ones == "blank"
        service.undo()
        assert service.campaign.settings.skill_ones == "stay"


def test_unknown_key_exits_2_and_lists_the_settings(gm):
    _error(gm("settings", "yze-demo", "--set", "push_costs=doom"), "“push_costs” is not a setting of yze",
           "push_cost, max_pushes, skill_ones", "condition_coverage.CONDITION")
    _error(gm("settings", "yze-demo", "--set", "tiered_strict_over=on"), "not a setting of yze campaigns")
    _error(gm("settings", "tiered-demo", "--set", "push_cost=doom"), "not a setting of tiered campaigns",
           "tiered_strict_over")


def test_bad_value_exits_2_lists_what_is_allowed_and_writes_nothing(gm):
    _error(gm("settings", "yze-demo", "--set", "push_cost=doom", "--set", "push_cost=dooom"),
           "“dooom” is not a value of push_cost", "damage-stress, attribute-damage, stress-dice, conditions, doom")
    _error(gm("settings", "yze-demo", "--set", "max_pushes=4"), "from 0 to 3")
    _error(gm("settings", "yze-demo", "--set", "max_pushes=²"), "from 0 to 3")
    _error(gm("settings", "yze-demo", "--set", "panic_escalation=maybe"), "on or off")
    _error(gm("settings", "yze-demo", "--set", "initiative_attribute=luck"), "strength, agility, wits, empathy")
    _error(gm("settings", "yze-demo", "--set", "condition_coverage=x"), "condition_coverage.CONDITION=SKILL")
    _error(gm("settings", "yze-demo", "--set", "condition_coverage.tired=stealth,flying"), "no skill “flying”")
    _error(gm("settings", "yze-demo", "--set", "condition_coverage.=all"), "name the condition")
    _error(gm("settings", "yze-demo", "--set", "condition_coverage.tired=,"), "names no skill")
    _error(gm("settings", "myz-demo", "--set", "condition_coverage.tired=all"), "not a setting of myz")
    _error(gm("settings", "yze-demo", "--set", "skill_ones"), "is not KEY=VALUE")
    _error(gm("settings", "yze-demo", "--set", "skill_ones=bl\x1bank"), "control", "\\x1b")
    json_out = gm("settings", "yze-demo", "--set", "skill_ones=none", "--json")
    assert json_out.returncode == 2 and "stay, blank" in json.loads(json_out.stdout)["error"]
    assert json.loads(gm("history", "yze-demo", "--kind", "settings", "--json").stdout) == []


def test_settings_of_a_campaign_that_does_not_exist_exits_2(gm):
    _error(gm("settings", "nowhere"), "nowhere")


def test_settings_waits_for_a_writer_like_other_writers(tmp_path, capsys):
    """``--wait 0`` with the campaign open in another writer fails at once with one line."""
    from gmconsole.campaign.library import install_demos

    install_demos(tmp_path)
    with stuck_writer(tmp_path / "yze-demo"):  # another writer in the middle of a change
        code = main(["--data-dir", str(tmp_path), "settings", "yze-demo", "--set", "push_cost=doom", "--wait", "0"])
        assert code == 2
        assert main(["--data-dir", str(tmp_path), "settings", "yze-demo"]) == 0  # reading needs no lock
    err = capsys.readouterr().err
    assert "error" in err and "yze-demo" in err


EVIL = "x\x1b[2J\u202ey"


def test_settings_read_from_a_hostile_file_are_shown_escaped(gm, tmp_path):
    """A condition name and an initiative attribute holding ESC and a bidi override, planted in the file,
    are printed escaped (text and JSON), and the JSON reads back as the same strings."""
    from gmconsole.safe_text import UNSAFE

    path = tmp_path / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    settings = document["state"]["1"]["campaign"]["settings"]
    settings["initiative_attribute"] = EVIL
    settings["condition_coverage"] = {EVIL: [EVIL]}
    path.write_text(json.dumps(document), encoding="utf-8")
    text = gm("settings", "yze-demo")
    assert text.returncode == 0, text.stderr
    assert not any(UNSAFE.search(line) for line in text.stdout.split("\n"))
    assert "initiative_attribute = x\\x1b[2J\\u202ey" in text.stdout
    raw = gm("settings", "yze-demo", "--json")
    assert not UNSAFE.search(raw.stdout.strip())
    rows = {r["key"]: r["value"] for r in json.loads(raw.stdout)["settings"]}
    assert rows["initiative_attribute"] == EVIL and rows["condition_coverage"] == {EVIL: [EVIL]}
    # the next value offered is a real attribute, never the planted text
    assert gm("settings", "yze-demo", "--set", "initiative_attribute=wits").returncode == 0


def test_condition_coverage_is_set_one_condition_at_a_time(gm):
    """The conditions push cost (docs/RULES.md): which skills each condition's -1 covers; several in one
    command build on each other and make one history entry."""
    out = gm("settings", "yze-demo", "--set", "condition_coverage.tired=mobility,ranged",
             "--set", "condition_coverage.angry=none", "--set", "condition_coverage.hungry=all", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["changed"] == {"condition_coverage": {"tired": ["mobility", "ranged"], "scared": [],
                                                      "hungry": []}}
    text = gm("settings", "yze-demo").stdout
    assert "condition_coverage = tired: mobility, ranged; scared: every roll; hungry: every roll" in text
    assert len(json.loads(gm("history", "yze-demo", "--kind", "settings", "--json").stdout)) == 1


def test_condition_coverage_set_from_the_command_line_decides_which_rolls_the_condition_lowers(gm, tmp_path):
    """docs/RULES.md, conditions push cost: tired covering only ranged is -1 to a ranged roll, not to mobility."""
    from gmconsole.campaign.service import CampaignService

    assert gm("settings", "yze-demo", "--set", "push_cost=conditions",
              "--set", "condition_coverage.tired=ranged").returncode == 0
    with CampaignService.open(tmp_path, "yze-demo") as service:
        plain = {skill: len(service.rolls.preview_roll("c1", skill).dice) for skill in ("ranged", "mobility")}
        service.trackers.add_condition("c1", "tired")
        tired = {skill: len(service.rolls.preview_roll("c1", skill).dice) for skill in ("ranged", "mobility")}
    assert tired == {"ranged": plain["ranged"] - 1, "mobility": plain["mobility"]}


def test_condition_coverage_checks_the_campaigns_own_skill_list(gm):
    """The conditions push cost (docs/RULES.md): a campaign that loaded its own skills covers
    conditions with those skills, as its rolls do, not with the system's list."""
    from gmconsole.rules.data import data_dir

    assert gm("new", "Crew", "--system", "yze").returncode == 0
    assert gm("skills", "Crew", "--load", str(data_dir() / "skill_lists" / "space-crew.toml")).returncode == 0
    out = gm("settings", "Crew", "--set", "condition_coverage.tired=ranged-combat", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["changed"]["condition_coverage"]["tired"] == ["ranged-combat"]
    _error(gm("settings", "Crew", "--set", "condition_coverage.tired=ranged,medicine"),
           "the campaign Crew has no skill “ranged”", "ranged-combat")


def test_condition_names_are_the_gms_own_and_kept_as_conditions_are(gm):
    """docs/RULES.md, conditions push cost: the GM chooses the condition (tired, angry, scared are examples),
    so any name is accepted, and it is kept lower-case as a condition a push gives is, so that it matches;
    the help says so."""
    out = gm("settings", "yze-demo", "--set", "condition_coverage.Hungry=all", "--json")
    assert out.returncode == 0, out.stderr
    assert "hungry" in json.loads(out.stdout)["changed"]["condition_coverage"]
    rows = {r["key"]: r for r in json.loads(gm("settings", "yze-demo", "--json").stdout)["settings"]}
    assert "any condition name" in rows["condition_coverage"]["allowed"]


def test_R_INIT_2_initiative_redraw_is_set_from_the_command_line(gm):
    gm("settings", "yze-demo", "--set", "initiative_redraw=on")
    rows = {row["key"]: row for row in json.loads(gm("settings", "yze-demo", "--json").stdout)["settings"]}
    assert rows["initiative_redraw"]["value"] is True and rows["initiative_redraw"]["rule"] == "R-INIT-2"
