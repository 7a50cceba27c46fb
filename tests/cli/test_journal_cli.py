"""``gmconsole journal NAME --out DIR [--session N]``: the campaign journal as Markdown notes, run through
``main()`` as a GM types it. What the notes say (front matter, links both ways, the recap, the figures), that a
second run touches only the notes it wrote (never the GM's own file, never through a link), and the hostile
text of a campaign file kept out of the YAML and the file names."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from gmconsole.safe_text import UNSAFE

NAME = "yze-demo"


@pytest.fixture
def gm(demo_gm):
    """The demos, and two evenings of yze-demo: Ripley and Dallas roll in session 1, Ripley alone in
    session 2 ("Into the "Zone": 1/2"), seeded dice."""

    def roll(who: str, skill: str, seed: int) -> None:
        done = demo_gm("roll", "yze", "--campaign", NAME, "--character", who, "--skill", skill, "--seed", str(seed))
        assert done.returncode == 0, done.stderr

    roll("Ripley Hale", "ranged", 1)
    roll("Dallas Kane", "melee", 2)
    assert demo_gm("session", NAME, "new", "--title", 'Into the "Zone": 1/2').returncode == 0
    roll("Ripley Hale", "ranged", 3)
    return demo_gm


def _front_matter(text: str) -> dict:
    """The YAML front matter of a note, read as the journal writes it (each value a JSON-compatible YAML
    scalar or flow list), refusing any line that is not ``key: value``."""
    assert text.startswith("---\n")
    head, _rest = text[4:].split("\n---\n", 1)
    out = {}
    for line in head.split("\n"):
        key, value = line.split(": ", 1)
        assert key.isidentifier(), line
        out[key] = value if key == "date" and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value) else json.loads(value)
    return out


def _journal(gm, out: Path, *more: str) -> dict:
    done = gm("journal", NAME, "--out", str(out), "--json", *more)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_journal_has_a_note_per_session_and_per_character_linking_each_other(gm, tmp_path):
    out = tmp_path / "vault"
    result = _journal(gm, out)
    second = "Session 02 - Into the Zone 1-2"
    assert sorted(result["written"]) == sorted(["Session 01.md", f"{second}.md", "Ripley Hale.md",
                                                "Dallas Kane.md"])
    note = (out / f"{second}.md").read_text(encoding="utf-8")
    assert _front_matter(note) == {"campaign": NAME, "session": 2, "title": 'Into the "Zone": 1/2',
                                   "date": _front_matter(note)["date"], "scenes": 1, "characters": ["Ripley Hale"]}
    assert re.search(r"^date: [0-9]{4}-[0-9]{2}-[0-9]{2}$", note, re.MULTILINE)  # bare: a date to a notes app
    assert "[[Ripley Hale]]" in note and "previous: [[Session 01]]" in note
    assert "## Rolls" in note and "## Dice and luck" in note  # the recap, with the dice and luck of the evening
    first = (out / "Session 01.md").read_text(encoding="utf-8")
    assert _front_matter(first)["characters"] == ["Ripley Hale", "Dallas Kane"]
    assert f"next: [[{second}]]" in first
    ripley = (out / "Ripley Hale.md").read_text(encoding="utf-8")
    assert _front_matter(ripley) == {"campaign": NAME, "character": "Ripley Hale", "sessions": [1, 2]}
    assert f"## [[{second}]]" in ripley and "## [[Session 01]]" in ripley
    assert "| **all** | 2 |" in ripley  # two rolls across the two sessions
    assert "Dallas" not in ripley.split("# Ripley Hale", 1)[1]
    dallas = (out / "Dallas Kane.md").read_text(encoding="utf-8")
    assert _front_matter(dallas)["sessions"] == [1] and "Dallas Kane rolls Melee" in dallas


def test_written_again_it_updates_its_own_notes_and_leaves_the_gms_files_alone(gm, tmp_path):
    out = tmp_path / "vault"
    out.mkdir()
    (out / "Dallas Kane.md").write_text("my own notes on Dallas\n", encoding="utf-8")  # the GM's, same name
    (out / "ideas.md").write_text("the GM's ideas\n", encoding="utf-8")
    first = _journal(gm, out)
    assert {"file": "Dallas Kane.md", "why": "a file the journal did not write: left as it is"} in first["skipped"]
    assert (out / "Dallas Kane.md").read_text(encoding="utf-8") == "my own notes on Dallas\n"
    again = _journal(gm, out)
    assert again["written"] == [] and "Ripley Hale.md" in again["unchanged"]
    edited = out / "Session 01.md"
    edited.write_text(edited.read_text(encoding="utf-8") + "\nThe GM's own words.\n", encoding="utf-8")
    assert gm("roll", "yze", "--campaign", NAME, "--character", "Ripley Hale", "--skill", "ranged",
              "--seed", "9").returncode == 0
    third = _journal(gm, out)
    assert any(s["file"] == "Session 01.md" and "changed since" in s["why"] for s in third["skipped"])
    assert edited.read_text(encoding="utf-8").endswith("The GM's own words.\n")
    assert "Ripley Hale.md" in third["written"] and "| **all** | 3 |" in (out / "Ripley Hale.md").read_text()
    assert (out / "ideas.md").read_text(encoding="utf-8") == "the GM's ideas\n"
    text = gm("journal", NAME, "--out", str(out))
    assert text.returncode == 0 and "left alone: Dallas Kane.md" in text.stdout


def test_a_link_inside_the_folder_is_not_followed(gm, tmp_path):
    out = tmp_path / "vault"
    out.mkdir()
    target = tmp_path / "elsewhere.md"
    target.write_text("outside\n", encoding="utf-8")
    os.symlink(target, out / "Ripley Hale.md")
    result = _journal(gm, out)
    assert {"file": "Ripley Hale.md", "why": "a symbolic link: never followed"} in result["skipped"]
    assert target.read_text(encoding="utf-8") == "outside\n" and (out / "Ripley Hale.md").is_symlink()


def test_one_session_writes_its_note_and_its_characters_notes_only(gm, tmp_path):
    out = tmp_path / "vault"
    result = _journal(gm, out, "--session", "1")
    assert sorted(result["written"]) == ["Dallas Kane.md", "Ripley Hale.md", "Session 01.md"]
    ripley = (out / "Ripley Hale.md").read_text(encoding="utf-8")
    assert "## [[Session 01]]" in ripley and "[[Session 02 - Into the Zone 1-2]]" in ripley  # in the figures
    result = _journal(gm, out, "--session", "2")
    assert sorted(result["written"]) == ["Ripley Hale.md", "Session 02 - Into the Zone 1-2.md"]
    ripley = (out / "Ripley Hale.md").read_text(encoding="utf-8")
    assert "## [[Session 01]]" in ripley and "## [[Session 02 - Into the Zone 1-2]]" in ripley  # kept lines


def test_bad_input_exits_2_with_one_line(gm, tmp_path):
    done = gm("journal", NAME, "--out", str(tmp_path / "v"), "--session", "7")
    assert done.returncode == 2 and "has no session 7" in done.stderr and len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "v").exists()
    a_file = tmp_path / "file.md"
    a_file.write_text("x", encoding="utf-8")
    done = gm("journal", NAME, "--out", str(a_file))
    assert done.returncode == 2 and "is not a folder" in done.stderr and a_file.read_text() == "x"


def test_a_damaged_manifest_writes_only_new_names(gm, tmp_path):
    out = tmp_path / "vault"
    _journal(gm, out)
    (out / ".gmconsole-journal.json").write_text("[[[ not json", encoding="utf-8")
    result = _journal(gm, out)
    assert result["written"] == [] and len(result["skipped"]) == 5  # the manifest and the four notes


EVIL = 'Ri\x1b]52;c;aGk=\x07p"\n---\nevil: yes\u202e/../x#[[y]]'


def test_hostile_names_stay_inside_their_yaml_string_and_their_file_name(demo_gm, tmp_path):
    path = tmp_path / NAME / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = EVIL
    path.write_text(json.dumps(document), encoding="utf-8")
    assert demo_gm("roll", "yze", "--campaign", NAME, "--character", "c1", "--skill", "ranged",
                   "--seed", "7").returncode == 0
    out = tmp_path / "vault"
    result = _journal(demo_gm, out)
    names = [p.name for p in out.iterdir()]
    assert sorted(names) == sorted([".gmconsole-journal.json", "Session 01.md", *result["written"][1:]])
    [character] = [n for n in names if n not in (".gmconsole-journal.json", "Session 01.md")]
    assert not UNSAFE.search(character) and not set('/\\"#[]') & set(character)
    for name in ("Session 01.md", character):
        note = (out / name).read_text(encoding="utf-8")
        head = _front_matter(note)
        assert not any(UNSAFE.search(line) for line in note.split("\n---\n", 1)[0].split("\n"))
        assert "evil" not in head
    assert _front_matter((out / character).read_text(encoding="utf-8"))["character"] == EVIL


@pytest.mark.parametrize(("name", "note"), [
    ("CON", "CON_.md"),  # a Windows device name, whatever follows it
    ("...", "character.md"),  # nothing left of it
    ("Ash: the <android>?", "Ash the android.md"),  # what Windows refuses: spaces
    ("漢" * 100, "漢" * 50 + ".md"),  # cut to 150 bytes of UTF-8, never inside a character
])
def test_a_character_name_becomes_a_file_name_every_system_takes(demo_gm, tmp_path, name, note):
    path = tmp_path / NAME / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = name
    path.write_text(json.dumps(document), encoding="utf-8")
    assert demo_gm("roll", "yze", "--campaign", NAME, "--character", "c1", "--skill", "ranged",
                   "--seed", "7").returncode == 0
    out = tmp_path / "vault"
    _journal(demo_gm, out)
    assert (out / note).is_file()
    assert f"[[{note[:-3]}]]" in (out / "Session 01.md").read_text(encoding="utf-8")
    assert _front_matter((out / note).read_text(encoding="utf-8"))["character"] == name


def test_an_undone_roll_leaves_the_characters_note_when_its_session_is_written_again(gm, tmp_path):
    out = tmp_path / "vault"
    _journal(gm, out, "--session", "2")
    assert "## [[Session 02 - Into the Zone 1-2]]" in (out / "Ripley Hale.md").read_text(encoding="utf-8")
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(tmp_path, NAME) as service:  # the GM's ctrl+z in the console
        service.undo()  # Ripley's only roll of session 2
    result = _journal(gm, out, "--session", "2")
    assert "Ripley Hale.md" in result["written"]
    assert "## [[Session 02" not in (out / "Ripley Hale.md").read_text(encoding="utf-8")


def test_two_campaigns_in_one_folder_never_write_over_each_others_notes(gm, tmp_path):
    out = tmp_path / "vault"
    _journal(gm, out)
    assert gm("roll", "myz", "--campaign", "myz-demo", "--character", "Grease", "--skill", "endure",
              "--seed", "1").returncode == 0, "a roll in myz-demo's session 1"
    done = gm("journal", "myz-demo", "--out", str(out), "--json")
    result = json.loads(done.stdout)
    assert {"file": "Session 01.md", "why": "written by another campaign's journal: left as it is"} in result["skipped"]
    assert "Grease.md" in result["written"]
    assert _front_matter((out / "Session 01.md").read_text(encoding="utf-8"))["campaign"] == NAME
    again = _journal(gm, out)  # yze-demo's own notes are still its own
    assert again["written"] == [] and "Session 01.md" in again["unchanged"]
