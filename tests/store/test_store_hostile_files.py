"""What a hostile or damaged file can make the store do: bounded by the file's size, never by its numbers
or its nesting; refused as a damaged file naming it (and the field), and never written over.

Each test builds its hostile file from a real campaign (the demos, opened through the service as the
console and the command line open them) and asserts the store's sentence and that the files on disk
are as they were.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.store import bounds
from gmconsole.store import campaign_store as cs
from gmconsole.store.clean_close import read_marker
from gmconsole.store.errors import CorruptFile, NotSaved
from gmconsole.store.lock import read_holder
from gmconsole.store.shape import GMCONSOLE

CHUNK = Path("history") / "session-0001" / "entries-000000001.json"


@pytest.fixture(autouse=True)
def _no_disk_flush(monkeypatch):
    """These read what a load refuses, not whether a write survives a power cut (the kill -9 tests do)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture
def demo(tmp_path) -> Path:
    """yze-demo with one roll (a history chunk, and a backup of campaign.json); returns its folder."""
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo") as service:
        service.rolls.roll("c1", "ranged")
    return tmp_path / "yze-demo"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "lock"}


def _open_error(folder: Path, *, read_only: bool = True) -> CorruptFile:
    """The damaged file met opening the campaign and reading its whole history, as ``history`` does."""
    with pytest.raises(CorruptFile) as caught, CampaignService.open(folder.parent, folder.name,
                                                                    read_only=read_only) as service:
        service.history.entries()
    return caught.value


def _edit(folder: Path, change) -> None:
    path = folder / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document["state"]["1"]["campaign"])
    path.write_text(json.dumps(document), encoding="utf-8")


def _edit_entry(folder: Path, change) -> None:
    path = folder / CHUNK
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document["entries"]["1"])
    path.write_text(json.dumps(document), encoding="utf-8")


def _nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


# -- numbers: each out of the range its rules allow is a damaged file naming the field ---------------

def _clock(segments, filled=0):
    return lambda c: c["sessions"][-1].update(clocks=[{"id": "k9", "name": "Doom", "segments": segments,
                                                       "filled": filled}])


def _ripley(**fields):
    return lambda c: c["roster"][0].update(fields)


def _attribute(value):
    return lambda c: c["roster"][0]["attributes"].update(strength={"max": value, "current": 1})


OUT_OF_RANGE = [
    (_clock(1_000_000_000), "clocks[0].segments is 1000000000, where one of 4, 6, 8 belongs"),
    (_clock(4, 5), "clocks[0].filled is 5, more than its segments 4"),
    (_ripley(stress=101), "roster[0].stress is 101, where a whole number from 0 to 100 belongs"),
    (_ripley(xp=10**12), "roster[0].xp is 1000000000000, where a whole number from 0 to 9999 belongs"),
    (_ripley(count=0), "roster[0].count is 0, where a whole number from 1 to 999 belongs"),
    (_ripley(level=21), "roster[0].level is 21, where a whole number from 1 to 20 belongs"),
    (_attribute(7), "roster[0].attributes.strength must be from 1 to 6 (it is 7)"),  # yze's own sheet rule
    (_attribute(10**9), "roster[0].attributes.strength.max is 1000000000, where a whole number from 0 to 12"),
    (lambda c: c["roster"][0]["skills"].update(ranged=6), "roster[0].skills.ranged must be from 0 to 5 (it is 6)"),
    (lambda c: c["roster"][0]["gear"][0].update(bonus=11, max_bonus=11), "gear[0].bonus is 11"),
    (lambda c: c["roster"][0]["gear"][0].update(artifact_die=7), "gear[0].artifact_die is 7, where one of 8, 10, 12"),
    (lambda c: c["settings"].update(max_pushes=4), "settings.max_pushes is 4, where a whole number from 0 to 3"),
    (lambda c: c["sessions"][-1].update(number=10**6), "sessions[0].number is 1000000"),
    (lambda c: c["sessions"][-1].update(doom=10**5), "sessions[0].doom is 100000"),
    (lambda c: c["sessions"][-1].update(initiative={"mode": "cards", "deck": [3, 11], "decks": 1}),
     "initiative.deck[1] is 11, where a whole number from 1 to 10 belongs"),
]


@pytest.mark.parametrize(("change", "said"), OUT_OF_RANGE, ids=[said.split(" is ")[0].split(" must")[0]
                                                                 for _change, said in OUT_OF_RANGE])
def test_a_number_out_of_its_range_makes_campaign_json_a_damaged_file_naming_the_field(demo, change, said):
    _edit(demo, change)
    before = _files(demo)
    error = _open_error(demo, read_only=False)
    assert error.path == demo / "campaign.json" and said in str(error), str(error)
    assert error.backup == demo / "backups" / "campaign.json.1"
    assert _files(demo) == before


