"""The table view on the command line: ``gmconsole table NAME``'s errors, ``roll ... --hidden`` and
``sheet NAME CHARACTER --table numbers|name-only``."""

from __future__ import annotations

import json

from gmconsole.campaign.service import CampaignService


def test_table_of_a_campaign_that_does_not_exist_is_one_line_and_exit_2(run_cli, tmp_path):
    result = run_cli("--data-dir", str(tmp_path), "table", "nowhere")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "no campaign named 'nowhere'" in result.stderr
    assert "Traceback" not in result.stderr


def test_table_of_a_damaged_campaign_says_open_it_in_the_console_and_touches_nothing(run_cli, tmp_path, copy_demos):
    root = copy_demos(tmp_path / "data")
    document = root / "yze-demo" / "campaign.json"
    document.write_text('{"name": "yze-demo", "roster": ')
    before = sorted(p.name for p in (root / "yze-demo").iterdir())
    result = run_cli("--data-dir", str(root), "table", "yze-demo")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "damaged: open it in the console" in result.stderr
    assert "restore" not in result.stderr.lower()
    assert document.read_text() == '{"name": "yze-demo", "roster": '
    assert sorted(p.name for p in (root / "yze-demo").iterdir()) == before


def test_a_hidden_cli_roll_is_recorded_as_usual_marked_hidden(demo_gm, tmp_path):
    hidden = demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "Ripley Hale", "--skill", "melee",
                     "--hidden", "--seed", "3", "--json")
    public = demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "Ripley Hale", "--skill", "melee",
                     "--seed", "3", "--json")
    assert hidden.returncode == public.returncode == 0, hidden.stderr
    hidden_entry, public_entry = json.loads(hidden.stdout), json.loads(public.stdout)
    assert hidden_entry["hidden"] is True
    assert "hidden" not in public_entry  # every other roll keeps its shape
    assert hidden_entry["dice"] == public_entry["dice"]  # recorded as usual
    history = demo_gm("history", "yze-demo")
    assert "(hidden from the table)" in history.stdout
    assert history.stdout.count("(hidden from the table)") == 1


def test_sheet_table_chooses_what_the_table_shows_and_undo_takes_it_back(demo_gm, tmp_path):
    result = demo_gm("sheet", "yze-demo", "Hull rats", "--table", "numbers")
    assert result.returncode == 0, result.stderr
    assert "the table view shows Hull rats: numbers" in result.stdout
    with CampaignService.open(tmp_path, "yze-demo") as service:
        assert service.character("Hull rats").table_numbers is True
        service.undo()
        assert service.character("Hull rats").table_numbers is None
    assert demo_gm("sheet", "yze-demo", "Hull rats", "--table", "maybe").returncode == 2
    assert demo_gm("sheet", "yze-demo", "Hull rats").returncode == 0  # without --table: read-only as before


def test_a_hidden_gm_roll_from_the_cli(demo_gm):
    result = demo_gm("roll", "yze", "--campaign", "yze-demo", "--base", "3", "--skill", "2", "--hidden", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert entry["hidden"] is True and entry["summary"].endswith("(hidden from the table)")
    plain = json.loads(demo_gm("roll", "yze", "--campaign", "yze-demo", "--base", "3", "--json").stdout)
    assert "hidden" not in plain


def test_a_hidden_roll_pushed_still_says_it_is_hidden(demo_gm):
    """``--hidden --push`` keeps "(hidden from the table)" in the push's new summary, as the GM's history
    promises, never "Dallas Kane rolls Insight: 1 success (pushed)" alone."""
    result = demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "Dallas Kane", "--skill", "insight",
                     "--hidden", "--push", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert entry["hidden"] is True
    assert entry["summary"].endswith("(pushed) (hidden from the table)"), entry["summary"]


def test_table_of_a_damaged_history_is_one_line_and_exit_2_not_a_crash(run_cli, tmp_path, copy_demos):
    """The campaign file read but a history chunk did not: the view started and crashed with a
    traceback drawing the last rolls. Now it is refused as every command refuses it: one line ending
    with the command that sets the chunk aside."""
    root = copy_demos(tmp_path / "data")
    with CampaignService.open(root, "yze-demo") as service:
        service.rolls.roll("Ripley Hale", "melee")
    chunk = next((root / "yze-demo" / "history").rglob("entries-*.json"))
    chunk.write_bytes(chunk.read_bytes()[:40])
    result = run_cli("--data-dir", str(root), "table", "yze-demo")
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.rstrip().endswith(
        f"`gmconsole repair yze-demo --set-aside {chunk.relative_to(root / 'yze-demo').as_posix()}`"), result.stderr
