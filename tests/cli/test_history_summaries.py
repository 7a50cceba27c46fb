"""The summaries kept beside each history chunk (``stats-N.json``, ``rows-N.json``, ``recap-N.json``), as a
GM meets them through ``gmconsole stats``, ``session recap`` and ``session list``: made on the first read, read
after that, and never believed over their chunk (stale, damaged, of another format, or a link: made again
from it)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

NAME = "yze-demo"
PARTS = ("stats", "rows", "recap")


@pytest.fixture
def gm(demo_gm):
    def run(*args):
        result = demo_gm(*args)
        assert result.returncode == 0, result.stderr
        return result.stdout

    return run


def _roll(gm, faces: str) -> None:
    gm("roll", "yze", "--campaign", NAME, "--character", "Parker Moss", "--skill", "crafting", "--faces", faces,
       "--json")


def _stats(gm, *flags) -> dict:
    return json.loads(gm("stats", NAME, *flags, "--json"))


def _summaries(tmp_path, part: str) -> list:
    return sorted((tmp_path / NAME / "history").glob(f"session-*/{part}-*.json"))


def _chunks(tmp_path) -> list:
    return sorted((tmp_path / NAME / "history").glob("session-*/entries-*.json"))


@pytest.fixture
def played(gm):
    """The demo with two more rolls of Parker's: first six successes, then none."""
    _roll(gm, "base=6,6,6 skill=6,6,6 stress=2,3")
    _roll(gm, "base=2,2,3 skill=2,3,4 stress=2,3")


def test_a_read_leaves_a_summary_beside_each_chunk_and_the_next_read_gives_the_same_figures(gm, played, tmp_path):
    first = _stats(gm)
    chunks = _chunks(tmp_path)
    assert [p.name.replace("stats", "entries") for p in _summaries(tmp_path, "stats")] == [p.name for p in chunks]
    kept = {p: p.read_bytes() for p in _summaries(tmp_path, "stats")}
    assert _stats(gm) == first
    assert {p: p.read_bytes() for p in _summaries(tmp_path, "stats")} == kept  # read, not made again
    assert first["rolls"] >= 2 and first["observed_successes"] >= 6


def test_a_roll_after_the_summary_was_made_is_counted(gm, played, tmp_path):
    before = _stats(gm)
    _roll(gm, "base=6,6,6 skill=6,6,6 stress=2,3")
    after = _stats(gm)
    assert after["rolls"] == before["rolls"] + 1
    assert after["observed_successes"] == before["observed_successes"] + 6


def test_a_stale_summary_put_back_is_not_believed(gm, played, tmp_path):
    """A summary copied from before a roll, put back beside the chunk the roll changed (a backup restored
    by hand, a sync tool): its chunk's size and times no longer match, so the roll is still counted."""
    before = _stats(gm)
    recap_before = json.loads(gm("session", NAME, "recap", "--json"))
    old = {p: p.read_bytes() for part in PARTS for p in _summaries(tmp_path, part)}
    assert _summaries(tmp_path, "recap")
    _roll(gm, "base=6,6,6 skill=6,6,6 stress=2,3")
    truth = _stats(gm)
    assert truth["rolls"] == before["rolls"] + 1
    recap = json.loads(gm("session", NAME, "recap", "--json"))
    assert recap["statistics"]["rolls"] == recap_before["statistics"]["rolls"] + 1
    assert len(recap["sections"]["rolls"]) == len(recap_before["sections"]["rolls"]) + 1
    for path, data in old.items():
        path.write_bytes(data)
    assert _stats(gm) == truth
    assert json.loads(gm("session", NAME, "recap", "--json")) == recap


@pytest.mark.parametrize("damage", ["not json", "truncated", "another format", "a count bumped, stamp wrong",
                                    "a link"])
