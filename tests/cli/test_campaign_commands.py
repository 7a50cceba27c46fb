"""``gmconsole new / campaigns / demo / history`` and ``roll SYSTEM --campaign``, run as a user would."""

import csv
import io
import json

import pytest


@pytest.fixture
def gm(run_cli, tmp_path):
    """Run gmconsole with ``--data-dir tmp_path``."""

    def run(*args):
        return run_cli("--data-dir", str(tmp_path), *args)

    return run


def _one_line_error(result, text):
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert text in lines[0]


def test_new_then_campaigns_json(gm):
    created = gm("new", "Cellar", "--system", "myz")
    assert created.returncode == 0, created.stderr
    assert "Cellar" in created.stdout
    listed = gm("campaigns", "--json")
    assert json.loads(listed.stdout) == [{"name": "Cellar", "system": "myz", "characters": []}]


def test_new_refuses_a_taken_name_and_an_unknown_system(gm):
    assert gm("new", "Cellar", "--system", "yze").returncode == 0
    _one_line_error(gm("new", "Cellar", "--system", "yze"), "Cellar")
    _one_line_error(gm("new", "Other", "--system", "dnd"), "invalid choice")


def test_demo_installs_one_campaign_per_system_once(gm):
    first = gm("demo", "--json")
    assert first.returncode == 0, first.stderr
    assert sorted(json.loads(first.stdout)["installed"]) == [
        "exploding-demo", "myz-demo", "tiered-demo", "yze-demo", "yze-step-demo"]
    again = gm("demo", "--json")
    assert json.loads(again.stdout)["installed"] == []
    listed = {c["name"]: c for c in json.loads(gm("campaigns", "--json").stdout)}
    assert {c["system"] for c in listed.values()} == {"myz", "yze", "yze-step", "exploding", "tiered"}
    assert "Vanja" in listed["myz-demo"]["characters"]


def test_roll_from_the_sheet_is_recorded_and_shows_in_history_json(gm):
    gm("demo")
    rolled = gm("roll", "myz", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight",
                "--gear", "Spiked bat", "--faces", "base=6,1,3,4,2 skill=6,2,3 gear=4,5", "--json")
    assert rolled.returncode == 0, rolled.stderr
    entry = json.loads(rolled.stdout)
    assert (entry["character"], entry["kind"], entry["successes"], entry["by_hand"]) == ("Hammer", "roll", 2, True)
    assert [d["kind"] for d in entry["dice"]].count("gear") == 2
    history = json.loads(gm("history", "myz-demo", "--format", "json").stdout)
    assert [(e["character"], e["kind"], e["successes"], e["skill"]) for e in history] == [
        ("Hammer", "roll", 2, "fight")]
    assert history[0]["pool"]["explanation"]


def test_roll_from_the_sheet_with_a_push_and_seed(gm):
    gm("demo")
    rolled = gm("roll", "yze", "--campaign", "yze-demo", "--character", "Parker Moss", "--skill", "crafting",
                "--faces", "base=2,3,4 skill=2,3,4 stress=2,3", "--push-faces",
                "base=2,3,4 skill=6,3,4 stress=2,3,4", "--json")
    assert rolled.returncode == 0, rolled.stderr
    entry = json.loads(rolled.stdout)
    assert entry["pushes"] == 1 and entry["successes"] == 1
    assert entry["costs"] == [] and entry["stress_paid"] == 1
    sheet = json.loads(gm("campaigns", "--json").stdout)
    assert any(c["name"] == "yze-demo" for c in sheet)
    kinds = [e["kind"] for e in json.loads(gm("history", "yze-demo", "--json").stdout)]
    assert kinds == ["roll", "push"]


def test_tiered_and_exploding_rolls_record_tier_and_top(gm):
    gm("demo")
    tiered = gm("roll", "tiered", "--campaign", "tiered-demo", "--character", "Wren", "--skill", "stealth",
                "--attribute", "dex", "--seed", "4")
    assert tiered.returncode == 0, tiered.stderr
    exploding = gm("roll", "exploding", "--campaign", "exploding-demo", "--character", "Kara Venn",
                   "--skill", "shooting", "--attribute", "agility", "--faces", "skill=7,3 trait=2", "--json")
    assert exploding.returncode == 0, exploding.stderr
    assert json.loads(exploding.stdout)["top"] == 7
    tiered_history = json.loads(gm("history", "tiered-demo", "--format", "json").stdout)
    assert tiered_history[0]["tier"] in ("critical", "great", "mixed", "limited")
    exploding_history = json.loads(
        gm("history", "exploding-demo", "--format", "json", "--character", "Kara Venn").stdout
    )
    assert [(e["top"], e["margin"]) for e in exploding_history] == [(7, 3)]


def test_history_in_table_markdown_and_csv(gm):
    gm("demo")
    for faces in ("base=6,6,1,3,4 skill=2,3,4", "base=1,2,3,4,5 skill=6,2,3"):
        assert gm("roll", "myz", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight",
                  "--faces", faces).returncode == 0
    table = gm("history", "myz-demo")
    assert table.returncode == 0
    assert table.stdout.splitlines()[0].split() == ["at", "session", "character", "kind", "skill", "result", "summary"]
    assert "2 successes" in table.stdout and "1 success" in table.stdout
    markdown = gm("history", "myz-demo", "--session", "1", "--format", "markdown").stdout
    assert markdown.startswith("# myz-demo")
    assert markdown.count("| Hammer | roll | Fight |") == 2
    rows = list(csv.DictReader(io.StringIO(gm("history", "myz-demo", "--format", "csv").stdout)))
    assert [(r["character"], r["result"]) for r in rows] == [("Hammer", "2 successes"), ("Hammer", "1 success")]


