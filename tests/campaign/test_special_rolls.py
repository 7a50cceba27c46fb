"""The rolls beyond a character's own check, through CampaignService: recorded, reopened from disk,
undone and redone (Year Zero opposed roll, exploding opposed/assisted/group, tiered contested)."""

import json

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.errors import RulesError


def _yze_pair(service):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1}})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}})
    return ann, bo


def test_R_OPP_1_opposed_roll_records_both_sides_and_a_tie_fails_the_active_side(make_service, reopen):
    service = make_service("yze")
    ann, bo = _yze_pair(service)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=6,2,3 skill=4")
    opposed = entry["opposed"]
    assert entry["kind"] == "roll" and entry["roll_type"] == "opposed" and entry["successes"] == 1
    assert (opposed["active_successes"], opposed["defender_successes"], opposed["outcome"]) == (1, 1, "defender")
    assert opposed["defender"] == "Bo" and len(opposed["defender_dice"]) == 4
    assert "Bo holds" in entry["summary"]
    service = reopen(service)
    assert service.history.entry(entry["id"])["opposed"]["outcome"] == "defender"
    service.undo()
    assert service.history.filtered(kind="roll") == []
    service.redo()
    assert service.history.filtered(kind="roll")[0]["opposed"]["defender_successes"] == 1


def test_R_PUSH_2_opposed_roll_active_side_pushes_after_the_defender_and_the_outcome_is_read_again(make_service):
    service = make_service("yze")
    ann, bo = _yze_pair(service)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=6,2,3 skill=4")
    # R-PUSH-1: the base 3 and the skill 2 are rerolled; stress-dice adds one stress die (stress +1 at once)
    push = service.rolls.push(entry["id"], faces="base=6 skill=5 stress=2")
    pushed = service.history.entry(entry["id"])
    assert pushed["opposed"]["active_successes"] == 2 and pushed["opposed"]["outcome"] == "active"
    assert push["opposed"]["outcome"] == "active" and "Ann wins" in push["summary"]
    assert service.character("Ann").stress == 1
    service.undo()
    again = service.history.entry(entry["id"])
    assert again["opposed"]["outcome"] == "defender" and again["pushes"] == 0
    assert service.character("Ann").stress == 0


def test_R_OPP_1_reroll_ties_setting_and_a_typed_defender_pool(make_service):
    service = make_service("yze")
    ann, _bo = _yze_pair(service)
    service.setup.update_settings({"opposed_reroll_ties": True})
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_pool="base=2 skill=1",
                                       faces="base=6,3 skill=2", defender_faces="base=6,2 skill=1")
    assert entry["opposed"]["defender"] == "typed pool"
    assert entry["opposed"]["outcome"] == "reroll" and entry["opposed"]["reroll_ties"] is True


def test_opposed_roll_refusals_change_nothing(make_service):
    service = make_service("myz")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"sneak": 1}})
    before = service.undo_count
    with pytest.raises(ValidationError, match="defender"):
        service.rolls.opposed_roll(ann.id, "sneak")
    with pytest.raises(ValidationError, match="own roll"):
        service.rolls.opposed_roll(ann.id, "sneak", defender_id=ann.id, defender_skill="scout")
    with pytest.raises(ValueError):
        service.rolls.opposed_roll(ann.id, "sneak", defender_pool="base=lots")
    assert service.undo_count == before
    tiered = make_service("tiered")
    aldric = tiered.roster.add_character({"name": "Aldric", "attributes": {"str": 1, "dex": 1, "int": 0, "cha": 0,
                                                                           "per": 1}})
    with pytest.raises(RulesError):
        tiered.rolls.opposed_roll(aldric.id, None, attribute="str", defender_pool="base=2")


def _exploding(service):
    kara = service.roster.add_character({"name": "Kara", "attributes": {"agility": 8, "intellect": 6},
                                         "skills": {"stealth": 6, "medicine": 8}})
    mira = service.roster.add_character({"name": "Mira", "attributes": {"agility": 6, "intellect": 6},
                                         "skills": {"notice": 6, "stealth": 4}})
    tor = service.roster.add_character({"name": "Tor", "attributes": {"agility": 10, "intellect": 4},
                                        "skills": {"stealth": 8}})
    return kara, mira, tor


def test_R_EXP_4_opposed_test_recorded_and_a_tie_follows_the_setting(make_service, reopen):
    service = make_service("exploding")
    kara, mira, _tor = _exploding(service)
    # active: skill d6 3,2 + trait d8 5 → top 5; defender: skill d6 5,1 + trait d6 4 → top 5: a tie
    faces = "skill=3,2,5,1 trait=5,4"
    entry = service.rolls.opposed_test(kara.id, "stealth", mira.id, attribute="agility", defender_skill="notice",
                                       defender_attribute="agility", faces=faces)
    assert entry["kind"] == "opposed" and entry["top"] == 5 and entry["defender_top"] == 5
    assert entry["winner"] == "defender" and entry["winner_name"] == "Mira"
    service.setup.update_settings({"exploding_tie_to_defender": False})
    second = service.rolls.opposed_test(kara.id, "stealth", mira.id, attribute="agility", defender_skill="notice",
                                        defender_attribute="agility", faces=faces)
    assert second["winner"] == "active" and second["tie_goes_to"] == "active"
    service = reopen(service)
    assert [e["kind"] for e in service.history.filtered(kind="opposed")] == ["opposed", "opposed"]
    service.undo()
    assert len(service.history.filtered(kind="opposed")) == 1
    service.redo()
    assert service.history.filtered(kind="opposed")[0]["winner"] == "active"