def test_a_damaged_summary_is_made_again_from_its_chunk(gm, played, tmp_path, damage):
    truth = _stats(gm)
    recap = json.loads(gm("session", NAME, "recap", "--json"))
    text_recap = gm("session", NAME, "recap")
    assert _summaries(tmp_path, "recap")
    for path in [p for part in PARTS for p in _summaries(tmp_path, part)]:
        text = path.read_text(encoding="utf-8")
        document = json.loads(text)
        if damage == "not json":
            path.write_text("{]", encoding="utf-8")
        elif damage == "truncated":
            path.write_text(text[: len(text) // 2], encoding="utf-8")
        elif damage == "another format":
            document["summary"] = "history-0/yze/old"
            path.write_text(json.dumps(document), encoding="utf-8")
        elif damage == "a count bumped, stamp wrong":
            document["chunk"][1] += 1  # a modification time that is not the chunk's
            if "faces" in document["data"] and document["data"]["faces"]:
                document["data"]["faces"][0][3][0][1] += 5  # five more of a face: the fairness would change
            path.write_text(json.dumps(document), encoding="utf-8")
        else:
            elsewhere = tmp_path / f"elsewhere-{path.name}"
            shutil.move(path, elsewhere)
            os.symlink(elsewhere, path)
    assert _stats(gm) == truth
    assert json.loads(gm("session", NAME, "recap", "--json")) == recap
    assert gm("session", NAME, "recap") == text_recap
    if damage == "a link":
        assert all(not p.is_symlink() for part in PARTS for p in _summaries(tmp_path, part))  # replaced, never followed
    else:  # made again and kept: sound JSON that names its chunk
        for path in _summaries(tmp_path, "stats"):
            assert json.loads(path.read_text(encoding="utf-8"))["chunk"][0] > 0


def test_a_rows_summary_whose_fields_are_of_the_wrong_type_is_made_again(gm, played, tmp_path):
    """A row that holds the wrong kind of value (a number where a name belongs) fails the check, however
    fresh its stamp: the recap and the session list read the chunk instead."""
    recap = json.loads(gm("session", NAME, "recap", "--json"))
    listed = json.loads(gm("session", NAME, "list", "--json"))
    for path in _summaries(tmp_path, "rows"):
        document = json.loads(path.read_text(encoding="utf-8"))
        for row in document["data"]:
            row["character"] = 7
        path.write_text(json.dumps(document), encoding="utf-8")
    assert json.loads(gm("session", NAME, "recap", "--json")) == recap
    assert json.loads(gm("session", NAME, "list", "--json")) == listed


@pytest.mark.parametrize("wrong", ["a summary that is a number", "a panic that is text", "a push's undo cut wrong",
                                   "a field no record keeps", "dice of the wrong shape"])
def test_a_recap_summary_holding_what_a_record_may_not_is_made_again(gm, played, tmp_path, wrong):
    """A recap record that holds what no record holds fails the check, however fresh its stamp: the recap
    reads the chunk instead, and says the same."""
    gm("roll", "yze", "--campaign", NAME, "--character", "Parker Moss", "--skill", "crafting", "--faces",
       "base=2,2,3 skill=2,3,4 stress=2,3", "--push")
    gm("panic", NAME, "Parker Moss", "--face", "6")
    recap = json.loads(gm("session", NAME, "recap", "--json"))
    assert recap["sections"]["pushes"] and recap["sections"]["panics"]
    text = gm("session", NAME, "recap")
    changed = 0
    sound = {path: json.loads(path.read_text(encoding="utf-8"))["data"] for path in _summaries(tmp_path, "recap")}
    for path in sound:
        document = json.loads(path.read_text(encoding="utf-8"))
        for record in document["data"]:
            if wrong == "a summary that is a number":
                record["summary"] = 7
            elif wrong == "a panic that is text" and record["kind"] in ("costs", "panic"):
                record["panic"] = "Nervous twitch"
            elif wrong == "a push's undo cut wrong" and record["kind"] == "push":
                record["undo"]["entries"] = [{"id": "the roll", "before": {"summary": "nothing"}}]
            elif wrong == "a field no record keeps":
                record["dice"] = [{"kind": "base", "sides": 6, "face": 6}]
            elif wrong == "dice of the wrong shape" and "dice_groups" in record:
                record["dice_groups"] = [["base", 6]]
            else:
                continue
            changed += 1
        path.write_text(json.dumps(document), encoding="utf-8")
    assert changed
    assert json.loads(gm("session", NAME, "recap", "--json")) == recap
    assert gm("session", NAME, "recap") == text
    for path, data in sound.items():  # made again from the chunk, and kept
        assert json.loads(path.read_text(encoding="utf-8"))["data"] == data


def test_a_read_only_folder_still_counts(gm, played, tmp_path):
    """Summaries that cannot be written (a folder the GM may only read) are made in memory every time."""
    truth = _stats(gm)
    for path in _summaries(tmp_path, "stats") + _summaries(tmp_path, "rows"):
        path.unlink()
    folders = sorted((tmp_path / NAME / "history").glob("session-*"))
    for folder in folders:
        folder.chmod(0o555)
    try:
        assert _stats(gm, "--session", "1") == _stats(gm, "--session", "1")
        if os.geteuid() != 0:  # root writes anyway
            assert _summaries(tmp_path, "stats") == []
    finally:
        for folder in folders:
            folder.chmod(0o755)
    assert _stats(gm) == truth
