"""The recap of a session whose history lost a file to a set-aside says which entries are missing and
names the file, as ``gmconsole history`` warns of a gap, never "Nothing was rolled or changed in this
session" nor a count of only the entries left."""

from __future__ import annotations

from campaign_helpers import yz

from gmconsole.campaign import recaps


def _chunk(service, session: int):
    [chunk] = (service._store.path / "history" / f"session-{session:04d}").glob("entries-*.json")
    return chunk


def _ann(service):
    return service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2}})


def test_a_set_aside_file_of_an_ended_session_is_named_with_its_entries_in_the_recap(make_service, reopen):
    service = make_service("yze")
    ann = _ann(service)  # entry 1
    service.rolls.roll(ann.id, "ranged", faces="base=2,3,4,4 skill=2,5")  # 2
    service.sessions.new_scene()  # 3
    service.sessions.new_session(title="Next")  # 4, in session 2
    service.rolls.roll(ann.id, "ranged", faces="base=6,3,4,4 skill=2,5")  # 5
    chunk = _chunk(service, 1)
    service.set_aside(chunk)

    data = service.sessions.recap(1)
    [gap] = data["missing"]
    assert (gap["first"], gap["last"], gap["file"]) == (1, 3, chunk.name)
    assert gap["aside"].startswith(chunk.name + ".damaged-")
    text = recaps.recap_markdown(data)
    assert "Nothing was rolled or changed" not in text
    assert (f"Entries #1 to #3 are missing from this recap: {chunk.name} (history of session 1) was set aside "
            f"as {gap['aside']}") in text
    assert reopen(service).sessions.recap(2)["missing"] == []  # the other session lost nothing


def test_the_current_session_s_only_file_set_aside_names_every_entry_it_held(make_service):
    service = make_service("yze")
    ann = _ann(service)
    for _ in range(3):
        service.rolls.roll(ann.id, "ranged", faces="base=2,3,4,4 skill=2,5")
    chunk = _chunk(service, 1)
    service.set_aside(chunk)
    text = recaps.recap_markdown(service.sessions.recap())
    assert "Entries #1 to #4 are missing from this recap" in text and chunk.name in text
    assert "Nothing was rolled or changed" not in text
    service.rolls.roll(ann.id, "ranged", faces="base=2,3,4,4 skill=2,5")  # 5, in a new file
    text = recaps.recap_markdown(service.sessions.recap())
    assert "Entries #1 to #4 are missing" in text and "1 entry" in text
