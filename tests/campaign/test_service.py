"""The campaign service through its public API, on a real store in ``tmp_path``.

Each test changes a campaign, then reopens it from disk where it matters, to show the change
(and its history entry) survived.
"""

import errno
import random

import pytest
from campaign_helpers import FROZEN, frozen_clock, yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.service import CampaignService
from gmconsole.rules.errors import RulesError
from gmconsole.store.errors import ReadOnly, WriteFailed


def _myz_party(service):
    hammer = service.roster.add_character({
        "name": "Hammer", "role": "enforcer", "attributes": yz(3, 3, 2, 3),
        "skills": {"fight": 2, "intimidate": 2}, "gear": [{"name": "Spiked bat", "bonus": 1}],
    })
    vanja = service.roster.add_character({
        "name": "Vanja", "role": "dog-handler", "attributes": yz(3, 5, 3, 2), "skills": {"sic-a-dog": 2},
    })
    return hammer, vanja


def test_a_new_campaign_has_session_one_and_the_system_defaults(make_service, reopen):
    service = make_service("yze")
    assert service.session.number == 1
    assert service.session.date == FROZEN.date().isoformat()
    assert service.campaign.settings.push_cost == "stress-dice"
    assert service.campaign.settings.initiative_mode == "cards"
    again = reopen(service)
    assert again.campaign.to_dict() == service.campaign.to_dict()
    assert make_service("tiered").campaign.settings.initiative_mode == "roll"


def test_roster_changes_survive_a_reopen(make_service, reopen):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    service.roster.set_attribute(hammer.id, "strength", current=2)
    service.roster.set_skill(hammer.id, "force", 3)
    twin = service.roster.duplicate_character(hammer.id, "Hammer's twin")
    service.roster.update_character(vanja.id, {"notes": "Frog legs"})
    again = reopen(service)
    names = [c.name for c in again.campaign.roster]
    assert names == ["Hammer", "Hammer's twin", "Vanja"]
    assert again.character("Hammer").attributes["strength"].current == 2
    assert again.character("Hammer").skills["force"] == 3
    assert again.character(twin.id).gear[0].id != hammer.gear[0].id
    assert again.character("Vanja").notes == "Frog legs"
    assert again.character("Vanja").dog is not None
    assert again.character("Vanja").dog.attributes["strength"].current == 4


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "Big", "attributes": yz(7, 3, 3, 3)}, "from 1 to 6"),
        ({"name": "Pro", "attributes": yz(3, 3, 3, 3), "skills": {"fight": 6}}, "from 0 to 5"),
        ({"name": "Odd", "attributes": yz(3, 3, 3, 3), "skills": {"juggling": 1}}, "no skill “juggling”"),
        ({"name": "Thief", "role": "fixer", "attributes": yz(3, 3, 3, 3), "skills": {"jury-rig": 1}},
         "belongs to another role"),
        ({"name": "Pack", "kind": "pc", "count": 3, "attributes": yz(3, 3, 3, 3)}, "only an NPC group"),
        ({"name": "", "attributes": yz(3, 3, 3, 3)}, "needs a name"),
    ],
)
def test_bad_sheets_are_refused_and_nothing_changes(make_service, data, message):
    service = make_service("myz")
    before = service.campaign.to_dict()
    with pytest.raises(ValidationError, match=message):
        service.roster.add_character(data)
    assert service.campaign.to_dict() == before
    assert service.history.filtered() == []


def test_npc_group_keeps_its_count(make_service):
    service = make_service("yze")
    rats = service.roster.add_character({"name": "Rats", "kind": "npc", "count": 6, "attributes": yz(1, 4, 1, 1)})
    assert rats.is_group and rats.count == 6


def test_preview_builds_the_pool_from_the_sheet_and_writes_nothing(make_service):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    entries = len(service.history.entries())
    preview = service.rolls.preview_roll(hammer.id, "fight", gear=["Spiked bat"], helpers=[vanja.id])
    assert [d["kind"] for d in preview.dice].count("base") == 3
    assert [d["kind"] for d in preview.dice].count("skill") == 3
    assert [d.get("source") for d in preview.dice if d["kind"] == "gear"] == ["Spiked bat"]
    assert any("Vanja" in line for line in preview.explanation)
    assert 0 < preview.odds["p_success"] < 1
    assert preview.can_roll and preview.can_push
    assert len(service.history.entries()) == entries


