"""``gmconsole history`` writes as it reads: each chunk's text is out before the next chunk is read, in
every format that can (JSON, CSV, Markdown), and the text is the one the whole history rendered at once
gives, filters included."""

from __future__ import annotations

import csv
import io
import itertools
import json
import random
import sys

import pytest

from gmconsole.campaign.facades.history import History
from gmconsole.campaign.history_export import export
from gmconsole.campaign.service import CampaignService
from gmconsole.store import campaign_store as cs

NAME = "Long"


@pytest.fixture
def played(tmp_path, monkeypatch):
    """A yze campaign of two sessions, four entries a chunk file: Ann's and Bo's rolls, one undone."""
    monkeypatch.setattr(cs, "CHUNK_SIZE", 4)
    with CampaignService.create(tmp_path, NAME, "yze", rng=random.Random(5)) as service:
        attrs = {"strength": 3, "agility": 4, "wits": 3, "empathy": 2}
        ann = service.roster.add_character({"name": "Ann", "attributes": attrs, "skills": {"ranged": 2}})
        bo = service.roster.add_character({"name": "Bo", "attributes": attrs, "skills": {"melee": 1}})
        for turn in range(9):
            service.rolls.roll(ann.id, "ranged")
            service.rolls.roll(bo.id, "melee")
            if turn == 4:
                service.undo()
                service.sessions.new_session("2026-03-21")
        assert len(service.history.chunks()) > 5
    return tmp_path


def _reads(monkeypatch, method: str) -> list[int]:
    """How much had been written to stdout when each chunk was read through ``method``."""
    seen: list[int] = []
    original = getattr(History, method)

    def counted(self, session, first):
        seen.append(len(sys.stdout.getvalue()))
        return original(self, session, first)

    monkeypatch.setattr(History, method, counted)
    return seen


@pytest.mark.parametrize(("fmt", "method"), [("json", "chunk_entries"), ("csv", "chunk_rows"),
                                             ("markdown", "chunk_rows")])
def test_each_chunk_is_written_before_the_next_is_read(run_cli, played, monkeypatch, fmt, method):
    seen = _reads(monkeypatch, method)
    result = run_cli("--data-dir", str(played), "history", NAME, "--format", fmt)
    assert result.returncode == 0, result.stderr
    assert seen[0] == 0  # nothing before the first chunk is read
    assert all(later > earlier for earlier, later in itertools.pairwise(seen))  # every chunk's text went out
    assert seen[-1] < len(result.stdout)


@pytest.mark.parametrize("filters", [(), ("--all",), ("--session", "2"), ("--character", "ann"),
                                     ("--skill", "melee", "--all"), ("--session", "1", "--scene", "1")])
def test_the_text_is_the_whole_history_rendered_at_once(run_cli, played, filters):
    with CampaignService.open(played, NAME, read_only=True) as service:
        session = int(filters[filters.index("--session") + 1]) if "--session" in filters else None
        character = "ann" if "--character" in filters else None
        skill = "melee" if "--skill" in filters else None
        entries = list(reversed(service.history.filtered(session=session, character=character, skill=skill,
                                                         include_undone="--all" in filters)))
        assert entries
        for fmt in ("json", "csv", "table"):
            result = run_cli("--data-dir", str(played), "history", NAME, "--format", fmt, *filters)
            assert result.returncode == 0, result.stderr
            whole = export(entries, fmt, skill_name=lambda s: s.title())
            if fmt == "json":
                assert result.stdout == whole + "\n"
                assert [(e["session"], e["id"]) for e in json.loads(result.stdout)] == [
                    (e["session"], e["id"]) for e in entries]
            elif fmt == "csv":
                rows = list(csv.DictReader(io.StringIO(result.stdout)))
                assert [r["summary"] for r in rows] == [e["summary"] for e in entries]
                assert rows == list(csv.DictReader(io.StringIO(whole)))
            else:
                assert len(result.stdout.splitlines()) == len(entries) + 1


def test_an_empty_history_is_an_empty_list_and_a_header(run_cli, played):
    for fmt, text in (("json", "[]\n"), ("csv", "at,session,character,kind,skill,result,dice,summary\n")):
        result = run_cli("--data-dir", str(played), "history", NAME, "--format", fmt, "--kind", "panic")
        assert result.returncode == 0 and result.stdout == text
