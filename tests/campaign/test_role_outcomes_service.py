"""Through CampaignService: what a myz role skill's roll leads to, applied once after the roll and any push as
one undoable entry (R-MYZ-ROLE-1): a Jury-Rig build adds the device as gear (R-MYZ-BUILD-1/2), finds are rolled
and recorded (R-MYZ-FINDS-1/2), Save a Life marks the patient (R-MYZ-SAVE-1); the history, the recap, undo,
a reopen and the Chinese console see the same."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.errors import RulesError


def _crew(service):
    grease = service.roster.add_character({"name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2),
                                           "skills": {"jury-rig": 3}})
    lina = service.roster.add_character({"name": "Lina", "role": "stalker", "attributes": yz(2, 4, 3, 3),
                                         "skills": {"find-the-path": 2}})
    quill = service.roster.add_character({"name": "Quill", "role": "chronicler", "attributes": yz(2, 3, 3, 5),
                                          "skills": {"heal": 2, "inspire": 1}})
    nails = service.roster.add_character({"name": "Nails", "role": "fixer", "attributes": yz(3, 3, 3, 4),
                                          "skills": {"make-a-deal": 2}})
    return grease, lina, quill, nails


def test_r_myz_build_1_a_build_adds_the_gear_marks_the_roll_and_undo_takes_both_back(make_service, reopen):
    service = make_service("myz")
    grease, *_rest = _crew(service)
    roll = service.rolls.roll(grease.id, "jury-rig", skill_modifiers=["device=Scrap gun"], faces="b6613 s612")
    offer = service.outcomes.role_outcome(roll)
    assert (offer.kind, offer.detail, offer.successes, offer.choices, offer.ready) == ("build", "Scrap gun", 3, 2, True)
    built = service.outcomes.build_device(roll["id"], ["damage", "barrel"])
    assert built["summary"] == "Grease builds Scrap gun: damage 1; stunts: weapon damage +1, an extra barrel"
    item = service.character(grease.id).gear_item(built["gear_id"])
    assert (item.name, item.bonus, item.damage, item.skills) == ("Scrap gun", 0, 1, ["shoot"])
    assert "1 extra barrel: fires 1 more time before reloading." in item.notes
    assert service.history.entry(roll["id"])["role_outcome"] == {"kind": "build", "summary": built["summary"]}
    assert service.outcomes.role_outcome(service.history.entry(roll["id"])).ready is False
    with pytest.raises(ValidationError, match="outcome was already applied"):
        service.rolls.push(roll["id"])  # R-MYZ-ROLE-1: the roll is not pushed after its outcome
    with pytest.raises(ValidationError, match="has its outcome already"):
        service.outcomes.build_device(roll["id"])
    service = reopen(service)
    assert service.character(grease.id).gear_item("Scrap gun") is not None
    service.undo()
    assert service.character(grease.id).gear_item("Scrap gun") is None
    assert service.history.entry(roll["id"]).get("role_outcome") is None
    pushed = service.rolls.push(roll["id"], faces="b1 s2")  # undone: the roll may be pushed again
    assert pushed["kind"] == "push"


def test_r_myz_role_1_an_outcome_follows_the_push_that_made_the_roll_succeed(make_service):
    service = make_service("myz")
    grease, *_rest = _crew(service)
    roll = service.rolls.roll(grease.id, "jury-rig", skill_modifiers=["device=binoculars"], faces="b2345 s234")
    with pytest.raises(ValidationError, match="nothing is built"):
        service.outcomes.build_device(roll["id"])
    service.rolls.push(roll["id"], faces="b6666 s234")
    assert service.outcomes.role_outcome(service.history.entry(roll["id"])).choices == 3
    built = service.outcomes.build_device(roll["id"], ["bonus", "durable"])
    assert service.character(grease.id).gear_item(built["gear_id"]).bonus == 2


def test_r_myz_limit_the_device_chosen_warns_in_either_language(make_service):
    service = make_service("myz")
    grease, *_rest = _crew(service)
    service.rolls.roll(grease.id, "jury-rig", skill_modifiers=["device=廢料槍"], faces="b1234 s234")
    def limits(device: str) -> list[str]:
        warned = service.rolls.preview_roll(grease.id, "jury-rig", skill_modifiers=[f"device={device}"]).warnings
        return [w for w in warned if "R-MYZ-LIMIT" in w]

    assert len(limits("scrap gun")) == 1 and "failed to Jury-Rig Scrap gun" in limits("scrap gun")[0]
    assert limits("binoculars") == []


def test_r_myz_finds_1_and_2_are_recorded_with_their_dice_in_the_history_and_the_recap(make_service):
    service = make_service("myz", seed=4)
    _grease, lina, _quill, nails = _crew(service)
    path = service.rolls.roll(lina.id, "find-the-path", faces="b6634 s61")
    found = service.outcomes.record_finds(path["id"], ["bullets", "artifact"], faces="d3")
    assert found["finds"] == [{"id": "bullets", "dice": [3], "amount": 3, "text": "3 bullets"},
                              {"id": "artifact", "amount": None, "text": "an artifact, if it's there to be found"}]
    deal = service.rolls.roll(nails.id, "make-a-deal", skill_modifiers=["side-deal"], faces="b6621 s34")
    dealt = service.outcomes.record_finds(deal["id"], ["water", "water"])  # the console's (seeded) dice
    assert [len(f["dice"]) for f in dealt["finds"]] == [2, 2] and dealt["by_hand"] is False
    history = service.history.filtered(kind="finds")
    assert [e["outcome"] for e in history] == ["side-deal", "find-the-path"]
    recap = service.sessions.recap()["sections"]["roles"]
    assert [line["summary"] for line in recap] == [found["summary"], dealt["summary"]]
    assert recap[0]["summary"] == "Lina finds: 3 bullets; an artifact, if it's there to be found"
    assert dealt["summary"].startswith("Nails's deal on the side brings: ")
    from gmconsole.campaign.recaps import recap_markdown

    markdown = recap_markdown(service.sessions.recap())
    assert "## Role skills: devices built, finds, lives saved" in markdown
    assert "- scene 1 · Lina finds: 3 bullets; an artifact, if it's there to be found" in markdown
    plain = service.rolls.roll(nails.id, "make-a-deal", faces="b6621 s34")  # finding a contact: no loot
    assert service.outcomes.role_outcome(plain) is None
    with pytest.raises(ValidationError, match="leads to no role-skill outcome"):
        service.outcomes.apply_role_outcome(plain["id"], stunts=["water"])


def test_r_myz_finds_1_a_refused_choice_records_nothing(make_service):
    service = make_service("myz")
    _grease, lina, *_rest = _crew(service)
    path = service.rolls.roll(lina.id, "find-the-path", faces="b6634 s61")
    count = len(service.history.entries())
    with pytest.raises(RulesError, match="finds nothing in the sector"):
        service.outcomes.record_finds(path["id"], ["artifact", "rush"])
    with pytest.raises(RulesError, match=r"1 die, 3 faces typed"):
        service.outcomes.record_finds(path["id"], ["grub"], faces="d345")
    assert len(service.history.entries()) == count and not service.history.entry(path["id"]).get("role_outcome")


def test_r_myz_save_1_the_patient_is_stabilized_or_dead_by_condition_and_undone(make_service):
    service = make_service("myz")
    grease, lina, quill, _nails = _crew(service)
    saved = service.rolls.roll(quill.id, "heal", skill_modifiers=["save-a-life=Lina"], faces="b61234 s12")
    done = service.outcomes.save_a_life(saved["id"])
    assert done["summary"] == "Quill saves Lina's life: stabilized"
    assert (done["patient_id"], done["save"]) == (lina.id, {"success": True, "dies": False, "condition": "stabilized"})
    assert service.character(lina.id).conditions == ["stabilized"]
    failed = service.rolls.roll(quill.id, "heal", skill_modifiers=["save-a-life=grease"], faces="b12345 s12")
    lives = service.outcomes.save_a_life(failed["id"])
    assert lives["summary"] == "Quill fails to save Grease's life: not stabilized, still alive (the GM's call)"
    assert service.character(grease.id).conditions == []  # the GM said it does not kill
    service.undo()
    dead = service.outcomes.save_a_life(failed["id"], dies=True)
    assert dead["summary"] == "Quill fails to save Grease's life: Grease is dead (the GM's call)"
    assert service.character(grease.id).conditions == ["dead"]
    service.undo()
    service.undo()
    assert service.character(lina.id).conditions == ["stabilized"]  # the failed roll undone, not the save


def test_r_myz_save_1_needs_the_patient_in_the_roster(make_service):
    service = make_service("myz")
    _grease, lina, quill, _nails = _crew(service)
    roll = service.rolls.roll(quill.id, "heal", skill_modifiers=["save-a-life=Lina"], faces="b61234 s12")
    service.roster.remove_character(lina.id)
    with pytest.raises(ValidationError, match="Lina"):
        service.outcomes.save_a_life(roll["id"])


def test_the_outcomes_are_worded_in_zh_hant_when_the_console_speaks_it(make_service):
    from gmconsole.i18n import set_language

    service = make_service("myz")
    grease, lina, *_rest = _crew(service)
    set_language("zh-Hant")
    try:
        roll = service.rolls.roll(grease.id, "jury-rig", skill_modifiers=["device=雙筒望遠鏡"], faces="b6123 s234")
        built = service.outcomes.build_device(roll["id"])
        path = service.rolls.roll(lina.id, "find-the-path", faces="b6634 s61")
        found = service.outcomes.record_finds(path["id"], ["water", "rot"], faces="d5")
    finally:
        set_language("en")
    assert service.character(grease.id).gear_item(built["gear_id"]).name == "雙筒望遠鏡"
    assert "雙筒望遠鏡" in built["summary"] and "裝備加值 +1" in built["summary"]
    assert found["summary"] == "Lina 找到：5 份無腐毒的水；區塊的整體腐毒程度"
