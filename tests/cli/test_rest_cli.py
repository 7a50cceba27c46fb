"""``gmconsole rest NAME [CHARACTER ...]``: rest in a safe place (R-PANIC-1), the tracker's ``R`` (every PC, one
entry) and ``r`` (one character, an entry each) from the command line, on the yze demo (Ripley Hale has 1
stress, Parker Moss 2, nobody else any)."""

from __future__ import annotations

import json

from cli_checks import ok_json, refused, stuck_writer


def _history(demo_gm, campaign: str = "yze-demo", *more: str) -> list[dict]:
    return json.loads(demo_gm("history", campaign, "--json", *more).stdout)


def _stress(demo_gm, character: str) -> int:
    return json.loads(demo_gm("sheet", "yze-demo", character, "--json").stdout)["trackers"]["stress"]


def test_r_panic_1_rest_with_no_name_rests_every_pc_in_one_entry(demo_gm):
    result = demo_gm("rest", "yze-demo")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["rest: Ripley Hale, Parker Moss back to 0 stress",
                                          "(undo: ctrl+z in the console; history entry 1)"]
    assert (_stress(demo_gm, "Ripley"), _stress(demo_gm, "Parker")) == (0, 0)
    entries = _history(demo_gm)
    assert [(e["kind"], e["targets"]) for e in entries] == [("rest", ["c1", "c6"])]


def test_rest_names_characters_an_entry_each_and_skips_who_has_nothing_to_rest(demo_gm):
    data = ok_json(demo_gm("rest", "yze-demo", "parker", "Dallas", "c1", "--json"))
    assert (data["rested"], data["skipped"]) == (["Parker Moss", "Ripley Hale"], ["Dallas Kane"])
    assert [(e["entry_id"], e["kind"], e["summary"]) for e in data["entries"]] == [
        (1, "rest", "rest: Parker Moss back to 0 stress"), (2, "rest", "rest: Ripley Hale back to 0 stress")]
    assert [e["id"] for e in _history(demo_gm)] == [1, 2]
    assert (_stress(demo_gm, "Ripley"), _stress(demo_gm, "Parker")) == (0, 0)


def test_rest_refusals_exit_2_with_one_line_and_record_nothing(demo_gm):
    refused(demo_gm("rest", "yze-demo", "Dallas", "Lambert"),
            "Dallas Kane, Lambert Cho: no stress to rest away: nothing recorded")
    refused(demo_gm("rest", "yze-demo", "Nobody"), "there is no character 'Nobody' in yze-demo", "Ripley Hale")
    refused(demo_gm("rest", "yze-demo", "Ripley", "Nobody"), "there is no character 'Nobody'")
    assert _history(demo_gm, "yze-demo", "--all") == []
    refused(demo_gm("rest", "myz-demo"), "resting clears stress and panic (R-PANIC-1); myz keeps neither")
    refused(demo_gm("rest", "myz-demo", "Hammer"), "myz keeps neither")
    assert _history(demo_gm, "myz-demo", "--all") == []
    assert demo_gm("rest", "yze-demo").returncode == 0
    refused(demo_gm("rest", "yze-demo"), "no PC has any stress to rest away: nothing recorded")


def test_rest_on_a_campaign_the_console_holds_is_refused_with_wait_0(demo_gm, tmp_path):

    with stuck_writer(tmp_path / "yze-demo"):
        refused(demo_gm("rest", "yze-demo", "--wait", "0"), "yze-demo is in the middle of a change by another writer")
    assert _stress(demo_gm, "Parker") == 2 and _history(demo_gm, "yze-demo", "--all") == []


def test_rest_speaks_zh_hant(demo_gm):
    result = demo_gm("--lang", "zh-Hant", "rest", "yze-demo", "Parker", "Dallas")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["休息：Parker Moss 壓力歸 0", "沒有可藉休息消除的壓力：Dallas Kane",
                                          "（復原：在主控台按 ctrl+z；歷史紀錄第 1 項）"]
