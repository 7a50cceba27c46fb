"""Importing Foundry actors into an open campaign: one entry undo takes back whole (the characters and the
campaign's new skills together), and an update that keeps the costs a character still owes unless
``replace`` (then they are dropped, as the file's stress replaces theirs)."""

from __future__ import annotations

from pathlib import Path

from gmconsole.campaign.errors import ValidationError

FIXTURES = Path(__file__).parent.parent / "fixtures" / "foundry"
MUTANT = str(FIXTURES / "mutant-v10.json")


def test_undo_takes_back_the_characters_and_the_new_skills_and_redo_brings_them(make_service, reopen):
    service = make_service("myz")
    plan = service.roster.import_actors([MUTANT, str(FIXTURES / "mutant-v9.json")])
    assert [a["name"] for a in plan["add"]] == ["Grubb Tallow", "Sessa Rook"]
    assert [s.id for s in service.campaign.skills][-1] == "bartering"
    service.undo()
    assert service.campaign.roster == [] and service.campaign.skills is None
    service.redo()
    again = reopen(service)
    assert [c.name for c in again.campaign.roster] == ["Grubb Tallow", "Sessa Rook"]
    assert again.campaign.roster[0].skills["bartering"] == 1


def _owing(service, name):
    grubb = service.character(name)
    roll = service.rolls.roll(grubb.id, "endure", faces="base=1,3,4 skill=2,5")
    service.rolls.push(roll["id"], faces="base=1,6 skill=3,2")
    return roll


def test_an_update_keeps_the_costs_owed_and_replace_drops_them(make_service):
    service = make_service("myz")
    service.roster.import_actors([MUTANT])
    roll = _owing(service, "Grubb Tallow")
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    try:
        service.roster.import_actors([MUTANT])
    except ValidationError as unchanged:  # the same file again changes nothing the sheet says
        assert "nothing recorded" in str(unchanged)
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
    plan = service.roster.import_actors([MUTANT], replace=True)
    assert [u["name"] for u in plan["update"]] == ["Grubb Tallow"]
    assert service.outcomes.pending_costs() == []
    assert service.history.entry(roll["id"])["costs_status"] == "dropped"
    service.undo()
    assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll["id"]]
