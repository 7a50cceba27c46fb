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
from gmconsole.store.errors import CampaignLocked, ReadOnly, WriteFailed


def _myz_party(service):
    hammer = service.add_character({
        "name": "Hammer", "role": "enforcer", "attributes": yz(3, 3, 2, 3),
        "skills": {"fight": 2, "intimidate": 2}, "gear": [{"name": "Spiked bat", "bonus": 1}],
    })
    vanja = service.add_character({
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
    service.set_attribute(hammer.id, "strength", current=2)
    service.set_skill(hammer.id, "force", 3)
    twin = service.duplicate_character(hammer.id, "Hammer's twin")
    service.update_character(vanja.id, {"notes": "Frog legs"})
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
        service.add_character(data)
    assert service.campaign.to_dict() == before
    assert service.history() == []


def test_npc_group_keeps_its_count(make_service):
    service = make_service("yze")
    rats = service.add_character({"name": "Rats", "kind": "npc", "count": 6, "attributes": yz(1, 4, 1, 1)})
    assert rats.is_group and rats.count == 6


def test_preview_builds_the_pool_from_the_sheet_and_writes_nothing(make_service):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    entries = len(service.entries())
    preview = service.preview_roll(hammer.id, "fight", gear=["Spiked bat"], helpers=[vanja.id])
    assert [d["kind"] for d in preview.dice].count("base") == 3
    assert [d["kind"] for d in preview.dice].count("skill") == 3
    assert [d.get("source") for d in preview.dice if d["kind"] == "gear"] == ["Spiked bat"]
    assert any("Vanja" in line for line in preview.explanation)
    assert 0 < preview.odds["p_success"] < 1
    assert preview.can_roll and preview.can_push
    assert len(service.entries()) == entries


def test_R_HELP_1_a_fourth_helper_is_refused_in_preview_and_roll(make_service):
    service = make_service("yze")
    ids = [service.add_character({"name": n, "attributes": yz(3, 3, 3, 3)}).id for n in "ABCDE"]
    preview = service.preview_roll(ids[0], "melee", helpers=ids[1:])
    assert not preview.can_roll
    assert "R-HELP-1" in preview.reason
    with pytest.raises(RulesError, match="R-HELP-1"):
        service.roll(ids[0], "melee", helpers=ids[1:])


def test_R_MYZ_SPEC_role_skill_at_level_zero_cannot_be_rolled(make_service):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    preview = service.preview_roll(hammer.id, "intimidate")
    assert preview.can_roll
    grease = service.add_character({"name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2)})
    refused = service.preview_roll(grease.id, "jury-rig")
    assert not refused.can_roll and "R-MYZ-SPEC" in refused.reason


def test_myz_roll_push_costs_apply_and_undo(make_service, reopen):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    roll = service.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
    assert roll["successes"] == 0 and roll["by_hand"] is True
    assert roll["odds"]["p_success"] > 0
    assert roll["costs_status"] == "none"
    service.push(roll["id"], faces="base=1,6 skill=3,2 gear=1")
    pushed = service.entry(roll["id"])
    assert pushed["successes"] == 1 and pushed["pushes"] == 1
    costs = {c["name"]: c["amount"] for c in pushed["costs"]}
    assert costs == {"trauma": 2, "mutation_points": 2, "gear_damage": 1}
    assert pushed["costs_status"] == "pending"
    # costs wait for the GM's key
    assert service.character("Hammer").attributes["strength"].current == 3
    service.apply_costs(roll["id"])
    hammer_now = service.character("Hammer")
    assert hammer_now.attributes["strength"].current == 1
    assert hammer_now.mutation_points == 2
    assert hammer_now.gear[0].bonus == 0
    assert service.entry(roll["id"])["costs_status"] == "applied"

    again = reopen(service)
    assert again.character("Hammer").attributes["strength"].current == 1
    again.undo()  # the costs
    assert again.character("Hammer").attributes["strength"].current == 3
    assert again.entry(roll["id"])["costs_status"] == "pending"
    again.undo()  # the push
    assert again.entry(roll["id"])["successes"] == 0
    again.undo()  # the roll
    assert [e["kind"] for e in again.history()] == ["roster", "roster"]
    assert [e["status"] for e in again.history(kind="roll", include_undone=True)] == ["undone"]
    again.redo()
    again.redo()
    again.redo()
    assert again.character("Hammer").attributes["strength"].current == 1
    assert again.entry(roll["id"])["costs_status"] == "applied"


def test_myz_sic_a_dog_fight_push_hurts_the_dog_not_the_handler(make_service):
    service = make_service("myz")
    _, vanja = _myz_party(service)
    roll = service.roll(vanja.id, "sic-a-dog", skill_modifiers=["fight"], faces="base=1,2,3,4 skill=2,3")
    service.push(roll["id"], faces="base=1,2,3 skill=4,5")
    service.apply_costs(roll["id"])
    after = service.character("Vanja")
    assert after.dog.attributes["strength"].current == 2
    assert after.attributes["strength"].current == 3
    assert after.mutation_points == 0


def test_myz_sic_a_dog_scouting_rolls_the_handlers_wits_and_pushes_normally(make_service):
    """Seed 000, Sic a Dog scouting: "You can push the roll normally" — trauma to Wits, mutation points."""
    service = make_service("myz")
    _, vanja = _myz_party(service)
    roll = service.roll(vanja.id, "sic-a-dog", skill_modifiers=["scout"], faces="base=1,2,3 skill=2,3")
    assert [d["kind"] for d in roll["pool"]["dice"]].count("base") == 3
    service.push(roll["id"], faces="base=2,4 skill=1,5")
    service.apply_costs(roll["id"])
    after = service.character("Vanja")
    assert after.dog.attributes["strength"].current == 4
    assert after.attributes["wits"].current == 1
    assert after.mutation_points == 2


def test_R_PUSH_2_a_reactive_roll_cannot_be_pushed(make_service):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    roll = service.roll(hammer.id, "fight", reactive=True, faces="base=2,3,4 skill=2,5")
    with pytest.raises(RulesError, match="R-PUSH-2"):
        service.push(roll["id"])


def test_yze_stress_dice_push_and_R_PUSH_3_panic_on_a_stress_one(make_service):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1}, "stress": 1})
    bo = service.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3)})
    roll = service.roll(ann.id, "melee", faces="base=2,3 skill=4 stress=2")
    assert [d["kind"] for d in roll["dice"]].count("stress") == 1
    service.push(roll["id"], faces="base=3,4 skill=5 stress=3,1")
    pushed = service.entry(roll["id"])
    # the push's +1 stress is paid at once (docs/RULES.md stress-dice): only the panic waits
    assert [c["name"] for c in pushed["costs"]] == ["panic"]
    assert service.character("Ann").stress == 2
    assert pushed["can_push"] is False
    service.apply_costs(roll["id"], in_range=[bo.id], panic_face=5)
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
    ann = service.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1}, "stress": 1})
    roll = service.roll(ann.id, "melee", faces="base=2,3 skill=4 stress=2")
    push = service.push(roll["id"], faces="base=3,4 skill=5 stress=3,2")
    assert push["stress_gained"] == 1 and "stress +1 → 2" in push["summary"]
    assert service.character("Ann").stress == 2
    assert service.entry(roll["id"])["costs_status"] == "none" and service.entry(roll["id"])["stress_paid"] == 1
    service = reopen(service)
    assert service.character("Ann").stress == 2
    service.undo()
    assert service.character("Ann").stress == 1
    assert service.entry(roll["id"])["pushes"] == 0
    service.redo()
    assert service.character("Ann").stress == 2


