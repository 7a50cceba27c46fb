"""Sessions and scenes in the campaign service: titles and dates, undo, "only one chance" per
scene (docs/RULES.md), pending costs before closing a session, and the recap built from the history."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign import recaps
from gmconsole.campaign.errors import ValidationError


def _ann(service):
    return service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2}})


def test_new_session_has_title_date_started_and_scene_1_and_undoes(make_service, reopen):
    service = make_service("yze")
    service.sessions.new_scene()
    session = service.sessions.new_session(title="Into the Zone")
    assert (session.number, session.scene, session.title, session.date) == (2, 1, "Into the Zone", "2026-03-14")
    assert session.started == "2026-03-14T19:30:00+00:00"
    entry = service.history.filtered(session=2)[0]
    assert (entry["kind"], entry["session"], entry["scene"], entry["title"]) == ("session", 2, 1, "Into the Zone")
    service = reopen(service)
    assert service.session.title == "Into the Zone"
    service.undo()
    assert (service.session.number, service.session.scene) == (1, 2)
    service.redo()
    assert service.session.number == 2


def test_new_session_refuses_bad_title_and_date_and_changes_nothing(make_service):
    service = make_service("yze")
    for kwargs, text in (({"title": "a\x1bb"}, "control"), ({"title": "\u202eevil"}, "text-direction"),
                         ({"title": "x" * 121}, "at most 120"), ({"date": "14.03.2026"}, "YYYY-MM-DD"),
                         ({"date": "2026-13-01"}, "not a date")):
        with pytest.raises(ValidationError, match=text):
            service.sessions.new_session(**kwargs)
    assert [s.number for s in service.campaign.sessions] == [1] and service.history.filtered() == []


def test_only_one_chance_resets_with_each_scene_and_session_R_1(make_service):
    """docs/RULES.md "only one chance": the warning holds within a scene; a new scene (or a new
    session, whose scenes start again at 1) lets the same roll be tried again."""
    service = make_service("yze")
    ann = _ann(service)
    faces = "base=2,3,4,4 skill=2,5"
    service.rolls.roll(ann.id, "ranged", goal="the lock", faces=faces)
    assert service.rolls.preview_roll(ann.id, "ranged", goal="the lock").warnings
    service.sessions.new_scene()
    assert not service.rolls.preview_roll(ann.id, "ranged", goal="the lock").warnings
    service.rolls.roll(ann.id, "ranged", goal="the lock", faces=faces)
    service.sessions.new_session()
    assert service.session.scene == 1
    assert not service.rolls.preview_roll(ann.id, "ranged", goal="the lock").warnings
    service.rolls.roll(ann.id, "ranged", goal="the lock", faces=faces)
    assert service.rolls.preview_roll(ann.id, "ranged", goal="the lock").warnings
    service.undo()  # the roll of session 2 undone: nothing in this scene any more
    assert not service.rolls.preview_roll(ann.id, "ranged", goal="the lock").warnings


def test_pending_costs_are_the_current_session_s_unapplied_rolls(make_service):
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "attributes": yz(4, 3, 2, 2), "skills": {"fight": 2}})
    roll = service.rolls.roll(hammer.id, "fight", faces="base=1,3,4,5 skill=6,2")
    assert recaps.pending_costs(service.ledger) == []  # nothing to pay before the push
    service.rolls.push(roll["id"], faces="base=1,1,2 skill=4")
    assert [e["roll_id"] for e in recaps.pending_costs(service.ledger)] == [roll["id"]]
    service.outcomes.apply_costs(roll["id"])
    assert recaps.pending_costs(service.ledger) == []
    service.undo()
    assert [e["roll_id"] for e in recaps.pending_costs(service.ledger)] == [roll["id"]]
    service.sessions.new_session()
    assert recaps.pending_costs(service.ledger) == [] and len(recaps.pending_costs(service.ledger, 1)) == 1


def test_recap_sections_come_from_the_history_and_leave_undone_out(make_service):
    service = make_service("myz")
    hammer = service.roster.add_character({"name": "Hammer", "attributes": yz(4, 3, 2, 2), "skills": {"fight": 2}})
    roll = service.rolls.roll(hammer.id, "fight", faces="base=1,3,4,5 skill=6,2")
    service.rolls.push(roll["id"], faces="base=1,1,2 skill=4")
    service.sessions.new_scene()
    service.trackers.change_tracker(hammer.id, "xp", 2)
    service.trackers.add_condition(hammer.id, "tired")
    service.trackers.apply_trauma(hammer.id, "strength", 1)
    service.trackers.add_clock("Raiders", 6)
    service.trackers.change_doom(1)
    service.trackers.change_tracker(hammer.id, "xp", 1)
    service.undo()  # left out of the recap
    data = service.sessions.recap()
    kinds = {key: [line["kind"] for line in lines] for key, lines in data["sections"].items()}
    assert kinds == {"rolls": ["roll"], "pushes": ["push"], "roles": [], "panics": [], "stress_trauma": ["trauma"],
                     "sheets": [], "conditions": ["condition"], "xp": ["xp"], "clocks": ["clock", "doom"]}
    assert [line["scene"] for line in data["sections"]["xp"]] == [2]
    assert data["pending_costs"][0]["id"] == roll["id"] and data["pending_costs"][0]["costs"]
    push = data["sections"]["pushes"][0]
    assert push["costs_status"] == "pending" and "costs" not in push  # the costs: once, under "never applied"
    assert "costs" not in data["sections"]["rolls"][0]  # listed once, under the push
    text = recaps.recap_markdown(data)
    for heading in ("## Rolls", "## Pushes and their costs", "## Stress and trauma", "## Conditions", "## XP",
                    "## Clocks and doom", "## Costs never applied"):
        assert heading in text
    assert "xp 0 → 2 (+2)" in text and "xp 2 → 3" not in text and "## Panics" not in text
    assert "- clock Raiders: 0/6" in text and "- doom pool: 1" in text


def test_recap_lists_each_cost_once_in_words_without_repeated_lines(make_service):
    """Each cost appears once in the recap, in words, and no two lines are alike: not under each of a
    roll's pushes and again under the costs paid, not ``mutation_points``, no costs line repeating the
    character's name, no two pushes of one roll reading the same."""
    service = make_service("myz")
    service.setup.update_settings({"max_pushes": 2})
    grease = service.roster.add_character({"name": "Grease", "attributes": yz(2, 3, 5, 2), "skills": {"jury-rig": 3}})
    first = service.rolls.roll(grease.id, "jury-rig", faces="base=1,3,4,5,2 skill=1,2,3")
    service.rolls.push(first["id"], faces="base=1,6,2,2 skill=6,3")
    service.rolls.push(first["id"], faces="base=2,2 skill=3")
    service.outcomes.apply_costs(first["id"])
    second = service.rolls.roll(grease.id, "jury-rig", faces="base=1,3 skill=1,2,3")
    service.rolls.push(second["id"], faces="base=1 skill=6,3")
    data = service.sessions.recap()
    pushes = data["sections"]["pushes"]
    assert [line["kind"] for line in pushes] == ["push", "push", "costs", "push"]
    assert [line.get("push_step") for line in pushes] == [1, 2, None, 1]
    assert [("costs" in line, line.get("costs_status")) for line in pushes] == [
        (False, None), (False, "applied"), (True, None), (False, "pending")]  # the status: with the last push
    paid = pushes[2]
    assert paid["summary"] == "Grease pays: Wits −3 → 2/5; mutation points 0 → 3 (+3)"
    assert [c["text"] for c in paid["costs"]] == ["trauma 3 (Wits)", "mutation points 3"]
    assert [c["text"] for c in data["pending_costs"][0]["costs"]] == ["trauma 3 (Wits)", "mutation points 3",
                                                                      "broken (Wits)"]
    text = recaps.recap_markdown(data)
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == len(set(lines)), text
    assert "mutation_points" not in text and "Grease: Grease" not in text and "pays: Grease:" not in text
    assert text.count("trauma 3 (Wits)") == 1 and text.count("mutation points 3") == 1  # the pending roll's
    assert "Grease pushes Jury-Rig: 2 successes (push 1 of 2)" in text and "(push 2 of 2)" in text
    assert "- #" + str(second["id"]) + " Grease: trauma 3 (Wits), mutation points 3, broken (Wits)" in text