def test_R_HELP_1_a_fourth_helper_is_refused_in_preview_and_roll(make_service):
    service = make_service("yze")
    ids = [service.roster.add_character({"name": n, "attributes": yz(3, 3, 3, 3)}).id for n in "ABCDE"]
    preview = service.rolls.preview_roll(ids[0], "melee", helpers=ids[1:])
    assert not preview.can_roll
    assert "R-HELP-1" in preview.reason
    with pytest.raises(RulesError, match="R-HELP-1"):
        service.rolls.roll(ids[0], "melee", helpers=ids[1:])


def test_R_MYZ_SPEC_role_skill_at_level_zero_cannot_be_rolled(make_service):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    preview = service.rolls.preview_roll(hammer.id, "intimidate")
    assert preview.can_roll
    grease = service.roster.add_character({"name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2)})
    refused = service.rolls.preview_roll(grease.id, "jury-rig")
    assert not refused.can_roll and "R-MYZ-SPEC" in refused.reason


def test_myz_roll_push_costs_apply_and_undo(make_service, reopen):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    roll = service.rolls.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
    assert roll["successes"] == 0 and roll["by_hand"] is True
    assert roll["odds"]["p_success"] > 0
    assert roll["costs_status"] == "none"
    service.rolls.push(roll["id"], faces="base=1,6 skill=3,2 gear=1")
    pushed = service.history.entry(roll["id"])
    assert pushed["successes"] == 1 and pushed["pushes"] == 1
    costs = {c["name"]: c["amount"] for c in pushed["costs"]}
    assert costs == {"trauma": 2, "mutation_points": 2, "gear_damage": 1}
    assert pushed["costs_status"] == "pending"
    # costs wait for the GM's key
    assert service.character("Hammer").attributes["strength"].current == 3
    service.outcomes.apply_costs(roll["id"])
    hammer_now = service.character("Hammer")
    assert hammer_now.attributes["strength"].current == 1
    assert hammer_now.mutation_points == 2
    assert hammer_now.gear[0].bonus == 0
    assert service.history.entry(roll["id"])["costs_status"] == "applied"

    again = reopen(service)
    assert again.character("Hammer").attributes["strength"].current == 1
    again.undo()  # the costs
    assert again.character("Hammer").attributes["strength"].current == 3
    assert again.history.entry(roll["id"])["costs_status"] == "pending"
    again.undo()  # the push
    assert again.history.entry(roll["id"])["successes"] == 0
    again.undo()  # the roll
    assert [e["kind"] for e in again.history.filtered()] == ["roster", "roster"]
    assert [e["status"] for e in again.history.filtered(kind="roll", include_undone=True)] == ["undone"]
    again.redo()
    again.redo()
    again.redo()
    assert again.character("Hammer").attributes["strength"].current == 1
    assert again.history.entry(roll["id"])["costs_status"] == "applied"


def test_myz_sic_a_dog_fight_push_hurts_the_dog_not_the_handler(make_service):
    service = make_service("myz")
    _, vanja = _myz_party(service)
    roll = service.rolls.roll(vanja.id, "sic-a-dog", skill_modifiers=["fight"], faces="base=1,2,3,4 skill=2,3")
    service.rolls.push(roll["id"], faces="base=1,2,3 skill=4,5")
    service.outcomes.apply_costs(roll["id"])
    after = service.character("Vanja")
    assert after.dog.attributes["strength"].current == 2
    assert after.attributes["strength"].current == 3
    assert after.mutation_points == 0


def test_myz_sic_a_dog_scouting_rolls_the_handlers_wits_and_pushes_normally(make_service):
    """Seed 000, Sic a Dog scouting: "You can push the roll normally" — trauma to Wits, mutation points."""
    service = make_service("myz")
    _, vanja = _myz_party(service)
    roll = service.rolls.roll(vanja.id, "sic-a-dog", skill_modifiers=["scout"], faces="base=1,2,3 skill=2,3")
    assert [d["kind"] for d in roll["pool"]["dice"]].count("base") == 3
    service.rolls.push(roll["id"], faces="base=2,4 skill=1,5")
    service.outcomes.apply_costs(roll["id"])
    after = service.character("Vanja")
    assert after.dog.attributes["strength"].current == 4
    assert after.attributes["wits"].current == 1
    assert after.mutation_points == 2


def test_R_PUSH_2_a_reactive_roll_cannot_be_pushed(make_service):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    roll = service.rolls.roll(hammer.id, "fight", reactive=True, faces="base=2,3,4 skill=2,5")
    with pytest.raises(RulesError, match="R-PUSH-2"):
        service.rolls.push(roll["id"])


def test_yze_stress_dice_push_and_R_PUSH_3_panic_on_a_stress_one(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1},
                                        "stress": 1})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3)})
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3 skill=4 stress=2")
    assert [d["kind"] for d in roll["dice"]].count("stress") == 1
    service.rolls.push(roll["id"], faces="base=3,4 skill=5 stress=3,1")
    pushed = service.history.entry(roll["id"])
    # the push's +1 stress is paid at once (docs/RULES.md stress-dice): only the panic waits
    assert [c["name"] for c in pushed["costs"]] == ["panic"]
    assert service.character("Ann").stress == 2
    assert pushed["can_push"] is False
    service.outcomes.apply_costs(roll["id"], in_range=[bo.id], panic_face=5)
    ann_now, bo_now = service.character("Ann"), service.character("Bo")
    # stress 1 + 1 for the push = 2; panic 5 + 2 = 7, nervous twitch: Ann +1, Bo (in range) +1
    assert ann_now.panic.effect == "nervous-twitch"
    assert ann_now.stress == 3
    assert bo_now.stress == 1
    service.undo()
    assert service.character("Ann").stress == 2 and service.character("Ann").panic is None
    assert service.character("Bo").stress == 0
    service.undo()
    assert service.character("Ann").stress == 1