def test_R_PANIC_1_scream_chains_panic_rolls_for_those_in_range_only(make_service):
    service = make_service("yze", seed=3)
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 6})
    bo = service.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "stress": 6})
    cy = service.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3), "stress": 6})
    entry = service.panic_roll(ann.id, in_range=[bo.id], face=6)
    assert entry["panic"]["effect"] == "scream"
    assert service.character("Ann").stress == 5
    chained = [r["character"] for r in entry["panic"]["rolls"][1:]]
    assert chained == ["Bo"]
    assert service.character("Bo").panic is not None
    assert service.character(cy.id).panic is None


def test_R_PANIC_2_escalation_setting_raises_a_lower_total(make_service):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 3})
    service.panic_roll(ann.id, face=6)  # 9: drop item
    service.panic_roll(ann.id, face=5)  # 8: tremble replaces it
    assert service.character("Ann").panic.effect == "tremble"
    service.panic_roll(ann.id, face=1)  # 4: keeping it together, the tremble stays
    assert service.character("Ann").panic.total == 8
    service.update_settings({"panic_escalation": True})
    service.panic_roll(ann.id, face=2)  # 5 is not above 8: becomes 9
    assert (service.character("Ann").panic.total, service.character("Ann").panic.effect) == (9, "drop-item")


