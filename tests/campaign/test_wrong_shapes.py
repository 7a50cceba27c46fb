"""Valid JSON of the wrong shape is a damaged file, never a crash.

``roster`` a string, ``name`` a number, ``max: "x"``, an entry whose ``undo`` is garbage,
``character: 5``: each used to end in ``unexpected KeyError/AttributeError`` (exit 1) or a console
traceback. The store checks what it loads (``gmconsole/store/shape.py``) and refuses a mismatch as
damaged, naming the file and offering its newest backup; the command line exits 2 with one line.
A hypothesis test turns a valid campaign's files into wrong shapes, one node at a time.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from campaign_helpers import frozen_clock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmconsole.campaign import history_export as history_format
from gmconsole.campaign.service import CampaignService
from gmconsole.cli import main
from gmconsole.store import CorruptFile

NAME = "Shapes"


def yz(s, a, w, e):
    return {"strength": s, "agility": a, "wits": w, "empathy": e}


def _build(root: Path) -> None:
    """A yze campaign that uses most of the document: characters with gear, a clock, a conflict,
    rolls, a push, undo and redo."""
    with CampaignService.create(root, NAME, "yze", clock=frozen_clock, rng=random.Random(10)) as service:
        ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2},
                                            "gear": [{"name": "Pistol", "bonus": 2, "max_bonus": 2,
                                                      "skills": ["ranged"]}]})
        bo = service.roster.add_character({"name": "Bo", "kind": "npc", "attributes": yz(2, 3, 2, 2)})
        service.setup.add_skill("Piloting", "agility", "Fly the shuttle.")  # the campaign's own skills
        service.trackers.add_clock("Alarm", 4)
        service.conflict.start_conflict([ann.id, bo.id])
        roll = service.rolls.roll(ann.id, "ranged", gear=["Pistol"], faces="base=1,2,3,4 skill=5,2 gear=3,4")
        service.rolls.push(roll["id"])
        service.trackers.change_stress(bo.id, 1)
        service.trackers.change_doom(1)
        service.undo()


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("template")
    _build(root)
    return root


def _fresh(template: Path, tmp_path: Path, n: int = 0) -> Path:
    root = tmp_path / f"data-{n}"
    shutil.copytree(template, root)
    return root


def _chunk(root: Path) -> Path:
    return next((root / NAME / "history").rglob("entries-*.json"))


def _edit(path: Path, change) -> None:
    tables = json.loads(path.read_text(encoding="utf-8"))
    table = tables["state"]["1"] if "state" in tables else tables["entries"]
    change(table)
    path.write_text(json.dumps(tables), encoding="utf-8")


def _last_entry(entries: dict) -> dict:
    return entries[max(entries, key=int)]


def _first_character(state: dict) -> dict:
    return state["campaign"]["roster"][0]


WRONG_SHAPES = {
    "roster a string": ("campaign.json", lambda s: s["campaign"].update(roster="Ann, Bo")),
    "name a number": ("campaign.json", lambda s: s["campaign"].update(name=5)),
    "max 'x'": ("campaign.json", lambda s: _first_character(s)["attributes"]["strength"].update(max="x")),
    "no sessions": ("campaign.json", lambda s: s["campaign"].update(sessions=[])),
    "undo stack of text": ("campaign.json", lambda s: s.update(undo="everything")),
    "entry undo garbage": ("chunk", lambda e: _last_entry(e).update(undo="garbage")),
    "entry character 5": ("chunk", lambda e: _last_entry(e).update(character=5)),
    "entry undo entries garbage": ("chunk", lambda e: _last_entry(e)["undo"].update(entries=[1, 2])),
    "entry skill modifier of text": ("chunk", lambda e: _last_entry(e).update(
        skill_modifiers=[{"id": "dark", "name": {"en": "Dark"}, "modifier": "x"}])),
    "the campaign's skills a string": ("campaign.json", lambda s: s["campaign"].update(skills="Piloting")),
    "a campaign skill without its attribute": ("campaign.json", lambda s: s["campaign"].update(
        skills=[{"id": "piloting", "name": "Piloting"}])),
    "a campaign skill's name a number": ("campaign.json", lambda s: s["campaign"]["skills"][0].update(name=7)),
    "session title a number": ("campaign.json", lambda s: s["campaign"]["sessions"][0].update(title=5)),
    "session started a list": ("campaign.json", lambda s: s["campaign"]["sessions"][0].update(started=[1])),
    "entry title a list": ("chunk", lambda e: _last_entry(e).update(title=["x"])),
    "skill_ones neither stay nor blank": ("campaign.json", lambda s: s["campaign"].setdefault(
        "settings", {}).update(skill_ones="sometimes")),
    "pending cost of the wrong shape": ("campaign.json", lambda s: s["campaign"].update(
        pending_costs=[{"roll_id": 5, "character": "Ann", "costs": [{"name": "trauma", "amount": "two"}]}])),
    "pending costs an object": ("campaign.json", lambda s: s["campaign"].update(pending_costs={"5": []})),
}


def _target(root: Path, which: str) -> Path:
    return root / NAME / "campaign.json" if which == "campaign.json" else _chunk(root)


def _use(service: CampaignService) -> None:
    """What opening and reading a campaign does: the model, the history, its exports, undo and redo."""
    service.campaign.to_dict()
    entries = service.history.filtered(include_undone=True)
    for fmt in ("table", "json", "markdown", "csv"):
        history_format.export(entries, fmt, title=NAME)
    service.undo_label()
    service.redo_label()
    for entry in entries:
        service.history.entry(entry["id"], entry["session"])
    if not service.read_only:
        if service.can_redo:
            service.redo()
        if service.can_undo:
            service.undo()


def _loads_or_is_damaged(root: Path, damaged: Path) -> None:
    for read_only in (True, False):
        try:
            with CampaignService.open(root, NAME, read_only=read_only, clock=frozen_clock) as service:
                _use(service)
        except CorruptFile as exc:
            assert exc.path == damaged, str(exc)
            assert str(damaged) in str(exc)


@pytest.mark.parametrize("example", WRONG_SHAPES)
def test_wrong_shapes_are_damaged_files_naming_the_file(template, tmp_path, capsys, example):
    which, change = WRONG_SHAPES[example]
    root = _fresh(template, tmp_path)
    path = _target(root, which)
    _edit(path, change)
    before = path.read_bytes()
    with pytest.raises(CorruptFile) as caught, CampaignService.open(root, NAME, clock=frozen_clock) as service:
        _use(service)
    assert caught.value.path == path
    assert caught.value.backup is not None and f"{caught.value.backup}" in str(caught.value)
    assert path.read_bytes() == before  # never overwritten
    capsys.readouterr()
    for argv in (["history", NAME], ["history", NAME, "--all", "--json"],  # a roll reads the chunk it appends to
                 ["roll", "yze", "--campaign", NAME, "--character", "Ann", "--skill", "ranged", "--wait", "0"]):
        status = main(["--data-dir", str(root), *argv])
        err = capsys.readouterr().err
        assert status == 2, (argv, err)
        assert len(err.strip().splitlines()) == 1 and str(path) in err and "damaged" in err


def _paths(node, prefix=()):
    """Every place in a JSON document: ``(path, value)``."""
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _paths(value, prefix + (n,))


REPLACEMENTS = [None, True, False, 0, -1, 7, 2.5, "", "x", [], [1], {}, {"a": 1}, [[1, 2]], "DELETE"]


def _put(document, path, value) -> None:
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    if value == "DELETE":
        if isinstance(node, dict):
            del node[last]
        else:
            node.pop(last)
    else:
        node[last] = value


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_node_of_the_wrong_shape_loads_or_is_a_damaged_file(template, tmp_path_factory, data):
    """Either the campaign still opens, reads, exports, undoes and redoes (read-only and for writing),
    or it is refused as damaged naming the changed file; never another exception."""
    root = _fresh(template, tmp_path_factory.mktemp("case"))
    which = data.draw(st.sampled_from(["campaign.json", "chunk"]), label="file")
    path = _target(root, which)
    tables = json.loads(path.read_text(encoding="utf-8"))
    document = tables["state"]["1"] if which == "campaign.json" else tables["entries"]
    places = [p for p, _ in _paths(document) if p and not (which == "chunk" and len(p) == 1)]
    place = data.draw(st.sampled_from(places), label="place")
    value = data.draw(st.sampled_from(REPLACEMENTS), label="value")
    _put(document, place, value)
    path.write_text(json.dumps(tables), encoding="utf-8")
    _loads_or_is_damaged(root, path)


def test_a_key_with_control_characters_is_shown_escaped_in_the_message(template, tmp_path):
    root = _fresh(template, tmp_path)
    path = root / NAME / "campaign.json"
    _edit(path, lambda s: _first_character(s)["skills"].update({"\x1b[2Jevil": "x"}))
    with pytest.raises(CorruptFile) as caught:
        CampaignService.open(root, NAME, clock=frozen_clock)
    assert "\x1b" not in str(caught.value) and "\\u001b[2Jevil" in str(caught.value)
