"""Typed history entries read the same as the stored dicts did: on each demo, after a short session,
the history table and detail, the roll builder's result lines, the CLI's roll text and its history table,
Markdown, CSV and JSON show
exactly the words written in ``typed_entries_golden.json`` (made from the dict readers)."""

from __future__ import annotations

import json

import pytest
from typed_entries_scenario import DEMOS, GOLDEN, everything


@pytest.fixture(scope="module")
def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture
def seen(demo_root, frozen_clock) -> dict:
    return everything(demo_root, frozen_clock)


def test_every_demo_renders_its_history_as_before(golden, seen):
    for name in DEMOS:
        assert [e["kind"] for e in seen[name]] == [e["kind"] for e in golden[name]], name
        for now, before in zip(seen[name], golden[name]):
            assert now == before, (name, before.get("id"), before["kind"])


def test_the_session_has_rolls_pushes_costs_and_special_rolls(golden):
    kinds = {e["kind"] for rows in golden.values() for e in rows}
    assert {"roll", "push", "costs", "opposed", "assisted", "contested", "save", "attack"} <= kinds
