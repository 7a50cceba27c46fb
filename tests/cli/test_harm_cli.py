"""``gmconsole harm NAME CHARACTER AMOUNT [--attribute A] [--json] [--wait S]``: the console's ``H`` from the
command line, recorded as one undoable entry that says before → after."""

from __future__ import annotations

import json


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def _history(demo_gm, name: str) -> list[dict]:
    return json.loads(demo_gm("history", name, "--format", "json").stdout)


def test_yze_damage_is_printed_before_and_after_and_recorded(demo_gm):
    result = demo_gm("harm", "yze-demo", "ripley", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Ripley Hale: Strength 3 → 1 (damage 2)"
    entry = _history(demo_gm, "yze-demo")[0]
    assert entry["kind"] == "harm" and entry["summary"] == "Ripley Hale: Strength 3 → 1 (damage 2)"
    assert f"history entry {entry['id']}" in result.stdout


def test_json_names_what_took_the_harm(demo_gm):
    data = json.loads(demo_gm("harm", "tiered-demo", "Aldric", "3", "--json").stdout)
    assert data == {"character": "Aldric", "summary": "Aldric: stamina 10 → 7", "amount": 3, "tracker": "stamina",
                    "before": 10, "value": 7, "entry_id": data["entry_id"]}
    data = json.loads(demo_gm("harm", "exploding-demo", "Kara Venn", "1", "--json").stdout)
    assert (data["tracker"], data["before"], data["value"]) == ("wounds", 0, 1)


def test_R_MYZ_TRAUMA_goes_to_the_attribute_named_else_to_the_last_roll_s(demo_gm):
    named = demo_gm("harm", "myz-demo", "Lina", "1", "--attribute", "Agility")
    assert named.stdout.splitlines()[0] == "Lina: Agility 4 → 3 (trauma 1)"
    demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "Grease", "--skill", "scout",
            "--faces", "base=2,3,4,5,2")
    rolled = json.loads(demo_gm("harm", "myz-demo", "Grease", "2", "--json").stdout)
    assert (rolled["attribute"], rolled["summary"]) == ("wits", "Grease: Wits 5 → 3 (trauma 2)")


def test_refusals_exit_2_with_one_line_and_record_nothing(demo_gm):
    demo_gm("harm", "yze-demo", "Ripley Hale", "3")
    before = _history(demo_gm, "yze-demo")
    _refused(demo_gm("harm", "yze-demo", "Ripley Hale", "1"), "already 0 (broken)", "nothing recorded")
    _refused(demo_gm("harm", "yze-demo", "Ripley Hale", "0"), "not an amount of harm")
    _refused(demo_gm("harm", "yze-demo", "Nobody", "1"), "Nobody")
    _refused(demo_gm("harm", "myz-demo", "Grease", "1", "--attribute", "luck"), "no attribute")
    _refused(demo_gm("harm", "tiered-demo", "Aldric", "1", "--attribute", "str"), "goes to stamina")
    assert _history(demo_gm, "yze-demo") == before


def test_the_harm_and_an_edit_are_in_the_session_recap(demo_gm, tmp_path):
    from gmconsole.campaign.service import CampaignService

    demo_gm("harm", "yze-demo", "Dallas", "1")
    with CampaignService.open(tmp_path, "yze-demo") as service:  # the roster form's edit, as the console sends it
        service.roster.update_character("c1", {"stress": 0})
    recap = demo_gm("session", "yze-demo", "recap").stdout
    assert "## Stress and trauma\n\n- scene 1 · Dallas Kane: Strength 3 → 2 (damage 1)" in recap
    assert "## Sheets changed\n\n- scene 1 · Ripley Hale: stress 1 → 0" in recap


def test_harm_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", "harm", "yze-demo", "Ripley Hale", "1")
    assert result.stdout.splitlines()[0] == "Ripley Hale：力量 3 → 2（傷害 1）"
