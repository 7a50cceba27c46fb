"""Two gaps closed in the campaign service, checked through CampaignService (recorded, reopened from
disk, undone and redone):

- a Year Zero opposed roll's roster defender whose stress die shows 1 owes a panic roll (R-OPP-1 with
  R-PANIC-1), a pending cost applied by the same ``apply_costs`` as the active side's costs;
- ``exploding``: each participant's own wounds and strain raise their own TN (docs/RULES.md) in the
  plain roll, the assisted check and the group check.
"""

import random

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.families.yearzero.rules.panic import panic_roll
from gmconsole.rules.dice import DiceSource
from gmconsole.ui.widgets.roll_text import costs_lines, opposed_line


def _trio(service, *, ann_stress=0, bo_stress=2):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1},
                                        "stress": ann_stress})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1},
                                       "stress": bo_stress})
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3)})
    return ann, bo, cy


def _expected_panic(stress: int, face: int):
    """What the rules core says a panic roll of ``face`` at ``stress`` gives (no escalation)."""
    return panic_roll(stress, DiceSource(faces={"dice": [face]}), None, False)


def test_R_OPP_1_R_PANIC_1_defender_stress_die_one_is_a_pending_panic_applied_with_the_costs(make_service, reopen):
    service = make_service("yze")
    ann, bo, cy = _trio(service)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=3,3,3 skill=4 stress=1,4")
    assert entry["opposed"]["defender_panic"] is True and entry["panic"] is False
    assert entry["costs"] == [{"name": "panic", "amount": 1, "target": "Bo", "character_id": bo.id}]
    assert entry["costs_status"] == "pending"
    assert "Bo's stress die shows 1: panic roll pending" in opposed_line(entry)
    assert costs_lines(entry) == ["costs pending: panic roll (Bo)"]

    # face 5 + stress 2 = 7, Nervous twitch: every PC in range gains 1 stress (R-PANIC-1)
    expected = _expected_panic(2, 5)
    assert expected.total == 7 and expected.others.stress == 1
    costs = service.outcomes.apply_costs(entry["id"], in_range=[ann.id, cy.id], defender_panic_face=5)
    assert costs["defender_panic"]["total"] == 7 and "panic" not in costs
    assert costs["summary"].startswith("Bo panics: D6 5 + stress 2 = 7")
    assert service.character("Bo").panic.total == 7
    assert service.character("Bo").stress == max(0, 2 + expected.stress_change)
    assert (service.character("Ann").stress, service.character("Cy").stress) == (1, 1)
    applied = service.history.entry(entry["id"])
    assert applied["costs_status"] == "applied"
    assert "panic roll applied" in opposed_line(applied)

    service = reopen(service)
    assert service.character("Bo").panic.total == 7
    assert service.history.filtered(kind="costs")[0]["defender_panic"]["total"] == 7
    service.undo()
    assert service.character("Bo").panic is None and service.character("Bo").stress == 2
    assert (service.character("Ann").stress, service.character("Cy").stress) == (0, 0)
    assert service.history.entry(entry["id"])["costs_status"] == "pending"
    service.redo()
    assert service.character("Bo").panic.total == 7 and service.character("Cy").stress == 1


def test_R_PANIC_1_both_sides_panic_in_one_apply_and_each_chain_reaches_those_in_range(make_service):
    service = make_service("yze")
    ann, bo, cy = _trio(service, ann_stress=1, bo_stress=2)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2 stress=1",
                                       defender_faces="base=3,3,3 skill=4 stress=1,4")
    assert entry["panic"] is True and [c.get("target") for c in entry["costs"]] == [None, "Bo"]
    # Ann: 6 + 1 = 7 (twitch, Cy +1); Bo: 5 + 2 = 7 (twitch, Cy +1 again)
    costs = service.outcomes.apply_costs(entry["id"], in_range=[cy.id], panic_face=6, defender_panic_face=5)
    assert costs["panic"]["total"] == 7 and costs["defender_panic"]["total"] == 7
    assert costs["summary"].startswith("Ann panics: D6 6 + stress 1 = 7")
    assert "Bo panics: D6 5 + stress 2 = 7" in costs["summary"]
    assert "pays: Ann panics" not in costs["summary"]  # the name is said once
    assert service.character("Cy").stress == 2
    service.undo()
    assert service.character("Cy").stress == 0
    assert service.character("Ann").panic is None and service.character("Bo").panic is None