def test_R_PUSH_stress_dice_push_raises_stress_at_once_and_undo_takes_it_back(make_service, reopen):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1},
                                        "stress": 1})
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3 skill=4 stress=2")
    push = service.rolls.push(roll["id"], faces="base=3,4 skill=5 stress=3,2")
    assert push["stress_gained"] == 1 and "stress +1 → 2" in push["summary"]
    assert service.character("Ann").stress == 2
    assert service.history.entry(roll["id"])["costs_status"] == "none"
    assert service.history.entry(roll["id"])["stress_paid"] == 1
    service = reopen(service)
    assert service.character("Ann").stress == 2
    service.undo()
    assert service.character("Ann").stress == 1
    assert service.history.entry(roll["id"])["pushes"] == 0
    service.redo()
    assert service.character("Ann").stress == 2


def test_R_PANIC_1_scream_chains_panic_rolls_for_those_in_range_only(make_service):
    service = make_service("yze", seed=3)
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 6})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "stress": 6})
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3), "stress": 6})
    entry = service.trackers.panic_roll(ann.id, in_range=[bo.id], face=6)
    assert entry["panic"]["effect"] == "scream"
    assert service.character("Ann").stress == 5
    chained = [r["character"] for r in entry["panic"]["rolls"][1:]]
    assert chained == ["Bo"]
    assert service.character("Bo").panic is not None
    assert service.character(cy.id).panic is None


def test_R_PANIC_2_escalation_setting_raises_a_lower_total(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 3})
    service.trackers.panic_roll(ann.id, face=6)  # 9: drop item
    service.trackers.panic_roll(ann.id, face=5)  # 8: tremble replaces it
    assert service.character("Ann").panic.effect == "tremble"
    service.trackers.panic_roll(ann.id, face=1)  # 4: keeping it together, the tremble stays
    assert service.character("Ann").panic.total == 8
    service.setup.update_settings({"panic_escalation": True})
    service.trackers.panic_roll(ann.id, face=2)  # 5 is not above 8: becomes 9
    assert (service.character("Ann").panic.total, service.character("Ann").panic.effect) == (9, "drop-item")


def test_rest_clears_stress_and_panic(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 4})
    service.trackers.panic_roll(ann.id, face=6)
    service.trackers.rest()
    assert service.character("Ann").stress == 0 and service.character("Ann").panic is None


def test_trackers_and_doom_and_clocks(make_service, reopen):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.trackers.change_stress(ann.id, +2)
    service.trackers.change_tracker(ann.id, "willpower", 3)
    service.trackers.apply_trauma(ann.id, "agility", 2)
    service.trackers.heal(ann.id, "agility", 1)
    service.trackers.add_condition(ann.id, "Tired")
    service.trackers.change_doom(+2)
    clock = service.trackers.add_clock("Reactor meltdown", 6)
    service.trackers.advance_clock(clock.id, 2)
    with pytest.raises(ValidationError, match="clock"):
        service.trackers.advance_clock(clock.id, 5)
    with pytest.raises(ValidationError, match="cannot lose"):
        service.trackers.change_doom(-3)
    with pytest.raises(ValidationError, match="4, 6 or 8"):
        service.trackers.add_clock("Bad", 5)
    again = reopen(service)
    ann_now = again.character("Ann")
    assert (ann_now.stress, ann_now.willpower, ann_now.attributes["agility"].current) == (2, 3, 2)
    assert ann_now.conditions == ["tired"]
    assert again.session.doom == 2
    assert again.session.clock(clock.id).filled == 2


