"""A push follows its roll in the same scene (the seeds push right after the roll).

A roll made in an earlier scene or session is refused with the roll, its session and its scene named;
the service refuses it, so the console and the CLI both do. Undoing the new scene or session makes
the roll pushable again.
"""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


def _ann(service):
    return service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}})


@pytest.mark.parametrize("start", ["new_scene", "new_session"])
def test_a_roll_from_an_ended_scene_or_session_is_not_pushed_and_nothing_is_written(make_service, start):
    service = make_service("yze")
    ann = _ann(service)
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=5")
    getattr(service.sessions, start)()
    entries = len(service.history.filtered())
    with pytest.raises(ValidationError) as refused:
        service.rolls.push(roll["id"], faces="base=6,6,6 skill=6 stress=3")
    assert str(refused.value) == (f"roll {roll['id']} was made in session 1, scene 1; "
                                  "a push follows its roll in the same scene (push in the scene, docs/RULES.md)")
    assert len(service.history.filtered()) == entries
    assert service.history.entry(roll["id"], session=1)["pushes"] == 0


def test_the_newest_roll_of_an_earlier_scene_is_not_pushed_without_an_id(make_service):
    service = make_service("yze")
    ann = _ann(service)
    service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=5")
    service.sessions.new_scene()
    with pytest.raises(
        ValidationError, match=r"a push follows its roll in the same scene \(push in the scene, docs/RULES.md\)"
    ):
        service.rolls.push(faces="base=6,6,6 skill=6 stress=3")


@pytest.mark.parametrize("start", ["new_scene", "new_session"])
def test_undoing_the_new_scene_or_session_makes_the_roll_pushable_again(make_service, start):
    service = make_service("yze")
    ann = _ann(service)
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=5")
    getattr(service.sessions, start)()
    service.undo()
    push = service.rolls.push(roll["id"], faces="base=6,6,6 skill=6 stress=3")
    assert push["session"] == 1 and push["roll_id"] == roll["id"]
    assert service.history.entry(roll["id"])["pushes"] == 1