def test_recap_of_a_session_the_campaign_does_not_have(make_service):
    service = make_service("yze")
    with pytest.raises(ValidationError, match="has no session 3"):
        service.sessions.recap(3)


def test_recap_markdown_escapes_text_from_the_file():
    data = {"campaign": "C", "session": 1, "title": "t\x1b[2J|", "date": "2026-03-14", "scenes": 1,
            "entries": 1, "doom": 0, "clocks": [], "pending_costs": [],
            "sections": {"rolls": [{"id": 1, "scene": 1, "kind": "roll", "character": "A\nB",
                                    "summary": "x\x07", "result": ""}]}}
    text = recaps.recap_markdown(data)
    assert "\x1b" not in text and "\x07" not in text and "A\\nB" in text and "\\|" in text


def test_a_conflict_running_when_the_session_ends_goes_on_in_the_next(make_service, reopen):
    """`S` mid-fight does not silently end the conflict. A fight stopped at the end of an
    evening goes on the next evening: the new session carries the conflict over (round, turn, order),
    as it carries doom and clocks, and says so; undo takes the new session back with it."""
    service = make_service("tiered")
    aldric = service.roster.add_character({"name": "Aldric", "attributes": {"str": 2, "dex": 1, "int": 0, "cha": 0,
                                                                    "per": 1}})
    wren = service.roster.add_character({"name": "Wren", "attributes": {"str": 0, "dex": 2, "int": 1, "cha": 1,
                                                                "per": 1}})
    service.conflict.start_conflict([aldric.id, wren.id])
    service.conflict.next_turn()
    before = service.session.initiative
    assert before is not None
    service.sessions.new_session(title="The fight goes on")
    assert service.session.number == 2 and service.session.initiative == before
    entry = service.history.filtered(session=2)[0]
    assert "conflict goes on" in entry["summary"]
    service = reopen(service)
    assert service.session.initiative == before
    service.undo()
    assert service.session.number == 1 and service.session.initiative == before
