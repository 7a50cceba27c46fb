"""An open campaign keeps the chunk summaries it read in memory (the recap redraws read them again), but
only while their chunk is unchanged: a roll, an undo or another writer's change is counted at the next read."""

from __future__ import annotations

from campaign_helpers import frozen_clock, yz

from gmconsole.campaign.service import CampaignService


def _rolls(service) -> int:
    return service.sessions.recap(1)["statistics"]["rolls"]


def test_a_change_after_a_read_is_counted_by_the_same_open_campaign(make_service, tmp_path):
    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2}})
    service.rolls.roll(ann.id, "ranged", faces="base=6,2,3,2 skill=4,1")
    assert _rolls(service) == 1 and _rolls(service) == 1  # read, then given again from memory
    service.rolls.roll(ann.id, "ranged", faces="base=6,6,3,2 skill=4,1")
    assert _rolls(service) == 2
    assert [line["result"] for line in service.sessions.recap(1)["sections"]["rolls"]] == ["1 success", "2 successes"]
    service.undo()
    assert _rolls(service) == 1
    reader = CampaignService.open(tmp_path, service.campaign.name, read_only=True, clock=frozen_clock)
    assert _rolls(reader) == 1
    service.redo()  # another process's change: the reader reads the files again
    reader.reload()
    assert _rolls(reader) == 2
    reader.close()