def test_conditions_push_cost_gives_the_chosen_condition_and_costs_a_die(make_service):
    service = make_service("yze")
    service.setup.update_settings({"push_cost": "conditions"})
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 2}})
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=2,5")
    service.rolls.push(roll["id"], faces="base=2,3,4 skill=2,6", condition="Angry")
    service.outcomes.apply_costs(roll["id"])
    assert service.character("Ann").conditions == ["angry"]
    preview = service.rolls.preview_roll(ann.id, "melee")
    assert [d["kind"] for d in preview.dice].count("skill") == 1


def test_doom_push_cost_feeds_the_doom_pool(make_service):
    service = make_service("yze-step")
    service.setup.update_settings({"push_cost": "doom"})
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(8, 8, 8, 8), "skills": {"melee": 10}})
    roll = service.rolls.roll(ann.id, "melee", faces="step=2,3")
    assert roll["successes"] == 0
    service.rolls.push(roll["id"], faces="step=6,10")
    assert service.history.entry(roll["id"])["successes"] == 3
    service.outcomes.apply_costs(roll["id"])
    assert service.session.doom == 1


def test_R_REPAIR_1_repairs_and_failed_repairs(make_service):
    service = make_service("myz")
    grease = service.roster.add_character({
        "name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2), "skills": {"jury-rig": 2},
        "gear": [{"name": "Rifle", "bonus": 3}, {"name": "Rope", "bonus": 1}],
    })
    rifle, rope = grease.gear
    service.roster.damage_gear(grease.id, rifle.id, 2)
    service.roster.repair_gear(grease.id, rifle.id, 1)
    assert service.character("Grease").gear_item("Rifle").bonus == 3
    service.roster.damage_gear(grease.id, rifle.id, 2)
    service.roster.repair_gear(grease.id, rifle.id, 0)
    repaired = service.character("Grease").gear_item("Rifle")
    assert (repaired.max_bonus, repaired.bonus) == (1, 1)
    service.roster.damage_gear(grease.id, rope.id)
    service.roster.repair_gear(grease.id, rope.id, 0)
    assert service.character("Grease").gear_item("Rope").destroyed


def test_tiered_limited_gives_xp_and_push_yourself_spends_stamina(make_service, reopen):
    service = make_service("tiered")
    aldric = service.roster.add_character({
        "name": "Aldric", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 1},
        "skills": {"swords": 1}, "stamina": 10, "stamina_max": 10,
    })
    roll = service.rolls.roll(aldric.id, "swords", attribute="str", faces="dice=1,2,3")
    assert roll["tier"] == "limited"
    assert service.character("Aldric").xp == 1
    great = service.rolls.roll(aldric.id, "swords", attribute="str", push_yourself=True, faces="dice=1,2,3,6")
    assert great["tier"] == "great"
    again = reopen(service)
    assert again.character("Aldric").stamina == 8
    again.undo()
    again.undo()
    assert (again.character("Aldric").xp, again.character("Aldric").stamina) == (0, 10)


def test_R_TIER_1_a_third_bonus_die_is_refused(make_service):
    service = make_service("tiered")
    aldric = service.roster.add_character({"name": "Aldric", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0,
                                                                            "per": 1}})
    assert not service.rolls.preview_roll(aldric.id, None, attribute="str", bonus_dice=3).can_roll


def test_exploding_roll_records_top_and_margin_with_wounds_on_the_tn(make_service):
    service = make_service("exploding")
    kara = service.roster.add_character({"name": "Kara", "attributes": {"agility": 8}, "skills": {"shooting": 6},
                                         "wounds": 1})
    preview = service.rolls.preview_roll(kara.id, "shooting")
    assert preview.target_number == 5  # moderate 4 + 1 wound
    roll = service.rolls.roll(kara.id, "shooting", faces="skill=2,3 trait=5")
    assert (roll["top"], roll["margin"], roll["success"]) == (5, 0, True)
    untrained = service.rolls.preview_roll(kara.id, "piloting")
    assert untrained.target_number == 9  # untrained +4
    assert [d["kind"] for d in untrained.dice] == ["trait"]