def test_rest_clears_stress_and_panic(make_service):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "stress": 4})
    service.panic_roll(ann.id, face=6)
    service.rest()
    assert service.character("Ann").stress == 0 and service.character("Ann").panic is None


def test_trackers_and_doom_and_clocks(make_service, reopen):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.change_stress(ann.id, +2)
    service.change_tracker(ann.id, "willpower", 3)
    service.apply_trauma(ann.id, "agility", 2)
    service.heal(ann.id, "agility", 1)
    service.add_condition(ann.id, "Tired")
    service.change_doom(+2)
    clock = service.add_clock("Reactor meltdown", 6)
    service.advance_clock(clock.id, 2)
    with pytest.raises(ValidationError, match="clock"):
        service.advance_clock(clock.id, 5)
    with pytest.raises(ValidationError, match="cannot lose"):
        service.change_doom(-3)
    with pytest.raises(ValidationError, match="4, 6 or 8"):
        service.add_clock("Bad", 5)
    again = reopen(service)
    ann_now = again.character("Ann")
    assert (ann_now.stress, ann_now.willpower, ann_now.attributes["agility"].current) == (2, 3, 2)
    assert ann_now.conditions == ["tired"]
    assert again.session.doom == 2
    assert again.session.clock(clock.id).filled == 2


def test_conditions_push_cost_gives_the_chosen_condition_and_costs_a_die(make_service):
    service = make_service("yze")
    service.update_settings({"push_cost": "conditions"})
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 2}})
    roll = service.roll(ann.id, "melee", faces="base=2,3,4 skill=2,5")
    service.push(roll["id"], faces="base=2,3,4 skill=2,6", condition="Angry")
    service.apply_costs(roll["id"])
    assert service.character("Ann").conditions == ["angry"]
    preview = service.preview_roll(ann.id, "melee")
    assert [d["kind"] for d in preview.dice].count("skill") == 1


def test_doom_push_cost_feeds_the_doom_pool(make_service):
    service = make_service("yze-step")
    service.update_settings({"push_cost": "doom"})
    ann = service.add_character({"name": "Ann", "attributes": yz(8, 8, 8, 8), "skills": {"melee": 10}})
    roll = service.roll(ann.id, "melee", faces="step=2,3")
    assert roll["successes"] == 0
    service.push(roll["id"], faces="step=6,10")
    assert service.entry(roll["id"])["successes"] == 3
    service.apply_costs(roll["id"])
    assert service.session.doom == 1


