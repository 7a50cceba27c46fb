"""Fixtures: a campaign service on a real store in ``tmp_path``, with a frozen clock and seeded dice; no test
here flushes to disk (``_no_disk_flush``)."""

import contextlib
import os
import random

import pytest
from campaign_helpers import frozen_clock

from gmconsole.campaign.service import CampaignService


@pytest.fixture(autouse=True)
def _no_disk_flush(monkeypatch):
    """Skip ``os.fsync`` here: these tests read what the campaign holds after a change, not whether it
    survives a power cut (the store's tests keep the real flush, kill -9 included). Each change is
    several synced writes: on a busy disk the flush was most of these tests' wall time."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture
def make_service(tmp_path):
    """``make_service(system, name=...)`` creates a campaign under ``tmp_path`` and opens it."""
    opened = []

    def make(system: str, name: str | None = None, seed: int = 1) -> CampaignService:
        service = CampaignService.create(tmp_path, name or f"{system}-test", system, clock=frozen_clock,
                                         rng=random.Random(seed))
        opened.append(service)
        return service

    yield make
    for service in opened:
        with contextlib.suppress(Exception):  # a test may have closed it already, or broken its store
            service.close()


@pytest.fixture
def reopen(tmp_path):
    """``reopen(service)`` closes a service and opens its campaign again from disk."""
    opened = []

    def again(service: CampaignService, **kwargs) -> CampaignService:
        name = service.campaign.name
        service.close()
        fresh = CampaignService.open(tmp_path, name, clock=frozen_clock, **kwargs)
        opened.append(fresh)
        return fresh

    yield again
    for service in opened:
        with contextlib.suppress(Exception):  # a test may have closed it already, or broken its store
            service.close()
