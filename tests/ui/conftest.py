"""Fixtures for the console's Pilot and snapshot tests.

Everything a screen shows must come out the same on every run: the demo campaigns are installed
into ``tmp_path``, the service gets a frozen clock and a seeded ``random.Random``, and the text
cursor does not blink (its on/off phase would otherwise depend on timing).

For speed, every test here skips ``os.fsync`` (durability is the store's tests' business).

- ``demo_root``: a data folder with every bundled demo campaign installed (copied from one install).
- ``frozen_clock``: a callable giving 2026-03-14 19:30 UTC, always.
- ``seeded_rng``: ``random.Random(20260314)``.
- ``open_service(name, **kw)``: a ``CampaignService`` on a demo campaign with that clock and rng
  (closed after the test).
- ``make_app(name="yze-demo", seed=20260314, read_only=False)``: a ``GMConsoleApp`` on a demo
  campaign, with its own seeded rng and the frozen clock (service closed after the test).
- ``builder_app(name="yze-demo", seed=7)``: the roll builder alone (``pilot_harness.BuilderApp``) on a
  demo campaign.

Driving the app (pressing keys, filling forms, reading the status line) is ``pilot_harness``.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

FROZEN_AT = datetime(2026, 3, 14, 19, 30, 0, tzinfo=UTC)
SEED = 20260314


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch):
    """Keep text cursors steadily visible so snapshots do not depend on the blink phase."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    try:
        from textual.widgets import TextArea
    except ImportError:  # pragma: no cover - TextArea ships with the pinned textual
        return
    monkeypatch.setattr(TextArea, "_toggle_cursor", lambda self: None, raising=False)


@pytest.fixture(autouse=True)
def _no_disk_flush(monkeypatch):
    """Skip ``os.fsync`` here: these tests read what a command or a key changed, not whether it
    survives a power cut, and each change is several synced writes (the store's tests, kill -9
    included, keep the real flush)."""
    import os

    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture
def frozen_clock():
    """The service's clock in tests: always 2026-03-14 19:30 UTC."""
    return lambda: FROZEN_AT


@pytest.fixture
def seeded_rng():
    return random.Random(SEED)


@pytest.fixture
def demo_root(tmp_path, copy_demos):
    """A data folder holding every bundled demo campaign (a copy of the session's installed set)."""
    return copy_demos(tmp_path / "data")


@pytest.fixture
def open_service(demo_root, frozen_clock):
    """Open a demo campaign's service (frozen clock, seeded rng); every one is closed after the test."""
    from gmconsole.campaign.service import CampaignService

    opened = []

    def _open(name: str = "yze-demo", *, seed: int = SEED, read_only: bool = False):
        service = CampaignService.open(
            demo_root, name, read_only=read_only, clock=frozen_clock, rng=random.Random(seed)
        )
        opened.append(service)
        return service

    yield _open
    for service in opened:
        service.close()


@pytest.fixture
def make_app(open_service):
    """A ``GMConsoleApp`` on a demo campaign, deterministic (seeded dice, frozen clock)."""
    from gmconsole.ui.app import GMConsoleApp

    def _make(name: str = "yze-demo", *, seed: int = SEED, read_only: bool = False):
        service = open_service(name, seed=seed, read_only=read_only)
        return GMConsoleApp(service, rng=random.Random(seed))

    return _make


@pytest.fixture
def builder_app(open_service):
    """The roll builder alone on a demo campaign (seeded dice), as ``builder_app(name, seed)``."""
    from pilot_harness import BuilderApp

    def _make(name: str = "yze-demo", seed: int = 7):
        return BuilderApp(open_service(name), random.Random(seed))

    return _make