def test_R_REPAIR_1_repairs_and_failed_repairs(make_service):
    service = make_service("myz")
    grease = service.add_character({
        "name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2), "skills": {"jury-rig": 2},
        "gear": [{"name": "Rifle", "bonus": 3}, {"name": "Rope", "bonus": 1}],
    })
    rifle, rope = grease.gear
    service.damage_gear(grease.id, rifle.id, 2)
    service.repair_gear(grease.id, rifle.id, 1)
    assert service.character("Grease").gear_item("Rifle").bonus == 3
    service.damage_gear(grease.id, rifle.id, 2)
    service.repair_gear(grease.id, rifle.id, 0)
    repaired = service.character("Grease").gear_item("Rifle")
    assert (repaired.max_bonus, repaired.bonus) == (1, 1)
    service.damage_gear(grease.id, rope.id)
    service.repair_gear(grease.id, rope.id, 0)
    assert service.character("Grease").gear_item("Rope").destroyed


def test_tiered_limited_gives_xp_and_push_yourself_spends_stamina(make_service, reopen):
    service = make_service("tiered")
    aldric = service.add_character({
        "name": "Aldric", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 1},
        "skills": {"swords": 1}, "stamina": 10, "stamina_max": 10,
    })
    roll = service.roll(aldric.id, "swords", attribute="str", faces="dice=1,2,3")
    assert roll["tier"] == "limited"
    assert service.character("Aldric").xp == 1
    great = service.roll(aldric.id, "swords", attribute="str", push_yourself=True, faces="dice=1,2,3,6")
    assert great["tier"] == "great"
    again = reopen(service)
    assert again.character("Aldric").stamina == 8
    again.undo()
    again.undo()
    assert (again.character("Aldric").xp, again.character("Aldric").stamina) == (0, 10)


def test_R_TIER_1_a_third_bonus_die_is_refused(make_service):
    service = make_service("tiered")
    aldric = service.add_character({"name": "Aldric", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0, "per": 1}})
    assert not service.preview_roll(aldric.id, None, attribute="str", bonus_dice=3).can_roll


def test_exploding_roll_records_top_and_margin_with_wounds_on_the_tn(make_service):
    service = make_service("exploding")
    kara = service.add_character({"name": "Kara", "attributes": {"agility": 8}, "skills": {"shooting": 6},
                                  "wounds": 1})
    preview = service.preview_roll(kara.id, "shooting")
    assert preview.target_number == 5  # moderate 4 + 1 wound
    roll = service.roll(kara.id, "shooting", faces="skill=2,3 trait=5")
    assert (roll["top"], roll["margin"], roll["success"]) == (5, 0, True)
    untrained = service.preview_roll(kara.id, "piloting")
    assert untrained.target_number == 9  # untrained +4
    assert [d["kind"] for d in untrained.dice] == ["trait"]


def test_only_one_chance_warning_until_a_new_scene(make_service):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    assert service.preview_roll(hammer.id, "fight", goal="the door").warnings == []
    service.roll(hammer.id, "fight", goal="the door", faces="base=2,3,4 skill=2,5")
    warned = service.preview_roll(hammer.id, "fight", goal="the door")
    assert any("only one chance" in w for w in warned.warnings)
    assert warned.can_roll
    with pytest.raises(ValidationError, match="what changed"):
        service.change_of_circumstances(hammer.id, "fight", " ", goal="the door")
    service.change_of_circumstances(hammer.id, "fight", "found a crowbar", goal="the door")
    assert service.preview_roll(hammer.id, "fight", goal="the door").warnings == []
    service.undo()
    assert service.preview_roll(hammer.id, "fight", goal="the door").warnings != []
    service.new_scene()
    assert service.preview_roll(hammer.id, "fight", goal="the door").warnings == []