def test_only_one_chance_warning_until_a_new_scene(make_service):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    assert service.rolls.preview_roll(hammer.id, "fight", goal="the door").warnings == []
    service.rolls.roll(hammer.id, "fight", goal="the door", faces="base=2,3,4 skill=2,5")
    warned = service.rolls.preview_roll(hammer.id, "fight", goal="the door")
    assert any("only one chance" in w for w in warned.warnings)
    assert warned.can_roll
    with pytest.raises(ValidationError, match="what changed"):
        service.rolls.change_of_circumstances(hammer.id, "fight", " ", goal="the door")
    service.rolls.change_of_circumstances(hammer.id, "fight", "found a crowbar", goal="the door")
    assert service.rolls.preview_roll(hammer.id, "fight", goal="the door").warnings == []
    service.undo()
    assert service.rolls.preview_roll(hammer.id, "fight", goal="the door").warnings != []
    service.sessions.new_scene()
    assert service.rolls.preview_roll(hammer.id, "fight", goal="the door").warnings == []


def test_initiative_cards_in_the_service_is_recorded_and_undoable(make_service, reopen):
    service = make_service("yze", seed=11)
    ids = [service.roster.add_character({"name": n, "attributes": yz(3, 3, 3, 3)}).id for n in ("Ann", "Bo", "Cy")]
    service.conflict.start_conflict(ids[:2], speeds={ids[0]: 2})
    state = service.session.initiative
    assert state["mode"] == "cards" and len(state["slots"]) == 3
    service.conflict.next_turn()
    service.conflict.add_to_conflict(ids[2], keep_best_of=2)
    service.conflict.swap_initiative(ids[0], ids[1])
    service.conflict.delay_turn()
    again = reopen(service, rng=random.Random(2))
    assert again.session.initiative["round"] >= 1
    kinds = [e["step"] for e in reversed(again.history.filtered(kind="initiative"))]
    assert kinds == ["start", "next", "add", "swap", "delay"]
    again.conflict.end_conflict()
    assert again.session.initiative is None
    for _ in range(6):
        again.undo()
    assert again.session.initiative is None
    assert again.history.filtered(kind="initiative") == []


def test_initiative_roll_mode_uses_agility_and_manual_order(make_service):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    entry = service.conflict.start_conflict([hammer.id, vanja.id])
    assert entry["mode"] == "roll"
    totals = {j["character"]: j["total"] for j in entry["joins"]}
    assert totals["Vanja"] - 5 in range(1, 7) and totals["Hammer"] - 3 in range(1, 7)
    service.conflict.end_conflict()
    service.conflict.start_conflict([hammer.id, vanja.id], mode="manual", order=[vanja.id, hammer.id])
    assert [s["combatant"] for s in service.session.initiative["slots"]] == [vanja.id, hammer.id]


def test_removing_a_character_takes_them_out_of_the_conflict(make_service):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    service.conflict.start_conflict([hammer.id, vanja.id])
    service.roster.remove_character(hammer.id)
    assert [s["combatant"] for s in service.session.initiative["slots"]] == [vanja.id]
    service.undo()
    assert len(service.session.initiative["slots"]) == 2


def test_new_session_carries_doom_and_clocks_and_history_filters(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}})
    service.trackers.change_doom(1)
    service.rolls.roll(ann.id, "melee", faces="base=6,2,3 skill=4")
    session = service.sessions.new_session("2026-03-21")
    assert (session.number, session.doom) == (2, 1)
    service.rolls.roll(ann.id, "melee", faces="base=6,6,3 skill=4")
    rolls = service.history.filtered(kind="roll")
    assert [e["successes"] for e in rolls] == [2, 1]
    assert [e["session"] for e in service.history.filtered(session=2, kind="roll")] == [2]
    assert len(service.history.filtered(character="ann", skill="melee")) == 2
    markdown = service.history.export_session(1, "markdown")
    assert "| Ann | roll | Melee | 1 success |" in markdown.replace("  ", " ")
    csv_text = service.history.export_session(1, "csv")
    assert csv_text.splitlines()[0] == "at,session,character,kind,skill,result,dice,summary"
    assert any(",Ann,roll,Melee,1 success,base 6 2 3 · skill 4," in line for line in csv_text.splitlines())
    assert "| 1 success | base 6 2 3 · skill 4 |" in markdown  # each roll's faces, by kind


def test_a_failed_write_leaves_the_campaign_as_it_was(make_service, monkeypatch):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    before = service.campaign.to_dict()
    store = service._store

    def full_disk(state):
        raise WriteFailed(store.path / "campaign.json", OSError(errno.ENOSPC, "No space left on device"))

    monkeypatch.setattr(store, "save_state", full_disk)
    with pytest.raises(WriteFailed, match="No space left"):
        service.trackers.change_stress(ann.id, 1)
    assert service.campaign.to_dict() == before
    assert not service.can_redo
    monkeypatch.undo()
    service.trackers.change_stress(ann.id, 1)
    assert service.character("Ann").stress == 1
    assert [e["kind"] for e in service.history.filtered()] == ["stress", "roster"]


