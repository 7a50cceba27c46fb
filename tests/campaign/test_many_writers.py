"""Two writers of one campaign in one process (as the console and the command line are in two): each change
is made on top of the other's, a change that no longer fits is refused saying what came first and where,
never made twice, and undo asks about the other writer's change by its id."""

from __future__ import annotations

import pytest
from campaign_helpers import frozen_clock, yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.service import CampaignService


@pytest.fixture
def console_and_command_line(make_service, tmp_path):
    console = make_service("myz", name="Ark")
    console.ledger.source = "console"
    hammer = console.roster.add_character({"name": "Hammer", "attributes": yz(3, 3, 2, 3), "skills": {"fight": 2},
                                           "gear": [{"name": "Spiked bat", "bonus": 1}]})
    command_line = CampaignService.open(tmp_path, "Ark", clock=frozen_clock, source="cli")
    yield console, command_line, hammer
    command_line.close()


def _owing_roll(service, hammer) -> int:
    rolled = service.rolls.roll(hammer.id, "fight", gear=["Spiked bat"], faces="base=1,3,4 skill=2,5 gear=3")
    pushed = service.rolls.push(rolled["id"], faces="base=1,6 skill=3,2 gear=1")
    assert service.history.entry(rolled["id"])["costs_status"] == "pending", pushed
    return rolled["id"]


def test_costs_another_writer_applied_first_are_refused_naming_it_and_applied_once(console_and_command_line):
    console, command_line, hammer = console_and_command_line
    roll_id = _owing_roll(console, hammer)
    command_line.outcomes.apply_costs(roll_id)  # the command line applies them first
    with pytest.raises(ValidationError) as refused:
        console.outcomes.apply_costs(roll_id)  # the console, which has not read that yet
    assert str(refused.value) == f"the costs of roll {roll_id} were already applied from the command line"
    assert [e["kind"] for e in console.history.entries()].count("costs") == 1
    assert console.history.entry(roll_id)["costs_status"] == "applied"


def test_each_change_is_made_on_top_of_the_other_writers_and_marked_with_where(console_and_command_line):
    console, command_line, hammer = console_and_command_line
    command_line.trackers.change_stress(hammer.id, 1)
    console.trackers.change_stress(hammer.id, 1)  # the console had not read the first change: it is read now
    assert console.character(hammer.id).stress == 2
    stresses = [e for e in console.history.entries() if e["kind"] == "stress"]
    assert [e["source"] for e in stresses] == ["cli", "console"]
    ids = [e["id"] for e in console.history.entries()]
    assert ids == sorted(set(ids))


def test_undo_names_the_other_writers_change_and_undoes_only_the_one_agreed_to(console_and_command_line):
    console, command_line, hammer = console_and_command_line
    made = command_line.trackers.change_stress(hammer.id, 1)
    entry_id, summary, where = console.next_undo()
    assert (entry_id, where) == (made["id"], "from the command line") and "Hammer" in summary
    command_line.trackers.change_stress(hammer.id, 1)  # another change comes on top before the GM answers
    with pytest.raises(ValidationError, match="nothing was done: the campaign's last change is now"):
        console.undo(entry_id)
    assert console.character(hammer.id).stress == 2  # nothing undone
    console.undo(console.next_undo()[0])
    assert console.character(hammer.id).stress == 1


def test_a_console_following_hears_the_other_writers_entries_with_where_they_came_from(console_and_command_line):
    console, command_line, hammer = console_and_command_line
    heard = []
    console.subscribe(heard.append)
    assert console.reload() is False  # nobody else wrote: nothing read
    command_line.trackers.change_stress(hammer.id, 1)
    assert console.reload() is True
    assert [e["source"] for e in heard[-1]["arrived"]] == ["cli"] and heard[-1]["kind"] == "reloaded"
    assert console.reload() is False


def test_a_redo_agreed_to_after_another_writers_change_cleared_it_says_so(console_and_command_line):
    console, command_line, hammer = console_and_command_line
    made = command_line.trackers.change_stress(hammer.id, 1)
    console.undo(console.next_undo()[0])
    entry_id, _summary, _where = console.next_undo(redo=True)
    assert entry_id == made["id"]
    command_line.trackers.change_stress(hammer.id, 1)  # a new change clears redo before the GM answers
    with pytest.raises(ValidationError, match="another writer's change came meanwhile, and there is nothing to redo"):
        console.redo(entry_id)
