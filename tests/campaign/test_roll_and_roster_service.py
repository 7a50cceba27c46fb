"""Rolls and the roster through the campaign service's public API: untrained exploding rolls, Sic a Dog's
attribute, unique roster names, typed vs rolled push steps, and the initiative deck after a mid-conflict add."""

import pytest
from campaign_helpers import yz

from gmconsole.campaign import history
from gmconsole.campaign.errors import ValidationError


def _kara(service):
    return service.roster.add_character({"name": "Kara", "attributes": {"agility": 10}, "skills": {"shooting": 6}})


def test_exploding_roll_with_no_skill_is_untrained_trait_die_alone_and_tn_plus_4(make_service):
    service = make_service("exploding")
    kara = _kara(service)
    preview = service.rolls.preview_roll(kara.id, None, attribute="agility", difficulty="moderate")
    assert preview.target_number == 8  # moderate 4 + untrained 4 (docs/RULES.md)
    assert [d["kind"] for d in preview.dice] == ["trait"]
    assert any(line.startswith("Untrained") and "+4" in line for line in preview.explanation)
    assert preview.odds == service.rolls.preview_roll(kara.id, "medicine", difficulty="moderate").odds
    roll = service.rolls.roll(kara.id, None, attribute="agility", faces="trait=7")
    assert (roll["tn"], roll["top"], roll["success"], roll["margin"]) == (8, 7, False, -1)


def test_exploding_roll_with_a_skill_not_on_the_sheet_is_untrained(make_service):
    service = make_service("exploding")
    kara = _kara(service)
    preview = service.rolls.preview_roll(kara.id, "medicine", attribute="agility")
    assert preview.can_roll and preview.target_number == 8
    assert any(line.startswith("Untrained") and "+4" in line for line in preview.explanation)
    roll = service.rolls.roll(kara.id, "medicine", attribute="agility", faces="trait=8")
    assert (roll["top"], roll["success"], roll["margin"]) == (8, True, 0)
    trained = service.rolls.preview_roll(kara.id, "shooting")
    assert trained.target_number == 4
    assert not any(line.startswith("Untrained") for line in trained.explanation)


def test_exploding_untrained_roll_helped_by_a_skilled_character_has_no_plus_4(make_service):
    service = make_service("exploding")
    kara = _kara(service)
    doc = service.roster.add_character({"name": "Doc", "attributes": {"agility": 6}, "skills": {"medicine": 8}})
    helped = service.rolls.preview_roll(kara.id, None, attribute="agility", helpers=[doc.id])
    assert helped.target_number == 4


def _vanja(service):
    return service.roster.add_character({
        "name": "Vanja", "role": "dog-handler", "attributes": yz(3, 5, 2, 2), "skills": {"sic-a-dog": 2},
    })


def test_myz_sic_a_dog_fighting_rolls_the_dogs_strength_not_the_handlers_agility(make_service):
    service = make_service("myz")
    vanja = _vanja(service)
    preview = service.rolls.preview_roll(vanja.id, "sic-a-dog", skill_modifiers=["fight"])
    assert preview.can_roll and preview.attribute == "strength"
    assert [d["kind"] for d in preview.dice].count("base") == 4  # the dog's Strength 4, not Agility 5
    roll = service.rolls.roll(vanja.id, "sic-a-dog", skill_modifiers=["fight"], faces="base=1,2,3,6 skill=2,3")
    assert (roll["attribute"], roll["successes"]) == ("strength", 1)
    service.rolls.push(roll["id"], faces="base=1,3 skill=4,5")
    service.outcomes.apply_costs(roll["id"])
    after = service.character("Vanja")
    assert after.dog.attributes["strength"].current == 2  # the push hurts the dog
    assert after.attributes["agility"].current == 5


def test_myz_sic_a_dog_with_wits_rolls_the_handlers_wits(make_service):
    service = make_service("myz")
    vanja = _vanja(service)
    preview = service.rolls.preview_roll(vanja.id, "sic-a-dog", attribute="wits", skill_modifiers=["scout"])
    assert preview.can_roll and [d["kind"] for d in preview.dice].count("base") == 2