def test_initiative_cards_in_the_service_is_recorded_and_undoable(make_service, reopen):
    service = make_service("yze", seed=11)
    ids = [service.add_character({"name": n, "attributes": yz(3, 3, 3, 3)}).id for n in ("Ann", "Bo", "Cy")]
    service.start_conflict(ids[:2], speeds={ids[0]: 2})
    state = service.session.initiative
    assert state["mode"] == "cards" and len(state["slots"]) == 3
    service.next_turn()
    service.add_to_conflict(ids[2], keep_best_of=2)
    service.swap_initiative(ids[0], ids[1])
    service.delay_turn()
    again = reopen(service, rng=random.Random(2))
    assert again.session.initiative["round"] >= 1
    kinds = [e["step"] for e in reversed(again.history(kind="initiative"))]
    assert kinds == ["start", "next", "add", "swap", "delay"]
    again.end_conflict()
    assert again.session.initiative is None
    for _ in range(6):
        again.undo()
    assert again.session.initiative is None
    assert again.history(kind="initiative") == []


def test_initiative_roll_mode_uses_agility_and_manual_order(make_service):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    entry = service.start_conflict([hammer.id, vanja.id])
    assert entry["mode"] == "roll"
    totals = {j["character"]: j["total"] for j in entry["joins"]}
    assert totals["Vanja"] - 5 in range(1, 7) and totals["Hammer"] - 3 in range(1, 7)
    service.end_conflict()
    service.start_conflict([hammer.id, vanja.id], mode="manual", order=[vanja.id, hammer.id])
    assert [s["combatant"] for s in service.session.initiative["slots"]] == [vanja.id, hammer.id]


def test_removing_a_character_takes_them_out_of_the_conflict(make_service):
    service = make_service("myz")
    hammer, vanja = _myz_party(service)
    service.start_conflict([hammer.id, vanja.id])
    service.remove_character(hammer.id)
    assert [s["combatant"] for s in service.session.initiative["slots"]] == [vanja.id]
    service.undo()
    assert len(service.session.initiative["slots"]) == 2


def test_new_session_carries_doom_and_clocks_and_history_filters(make_service):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}})
    service.change_doom(1)
    service.roll(ann.id, "melee", faces="base=6,2,3 skill=4")
    session = service.new_session("2026-03-21")
    assert (session.number, session.doom) == (2, 1)
    service.roll(ann.id, "melee", faces="base=6,6,3 skill=4")
    rolls = service.history(kind="roll")
    assert [e["successes"] for e in rolls] == [2, 1]
    assert [e["session"] for e in service.history(session=2, kind="roll")] == [2]
    assert len(service.history(character="ann", skill="melee")) == 2
    markdown = service.export_session(1, "markdown")
    assert "| Ann | roll | Melee | 1 success |" in markdown.replace("  ", " ")
    csv_text = service.export_session(1, "csv")
    assert csv_text.splitlines()[0] == "at,session,character,kind,skill,result,dice,summary"
    assert any(",Ann,roll,Melee,1 success,base 6 2 3 · skill 4," in line for line in csv_text.splitlines())
    assert "| 1 success | base 6 2 3 · skill 4 |" in markdown  # each roll's faces, by kind


def test_a_failed_write_leaves_the_campaign_as_it_was(make_service, monkeypatch):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    before = service.campaign.to_dict()
    store = service._store

    def full_disk(state):
        raise WriteFailed(store.path / "campaign.json", OSError(errno.ENOSPC, "No space left on device"))

    monkeypatch.setattr(store, "save_state", full_disk)
    with pytest.raises(WriteFailed, match="No space left"):
        service.change_stress(ann.id, 1)
    assert service.campaign.to_dict() == before
    assert not service.can_redo
    monkeypatch.undo()
    service.change_stress(ann.id, 1)
    assert service.character("Ann").stress == 1
    assert [e["kind"] for e in service.history()] == ["stress", "roster"]