def test_R_PANIC_1_a_defender_panic_chains_a_panic_roll_to_those_in_range(make_service):
    service = make_service("yze")
    ann, bo, cy = _trio(service, bo_stress=7)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2",
                                       defender_faces="base=3,3,3 skill=4 stress=1,4,4,4,4,4,4")
    # 6 + 7 = 13 Flee: every PC who hears makes a panic roll; panic_face serves Bo (Ann owes no panic)
    assert _expected_panic(7, 6).others.panic_roll
    costs = service.outcomes.apply_costs(entry["id"], in_range=[cy.id], panic_face=6, rng=random.Random(4))
    rolls = costs["defender_panic"]["rolls"]
    assert [r["character"] for r in rolls] == ["Bo", "Cy"] and costs["defender_panic"]["total"] == 13
    assert 1 <= rolls[1]["total"] <= 6  # Cy at stress 0: D6 alone
    assert service.character("Bo").panic.total == 13 and "chained: Cy" in costs["summary"]
    service.undo()
    assert service.character("Bo").panic is None


def test_R_OPP_1_a_push_keeps_the_defender_panic_owed_and_only_the_active_side_pays_stress(make_service):
    service = make_service("yze")
    ann, bo, _cy = _trio(service)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=1,3 skill=2", defender_faces="base=3,3,3 skill=4 stress=1,4")
    push = service.rolls.push(entry["id"], faces="base=6 skill=6 stress=3")
    assert push["stress_gained"] == 1 and service.character("Ann").stress == 1
    pushed = service.history.entry(entry["id"])
    assert pushed["costs"] == [{"name": "panic", "amount": 1, "target": "Bo", "character_id": bo.id}]
    assert pushed["costs_status"] == "pending" and pushed["opposed"]["outcome"] == "active"
    service.outcomes.apply_costs(entry["id"], panic_face=6)  # Ann owes no panic: the face is Bo's, 6 + 2 = 8
    assert service.character("Bo").panic.total == 8 and service.character("Ann").panic is None
    assert service.history.entry(entry["id"])["costs_status"] == "applied"
    with pytest.raises(ValidationError, match="already applied"):
        service.rolls.push(entry["id"], faces="base=6 skill=6 stress=3,3")
    service.undo()
    service.undo()
    restored = service.history.entry(entry["id"])
    assert restored["pushes"] == 0 and restored["costs_status"] == "pending" and restored["costs"][0]["target"] == "Bo"


def test_R_OPP_1_no_defender_panic_from_a_typed_pool_or_other_push_costs(make_service):
    service = make_service("yze")
    ann, bo, _cy = _trio(service)
    typed = service.rolls.opposed_roll(ann.id, "melee", defender_pool="base=2 skill=1",
                                       faces="base=6,3 skill=2", defender_faces="base=1,3 skill=1")
    assert typed["opposed"]["defender_panic"] is False and typed["costs_status"] == "none"
    service.setup.update_settings({"push_cost": "doom"})
    other = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=1,3,3 skill=4")
    assert other["opposed"]["defender_panic"] is False and other["costs_status"] == "none"


# --------------------------------------------------------------------------- exploding: wounds and strain


def _exploding(service):
    kara = service.roster.add_character({"name": "Kara", "attributes": {"agility": 8, "intellect": 6},
                                         "skills": {"stealth": 6, "medicine": 8}})
    mira = service.roster.add_character({"name": "Mira", "attributes": {"agility": 6, "intellect": 6},
                                         "skills": {"notice": 6, "stealth": 4}})
    tor = service.roster.add_character({"name": "Tor", "attributes": {"agility": 10, "intellect": 4},
                                        "skills": {"stealth": 8}})
    return kara, mira, tor


def test_exploding_plain_roll_wounds_and_strain_raise_the_TN_with_their_lines(make_service, reopen):
    service = make_service("exploding")
    kara, _mira, _tor = _exploding(service)
    service.trackers.change_tracker(kara.id, "wounds", 2)
    service.trackers.change_tracker(kara.id, "strain", 1)
    preview = service.rolls.preview_roll(kara.id, "stealth", attribute="agility", difficulty="standard")
    assert preview.target_number == 3 + 2 + 1
    assert "Wound x2 (+1 each): +2" in preview.explanation and "Strain x1 (+1 each): +1" in preview.explanation
    entry = service.rolls.roll(kara.id, "stealth", attribute="agility", difficulty="standard",
                               faces="skill=5,2 trait=4")
    assert (entry["tn"], entry["top"], entry["success"]) == (6, 5, False)
    service = reopen(service)
    assert service.history.filtered(kind="roll")[0]["tn"] == 6


