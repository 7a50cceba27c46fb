"""The GM's hidden roll from the roll builder. ``H`` marks the next roll hidden (the settings
line says so); it is recorded as usual with ``"hidden": true`` and the option goes back to shown after
the roll, like every per-roll option, unless pinned with ``!``."""

from __future__ import annotations

from pilot_harness import fill_focused, pick_skill, pilot_test, roll_entries, shown_text, start_builder


@pilot_test
async def test_h_marks_the_next_roll_hidden_and_only_that_one(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        assert "HIDDEN" not in shown_text(builder, "#rb-settings")
        await pilot.press("H")
        assert "HIDDEN from the table" in shown_text(builder, "#rb-settings")
        await pilot.press("r")
        await pilot.pause()
        assert "HIDDEN" not in shown_text(builder, "#rb-settings")
        await pilot.press("r")
        await pilot.pause()
    hidden, shown = reversed(roll_entries(service))
    assert hidden["hidden"] is True
    assert "hidden" not in shown
    assert "hidden" not in hidden["request"]  # the request keeps its shape
    assert hidden["summary"].endswith("(hidden from the table)")


@pilot_test
async def test_h_twice_is_shown_again_and_a_pinned_hidden_stays_for_the_next_rolls(builder_app):
    app = builder_app("tiered-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await pilot.press("H", "H", "r")
        await pilot.pause()
        await pilot.press("H", "exclamation_mark", "r")
        await pilot.pause()
        assert "HIDDEN from the table (pinned)" in shown_text(builder, "#rb-settings")
        await pilot.press("r")
        await pilot.pause()
    first, second, third = reversed(roll_entries(service))
    assert "hidden" not in first
    assert second["hidden"] is True and third["hidden"] is True


@pilot_test
async def test_h_then_g_makes_the_gm_roll_hidden_and_the_next_roll_is_shown(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        await pilot.press("H", "G")
        await pilot.pause()
        await fill_focused(pilot, "3b 2s")
        await pilot.pause()
        assert "HIDDEN" not in shown_text(builder, "#rb-settings")
        await pilot.press("r")
        await pilot.pause()
    gm_roll, next_roll = reversed(roll_entries(service))
    assert gm_roll["character"] == "GM" and gm_roll["hidden"] is True
    assert "hidden" not in next_roll
