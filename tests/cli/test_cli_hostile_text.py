"""Text read from a campaign file never reaches the terminal raw (CLI).

A character name holding ``ESC ] 52`` (write the clipboard), ``ESC [ 2J`` (clear the screen), a C1
CSI (U+009B) and a right-to-left override is planted in a demo campaign's file, as a hostile file
would hold it; every command that shows it must print it visibly escaped (``\\x1b``, ``\\x9b``,
``\\u202e``), and JSON output must escape it too while reading back as the same string.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
from pathlib import Path

import pytest

from gmconsole.safe_text import UNSAFE

EVIL = "Rip\x1b]52;c;aGk=\x07ley\x1b[2J\u202eX\x9b31m\x7f"
SHOWN = "Rip\\x1b]52;c;aGk=\\x07ley\\x1b[2J\\u202eX\\x9b31m\\x7f"


def _clean(text: str) -> None:
    """No unsafe character reaches the terminal; newlines between lines are the only C0 allowed."""
    for line in text.split("\n"):
        assert not UNSAFE.search(line), repr(line)


@pytest.fixture
def gm(run_cli, tmp_path):
    def run(*args):
        return run_cli("--data-dir", str(tmp_path), *args)

    return run


@pytest.fixture
def hostile(gm, tmp_path) -> Path:
    """The demos installed, yze-demo's first character renamed to EVIL in the file, and one roll of hers
    recorded (so the history holds the name too)."""
    assert gm("demo").returncode == 0
    path = tmp_path / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = EVIL
    path.write_text(json.dumps(document), encoding="utf-8")
    rolled = gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                "--seed", "7")
    assert rolled.returncode == 0, rolled.stderr
    return tmp_path


def test_roll_text_from_a_hostile_sheet_is_escaped(gm, hostile):
    rolled = gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                "--seed", "7")
    assert rolled.returncode == 0, rolled.stderr
    _clean(rolled.stdout)
    assert SHOWN in rolled.stdout


def test_campaigns_lists_a_hostile_name_escaped(gm, hostile):
    listed = gm("campaigns")
    assert listed.returncode == 0, listed.stderr
    _clean(listed.stdout)
    assert SHOWN in listed.stdout


def test_campaigns_json_escapes_c1_and_bidi_and_reads_back_the_same(gm, hostile):
    listed = gm("campaigns", "--json")
    _clean(listed.stdout)
    assert "\\u009b" in listed.stdout and "\\u202e" in listed.stdout and "\\u001b" in listed.stdout
    yze = next(c for c in json.loads(listed.stdout) if c["name"] == "yze-demo")
    assert yze["characters"][0] == EVIL


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "json"])
def test_history_formats_escape_a_hostile_name(gm, hostile, fmt):
    shown = gm("history", "yze-demo", "--format", fmt)
    assert shown.returncode == 0, shown.stderr
    _clean(shown.stdout)
    if fmt == "json":
        assert json.loads(shown.stdout)[0]["character"] == EVIL
    elif fmt == "csv":
        assert [r["character"] for r in csv.DictReader(io.StringIO(shown.stdout))] == [SHOWN]
    else:
        assert SHOWN in shown.stdout


def test_roll_json_from_a_hostile_sheet_is_escaped(gm, hostile):
    rolled = gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                "--seed", "7", "--json")
    assert rolled.returncode == 0, rolled.stderr
    _clean(rolled.stdout)
    assert json.loads(rolled.stdout)["character"] == EVIL


def test_an_error_naming_a_hostile_character_is_escaped(gm, hostile):
    refused = gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                 "--gear", "no such thing")
    assert refused.returncode == 2
    _clean(refused.stderr)
    assert SHOWN in refused.stderr


def test_the_lock_holders_note_is_escaped(gm, hostile):
    """The lock file is written by whoever holds the campaign: its note is untrusted text too."""
    lock = hostile / "yze-demo" / "lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps({"pid": 1, "host": "h\x1b]0;pwned\x07", "since": "\x9b2J"}).encode(), 0)
        refused = gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
                     "--json", "--wait", "0")
    finally:
        os.close(fd)
    assert refused.returncode == 2
    _clean(refused.stderr)
    _clean(refused.stdout)
    assert "h\\x1b]0;pwned\\x07" in refused.stderr
    assert "h\\x1b]0;pwned\\x07" in json.loads(refused.stdout)["error"]


def test_argparse_echoing_a_typed_value_is_escaped(gm):
    refused = gm("campaigns", "extra\x1b[2Jword")
    assert refused.returncode == 2
    _clean(refused.stderr)
    assert "extra\\x1b[2Jword" in refused.stderr


def test_a_hostile_campaign_folder_name_is_listed_escaped(gm, tmp_path):
    """A folder name is text from the disk too (anything but a slash and NUL is allowed there)."""
    gm("new", "Plain", "--system", "yze")
    os.rename(tmp_path / "Plain", tmp_path / "Pl\x1b[2Jain\u202e")
    listed = gm("campaigns")
    _clean(listed.stdout)
    assert "Pl\\x1b[2Jain\\u202e" in listed.stdout


def test_a_40_kb_faces_value_is_cut_in_the_error(gm):
    """The error names the bad value but does not echo 40 KB of it."""
    spec = "base6" * 8000  # one group: the letters "base", then faces that are not one digit each
    refused = gm("roll", "yze", "--base", "2", "--faces", spec)
    assert refused.returncode == 2
    line = refused.stderr.strip()
    assert len(line) < 400 and "\n" not in line
    assert "cannot read 'base6base6" in line and "characters cut" in line


def test_history_session_filter_takes_sessions_above_100(gm, tmp_path):
    """``--session`` takes 101, which the dice-count parser would refuse: a long campaign has more
    sessions than that."""
    from gmconsole.campaign.service import CampaignService

    with CampaignService.create(tmp_path, "Long", "yze") as service:
        ash = service.roster.add_character({"name": "Ash"})
        for _ in range(100):
            service.sessions.new_session()
        assert service.session.number == 101
        service.trackers.change_stress(ash.id, 1)
    shown = gm("history", "Long", "--session", "101", "--format", "json")
    assert shown.returncode == 0, shown.stderr
    entries = json.loads(shown.stdout)
    assert {e["session"] for e in entries} == {101} and "Ash" in [e.get("character") for e in entries]
    beyond = gm("history", "Long", "--session", "100000", "--format", "json")
    assert beyond.returncode == 2 and "there is no session 100000 in Long (sessions 1 to 101" in beyond.stderr
    refused = gm("history", "Long", "--session", "-3")
    assert refused.returncode == 2 and "session" in refused.stderr


def test_the_recovery_warning_escapes_a_hostile_campaign_name(gm, hostile):
    """The warning printed when the history cannot be checked at open quotes the campaign's name from
    its file; Python's logging writes it to stderr as is."""
    path = hostile / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["name"] = "yze\x1b[2Jdemo"
    path.write_text(json.dumps(document), encoding="utf-8")
    (hostile / "yze-demo" / "closed-cleanly").unlink(missing_ok=True)
    chunk = next((hostile / "yze-demo" / "history").rglob("entries-*.json"))
    chunk.write_text("{broken", encoding="utf-8")
    result = gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged", "--seed", "1")
    # the warning is folded into the error naming the same damaged file: one line, not two
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    _clean(result.stderr)
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(hostile, "yze-demo", read_only=True) as reader:  # what the console's status line shows
        assert "could not check the history of yze\\x1b[2Jdemo" in reader.history_warning
        _clean(reader.history_warning)