@pytest.mark.parametrize(("die", "said"), [
    ({"kind": "base", "sides": 1_000_000_000, "face": 1}, "dice[0].sides is 1000000000, where one of 4, 6, 8, 10, 12"),
    ({"kind": "base", "sides": 6, "face": 7}, "dice[0].face is 7, where a whole number from 1 to 6 belongs"),
])
def test_a_die_a_chunk_records_is_one_of_the_known_sizes_showing_a_face_it_has(demo, die, said):
    """The statistics count each die's faces from 1 to its sides: a die of a billion sides read from a
    chunk would have them ask for gigabytes."""
    _edit_entry(demo, lambda entry: entry.update(dice=[die]))  # written in full, as before lean entries
    before = _files(demo)
    error = _open_error(demo)
    assert error.path == demo / CHUNK and f"entry 1.{said}" in str(error), str(error)
    assert _files(demo) == before


# -- nesting, huge numbers, text that cannot be written ------------------------------------------------

@pytest.mark.parametrize(("text", "said"), [
    ("[" * 100_000, "it nests lists or tables too deeply to be read"),
    ('{"_gmconsole": {"1": {"schema": 1, "kind": "history"}}, "entries": {"1": {"kind": "roll", "successes": '
     + "9" * 5000 + "}}}", "it holds a number too long to be read (more than 4300 digits)"),
], ids=["recursion", "huge number"])
def test_a_chunk_json_gives_up_on_is_a_damaged_file_not_an_unexpected_error(demo, text, said):
    (demo / CHUNK).write_text(text, encoding="utf-8")
    before = _files(demo)
    error = _open_error(demo)
    assert error.path == demo / CHUNK and f"({said})" in str(error)
    assert _files(demo) == before


def test_a_chunk_nested_deeper_than_any_gmconsole_file_is_damaged_before_anything_copies_it(demo):
    """Nested 600 deep, a chunk parses, but copying an entry (``copy.deepcopy``) or checking it would hit
    the recursion limit far from the file."""
    _edit_entry(demo, lambda entry: entry.update(odds={"deep": _nested(600)}))
    error = _open_error(demo)
    assert "it nests lists and objects more than 32 deep" in str(error)


def test_a_lone_surrogate_anywhere_in_a_chunk_is_refused_naming_where(demo):
    path = demo / CHUNK
    text = path.read_text(encoding="utf-8").replace('"character":"', '"character":"\\udc80', 1)
    path.write_text(text, encoding="utf-8")
    error = _open_error(demo)
    said = "entries.1.character holds \\udc80, a lone surrogate: not text, and it cannot be saved"
    assert said in str(error), str(error)


def test_a_pair_of_surrogate_escapes_is_one_character_and_reads(demo):
    path = demo / CHUNK
    text = path.read_text(encoding="utf-8").replace('"character":"', '"character":"\\ud83d\\udc09', 1)
    path.write_text(text, encoding="utf-8")
    with CampaignService.open(demo.parent, demo.name, read_only=True) as service:
        assert service.history.entries()[0]["character"].startswith("\U0001f409")


def test_an_entry_id_of_thousands_of_digits_is_a_damaged_chunk(demo):
    path = demo / CHUNK
    document = json.loads(path.read_text(encoding="utf-8"))
    document["entries"]["9" * 4000] = document["entries"].pop("1")
    path.write_text(json.dumps(document), encoding="utf-8")
    error = _open_error(demo)
    assert "is not an object with a numeric id" in str(error) and len(str(error)) < 600


def test_a_clean_close_marker_naming_an_id_past_any_entry_is_not_trusted(demo):
    (demo / "closed-cleanly").write_text('{"newest": [1, 1], "last_id": ' + "9" * 300 + "}", encoding="utf-8")
    assert read_marker(demo) == (True, (1, 1), None)
    with CampaignService.open(demo.parent, demo.name) as service:
        assert service.rolls.roll("c1", "ranged")["id"] == 2  # worked out from the chunks, not from the marker


# -- size ----------------------------------------------------------------------------------------------

def test_a_chunk_over_its_limit_is_refused_unread_naming_the_limit(demo, monkeypatch):
    monkeypatch.setitem(bounds.MAX_FILE, "history", 1024)
    (demo / CHUNK).write_bytes((demo / CHUNK).read_bytes() + b" " * 4096)
    error = _open_error(demo)
    assert error.path == demo / CHUNK and "more than the 1 KiB gmconsole reads of such a file" in str(error)


def test_a_pipe_where_a_chunk_belongs_is_refused_without_waiting_for_it(demo):
    (demo / CHUNK).unlink()
    os.mkfifo(demo / CHUNK)
    found: dict = {}
    reader = threading.Thread(target=lambda: found.update(error=_open_error(demo)), daemon=True)
    reader.start()
    reader.join(10)
    assert not reader.is_alive(), "the read blocked on the pipe"
    assert "it is not a regular file" in str(found["error"])