def test_a_second_window_is_locked_out_or_read_only(make_service, tmp_path):
    service = make_service("yze", name="Shared")
    service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    with pytest.raises(CampaignLocked):
        CampaignService.open(tmp_path, "Shared")
    viewer = CampaignService.open(tmp_path, "Shared", read_only=True, clock=frozen_clock)
    try:
        assert viewer.read_only
        assert viewer.character("Ann").name == "Ann"
        with pytest.raises(ReadOnly):
            viewer.change_stress("Ann", 1)
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
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.change_stress(ann.id, 1)
    service.undo()
    assert service.can_redo and service.redo_label() == "Ann: stress 0 → 1 (+1)"
    service.change_stress(ann.id, 2)
    assert not service.can_redo
    assert service.undo_label() == "Ann: stress 0 → 2 (+2)"


def test_listeners_hear_every_change_undo_and_redo(make_service):
    service = make_service("yze")
    heard = []
    stop = service.subscribe(lambda entry: heard.append((entry["kind"], entry["status"])))
    service.change_doom(1)
    service.undo()
    service.redo()
    stop()
    service.change_doom(1)
    assert heard == [("doom", "done"), ("doom", "undone"), ("doom", "done")]


def test_tiered_consequences_are_one_key_choices(make_service):
    service = make_service("tiered")
    wren = service.add_character({
        "name": "Wren", "attributes": {"str": 0, "dex": 2, "int": 1, "cha": 1, "per": 2}, "skills": {"stealth": 1},
        "stamina": 8, "stamina_max": 8, "gear": [{"name": "Lockpicks", "bonus": 1}],
    })
    alarm = service.add_clock("Alarm", 4)
    great = service.roll(wren.id, "stealth", attribute="dex", faces="dice=2,6,3,1")
    with pytest.raises(ValidationError, match="Mixed or Limited"):
        service.apply_consequence(great["id"], "damage")
    mixed = service.roll(wren.id, "stealth", attribute="dex", gear=["Lockpicks"], faces="dice=2,5,3,1,1")
    assert mixed["tier"] == "mixed"
    service.apply_consequence(mixed["id"], "damage", wound=True)
    service.apply_consequence(mixed["id"], "complication", clock_id=alarm.id)
    service.apply_consequence(mixed["id"], "lost-gear")
    after = service.character("Wren")
    assert (after.stamina, after.wounds, after.gear_item("Lockpicks").bonus) == (6, 1, 0)
    assert service.session.clock(alarm.id).filled == 1
    assert service.entry(mixed["id"])["consequences_chosen"] == ["damage", "complication", "lost-gear"]
    service.undo()
    assert service.entry(mixed["id"])["consequences_chosen"] == ["damage", "complication"]


def test_R_REPAIR_1_from_a_recorded_jury_rig_roll(make_service):
    service = make_service("myz")
    grease = service.add_character({
        "name": "Grease", "role": "gearhead", "attributes": yz(2, 3, 4, 2), "skills": {"jury-rig": 2},
        "gear": [{"name": "Rifle", "bonus": 3}],
    })
    rifle = grease.gear[0]
    service.damage_gear(grease.id, rifle.id, 2)
    failed = service.roll(grease.id, "jury-rig", faces="base=1,2,3,4 skill=2,3")
    service.repair_with_roll(failed["id"], rifle.id)
    assert (service.character("Grease").gear[0].bonus, service.character("Grease").gear[0].max_bonus) == (1, 1)
    service.undo()
    success = service.roll(grease.id, "jury-rig", faces="base=6,2,3,4 skill=2,3")
    service.repair_with_roll(success["id"], rifle.id)
    assert (service.character("Grease").gear[0].bonus, service.character("Grease").gear[0].max_bonus) == (3, 3)


def test_a_crash_before_the_state_is_saved_leaves_no_phantom_entry(make_service, reopen, monkeypatch):
    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    store = service._store

    def killed(state):
        raise SystemExit("terminal killed")

    monkeypatch.setattr(store, "save_state", killed)
    with pytest.raises(SystemExit):
        service.change_stress(ann.id, 2)
    monkeypatch.undo()
    again = reopen(service)
    assert again.character("Ann").stress == 0
    assert [e["kind"] for e in again.history()] == ["roster"]
    assert [e["status"] for e in again.entries()] == ["done", "failed"]
    again.undo()
    assert again.campaign.roster == []


