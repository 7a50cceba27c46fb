"""Sic a Dog's use is an explicit choice, through the campaign service (seed 000: fighting rolls the
skill and the dog's Strength; scouting and tracking the skill and the handler's Wits — "the dog doesn't
have Wits"). A roll names its use (``fight``, ``scout``, ``track``, picked like a named skill modifier
and recorded by name); a roll that names none is refused with the uses to choose from. The push's costs
follow docs/RULES.md: a fighting push hurts the dog and gives no mutation points; a scouting or tracking
push is a normal push on the handler's Wits."""

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


@pytest.fixture
def vanja(make_service):
    service = make_service("myz")
    who = service.roster.add_character({"name": "Vanja", "role": "dog-handler", "attributes": yz(3, 5, 2, 2),
                                        "skills": {"sic-a-dog": 2}})
    return service, who


def test_a_sic_a_dog_roll_without_its_use_is_refused_naming_the_uses(vanja):
    service, who = vanja
    preview = service.rolls.preview_roll(who.id, "sic-a-dog")
    with pytest.raises(ValidationError) as refused:
        service.rolls.roll(who.id, "sic-a-dog", attribute="wits")
    for said in (preview.reason, str(refused.value)):
        assert "Sic a Dog" in said and all(use in said for use in ("Fighting", "Scouting", "Tracking"))
    assert not preview.can_roll and preview.dice == []
    assert service.history.filtered(kind="roll") == []


@pytest.mark.parametrize(("use", "attribute", "base"), [("fight", "strength", 4), ("scout", "wits", 2),
                                                        ("track", "wits", 2)])
def test_each_use_rolls_its_own_attribute(vanja, use, attribute, base):
    service, who = vanja
    preview = service.rolls.preview_roll(who.id, "sic-a-dog", skill_modifiers=[use])
    assert preview.attribute == attribute
    assert [d["kind"] for d in preview.dice] == ["base"] * base + ["skill"] * 2
    roll = service.rolls.roll(who.id, "sic-a-dog", skill_modifiers=[use], faces="b" + "3" * base + " s23")
    assert roll["attribute"] == attribute
    assert [m["id"] for m in roll["skill_modifiers"]] == [use], "the history records the use by name"


def test_a_fighting_push_hurts_the_dog_and_gives_no_mutation_points(vanja):
    service, who = vanja
    roll = service.rolls.roll(who.id, "sic-a-dog", skill_modifiers=["fight"], faces="b1234 s23")
    service.rolls.push(roll["id"], faces="b2,1,5 s1,4")
    assert service.history.entry(roll["id"])["costs"] == [{"name": "trauma", "amount": 3, "target": "dog"}]


@pytest.mark.parametrize("use", ["scout", "track"])
def test_a_scouting_or_tracking_push_is_a_normal_push_on_the_handlers_wits(vanja, use):
    service, who = vanja
    roll = service.rolls.roll(who.id, "sic-a-dog", skill_modifiers=[use], faces="b13 s23")
    service.rolls.push(roll["id"], faces="b4 s1,4")
    costs = service.history.entry(roll["id"])["costs"]
    assert {"name": "trauma", "amount": 2, "target": "wits"} in costs
    assert {"name": "mutation_points", "amount": 2} in costs


def test_an_attribute_against_the_use_is_refused_in_one_sentence(vanja):
    service, who = vanja
    with pytest.raises(ValidationError, match="Sic a Dog rolls"):
        service.rolls.roll(who.id, "sic-a-dog", attribute="agility", skill_modifiers=["fight"])
    with pytest.raises(ValidationError, match="Scouting"):
        service.rolls.roll(who.id, "sic-a-dog", attribute="strength", skill_modifiers=["scout"])
    assert "Scouting" in service.rolls.preview_roll(who.id, "sic-a-dog", attribute="strength",
                                                    skill_modifiers=["scout"]).reason
    assert service.rolls.preview_roll(who.id, "sic-a-dog", attribute="wits",
                                      skill_modifiers=["track"]).attribute == "wits"


def test_two_uses_at_once_are_refused(vanja):
    service, who = vanja
    with pytest.raises(ValueError, match="pick one of them"):
        service.rolls.roll(who.id, "sic-a-dog", skill_modifiers=["fight", "scout"])


def test_without_the_skill_the_roll_is_refused_for_the_role_not_asked_for_a_use(make_service):
    """R-MYZ-SPEC comes first: a character without Sic a Dog has no dog to send, whatever the use."""
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "role": "enforcer", "attributes": yz(4, 3, 2, 3)})
    preview = service.rolls.preview_roll(hammer.id, "sic-a-dog")
    assert not preview.can_roll and "R-MYZ-SPEC" in preview.reason