def test_roll_campaign_errors_are_one_line(gm):
    gm("demo")
    _one_line_error(gm("roll", "yze", "--campaign", "myz-demo", "--character", "Hammer", "--skill", "fight"),
                    "myz campaign")
    _one_line_error(gm("roll", "myz", "--campaign", "myz-demo", "--character", "Nobody", "--skill", "fight"),
                    "no character 'Nobody'")
    _one_line_error(gm("roll", "myz", "--campaign", "nowhere", "--character", "Hammer"), "nowhere")
    _one_line_error(gm("history", "myz-demo", "--character", "Nobody"), "Nobody")
    json_error = gm("roll", "myz", "--campaign", "myz-demo", "--character", "Grease", "--skill", "sic-a-dog", "--json")
    assert json_error.returncode == 2
    assert "R-MYZ-SPEC" in json.loads(json_error.stdout)["error"]


def test_exploding_campaign_roll_text_shows_the_tn_the_verdict_and_the_margin(gm):
    gm("demo")
    trained = gm("roll", "exploding", "--campaign", "exploding-demo", "--character", "Kara Venn",
                 "--skill", "shooting", "--attribute", "agility", "--faces", "skill=7,3 trait=2")
    assert trained.returncode == 0, trained.stderr
    lines = trained.stdout.splitlines()
    assert "  TN = 4" in lines
    assert lines[-1] == "success vs TN 4 (margin +3)"
    untrained = gm("roll", "exploding", "--campaign", "exploding-demo", "--character", "Kara Venn",
                   "--skill", "medicine", "--attribute", "agility", "--faces", "trait=5")
    assert untrained.returncode == 0, untrained.stderr
    lines = untrained.stdout.splitlines()
    assert "  Untrained: +4" in lines and "  TN = 8" in lines
    assert lines[-1] == "failure vs TN 8 (margin -3)"


def test_exploding_campaign_roll_with_no_skill_is_untrained(gm):
    gm("demo")
    result = gm("roll", "exploding", "--campaign", "exploding-demo", "--character", "Kara Venn",
                "--attribute", "agility", "--faces", "trait=7", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert (entry["tn"], entry["top"], entry["success"], entry["margin"]) == (8, 7, False, -1)
    assert [d["kind"] for d in entry["dice"]] == ["trait"]


def test_myz_sic_a_dog_with_agility_is_refused_in_one_line(gm):
    gm("demo")
    result = gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "sic-a-dog",
                "--attribute", "agility", "--use", "fight")
    _one_line_error(result, "Sic a Dog rolls Fighting (the dog's Strength), Scouting (the handler's Wits)")
    fighting = gm("roll", "myz", "--campaign", "myz-demo", "--character", "Vanja", "--skill", "sic-a-dog",
                  "--use", "fight", "--seed", "3", "--json")
    assert fighting.returncode == 0, fighting.stderr
    assert json.loads(fighting.stdout)["attribute"] == "strength"


def test_seed_002_skill_modifier_flag_is_recorded_by_name_and_refused_with_one_line(gm):
    gm("demo")
    rolled = gm("roll", "yze", "--campaign", "yze-demo", "--character", "Dallas Kane", "--skill", "manipulation",
                "--skill-modifier", "interrogation", "--skill-modifier", "helped-before",
                "--faces", "base=6,2,3,4,5 skill=2,3,4,5,6", "--json")
    assert rolled.returncode == 0, rolled.stderr
    entry = json.loads(rolled.stdout)
    assert [m["id"] for m in entry["skill_modifiers"]] == ["interrogation", "helped-before"]
    assert entry["skill_modifiers"][0]["name"]["zh-Hant"].startswith("審問")
    assert "Interrogating a captive: opposed by Stamina, not Insight +1" in entry["pool"]["explanation"]
    text = gm("roll", "yze", "--campaign", "yze-demo", "--character", "Dallas Kane", "--skill", "manipulation",
              "--skill-modifier", "well-argued", "--faces", "base=6,2,3,4,5 skill=2,3,4,5")
    assert text.returncode == 0, text.stderr
    assert "modifiers: You argue your case very well (the GM's call) +1" in text.stdout
    _one_line_error(gm("roll", "yze", "--campaign", "yze-demo", "--character", "Dallas Kane", "--skill",
                       "manipulation", "--skill-modifier", "interrogation", "--skill-modifier", "held-by-you"),
                    "same fact")
    _one_line_error(gm("roll", "myz", "--campaign", "myz-demo", "--character", "Lina", "--skill", "find-the-path",
                       "--skill-modifier", "enter-sector"), "needs a detail")
    history = json.loads(gm("history", "yze-demo", "--format", "json").stdout)
    assert sum(1 for e in history if e.get("skill_modifiers")) == 2