def test_a_second_window_writes_too_or_looks_read_only(make_service, tmp_path):
    service = make_service("yze", name="Shared")
    service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    second = CampaignService.open(tmp_path, "Shared", clock=frozen_clock, source="console")
    try:
        second.trackers.change_stress("Ann", 1)  # made on top of the first window's change
        service.trackers.change_stress("Ann", 1)  # and this one on top of the second's
        assert service.character("Ann").stress == 2
        assert second.character("Ann").stress == 1 and second.reload()  # until it reads the first window's change
        assert second.character("Ann").stress == 2
    finally:
        second.close()
    viewer = CampaignService.open(tmp_path, "Shared", read_only=True, clock=frozen_clock)
    try:
        assert viewer.read_only
        assert viewer.character("Ann").name == "Ann"
        with pytest.raises(ReadOnly):
            viewer.trackers.change_stress("Ann", 1)
    finally:
        viewer.close()


def test_nothing_to_undo_or_redo_is_said_clearly(make_service):
    service = make_service("tiered")
    with pytest.raises(ValidationError, match="nothing to undo"):
        service.undo()
    with pytest.raises(ValidationError, match="nothing to redo"):
        service.redo()


def test_a_new_change_clears_redo(make_service):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.trackers.change_stress(ann.id, 1)
    service.undo()
    assert service.can_redo and service.redo_label() == "Ann: stress 0 → 1 (+1)"
    service.trackers.change_stress(ann.id, 2)
    assert not service.can_redo
    assert service.undo_label() == "Ann: stress 0 → 2 (+2)"


def test_listeners_hear_every_change_undo_and_redo(make_service):
    service = make_service("yze")
    heard = []
    stop = service.subscribe(lambda entry: heard.append((entry["kind"], entry["status"])))
    service.trackers.change_doom(1)
    service.undo()
    service.redo()
    stop()
    service.trackers.change_doom(1)
    assert heard == [("doom", "done"), ("doom", "undone"), ("doom", "done")]


def test_tiered_consequences_are_one_key_choices(make_service):
    service = make_service("tiered")
    wren = service.roster.add_character({
        "name": "Wren", "attributes": {"str": 0, "dex": 2, "int": 1, "cha": 1, "per": 2}, "skills": {"stealth": 1},
        "stamina": 8, "stamina_max": 8, "gear": [{"name": "Lockpicks", "bonus": 1}],
    })
    alarm = service.trackers.add_clock("Alarm", 4)
    great = service.rolls.roll(wren.id, "stealth", attribute="dex", faces="dice=2,6,3,1")
    with pytest.raises(ValidationError, match="Mixed or Limited"):
        service.outcomes.apply_consequence(great["id"], "damage")
    mixed = service.rolls.roll(wren.id, "stealth", attribute="dex", gear=["Lockpicks"], faces="dice=2,5,3,1,1")
    assert mixed["tier"] == "mixed"
    service.outcomes.apply_consequence(mixed["id"], "damage", wound=True)
    service.outcomes.apply_consequence(mixed["id"], "complication", clock_id=alarm.id)
    service.outcomes.apply_consequence(mixed["id"], "lost-gear")
    after = service.character("Wren")
    assert (after.stamina, after.wounds, after.gear_item("Lockpicks").bonus) == (6, 1, 0)
    assert service.session.clock(alarm.id).filled == 1
    assert service.history.entry(mixed["id"])["consequences_chosen"] == ["damage", "complication", "lost-gear"]
    service.undo()
    assert service.history.entry(mixed["id"])["consequences_chosen"] == ["damage", "complication"]


def test_R_REPAIR_1_from_a_recorded_jury_rig_roll(make_service):
    service = make_service("myz")
    grease = service.roster.add_character({
        "name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2), "skills": {"jury-rig": 2},
        "gear": [{"name": "Rifle", "bonus": 3}],
    })
    rifle = grease.gear[0]
    service.roster.damage_gear(grease.id, rifle.id, 2)
    failed = service.rolls.roll(grease.id, "jury-rig", faces="base=1,2,3,4 skill=2,3")
    service.outcomes.repair_with_roll(failed["id"], rifle.id)
    assert (service.character("Grease").gear[0].bonus, service.character("Grease").gear[0].max_bonus) == (1, 1)
    service.undo()
    success = service.rolls.roll(grease.id, "jury-rig", faces="base=6,2,3,4 skill=2,3")
    service.outcomes.repair_with_roll(success["id"], rifle.id)
    assert (service.character("Grease").gear[0].bonus, service.character("Grease").gear[0].max_bonus) == (3, 3)