@pytest.mark.parametrize("attribute", ["agility", "empathy"])
def test_myz_sic_a_dog_refuses_any_other_attribute_in_one_sentence(make_service, attribute):
    service = make_service("myz")
    vanja = _vanja(service)
    preview = service.rolls.preview_roll(vanja.id, "sic-a-dog", attribute=attribute)
    assert not preview.can_roll
    assert "Strength" in preview.reason and "Wits" in preview.reason and attribute in preview.reason
    assert preview.reason.count(". ") == 0
    before = len(service.history.entries())
    with pytest.raises(ValidationError, match="Sic a Dog rolls"):
        service.rolls.roll(vanja.id, "sic-a-dog", attribute=attribute)
    assert len(service.history.entries()) == before


def test_a_name_already_in_the_roster_is_refused_on_add_trimmed_and_case_insensitive(make_service):
    service = make_service("yze")
    service.roster.add_character({"name": "Vasquez", "attributes": yz(3, 3, 3, 3)})
    before = service.campaign.to_dict()
    with pytest.raises(ValidationError, match="already has a character named Vasquez"):
        service.roster.add_character({"name": "  vasquez ", "attributes": yz(2, 2, 2, 2)})
    assert service.campaign.to_dict() == before
    other = service.roster.add_character({"name": " Hicks ", "attributes": yz(2, 2, 2, 2)})
    assert other.name == "Hicks"


def test_a_rename_to_a_name_in_the_roster_is_refused_but_a_case_change_of_ones_own_is_not(make_service):
    service = make_service("yze")
    vasquez = service.roster.add_character({"name": "Vasquez", "attributes": yz(3, 3, 3, 3)})
    hicks = service.roster.add_character({"name": "Hicks", "attributes": yz(2, 2, 2, 2)})
    with pytest.raises(ValidationError, match="already has a character named Vasquez"):
        service.roster.update_character(hicks.id, {"name": "VASQUEZ"})
    assert service.character(hicks.id).name == "Hicks"
    service.roster.update_character(vasquez.id, {"name": "vasquez", "notes": "smartgun"})
    assert service.character(vasquez.id).name == "vasquez"


def test_duplicate_picks_a_free_name_and_refuses_a_taken_one(make_service):
    service = make_service("yze")
    vasquez = service.roster.add_character({"name": "Vasquez", "attributes": yz(3, 3, 3, 3)})
    first = service.roster.duplicate_character(vasquez.id)
    second = service.roster.duplicate_character(vasquez.id)
    assert (first.name, second.name) == ("Vasquez (copy)", "Vasquez (copy 2)")
    with pytest.raises(ValidationError, match="already has a character named Vasquez"):
        service.roster.duplicate_character(first.id, " vasquez")
    with pytest.raises(ValidationError, match="already has a character named Vasquez \\(copy\\)"):
        service.roster.update_character(second.id, {"name": "Vasquez (copy)"})
    names = [c.name.casefold() for c in service.campaign.roster]
    assert len(names) == len(set(names)) == 3


def _hammer(service):
    return service.roster.add_character({"name": "Hammer", "role": "enforcer", "attributes": yz(4, 3, 2, 3),
                                         "skills": {"fight": 2}})


def test_a_console_push_after_a_typed_first_roll_is_not_marked_typed(make_service, reopen):
    service = make_service("myz", seed=5)
    hammer = _hammer(service)
    roll = service.rolls.roll(hammer.id, "fight", faces="base=2,3,4,5 skill=2,3")
    push = service.rolls.push(roll["id"])
    assert push["by_hand"] is False
    again = reopen(service)
    entry = again.history.entry(roll["id"])
    assert entry["by_hand"] is True  # the first roll was typed
    assert entry["by_hand_steps"] == [True, False]
    assert history.typed_steps(entry) == ["first roll"]
    assert history.result_text(entry).endswith("(pushed; typed: first roll)")
    again.undo()
    undone = again.history.entry(roll["id"])
    assert (undone["by_hand"], undone["by_hand_steps"], undone["pushes"]) == (True, [True], 0)


