"""Hostile text on input: a name the GM types that holds a control or text-direction character is
refused with one clear sentence, and the campaign is left as it was.

Every name the GM types reaches the campaign through the service (console forms and the command line
alike): character names (add, edit, duplicate), notes, gear names, conditions, clock names and the
reason for a change of circumstances.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole.campaign.errors import ValidationError
from gmconsole.safe_text import UNSAFE, shown

BAD = ["Ash\x1b[2J", "Ash\x9b31m", "Ash\u202eyrneH", "Ash\x07", "Ash\x7f", "Ash\nBob", "Ash\u2066x", "Ash\u200f"]


def _refused(change, service) -> str:
    before = service.campaign.to_dict()
    with pytest.raises(ValidationError) as caught:
        change()
    assert service.campaign.to_dict() == before
    message = str(caught.value)
    assert "control or text-direction" in message and not UNSAFE.search(message)
    return message


@pytest.mark.parametrize("bad", BAD)
def test_every_typed_name_with_a_control_character_is_refused(make_service, bad):
    service = make_service("yze")
    ash = service.roster.add_character({"name": "Ash"})
    torch = service.roster.add_gear(ash.id, {"name": "Torch", "bonus": 1})
    clock = service.trackers.add_clock("Hive", 4)
    assert clock.name == "Hive"
    assert "a character name" in _refused(lambda: service.roster.add_character({"name": bad}), service)
    _refused(lambda: service.roster.update_character(ash.id, {"name": bad}), service)
    _refused(lambda: service.roster.update_character(ash.id, {"notes": bad}), service)
    _refused(lambda: service.roster.duplicate_character(ash.id, bad), service)
    _refused(lambda: service.roster.add_gear(ash.id, {"name": bad}), service)
    _refused(lambda: service.roster.update_gear(ash.id, torch.id, {"name": bad}), service)
    _refused(lambda: service.trackers.add_condition(ash.id, bad), service)
    _refused(lambda: service.trackers.add_clock(bad, 4), service)
    _refused(lambda: service.rolls.change_of_circumstances(ash.id, "ranged", bad), service)
    _refused(lambda: service.rolls.roll(ash.id, "ranged", attribute="agility", goal=bad), service)


def test_the_refusal_names_the_character_it_found_escaped(make_service):
    service = make_service("yze")
    message = _refused(lambda: service.roster.add_character({"name": "Ash\x1b[2J"}), service)
    assert "\\x1b" in message and "Ash\\x1b[2J" in message


def test_a_hostile_name_already_in_the_file_does_not_block_other_changes(make_service, reopen, tmp_path):
    """Only what is typed is checked: a name read from a file is shown escaped, and the GM can still
    change that character's numbers (or rename it to something safe)."""
    import json

    service = make_service("yze")
    ash = service.roster.add_character({"name": "Ash"})
    service.close()
    path = tmp_path / "yze-test" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = "Ash\x1b[2J"
    path.write_text(json.dumps(document), encoding="utf-8")
    from gmconsole.campaign.service import CampaignService

    service = CampaignService.open(tmp_path, "yze-test")
    try:
        service.roster.set_skill(ash.id, "ranged", 2)
        service.trackers.change_stress(ash.id, 1)
        service.roster.update_character(ash.id, {"name": "Ash"})
        assert service.character(ash.id).name == "Ash"
    finally:
        service.close()


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_a_typed_name_is_refused_exactly_when_showing_it_would_change_it(text):
    """Property: what the console refuses on input is exactly what it would escape on output."""
    from gmconsole.campaign.validation import check_typed_text

    if shown(text) == text:
        check_typed_text(text, "a name")
    else:
        with pytest.raises(ValidationError):
            check_typed_text(text, "a name")
