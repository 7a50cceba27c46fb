"""The campaign's own skills: add, rename, remove and load a list; rolls and sheets use it;
every change is an undoable history entry and survives reopening."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign import skills
from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.data import data_dir

SAMPLE = data_dir() / "skill_lists" / "space-crew.toml"


def test_the_system_list_is_the_default_until_the_gm_changes_it(make_service):
    service = make_service("yze")
    assert service.campaign.skills is None and "skills" not in service.campaign.to_dict()
    listed = skills.listing(service.campaign)
    assert [s.id for s in listed][:3] == ["might", "melee", "stamina"] and listed[0].name == "Might"
    service.setup.add_skill("Piloting", "agility", "Fly the shuttle.")
    ids = [s.id for s in service.campaign.skills]
    assert ids[-1] == "piloting" and "might" in ids  # the table copied, then changed


def test_add_rename_remove_are_undoable_and_survive_reopening(make_service, reopen):
    service = make_service("yze")
    service.setup.add_skill("Heavy Machinery", "strength", "Run the loader.")
    entry = service.setup.edit_skill("heavy-machinery", name="Loader Work", attribute="agility")
    assert "Heavy Machinery → Loader Work" in entry["summary"] and entry["kind"] == "skills"
    service.setup.remove_skill("might")
    again = reopen(service)
    found = skills.find(again.campaign, "loader work")
    assert (found.id, found.name, found.attribute) == ("heavy-machinery", "Loader Work", "agility")
    assert skills.find(again.campaign, "might") is None
    again.undo()
    assert skills.find(again.campaign, "might") is not None
    again.undo()
    assert skills.find(again.campaign, "heavy-machinery").name == "Heavy Machinery"
    again.undo()
    assert again.campaign.skills is None  # back to the system's list
    again.redo()
    assert skills.find(again.campaign, "Heavy Machinery").attribute == "strength"


def test_a_custom_skill_on_a_sheet_rolls_by_name_and_is_recorded(make_service):
    service = make_service("yze")
    service.setup.add_skill("Piloting", "agility")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 4, 3, 3), "skills": {"piloting": 2}})
    entry = service.rolls.roll(ann.id, "Piloting", faces="base=6,2,3,4 skill=1,5")
    assert entry["skill"] == "piloting" and entry["successes"] == 1
    assert entry["pool"]["explanation"][0].startswith("Agility 4")
    assert service.history.filtered(skill="piloting")[0]["id"] == entry["id"]


def test_r_push_a_push_charges_the_custom_skill_s_own_attribute_myz(make_service):
    """R-PUSH: the attribute a push charges is the skill's own, for a campaign skill too (myz trauma)."""
    service = make_service("myz")
    service.setup.add_skill("Command", "empathy")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"command": 1}})
    roll = service.rolls.roll(ann.id, "command", faces="base=1,2,3 skill=2")
    service.rolls.push(roll["id"], faces="base=1,2 skill=3")
    costs = service.history.entry(roll["id"])["costs"]
    assert {"name": "trauma", "amount": 2, "target": "empathy"} in costs
    service.outcomes.apply_costs(roll["id"])
    assert service.character("Ann").attributes["empathy"].current == 1
    assert service.character("Ann").attributes["strength"].current == 3


def test_an_unknown_skill_says_which_skills_exist(make_service):
    service = make_service("yze")
    service.setup.add_skill("Piloting", "agility")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 4, 3, 3)})
    with pytest.raises(ValidationError, match=r"no skill “Flying”; its skills are: .*Piloting"):
        service.rolls.roll(ann.id, "Flying")
    with pytest.raises(ValidationError, match=r"no skill “flying”; its skills are: .*piloting"):
        service.roster.update_character(ann.id, {"skills": {"flying": 1}})


def test_removing_a_skill_a_character_has_is_refused_naming_them(make_service):
    service = make_service("yze")
    service.roster.add_character({"name": "Ann", "attributes": yz(2, 4, 3, 3), "skills": {"melee": 2}})
    service.roster.add_character({"name": "Bo", "attributes": yz(2, 4, 3, 3), "skills": {"melee": 1, "might": 0}})
    before = service.campaign.to_dict()
    with pytest.raises(ValidationError, match="Ann, Bo have Melee: set it to 0"):
        service.setup.remove_skill("Melee")
    assert service.campaign.to_dict() == before
    service.setup.remove_skill("might")  # Bo's level 0 goes with it
    assert "might" not in service.character("Bo").skills


def test_load_the_sample_list_replaces_the_table(make_service):
    service = make_service("yze")
    entry = service.setup.load_skills(SAMPLE.read_text(encoding="utf-8"), SAMPLE.name)
    assert entry["summary"] == "skills loaded from space-crew.toml: 12 skills"
    found = skills.find(service.campaign, "heavy machinery")
    assert (found.id, found.attribute) == ("heavy-machinery", "strength")
    assert skills.find(service.campaign, "might") is None and len(service.campaign.skills) == 12


def test_loading_a_list_that_lacks_a_skill_on_a_sheet_is_refused(make_service):
    service = make_service("yze")
    service.roster.add_character({"name": "Ann", "attributes": yz(2, 4, 3, 3), "skills": {"melee": 2}})
    with pytest.raises(ValidationError, match=r"lacks skills characters have: Ann \(melee\)"):
        service.setup.load_skills(SAMPLE.read_text(encoding="utf-8"), SAMPLE.name)
    assert service.campaign.skills is None


@pytest.mark.parametrize("text, message", [
    ('[[skills]]\nname = "A"\nattribute = "strength"\n\n[[skills]]\nname = "B"\nattribute = "luck"\n',
     "skill 2 (line 5): the attribute “luck” is not one of"),
    ('[[skills]]\nattribute = "wits"\n', "skill 1 (line 1) needs a name"),
    ('[[skills]]\nname = "Bad\\u0007Bell"\nattribute = "wits"\n', "skill 1 (line 1)"),
    ('skills = [ this is not toml', "is not TOML"),
    ('[[skills]]\nname = "A"\nattribute = "wits"\n[[skills]]\nname = "a"\nattribute = "wits"\n',
     "skill 2 (line 4): the campaign already has a skill “A”"),
    ('title = "nothing"\n', "has no [[skills]] entries"),
])
def test_a_bad_skill_list_names_the_entry_and_line(text, message):
    with pytest.raises(ValidationError) as caught:
        skills.parse_list(text, "list.toml")
    assert message in str(caught.value)


def test_typed_names_with_control_characters_are_refused(make_service):
    service = make_service("yze")
    with pytest.raises(ValidationError, match="control"):
        service.setup.add_skill("Pilo\x1b[2Jting", "agility")
    assert service.campaign.skills is None


@pytest.mark.parametrize("system", ["exploding", "tiered"])
def test_exploding_and_tiered_sheets_name_their_own_skills_so_there_is_no_list(make_service, system):
    service = make_service(system)
    with pytest.raises(ValidationError, match="no skill list to change"):
        service.setup.add_skill("Piloting", "wits")