def test_a_crash_after_the_state_is_saved_finishes_the_entry_updates(make_service, reopen, monkeypatch):
    service = make_service("myz")
    hammer, _ = _myz_party(service)
    roll = service.roll(hammer.id, "fight", faces="base=1,3,4 skill=2,5")
    store = service._store

    def killed(session, entry_id, fields):
        raise SystemExit("terminal killed")

    monkeypatch.setattr(store, "update_entry", killed)
    with pytest.raises(SystemExit):
        service.push(roll["id"], faces="base=6,6 skill=1,2")
    monkeypatch.undo()
    again = reopen(service)
    assert again.entry(roll["id"])["successes"] == 2
    assert again.entry(roll["id"])["pushes"] == 1
    assert [e["kind"] for e in again.history()][:2] == ["push", "roll"]


def test_opening_after_a_clean_close_reads_no_history_and_a_crash_still_recovers(make_service, reopen, monkeypatch):
    from gmconsole.store.campaign_store import CampaignStore

    service = make_service("yze")
    ann = service.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3)})
    service.change_stress(ann.id, 1)
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
        again.change_stress(ann.id, 1)
    monkeypatch.setattr(again._store, "save_state", CampaignStore.save_state.__get__(again._store))
    third = reopen(again)
    assert reads  # not closed cleanly: the newest entries were checked
    assert [e["status"] for e in third.entries()] == ["done", "done", "failed"]
    assert third.character("Ann").stress == 1


def test_undo_reaches_back_a_bounded_number_of_changes(make_service, monkeypatch):
    from gmconsole.campaign import ledger as ledger_module

    monkeypatch.setattr(ledger_module, "MAX_UNDO", 3)
    service = make_service("yze")
    for _ in range(5):
        service.change_doom(1)
    assert service.undo_count == 3
    for _ in range(3):
        service.undo()
    assert service.session.doom == 2 and not service.can_undo


def _myz_roles_party(service):
    quill = service.add_character({"name": "Quill", "role": "chronicler", "attributes": yz(2, 3, 4, 5),
                                   "skills": {"inspire": 2, "heal": 2}})
    slave = service.add_character({"name": "Tug", "role": "slave", "attributes": yz(5, 3, 2, 2),
                                   "skills": {"shake-it-off": 2}})
    return quill, slave


def test_myz_mend_the_broken_recovers_points_equal_to_the_sixes(make_service):
    service = make_service("myz")
    quill, tug = _myz_roles_party(service)
    service.apply_trauma(tug.id, "strength", 5)
    assert service.character("Tug").broken
    heal = service.roll(quill.id, "heal", faces="base=6,6,2,3,4 skill=1,2")
    service.mend_the_broken(heal["id"], tug.id, "strength")
    assert service.character("Tug").attributes["strength"].current == 2
    with pytest.raises(ValidationError, match="not broken"):
        service.mend_the_broken(heal["id"], tug.id, "strength")


def test_myz_shake_it_off_takes_only_the_trauma_left(make_service):
    service = make_service("myz")
    _, tug = _myz_roles_party(service)
    roll = service.roll(tug.id, "shake-it-off", faces="base=6,2,3,4,5 skill=2,3")
    service.shake_it_off(roll["id"], "strength", 3)
    assert service.character("Tug").attributes["strength"].current == 3


def test_myz_inspire_adds_its_sixes_to_the_helped_roll_and_undoes(make_service):
    service = make_service("myz")
    quill, tug = _myz_roles_party(service)
    inspire = service.roll(quill.id, "inspire", faces="base=6,6,1,2,3 skill=4,5")
    helped = service.roll(tug.id, "fight", faces="base=6,2,3,4,5")
    service.inspire(inspire["id"], helped["id"])
    assert service.entry(helped["id"])["successes"] == 3
    assert service.entry(helped["id"])["inspired"]["by"] == "Quill"
    service.undo()
    assert service.entry(helped["id"])["successes"] == 1