def test_a_typed_push_after_a_console_first_roll_names_the_push_as_typed(make_service):
    service = make_service("myz", seed=5)
    hammer = _hammer(service)
    roll = service.rolls.roll(hammer.id, "fight")
    assert roll["by_hand"] is False and roll["by_hand_steps"] == [False]
    # A push rerolls base dice but 1s and 6s, skill dice but 6s (R-PUSH-1): type that many faces.
    base_rerolled = sum(1 for d in roll["dice"] if d["kind"] == "base" and d["face"] not in (1, 6))
    skill_rerolled = sum(1 for d in roll["dice"] if d["kind"] == "skill" and d["face"] != 6)
    spec = " ".join(part for part in (
        "base=" + ",".join(["2"] * base_rerolled) if base_rerolled else "",
        "skill=" + ",".join(["3"] * skill_rerolled) if skill_rerolled else "") if part)
    push = service.rolls.push(roll["id"], faces=spec)
    assert push["by_hand"] is True
    entry = service.history.entry(roll["id"])
    assert (entry["by_hand"], entry["by_hand_steps"]) == (False, [False, True])
    assert history.result_text(entry).endswith("(pushed; typed: push 1)")


def test_a_roll_typed_at_every_step_reads_as_before(make_service):
    service = make_service("myz")
    hammer = _hammer(service)
    roll = service.rolls.roll(hammer.id, "fight", faces="base=2,3,4,5 skill=2,3")
    service.rolls.push(roll["id"], faces="base=2,3,4,5 skill=2,3")
    entry = service.history.entry(roll["id"])
    assert (entry["by_hand"], entry["by_hand_steps"]) == (True, [True, True])
    assert history.result_text(entry) == "0 successes (pushed)"


def test_R_INIT_1_the_deck_count_after_a_mid_conflict_add_is_the_cards_left(make_service):
    """The pane's "deck N" is the cards left: an add takes one; the draw after the last card opens deck 2."""
    service = make_service("yze", seed=7)
    ids = [service.roster.add_character({"name": f"Crew {n}", "attributes": yz(3, 3, 3, 3)}).id for n in range(11)]
    service.conflict.start_conflict(ids[:9])
    assert (len(service.session.initiative["deck"]), service.session.initiative["decks"]) == (1, 1)
    service.conflict.add_to_conflict(ids[9])
    state = service.session.initiative
    assert (len(state["deck"]), state["decks"], len(state["slots"])) == (0, 1, 10)
    assert sorted(s["value"] for s in state["slots"]) == list(range(1, 11))
    service.conflict.add_to_conflict(ids[10])
    state = service.session.initiative
    assert (len(state["deck"]), state["decks"], len(state["slots"])) == (9, 2, 11)
    service.undo()
    assert (len(service.session.initiative["deck"]), service.session.initiative["decks"]) == (0, 1)


def test_a_form_saved_with_one_field_changed_records_only_that_field(make_service):
    """The gear form sends every field, yet a bonus edit must not read "Flashlight artifact_die, bonus,
    damage, max_bonus, name, notes, quantity, skills changed" in the history. The summary names only what
    really changed, in words; the sheet form likewise."""
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"ranged": 1},
                                        "gear": [{"name": "Flashlight", "bonus": 2, "max_bonus": 2}]})
    item = ann.gear[0]
    everything = {"name": "Flashlight", "bonus": 0, "max_bonus": 2, "damage": item.damage, "notes": item.notes,
                  "quantity": item.quantity, "skills": list(item.skills), "artifact_die": item.artifact_die}
    result = service.roster.update_gear(ann.id, item.id, everything)
    assert result["summary"] == "Ann: Flashlight bonus changed"
    result = service.roster.update_character(ann.id, {"name": "Ann", "kind": "pc", "stress": 2})
    assert result["summary"] == "Ann: stress 0 → 2"  # a number is named with its values
    assert result["changes"] == ["stress"]
    result = service.roster.update_gear(ann.id, item.id, {"max_bonus": 3, "artifact_die": 8})
    assert result["summary"] == "Ann: Flashlight artifact die, max bonus changed"


def test_a_roll_with_neither_skill_nor_attribute_asks_for_the_skill_first(make_service):
    """An opposed defender marked without a skill is asked for the skill, not told to "name the
    attribute": the missing piece is the skill (or, for an attribute roll, the attribute)."""
    service = make_service("yze")
    who = service.roster.add_character({"name": "Dallas Kane", "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                         "empathy": 5}})
    with pytest.raises(ValidationError, match=r"pick the skill \(or name the attribute\) for Dallas Kane's roll"):
        service.rolls.roll(who.id)
