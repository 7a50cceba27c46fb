"""The roll builder's lists: the group check's list says who is untrained in the skill
and its refusal names every untrained one at once; the TN-modifier picker filters as a name is typed
(``a`` typed marks nothing) and pick-one lists offer no all/none."""

from __future__ import annotations

from pilot_harness import pick_skill, pilot_test, start_builder

from gmconsole.ui.screens.pickers import MarkListScreen, PickCharacters
from gmconsole.ui.screens.roll_form import RollFormScreen
from gmconsole.ui.widgets.mark_list import MarkList


def _labels(listing: MarkList) -> list[str]:
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


@pilot_test
async def test_group_check_list_marks_the_untrained_and_the_refusal_names_them_all(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "shooting")
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        labels = _labels(form.query_one("#field-participants", MarkList))
        assert labels[:5] == ["Kara Venn", "Doc Rell (untrained)", "Torvald (untrained)", "Mira Sol (untrained)",
                              "Nyx (untrained)"]
        await pilot.press("down", "down", "down", "space", "down", "space", "ctrl+s")
        await pilot.pause()
        error = str(form.query_one("#form-error").render())
    assert "Mira Sol and Nyx are untrained" in error and "assisted check" in error
    assert app.service.history.filtered(kind="group") == []


def _shown(listing: MarkList) -> list[str]:
    return [str(listing.get_option_at_index(i).value) for i in range(listing.option_count)]


@pilot_test
async def test_tn_modifier_picker_filters_as_a_name_is_typed_and_keeps_marks_out_of_sight(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "shooting")
        await pilot.press("m")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, MarkListScreen)
        listing = picker.query_one(MarkList)
        everything = _shown(listing)
        assert len(everything) > 30
        await pilot.press(*"dark")  # the `a` in it used to mark every modifier
        await pilot.pause()
        assert _shown(listing) == ["environmental.darkness"] and picker.marked == []
        assert "dark" in str(picker.query_one("#pick-filter").render())
        await pilot.press(*["backspace"] * 4, *"glare")
        await pilot.pause()
        assert _shown(listing) == ["environmental.glare-weak", "environmental.glare-strong",
                                   "environmental.glare-blinding"]
        await pilot.press("down", "space", *["backspace"] * 5)
        await pilot.pause()
        assert _shown(listing) == everything and picker.marked == ["environmental.glare-strong"]
        await pilot.press(*"smoke", "space", "escape")  # escape empties the filter first
        await pilot.pause()
        assert app.screen is picker and _shown(listing) == everything
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert builder.draft.tn_modifiers == ("environmental.smoke-fog-rain-light", "environmental.glare-strong")


@pilot_test
async def test_all_and_none_only_in_lists_where_they_make_sense(builder_app):
    app = builder_app("exploding-demo")
    roster = [(c.id, c.name) for c in app.service.campaign.roster]
    async with app.run_test(size=(110, 44)) as pilot:
        await pilot.pause()
        many = PickCharacters("Who is in range?", roster)
        app.push_screen(many)
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert many.marked == [cid for cid, _ in roster]
        assert "a all" in str(many.query_one("#pick-hint").render())
        await pilot.press("n", "escape")
        await pilot.pause()
        one = PickCharacters("Who takes the damage?", roster, limit=1, minimum=1)
        app.push_screen(one)
        await pilot.pause()
        await pilot.press("a", "n")
        await pilot.pause()
        assert one.marked == [] and str(one.query_one("#pick-message").render()) == ""
        hint = str(one.query_one("#pick-hint").render())
        assert "all" not in hint and "none" not in hint
        assert {b.binding.action for b in app.active_bindings.values()}.isdisjoint({"all", "none"})