def test_assisted_check_leader_first_then_each_participant_spends_pool_points(make_service, reopen):
    service = make_service("exploding", seed=7)
    kara, mira, tor = _exploding(service)
    entry = service.rolls.assisted_check(kara.id, "medicine", [mira.id, tor.id], attribute="intellect",
                                         difficulty="standard")
    check = entry["assisted"]
    assert entry["kind"] == "assisted" and check["tn"] == 3 + 2 == entry["tn"]
    assert [r["name"] for r in entry["rolls"]] == ["Kara", "Mira", "Tor"]
    assert entry["top"] == check["leader"]["top"] == entry["rolls"][0]["top"]
    pool = check["leader"]["pool_after"]
    for step, rolled in zip(check["steps"], entry["rolls"][1:]):
        gap = check["tn"] - rolled["top"]
        assert step["spent"] == (gap if 0 < gap <= pool and not rolled["critical_failure"] else 0)
        pool -= step["spent"]
        assert step["pool_after"] == pool
    assert entry["successes"] == check["leader"]["success"] + sum(s["success"] for s in check["steps"])
    service = reopen(service)
    assert service.history.filtered(kind="assisted")[0]["successes"] == entry["successes"]
    service.undo()
    assert service.history.filtered(kind="assisted") == []


def test_assisted_check_refuses_an_untrained_leader_and_hold_keeps_the_pool(make_service):
    service = make_service("exploding", seed=3)
    kara, mira, tor = _exploding(service)
    with pytest.raises(RulesError, match="trained"):
        service.rolls.assisted_check(mira.id, "medicine", [kara.id], attribute="intellect")
    entry = service.rolls.assisted_check(kara.id, "medicine", [mira.id, tor.id], attribute="intellect",
                                         difficulty="basic", hold=[mira.id, tor.id])
    assert all(step["spent"] == 0 for step in entry["assisted"]["steps"])
    assert entry["held"] == sorted([mira.id, tor.id])


def test_group_check_tn_minus_one_per_trained_participant_with_typed_faces(make_service, reopen):
    service = make_service("exploding")
    kara, mira, tor = _exploding(service)
    # Moderate 4, three trained → TN 1; faces in participant order, skill dice first
    entry = service.rolls.group_check([kara.id, mira.id, tor.id], "stealth", attribute="agility",
                                      faces="skill=2,3,1,2,5,4 trait=1,1,7")
    assert entry["kind"] == "group" and entry["tn"] == 1 and entry["successes"] == 3
    assert [r["character_id"] for r in entry["group"]["results"]] == [kara.id, mira.id, tor.id]
    service = reopen(service)
    service.undo()
    assert service.history.filtered(kind="group") == []
    service.redo()
    assert service.history.filtered(kind="group")[0]["successes"] == 3
    with pytest.raises(RulesError, match="untrained"):
        service.rolls.group_check([kara.id, mira.id], "medicine", attribute="intellect")


def test_exploding_retry_needs_a_recorded_change_of_circumstances(make_service):
    service = make_service("exploding")
    kara, _mira, _tor = _exploding(service)
    service.rolls.roll(kara.id, "stealth", attribute="agility", goal="the vault")
    warned = service.rolls.preview_roll(kara.id, "stealth", attribute="agility", goal="the vault")
    assert any("only one chance" in w for w in warned.warnings)
    service.rolls.change_of_circumstances(kara.id, "stealth", "the guards changed shift", goal="the vault")
    assert service.rolls.preview_roll(kara.id, "stealth", attribute="agility", goal="the vault").warnings == []


def test_R_TIER_5_contested_roll_recorded_ties_rolled_again(make_service, reopen):
    service = make_service("tiered")
    aldric = service.roster.add_character({"name": "Aldric", "attributes": {"str": 2, "dex": 1, "int": 0, "cha": 0,
                                                                            "per": 1}})
    wren = service.roster.add_character({"name": "Wren", "attributes": {"str": 0, "dex": 2, "int": 1, "cha": 1,
                                                                        "per": 2}})
    # round 1: 3+4+2 = 9 vs 5+4+0 = 9, a tie; round 2: 1+1+2 = 4 vs 6+2+0 = 8 → Wren
    entry = service.rolls.contested(aldric.id, "str", wren.id, faces="dice=3,4,5,4,1,1,6,2")
    assert entry["kind"] == "contested" and entry["rounds"] == [[9, 9], [4, 8]]
    assert entry["winner"] == "b" and entry["winner_name"] == "Wren" and entry["outcome"] == "lost"
    service = reopen(service)
    service.undo()
    assert service.history.filtered(kind="contested") == []
    service.redo()
    assert service.history.filtered(kind="contested")[0]["winner_name"] == "Wren"
    with pytest.raises(ValidationError, match="no attribute"):
        service.rolls.contested(aldric.id, "luck", wren.id)


def test_history_json_shows_character_kind_and_outcome_of_the_new_rolls(make_service, tmp_path, run_cli):
    service = make_service("exploding", name="exp")
    kara, mira, tor = _exploding(service)
    service.rolls.opposed_test(kara.id, "stealth", mira.id, attribute="agility", defender_skill="notice",
                               faces="skill=3,2,5,1 trait=5,4")
    service.rolls.group_check([kara.id, tor.id], "stealth", attribute="agility", faces="skill=2,3,1,2 trait=1,7")
    service.close()
    result = run_cli("--data-dir", str(tmp_path), "history", "exp", "--format", "json")
    assert result.returncode == 0, result.stderr
    rows = {r["kind"]: r for r in json.loads(result.stdout)}
    assert (rows["group"]["character"], rows["group"]["successes"]) == ("Kara", 2)
    assert (rows["opposed"]["character"], rows["opposed"]["top"]) == ("Kara", 5)
