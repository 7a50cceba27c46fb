"""The result line says which steps of a roll were typed from physical dice: after typed first faces and a push
the console rolled, the dice on screen are the console's, so the line says "typed: first roll", not "typed faces"
(as the history's result column words it)."""

from __future__ import annotations

import random

from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.ui.widgets.roll_text import verdict_lines


def _rolled(tmp_path, push_faces):
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(4)) as service:
        service.rolls.roll("c1", "observation", faces="base=2,3,4,5 skill=3,4 stress=2")
        service.rolls.push(faces=push_faces)
        return " ".join(verdict_lines(service.history.entries()[0]))


def test_typed_first_faces_then_a_console_push_name_the_typed_step(tmp_path):
    said = _rolled(tmp_path, None)
    assert "(typed: first roll)" in said and "(typed faces)" not in said, said


def test_every_step_typed_is_typed_faces(tmp_path):
    said = _rolled(tmp_path, "base=2,3,4,5 skill=3,4 stress=2,3")
    assert "(typed faces)" in said, said