def test_a_chunk_takes_no_more_entries_once_its_file_holds_chunk_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(cs, "CHUNK_BYTES", 600)
    store = cs.CampaignStore.create(tmp_path, "Hope", {"title": "x"})
    for n in range(6):
        store.append_entry(1, {"kind": "note", "text": str(n) * 300})
    sizes = [p.stat().st_size for p in sorted((tmp_path / "Hope" / "history" / "session-0001").glob("*.json"))]
    assert len(sizes) == 3 and all(size < 600 + 400 for size in sizes), sizes
    assert [e["text"][0] for e in store.entries(1)] == list("012345")
    store.close()


def test_nothing_is_saved_that_a_read_would_refuse(demo, monkeypatch):
    before = _files(demo)
    with CampaignService.open(demo.parent, demo.name) as service:
        state = service._store.load_state()
        state["campaign"]["sessions"][-1]["clocks"] = [{"id": "k9", "name": "x", "segments": 5, "filled": 0}]
        with pytest.raises(NotSaved, match="segments is 5, where one of 4, 6, 8 belongs"):
            service._store.save_state(state)
        with pytest.raises(NotSaved, match=r"dice\[0\].sides is 7"):
            service._store.append_entry(1, {"kind": "roll", "dice": [{"kind": "base", "sides": 7, "face": 1}]})
        state = service._store.load_state()
        monkeypatch.setitem(bounds.MAX_FILE, "campaign", 1024)
        with pytest.raises(NotSaved, match="more than the 1 KiB gmconsole reads of such a file"):
            service._store.save_state(state)
    assert {k: v for k, v in _files(demo).items() if k != "closed-cleanly"} == {
        k: v for k, v in before.items() if k != "closed-cleanly"}


def test_a_lock_or_clean_close_file_of_any_size_or_depth_is_read_bounded(demo):
    (demo / "lock").write_text("[" * 100_000, encoding="utf-8")
    assert read_holder(demo / "lock") is None
    (demo / "lock").write_bytes(b'{"pid": 1}' + b" " * (1 << 20))
    assert read_holder(demo / "lock") is None
    (demo / "closed-cleanly").write_text('{"newest": ' + "[" * 100_000, encoding="utf-8")
    assert read_marker(demo) == (False, None, None)
    with CampaignService.open(demo.parent, demo.name) as service:  # opens, and checks the history
        assert service.history.entries()


# -- the campaign list reads summaries --------------------------------------------------------------

def test_the_list_reads_a_campaigns_summary_not_its_whole_file(demo, monkeypatch):
    from gmconsole.campaign.library import list_campaigns
    from gmconsole.store import safe_open, schema

    def whole_file(path, limit=None):
        raise AssertionError(f"read whole: {path}")

    monkeypatch.setattr(safe_open, "read_nofollow", whole_file)
    monkeypatch.setattr(schema, "read_nofollow", whole_file)
    listed = {s.name: s for s in list_campaigns(demo.parent)}
    assert listed["yze-demo"].system == "yze" and listed["yze-demo"].characters[0] == "Ripley Hale"
    assert all(s.error is None for s in listed.values())


def test_a_campaign_whose_head_holds_no_summary_is_read_whole_and_a_bad_one_listed_as_damaged(demo):
    from gmconsole.campaign.library import list_campaigns

    path = demo / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["_gmconsole"]["1"]["summary"]  # as an older gmconsole wrote it
    path.write_text(json.dumps(document), encoding="utf-8")
    (demo.parent / "myz-demo" / "campaign.json").write_text("[" * 100_000, encoding="utf-8")
    listed = {s.name: s for s in list_campaigns(demo.parent)}
    assert listed["yze-demo"].characters[0] == "Ripley Hale" and listed["yze-demo"].error is None
    assert "too deeply" in listed["myz-demo"].error and listed["myz-demo"].system is None
    assert [s.system for name, s in sorted(listed.items()) if name != "myz-demo"] == [
        "exploding", "tiered", "yze", "yze-step"]


def test_every_save_keeps_the_summary_at_the_head_of_campaign_json(demo):
    with CampaignService.open(demo.parent, demo.name) as service:
        service.roster.update_character("c1", {"name": "Ripley Vance"})
    head = (demo / "campaign.json").read_bytes()[:4096].decode("utf-8")
    assert head.index('"summary"') < head.index('"state"')
    record = json.loads((demo / "campaign.json").read_text(encoding="utf-8"))["_gmconsole"]["1"]
    assert record["summary"]["characters"][0] == "Ripley Vance" and record["summary"]["system"] == "yze"


def test_the_shapes_take_every_campaign_the_demos_hold():
    """The ranges are what the rules allow: every bundled demo, as installed, is within them."""
    from gmconsole.campaign.library import demo_campaigns

    for campaign in demo_campaigns():
        GMCONSOLE.state({"campaign": campaign.to_dict()}, "the campaign state")
