"""Play-test 5 on the roll builder's lists: the group check's list says who is untrained in the skill
and its refusal names every untrained one at once; the TN-modifier picker filters as a name is typed
(``a`` typed marks nothing) and pick-one lists offer no all/none."""

from __future__ import annotations

from test_roll_builder import _pick_skill, _start, builder_app, sync  # noqa: F401  (builder_app is a fixture)

from gmconsole.ui.screens.pick_characters import MarkList
from gmconsole.ui.screens.roll_form import RollFormScreen


def _labels(listing: MarkList) -> list[str]:
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


@sync
async def test_group_check_list_marks_the_untrained_and_the_refusal_names_them_all(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await _start(pilot, "c1")
        await _pick_skill(pilot, "shooting")
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
    assert app.service.history(kind="group") == []
