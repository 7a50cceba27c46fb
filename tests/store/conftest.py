"""Fixtures for the store tests: a data root in a temporary folder, an open campaign with history.

A store test flushes to disk (``os.fsync``) only when it is about what a flush gives (a write failing,
kill -9, two processes, the clean close): such a module is marked ``pytest.mark.real_flush``. The others
read what the store holds after a write, which a flush does not change; on a busy disk the flushes were
most of their wall time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmconsole.store import CampaignStore


def pytest_configure(config):
    config.addinivalue_line("markers", "real_flush: the store test keeps os.fsync (it is about durability)")


@pytest.fixture(autouse=True)
def _no_disk_flush(request, monkeypatch):
    """Skip ``os.fsync`` unless the test is marked ``real_flush``."""
    if request.node.get_closest_marker("real_flush") is None:
        monkeypatch.setattr(os, "fsync", lambda fd: None)


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
