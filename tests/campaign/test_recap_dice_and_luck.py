"""The session recap and the history's Markdown export end with "Dice and luck" tables whose
figures are those ``gmconsole stats --json`` gives for the same session; campaign names in them are escaped."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from stats_session import play_session, stats_json

from gmconsole.campaign.stats_markdown import dice_and_luck, luck_text, rate_text
from gmconsole.cli import main
from gmconsole.families.yearzero.rules.panic import panic_table


def _cli(root, *args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--data-dir", str(root), *args]) == 0
    return out.getvalue()


def _rows(markdown: str, head: str) -> dict[str, list[str]]:
    """The rows of the table whose header row starts with ``| head |``, by their first cell."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {head} |"))
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        rows[cells[0]] = cells[1:]
    return rows


def _expected_row(figures: dict) -> list[str]:
    return [str(figures["rolls"]), str(figures["observed_successes"]), f"{figures['expected_successes']:.2f}",
            rate_text(figures["success_rate"]), rate_text(figures["expected_success_rate"]),
            luck_text(figures["luck"])]


@pytest.mark.parametrize("name", ["yze-demo", "tiered-demo"])
def test_the_recap_has_the_dice_and_luck_of_stats_json_for_the_same_session(tmp_path, name):
    play_session(tmp_path, name)
    figures = stats_json(tmp_path, name, "--session", "2")
    markdown = _cli(tmp_path, "session", name, "recap", "--session", "2")
    assert "## Dice and luck" in markdown
    rows = _rows(markdown, "who")
    assert set(rows) == {*figures["by_character"], "**all**"}
    for who, row in figures["by_character"].items():
        assert rows[who] == _expected_row(row)
    assert rows["**all**"] == _expected_row(figures)
    if figures["pushes"]["count"]:
        row = _rows(markdown, "pushes")[str(figures["pushes"]["count"])]
        assert row[0] == str(figures["pushes"]["turned_failure_into_success"])
        if figures["pushes"]["stress_gained"]:  # the column is there only when a push gained stress
            assert row[1] == str(figures["pushes"]["stress_gained"])
    if figures["panics"]:  # the recap names each row, the JSON keeps its id
        names = {row["id"]: row["name"]["en"] for row in panic_table()}
        assert {k: int(v[0]) for k, v in _rows(markdown, "panic (table row)").items()} == {
            names[row]: n for row, n in figures["panics"].items()}
    if figures["bands"]:
        head = {"tier": "tier", "margin": "margin"}.get(figures["band_name"], "result")
        assert {k: int(v[0]) for k, v in _rows(markdown, head).items()} == figures["bands"]
    fairness = _rows(markdown, "kind")
    assert [(k, v[1]) for k, v in fairness.items()] == [(r["kind"], str(r["n"])) for r in figures["dice_fairness"]]
    recap = json.loads(_cli(tmp_path, "session", name, "recap", "--session", "2", "--json"))
    assert recap["statistics"] == figures and "sections" in recap


def test_the_history_markdown_export_ends_with_the_same_tables(tmp_path):
    play_session(tmp_path, "myz-demo")
    figures = stats_json(tmp_path, "myz-demo", "--session", "2")
    markdown = _cli(tmp_path, "history", "myz-demo", "--session", "2", "--format", "markdown")
    assert "## Dice and luck" in markdown and "Figures for session 2." in markdown
    assert _rows(markdown, "who")["**all**"] == _expected_row(figures)
    csv = _cli(tmp_path, "history", "myz-demo", "--session", "2", "--format", "csv")
    assert "Dice and luck" not in csv  # the CSV stays one table of entries


def test_a_session_without_rolls_has_no_dice_and_luck_section(tmp_path):
    play_session(tmp_path, "yze-demo")
    assert "Dice and luck" not in _cli(tmp_path, "session", "yze-demo", "recap", "--session", "1")


def test_hostile_names_stay_one_escaped_cell(tmp_path):
    from gmconsole.campaign.service import CampaignService

    play_session(tmp_path, "yze-demo")
    with CampaignService.open(tmp_path, "yze-demo", read_only=True) as service:
        figures = service.history.statistics(session=2)
    hostile = "Ann|B\nC **bold** <script>x</script> [l](javascript:x) \x1b[2J"
    figures["by_character"] = {hostile: next(iter(figures["by_character"].values()))}
    figures["panics"] = {"row|two\nlines": 2}
    figures["dice_fairness"][0]["kind"] = "base|`x`"
    text = "\n".join(dice_and_luck(figures))
    who = next(line for line in text.splitlines() if line.startswith("| Ann"))
    assert who.startswith("| Ann\\|B\\\\nC \\*\\*bold\\*\\* \\<script\\>x\\</script\\> "
                          "\\[l\\](javascript:x) \\\\x1b\\[2J |")
    assert len(who.replace("\\|", "").split("|")) == 9  # the name is one cell of seven
    assert "\x1b" not in text and "\nC" not in text
    assert "| row\\|two\\\\nlines | 2 |" in text
    assert "| base\\|\\`x\\` |" in text
