"""Fixtures: a campaign service on a real store in ``tmp_path``, with a frozen clock and seeded dice."""

import contextlib
import random

import pytest
from campaign_helpers import frozen_clock

from gmconsole.campaign.service import CampaignService


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
