"""What only some families have is asked of the family's roll engine, part by part (campaign/engine_parts.py):
every special roll a system lists, its push and its role talents are offered by its family's engine, and where a
game has none the campaign refuses in the GM's words, changing nothing."""

import pytest

from gmconsole import systems
from gmconsole.campaign import engine_parts
from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.errors import RulesError

SPECIAL_ROLL_PARTS = {
    "opposed": engine_parts.OpposedRollPart,
    "opposed-test": engine_parts.OpposedTestPart,
    "assisted": engine_parts.AssistedCheckPart,
    "group": engine_parts.GroupCheckPart,
    "contested": engine_parts.ContestedPart,
    "save": engine_parts.SavingThrowPart,
    "attack": engine_parts.AttackPart,
}
"""Each special roll a system may list, and the engine part that rolls it (the facades ask for the same)."""


@pytest.mark.parametrize("system", [s.id for s in systems.all_systems()])
def test_every_special_roll_push_and_role_a_system_has_is_offered_by_its_family_engine(system):
    facts = systems.get(system)
    for kind in facts.special_rolls:
        assert engine_parts.part_or_none(system, SPECIAL_ROLL_PARTS[kind]) is not None, kind
    assert (engine_parts.part_or_none(system, engine_parts.PushAfterPart) is not None) == facts.push_adds_die
    rerolls = facts.pushes and not facts.push_adds_die
    assert (engine_parts.part_or_none(system, engine_parts.PushPart) is not None) == rerolls
    if facts.has_roles:
        assert engine_parts.part_of(system, engine_parts.RoleOutcomesPart) is not None
        assert engine_parts.part_of(system, engine_parts.RoleTalentsPart) is not None


def test_a_special_roll_of_another_game_is_refused_naming_the_game_that_has_it(make_service):
    service = make_service("yze")
    sheet = {"strength": 3, "agility": 4, "wits": 3, "empathy": 2}
    ripley = service.roster.add_character({"name": "Ripley", "attributes": sheet})
    dallas = service.roster.add_character({"name": "Dallas", "attributes": sheet})
    before = len(service.history.entries())
    with pytest.raises(RulesError, match=r"^a group check belongs to exploding, not yze$"):
        service.rolls.group_check([ripley.id, dallas.id], "firearms")
    with pytest.raises(RulesError, match=r"^saving throws and attack rolls belong to tiered, not yze$"):
        service.rolls.saving_throw(ripley.id, "phys")
    with pytest.raises(RulesError, match=r"^a contested roll belongs to tiered, not yze$"):
        service.rolls.contested(ripley.id, "strength", dallas.id)
    assert len(service.history.entries()) == before


def test_what_follows_a_roll_elsewhere_is_refused_in_a_game_without_it(make_service):
    service = make_service("exploding")
    kara = service.roster.add_character({"name": "Kara", "attributes": {"agility": 8, "intellect": 6},
                                         "skills": {"stealth": 6}, "gear": [{"name": "Rifle"}]})
    roll = service.rolls.roll(kara.id, "stealth", attribute="agility", faces="skill=5,3 trait=4")
    with pytest.raises(ValidationError, match=rf"^history entry {roll['id']} is not a Year Zero roll$"):
        service.outcomes.repair_with_roll(roll["id"], "Rifle")
    with pytest.raises(ValidationError, match=r"^consequences come only with a Mixed or Limited result$"):
        service.outcomes.apply_consequence(roll["id"], "damage")
    assert service.outcomes.role_outcome(service.history.entry(roll["id"])) is None
    with pytest.raises(RulesError, match=r"^stealth has no named modifiers in exploding$"):
        service.rolls.roll(kara.id, "stealth", attribute="agility", skill_modifiers=["dark"])
    assert [e["kind"] for e in service.history.entries()].count("roll") == 1
