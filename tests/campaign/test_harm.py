"""Harm as each system has it (``service.trackers.harm``, what the console's ``H`` and ``gmconsole harm`` call), and
every edit of a sheet's numbers recorded with its values, in the history and in the recap."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole import systems
from gmconsole.campaign import recaps
from gmconsole.campaign.errors import Unchanged, ValidationError


@pytest.mark.parametrize("system", systems.all_systems(), ids=lambda s: s.id)
def test_every_system_says_what_harm_is(system):
    harm = system.harm
    assert (harm.attribute is None) != (harm.counter is None)  # an attribute or a counter, never both
    assert not harm.picks_attribute or harm.attribute in (system.attributes or ())
    assert "{name}" in harm.title and harm.word and harm.label


def test_yze_damage_lowers_strength_one_undoable_entry_with_its_values(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(4, 3, 3, 3)})
    entry = service.trackers.harm(ann.id, 2)
    assert entry["kind"] == "harm" and entry["summary"] == "Ann: Strength 4 → 2 (damage 2)"
    assert (entry["attribute"], entry["before"], entry["value"], entry["amount"]) == ("strength", 4, 2, 2)
    assert service.undo_label() == "Ann: Strength 4 → 2 (damage 2)"
    service.undo()
    assert service.character("Ann").attributes["strength"].current == 4


def test_damage_never_goes_below_0_says_broken_and_then_changes_nothing(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3)})
    assert service.trackers.harm(ann.id, 5)["summary"] == "Ann: Strength 2 → 0 (damage 5, stops at 0, broken)"
    count = len(service.history.filtered(include_undone=True))
    with pytest.raises(Unchanged, match="Ann's Strength is already 0 \\(broken\\): harm changes nothing"):
        service.trackers.harm(ann.id, 1)
    assert len(service.history.filtered(include_undone=True)) == count and service.character("Ann").broken


def test_R_MYZ_TRAUMA_trauma_goes_to_the_attribute_named_or_by_default_the_last_roll_s(make_service):
    service = make_service("myz")
    grease = service.roster.add_character({"name": "Grease", "attributes": yz(3, 3, 5, 2), "skills": {"scout": 1}})
    assert service.trackers.harm_attribute(grease.id) == "strength"  # no roll yet
    service.rolls.roll(grease.id, "scout", faces="base=2,3,4,5,2 skill=3")
    assert service.trackers.harm_attribute(grease.id) == "wits"
    assert service.trackers.harm(grease.id, 2, "Wits")["summary"] == "Grease: Wits 5 → 3 (trauma 2)"
    assert service.trackers.harm(grease.id, 1, "empathy")["summary"] == "Grease: Empathy 2 → 1 (trauma 1)"
    service.sessions.new_session()
    assert service.trackers.harm_attribute(grease.id) == "strength"  # the roll of an earlier evening is not offered
    with pytest.raises(ValidationError, match="Grease has no attribute “luck”"):
        service.trackers.harm(grease.id, 1, "luck")


def test_yze_step_damage_steps_the_strength_die_down(make_service):
    service = make_service("yze-step")
    ilsa = service.roster.add_character({"name": "Ilsa", "attributes": yz(12, 8, 8, 6)})
    assert service.trackers.harm(ilsa.id, 2)["summary"] == "Ilsa: Strength d12 → d8 (damage 2)"


def test_exploding_harm_adds_wounds_and_takes_no_attribute(make_service):
    service = make_service("exploding")
    kit = service.roster.add_character({"name": "Kit", "attributes": {"agility": 8}})
    entry = service.trackers.harm(kit.id, 2)
    assert entry["summary"] == "Kit: wounds 0 → 2" and (entry["tracker"], entry["value"]) == ("wounds", 2)
    with pytest.raises(ValidationError, match="exploding harm goes to wounds, not to an attribute"):
        service.trackers.harm(kit.id, 1, "agility")


def test_tiered_harm_takes_stamina_down_to_0_and_no_further(make_service):
    service = make_service("tiered")
    ann = service.roster.add_character({"name": "Ann", "attributes": {"str": 1, "dex": 1, "int": 1, "cha": 1, "per": 1},
                                        "stamina": 3, "stamina_max": 6})
    assert service.trackers.harm(ann.id, 2)["summary"] == "Ann: stamina 3 → 1"
    assert service.trackers.harm(ann.id, 4)["summary"] == "Ann: stamina 1 → 0 (harm 4, stops at 0)"
    with pytest.raises(Unchanged, match="Ann's stamina is already 0: harm changes nothing, nothing recorded"):
        service.trackers.harm(ann.id, 1)


@pytest.mark.parametrize("amount", [0, -2, True, "3", 1.5])
def test_harm_is_a_whole_number_of_points_1_or_more(make_service, amount):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    with pytest.raises(ValidationError, match="harm must be a whole number of points, 1 or more"):
        service.trackers.harm(ann.id, amount)
    assert [e["kind"] for e in service.history.filtered()] == ["roster"]


def test_an_edit_names_each_number_with_its_values_and_other_fields_by_name(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 1,
                                        "skills": {"ranged": 1}})
    edit = service.roster.update_character(ann.id, {"attributes": {**yz(3, 3, 3, 3), "strength": {"max": 3,
                                                                                                  "current": 2}},
                                                    "stress": 0, "skills": {"ranged": 2}, "notes": "limping"})
    assert edit["summary"] == "Ann: Strength 3 → 2, Ranged 1 → 2, stress 1 → 0, notes changed"
    assert edit["values"][0] == {"attribute": "strength", "before": {"max": 3, "current": 3},
                                 "after": {"max": 3, "current": 2}}
    raised = service.roster.update_character(ann.id, {"attributes": {**yz(3, 3, 3, 3), "strength": 4}})
    assert raised["summary"] == "Ann: Strength 2/3 → 4/4"  # the maximum changed too: both shown
    renamed = service.roster.update_character(ann.id, {"name": "Anna"})
    assert renamed["summary"] == "Anna: name changed" and "values" not in renamed


def test_set_attribute_and_set_skill_say_before_and_after(make_service):
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "attributes": yz(4, 3, 2, 2), "skills": {"fight": 2}})
    assert service.roster.set_attribute(hammer.id, "strength", current=2)["summary"] == "Hammer: Strength 4 → 2"
    assert service.roster.set_skill(hammer.id, "fight", 3)["summary"] == "Hammer: Fight 2 → 3"
    with pytest.raises(Unchanged, match="nothing recorded"):
        service.roster.set_skill(hammer.id, "fight", 3)


def test_the_counter_keys_say_before_and_after(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 1})
    assert service.trackers.change_stress(ann.id, 1)["summary"] == "Ann: stress 1 → 2 (+1)"
    assert service.trackers.change_stress(ann.id, -5)["summary"] == "Ann: stress 2 → 0 (-5)"  # clamped at 0, said
    assert service.trackers.change_tracker(ann.id, "willpower", 2)["summary"] == "Ann: willpower 0 → 2 (+2)"
    assert service.trackers.set_tracker(ann.id, "willpower", 5)["summary"] == "Ann: willpower set 2 → 5"
    assert service.trackers.change_doom(2)["summary"] == "doom 0 → 2 (+2)"


def test_the_recap_lists_harm_with_stress_and_trauma_and_edits_under_sheets_changed(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 1})
    service.trackers.harm(ann.id, 1)
    service.roster.update_character(ann.id, {"stress": 3})
    service.roster.update_character(ann.id, {"notes": "scarred"})  # no number: not in the recap
    service.roster.set_attribute(ann.id, "agility", current=2)
    service.trackers.harm(ann.id, 1)
    service.undo()  # left out
    data = service.sessions.recap()
    assert [line["summary"] for line in data["sections"]["stress_trauma"]] == ["Ann: Strength 3 → 2 (damage 1)"]
    assert [line["summary"] for line in data["sections"]["sheets"]] == ["Ann: stress 1 → 3", "Ann: Agility 3 → 2"]
    text = recaps.recap_markdown(data)
    assert "## Stress and trauma\n\n- scene 1 · Ann: Strength 3 → 2 (damage 1)\n" in text
    assert "## Sheets changed\n\n- scene 1 · Ann: stress 1 → 3\n- scene 1 · Ann: Agility 3 → 2\n" in text
    assert "scarred" not in text and "Strength 2 → 1" not in text
