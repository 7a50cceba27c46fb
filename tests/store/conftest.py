"""Fixtures for the store tests: a data root in a temporary folder, an open campaign with history."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmconsole.store import CampaignStore


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """An empty data root."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def campaign(root: Path):
    """An open campaign 'Hope' with a small state and three entries in session 1."""
    store = CampaignStore.create(root, "Hope", {"title": "Hope's Last Day", "roster": ["Ripley"]})
    for n in range(3):
        store.append_entry(1, {"who": "Ripley", "faces": [n + 1, 6]})
    yield store
    store.close()