def test_a_crash_before_the_state_is_saved_leaves_no_phantom_entry(make_service, reopen, monkeypatch):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    store = service._store

    def killed(state):
        raise SystemExit("terminal killed")

    monkeypatch.setattr(store, "save_state", killed)
    with pytest.raises(SystemExit):
        service.trackers.change_stress(ann.id, 2)
    monkeypatch.undo()
    again = reopen(service)
    assert again.character("Ann").stress == 0
    assert [e["kind"] for e in again.history.filtered()] == ["roster"]
    assert [e["status"] for e in again.history.entries()] == ["done", "failed"]
    again.undo()
    assert again.campaign.roster == []


def test_a_crash_after_the_state_is_saved_finishes_the_entry_updates(make_service, reopen, monkeypatch):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    roll = service.rolls.roll(hammer.id, "fight", faces="base=1,3,4 skill=2,5")
    store = service._store

    def killed(session, entry_id, fields):
        raise SystemExit("terminal killed")

    monkeypatch.setattr(store, "update_entry", killed)
    with pytest.raises(SystemExit):
        service.rolls.push(roll["id"], faces="base=6,6 skill=1,2")
    monkeypatch.undo()
    again = reopen(service)
    assert again.history.entry(roll["id"])["successes"] == 2
    assert again.history.entry(roll["id"])["pushes"] == 1
    assert [e["kind"] for e in again.history.filtered()][:2] == ["push", "roll"]


def test_opening_after_a_clean_close_reads_no_history_and_a_crash_still_recovers(make_service, reopen, monkeypatch):
    from gmconsole.store.campaign_store import CampaignStore

    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.trackers.change_stress(ann.id, 1)
    reads = []
    read_chunk = CampaignStore._read_chunk
    monkeypatch.setattr(
        CampaignStore, "_read_chunk", lambda store, *where: reads.append(where) or read_chunk(store, *where)
    )
    again = reopen(service)
    assert reads == []  # closed cleanly: nothing to recover, no history read to open it
    assert again.character("Ann").stress == 1 and again.can_undo

    def killed(state):
        raise SystemExit("terminal killed")

    monkeypatch.setattr(again._store, "save_state", killed)
    with pytest.raises(SystemExit):
        again.trackers.change_stress(ann.id, 1)
    monkeypatch.setattr(again._store, "save_state", CampaignStore.save_state.__get__(again._store))
    third = reopen(again)
    assert reads  # not closed cleanly: the newest entries were checked
    assert [e["status"] for e in third.history.entries()] == ["done", "done", "failed"]
    assert third.character("Ann").stress == 1


def test_undo_reaches_back_a_bounded_number_of_changes(make_service, monkeypatch):
    from gmconsole.campaign import ledger as ledger_module

    monkeypatch.setattr(ledger_module, "MAX_UNDO", 3)
    service = make_service("yze")
    for _ in range(5):
        service.trackers.change_doom(1)
    assert service.undo_count == 3
    for _ in range(3):
        service.undo()
    assert service.session.doom == 2 and not service.can_undo


def _myz_roles_party(service):
    quill = service.roster.add_character({"name": "Quill", "role": "chronicler", "attributes": yz(2, 3, 4, 5),
                                          "skills": {"inspire": 2, "heal": 2}})
    slave = service.roster.add_character({"name": "Tug", "role": "slave", "attributes": yz(5, 3, 2, 2),
                                          "skills": {"shake-it-off": 2}})
    return quill, slave


def test_myz_mend_the_broken_recovers_points_equal_to_the_sixes(make_service):
    service = make_service("myz")
    quill, tug = _myz_roles_party(service)
    service.trackers.apply_trauma(tug.id, "strength", 5)
    assert service.character("Tug").broken
    heal = service.rolls.roll(quill.id, "heal", faces="base=6,6,2,3,4 skill=1,2")
    service.outcomes.mend_the_broken(heal["id"], tug.id, "strength")
    assert service.character("Tug").attributes["strength"].current == 2
    with pytest.raises(ValidationError, match="not broken"):
        service.outcomes.mend_the_broken(heal["id"], tug.id, "strength")


def test_myz_shake_it_off_takes_only_the_trauma_left(make_service):
    service = make_service("myz")
    _, tug = _myz_roles_party(service)
    roll = service.rolls.roll(tug.id, "shake-it-off", faces="base=6,2,3,4,5 skill=2,3")
    service.outcomes.shake_it_off(roll["id"], "strength", 3)
    assert service.character("Tug").attributes["strength"].current == 3