def test_group_check_each_participant_rolls_against_the_group_TN_plus_their_own_wounds_and_strain(make_service, reopen):
    service = make_service("exploding")
    kara, mira, tor = _exploding(service)
    service.trackers.change_tracker(mira.id, "wounds", 1)
    service.trackers.change_tracker(mira.id, "strain", 1)
    # Moderate 4, three trained → group TN 1; Mira's own TN 1 + 1 + 1 = 3
    entry = service.rolls.group_check([kara.id, mira.id, tor.id], "stealth", attribute="agility",
                                      faces="skill=2,3,1,2,5,4 trait=1,1,7")
    rows = entry["group"]["results"]
    assert entry["tn"] == 1 and [r["tn"] for r in rows] == [1, 3, 1]
    assert [r["top"] for r in rows] == [3, 2, 7] and [r["success"] for r in rows] == [True, False, True]
    assert entry["successes"] == entry["group"]["successes"] == 2
    assert "Wound x1 (+1 each): +1" in rows[1]["tn_explanation"] and rows[1]["tn_explanation"][-1] == "TN = 3"
    assert not any(line.startswith(("Wound", "Strain")) for line in rows[0]["tn_explanation"])
    service = reopen(service)
    service.undo()
    assert service.history.filtered(kind="group") == []
    service.redo()
    assert service.history.filtered(kind="group")[0]["successes"] == 2


def test_assisted_check_each_participant_TN_is_the_group_TN_plus_their_own_wounds_and_strain(make_service, reopen):
    plain = make_service("exploding", name="plain", seed=7)
    kara, mira, tor = _exploding(plain)
    before = plain.rolls.assisted_check(kara.id, "medicine", [mira.id, tor.id], attribute="intellect",
                                        difficulty="standard")

    service = make_service("exploding", name="hurt", seed=7)
    kara, mira, tor = _exploding(service)
    service.trackers.change_tracker(kara.id, "strain", 1)
    service.trackers.change_tracker(tor.id, "wounds", 2)
    entry = service.rolls.assisted_check(kara.id, "medicine", [mira.id, tor.id], attribute="intellect",
                                         difficulty="standard")
    shared = 3 + 2
    assert entry["tn"] == entry["assisted"]["tn"] == shared
    assert [r["tn"] for r in entry["rolls"]] == [shared + 1, shared, shared + 2]
    assert [r["top"] for r in entry["rolls"]] == [r["top"] for r in before["rolls"]]  # same seed, same dice
    assert "Strain x1 (+1 each): +1" in entry["rolls"][0]["tn_explanation"]
    assert "Wound x2 (+1 each): +2" in entry["rolls"][2]["tn_explanation"]
    check = entry["assisted"]
    leader = entry["rolls"][0]
    assert check["leader"]["success"] == (leader["top"] >= leader["tn"] and not leader["critical_failure"])
    pool = leader["top"] - leader["tn"] if check["leader"]["success"] else 0
    assert check["leader"]["pool_after"] == pool
    for step, row in zip(check["steps"], entry["rolls"][1:]):
        gap = row["tn"] - row["top"]
        spent = gap if 0 < gap <= pool and not row["critical_failure"] else 0
        assert step["spent"] == spent
        assert step["success"] == (not row["critical_failure"] and (gap <= 0 or spent > 0))
        pool -= spent
    service = reopen(service)
    assert service.history.filtered(kind="assisted")[0]["rolls"][2]["tn"] == shared + 2
    service.undo()
    assert service.history.filtered(kind="assisted") == []
    service.redo()
    assert service.history.filtered(kind="assisted")[0]["successes"] == entry["successes"]


def test_R_PANIC_1_a_defender_removed_from_the_roster_is_refused_and_nothing_changes(make_service):
    service = make_service("yze")
    ann, bo, cy = _trio(service)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=3,3,3 skill=4 stress=1,4")
    service.roster.remove_character(bo.id)
    with pytest.raises(ValidationError, match="Bo is no longer in the roster"):
        service.outcomes.apply_costs(entry["id"], in_range=[cy.id], defender_panic_face=5)
    assert service.history.entry(entry["id"])["costs_status"] == "pending" and service.character("Cy").stress == 0