def test_a_corrupt_history_file_does_not_stop_the_campaign_opening(make_service, reopen, tmp_path):
    from gmconsole.store.errors import CorruptFile

    service = make_service("myz", name="Damaged")
    hammer, _ = _myz_party(service)
    service.roll(hammer.id, "fight", faces="base=6,2,3 skill=2,5")
    chunk = next((tmp_path / "Damaged" / "history").rglob("entries-*.json"))
    chunk.write_text("{ not json", encoding="utf-8")
    again = reopen(service)
    assert again.character("Hammer").name == "Hammer"
    assert again.preview_roll(hammer.id, "fight").can_roll
    with pytest.raises(CorruptFile):
        again.history()


def test_yze_step_damage_steps_the_attribute_die_down(make_service):
    service = make_service("yze-step")
    ilsa = service.add_character({"name": "Ilsa", "attributes": yz(8, 10, 8, 6), "skills": {"ranged": 10}})
    service.apply_trauma(ilsa.id, "agility", 1)
    assert service.character("Ilsa").attributes["agility"].current == 8
    preview = service.preview_roll(ilsa.id, "ranged")
    assert sorted(d["sides"] for d in preview.dice if d["kind"] == "step") == [8, 10]
    service.apply_trauma(ilsa.id, "agility", 2)
    assert service.character("Ilsa").broken
    assert not service.preview_roll(ilsa.id, "ranged").can_roll
    service.heal(ilsa.id, "agility", 2)
    assert service.character("Ilsa").attributes["agility"].current == 8


def test_tiered_saving_throw_uses_the_sheet_scores_R_TIER_3(make_service):
    service = make_service("tiered")
    maelis = service.add_character({"name": "Maelis", "attributes": {"str": 0, "dex": 1, "int": 3, "cha": 1, "per": 1},
                                    "level": 2})
    # MENT = 10 - 3 - 1 - 1 = 5: 5 succeeds, 10 is critical, 4 fails
    assert service.saving_throw(maelis.id, "ment", faces="dice=2,3")["outcome"] == "success"
    assert service.saving_throw(maelis.id, "ment", faces="dice=4,6")["outcome"] == "critical"
    assert service.saving_throw(maelis.id, "ment", faces="dice=1,3")["outcome"] == "failure"
    service.update_settings({"tiered_strict_over": True})
    assert service.saving_throw(maelis.id, "ment", faces="dice=2,3")["outcome"] == "failure"


def test_tiered_attack_damage_by_tier_R_TIER_4(make_service):
    service = make_service("tiered")
    aldric = service.add_character({"name": "Aldric", "attributes": {"str": 2, "dex": 1, "int": 0, "cha": 1, "per": 1},
                                    "class_bonus": 1, "gear": [{"name": "Longsword", "damage": 6}]})
    great = service.attack(aldric.id, "Longsword", faces="dice=6,2,3")
    assert (great["tier"], great["damage"]) == ("great", 8)
    reckless = service.attack(aldric.id, "Longsword", reckless=True, faces="dice=4,2,3")
    assert (reckless["tier"], reckless["damage"]) == ("great", 8)
    assert [e["kind"] for e in service.history(character="Aldric")][:2] == ["attack", "attack"]


@pytest.mark.parametrize("system", ["myz", "tiered", "exploding"])
def test_rest_is_refused_where_the_system_keeps_no_stress(make_service, system):
    """Tracker ``r`` in myz and tiered is refused: a rest there would record "rest: … back to 0 stress"
    and change nothing. R-PANIC-1's rest belongs to the systems with stress and a panic table."""
    service = make_service(system)
    before = len(service.history(include_undone=True))
    with pytest.raises(ValidationError, match="keeps neither"):
        service.rest()
    assert len(service.history(include_undone=True)) == before
