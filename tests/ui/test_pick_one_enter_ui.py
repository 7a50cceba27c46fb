"""``enter`` in a pick-one list marks the highlighted row and never takes a mark away; inside a form it also
submits the form, so harm with the attribute picked is ``H``, the amount, ``tab``, the arrows, ``enter``.
A list where several rows may be marked keeps ``enter`` as mark/unmark."""

from __future__ import annotations

from pilot_harness import burst, pilot_test

from gmconsole.ui.screens.harm_form import HarmForm
from gmconsole.ui.screens.main import MainScreen


def _marks(listing) -> list[str]:
    return [listing.get_option_at_index(i).value for i in range(listing.option_count)
            if listing.get_option_at_index(i).value in listing.selected]


@pilot_test
async def test_space_then_enter_in_the_harm_form_applies_the_harm_to_the_attribute_marked(make_app):
    app = make_app("myz-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        character = service.campaign.roster[0]
        before = {a: v.current for a, v in character.attributes.items()}
        await burst(pilot, "1", "H", "2", "tab", "up", "up", "space")
        assert isinstance(app.screen, HarmForm)
        marked = _marks(app.screen.query_one("#f-attribute"))
        await burst(pilot, "enter")
        closed = isinstance(app.screen, MainScreen)
    after = {a: v.current for a, v in service.character(character.id).attributes.items()}
    assert len(marked) == 1 and closed
    assert after[marked[0]] == max(before[marked[0]] - 2, 0)
    assert {a: v for a, v in after.items() if a != marked[0]} == {a: v for a, v in before.items() if a != marked[0]}


@pilot_test
async def test_enter_on_the_row_already_marked_keeps_its_mark_and_submits(make_app):
    """``H 1 tab enter``: the attribute the form started on takes the harm (``enter`` never unmarks it)."""
    app = make_app("myz-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        character = service.campaign.roster[0]
        await burst(pilot, "1", "H", "1", "tab")
        marked = _marks(app.screen.query_one("#f-attribute"))
        before = character.attributes[marked[0]].current
        await burst(pilot, "enter")
        closed = isinstance(app.screen, MainScreen)
    assert closed
    assert service.character(character.id).attributes[marked[0]].current == before - 1


@pilot_test
async def test_enter_in_a_pick_one_picker_marks_and_never_unmarks(make_app):
    """The statistics' "Whose statistics?" (a pick-one picker): ``↓ space enter`` leaves the first roster
    member marked, and ``ctrl+s`` shows theirs."""
    app = make_app("yze-demo")
    first = app.service.campaign.roster[0]
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "I", "c", "down", "space", "enter")
        marked = _marks(app.screen.query_one("#pick-list"))
        await burst(pilot, "ctrl+s")
        chosen = app.screen.character
    assert marked == [first.id]
    assert chosen == first.id


@pilot_test
async def test_enter_in_a_list_of_several_marks_still_marks_and_unmarks(make_app):
    """``R-PANIC-1``'s "who is in range" and every list where several rows may be marked: enter toggles."""
    from gmconsole.ui.screens.pickers import PickCharacters

    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(PickCharacters("Who?", [("c1", "Ripley"), ("c4", "Dallas")]))
        await burst(pilot, "enter")
        marked_once = _marks(app.screen.query_one("#pick-list"))
        await burst(pilot, "enter")
        marked_twice = _marks(app.screen.query_one("#pick-list"))
    assert marked_once == ["c1"] and marked_twice == []