def test_myz_inspire_adds_its_sixes_to_the_helped_roll_and_undoes(make_service):
    service = make_service("myz")
    quill, tug = _myz_roles_party(service)
    inspire = service.rolls.roll(quill.id, "inspire", faces="base=6,6,1,2,3 skill=4,5")
    helped = service.rolls.roll(tug.id, "fight", faces="base=6,2,3,4,5")
    service.outcomes.inspire(inspire["id"], helped["id"])
    assert service.history.entry(helped["id"])["successes"] == 3
    assert service.history.entry(helped["id"])["inspired"]["by"] == "Quill"
    service.undo()
    assert service.history.entry(helped["id"])["successes"] == 1


def test_a_corrupt_history_file_does_not_stop_the_campaign_opening(make_service, reopen, tmp_path):
    from gmconsole.store.errors import CorruptFile

    service = make_service("myz", name="Damaged")
    hammer, _ = _myz_party(service)
    service.rolls.roll(hammer.id, "fight", faces="base=6,2,3 skill=2,5")
    chunk = next((tmp_path / "Damaged" / "history").rglob("entries-*.json"))
    chunk.write_text("{ not json", encoding="utf-8")
    again = reopen(service)
    assert again.character("Hammer").name == "Hammer"
    assert again.rolls.preview_roll(hammer.id, "fight").can_roll
    with pytest.raises(CorruptFile):
        again.history.filtered()


def test_yze_step_damage_steps_the_attribute_die_down(make_service):
    service = make_service("yze-step")
    ilsa = service.roster.add_character({"name": "Ilsa", "attributes": yz(8, 10, 8, 6), "skills": {"ranged": 10}})
    service.trackers.apply_trauma(ilsa.id, "agility", 1)
    assert service.character("Ilsa").attributes["agility"].current == 8
    preview = service.rolls.preview_roll(ilsa.id, "ranged")
    assert sorted(d["sides"] for d in preview.dice if d["kind"] == "step") == [8, 10]
    service.trackers.apply_trauma(ilsa.id, "agility", 2)
    assert service.character("Ilsa").broken
    assert not service.rolls.preview_roll(ilsa.id, "ranged").can_roll
    service.trackers.heal(ilsa.id, "agility", 2)
    assert service.character("Ilsa").attributes["agility"].current == 8


def test_tiered_saving_throw_uses_the_sheet_scores_R_TIER_3(make_service):
    service = make_service("tiered")
    maelis = service.roster.add_character({"name": "Maelis", "attributes": {"str": 0, "dex": 1, "int": 3, "cha": 1,
                                                                            "per": 1},
                                           "level": 2})
    # MENT = 10 - 3 - 1 - 1 = 5: 5 succeeds, 10 is critical, 4 fails
    assert service.rolls.saving_throw(maelis.id, "ment", faces="dice=2,3")["outcome"] == "success"
    assert service.rolls.saving_throw(maelis.id, "ment", faces="dice=4,6")["outcome"] == "critical"
    assert service.rolls.saving_throw(maelis.id, "ment", faces="dice=1,3")["outcome"] == "failure"
    service.setup.update_settings({"tiered_strict_over": True})
    assert service.rolls.saving_throw(maelis.id, "ment", faces="dice=2,3")["outcome"] == "failure"


def test_tiered_attack_damage_by_tier_R_TIER_4(make_service):
    service = make_service("tiered")
    aldric = service.roster.add_character({"name": "Aldric", "attributes": {"str": 2, "dex": 1, "int": 0, "cha": 1,
                                                                            "per": 1},
                                           "class_bonus": 1, "gear": [{"name": "Longsword", "damage": 6}]})
    great = service.rolls.attack(aldric.id, "Longsword", faces="dice=6,2,3")
    assert (great["tier"], great["damage"]) == ("great", 8)
    reckless = service.rolls.attack(aldric.id, "Longsword", reckless=True, faces="dice=4,2,3")
    assert (reckless["tier"], reckless["damage"]) == ("great", 8)
    assert [e["kind"] for e in service.history.filtered(character="Aldric")][:2] == ["attack", "attack"]


@pytest.mark.parametrize("system", ["myz", "tiered", "exploding"])
def test_rest_is_refused_where_the_system_keeps_no_stress(make_service, system):
    """Tracker ``r`` in myz and tiered is refused: a rest there would record "rest: … back to 0 stress"
    and change nothing. R-PANIC-1's rest belongs to the systems with stress and a panic table."""
    service = make_service(system)
    before = len(service.history.filtered(include_undone=True))
    with pytest.raises(ValidationError, match="keeps neither"):
        service.trackers.rest()
    assert len(service.history.filtered(include_undone=True)) == before
