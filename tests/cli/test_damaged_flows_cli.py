"""On the command line: a damaged history chunk with no backup.

``gmconsole history NAME`` and ``roll --campaign NAME`` on such a campaign exit 2 naming the file and
saying how to set it aside; ``gmconsole repair NAME --set-aside FILE`` renames it beside itself
(``<name>.damaged-<UTC time>``, never deleted, never through a link) and the campaign is usable again,
its lost entries said as a gap in the history and their ids never given again.
"""

from __future__ import annotations

import json
import os

from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.cli import main

NAME = "exploding-demo"


def _damaged(tmp_path):
    """exploding-demo after its first roll (its only chunk has no backup yet), with that chunk cut in half."""
    root = tmp_path / "data"
    root.mkdir()
    install_demos(root)
    with CampaignService.open(root, NAME) as service:
        service.rolls.roll("c1", "shooting", attribute="agility")
    chunk = root / NAME / "history" / "session-0001" / "entries-000000001.json"
    good = chunk.read_bytes()
    chunk.write_bytes(good[: len(good) // 2])
    return root, chunk


def _run(capsys, root, *argv):
    capsys.readouterr()
    status = main(["--data-dir", str(root), *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def _roll(capsys, root):
    return _run(capsys, root, "roll", "exploding", "--campaign", NAME, "--character", "c1", "--skill", "shooting",
                "--attribute", "agility", "--seed", "1", "--json")


def test_history_and_roll_on_a_damaged_chunk_exit_2_naming_it_and_how_to_set_it_aside(tmp_path, capsys):
    root, chunk = _damaged(tmp_path)
    damaged = chunk.read_bytes()
    for status, _out, err in (_run(capsys, root, "history", NAME), _roll(capsys, root)):
        assert status == 2
        assert chunk.name in err and "damaged" in err
        assert f"gmconsole repair {NAME} --set-aside history/session-0001/entries-000000001.json`" in err
        assert len(err.splitlines()) == 1 and err.startswith("gmconsole: error: ")  # no raw log line, said once
    assert chunk.read_bytes() == damaged


def test_repair_set_aside_renames_the_chunk_and_the_campaign_goes_on(tmp_path, capsys):
    root, chunk = _damaged(tmp_path)
    damaged = chunk.read_bytes()
    status, out, err = _run(capsys, root, "repair", NAME, "--set-aside", "history/session-0001/entries-000000001.json")
    assert status == 0, err
    aside = list(chunk.parent.glob(chunk.name + ".damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged and not chunk.exists()
    assert aside[0].name in out and "Entry #1 is missing" in out
    status, out, err = _run(capsys, root, "history", NAME, "--format", "json")
    assert status == 0 and json.loads(out) == []
    assert "gmconsole: warning: Entry #1 is missing" in err
    status, out, err = _roll(capsys, root)
    assert status == 0, err
    assert json.loads(out)["id"] == 2  # the lost entry's id is never given again


def test_repair_set_aside_refuses_what_is_not_a_history_chunk_of_the_campaign(tmp_path, capsys):
    root, chunk = _damaged(tmp_path)
    state = root / NAME / "campaign.json"
    before = state.read_bytes()
    outside = tmp_path / "entries-000000001.json"
    outside.write_text("{}", encoding="utf-8")
    for target in (state, outside, chunk.parent / "entries-000000099.json"):
        status, _out, err = _run(capsys, root, "repair", NAME, "--set-aside", str(target))
        assert status == 2 and err.startswith("gmconsole: ") and len(err.splitlines()) == 1, err
    assert state.read_bytes() == before and outside.exists() and chunk.exists()


def test_repair_set_aside_renames_a_link_itself_never_its_target(tmp_path, capsys):
    root, chunk = _damaged(tmp_path)
    target = tmp_path / "elsewhere.json"
    target.write_text("keep me", encoding="utf-8")
    chunk.unlink()
    os.symlink(target, chunk)
    status, _out, err = _run(capsys, root, "repair", NAME, "--set-aside", str(chunk))
    assert status == 0, err
    aside = list(chunk.parent.glob(chunk.name + ".damaged-*"))
    assert len(aside) == 1 and aside[0].is_symlink() and target.read_text(encoding="utf-8") == "keep me"


def test_play_test_3_the_recap_after_a_set_aside_names_the_missing_entries_and_the_file(tmp_path, capsys):
    """After a set-aside the recap says which entries are missing, never "Nothing was rolled or changed in
    this session"."""
    root, chunk = _damaged(tmp_path)
    assert _run(capsys, root, "repair", NAME, "--set-aside", "history/session-0001/entries-000000001.json")[0] == 0
    status, out, err = _run(capsys, root, "session", NAME, "recap")
    assert status == 0, err
    assert f"Entry #1 is missing from this recap: {chunk.name} (history of session 1) was set aside" in out
    assert "Nothing was rolled or changed" not in out
    status, out, _err = _run(capsys, root, "session", NAME, "recap", "--json")
    [gap] = json.loads(out)["missing"]
    assert (gap["first"], gap["last"], gap["file"]) == (1, 1, chunk.name)
