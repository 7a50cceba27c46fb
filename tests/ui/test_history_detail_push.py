"""The history's detail of a push names what the push cost at once: the stress a Year Zero push raised is a cost
paid at the push, not "none"."""

from __future__ import annotations

import random

from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.ui.screens.history_detail import detail_text


def test_a_push_that_raised_stress_says_so_in_its_detail(tmp_path):
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(2)) as service:
        service.rolls.roll("c1", "observation", faces="base=2,3,4,5 skill=3,4 stress=2")
        push = service.rolls.push(faces="base=2,3,4,5 skill=3,4 stress=2,3")
        assert push["stress_gained"] == 1
        shown = detail_text(service.history.entries()[-1]).plain
    assert "stress +1 paid at the push" in shown, shown
    assert "costs: none" not in shown, shown
