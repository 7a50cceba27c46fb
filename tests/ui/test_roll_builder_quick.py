"""Pilot tests of the GM's quick roll (``G``): a pool typed in the system's syntax, no
character, recorded as the GM's roll, pushable where the system allows and charged to nobody."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    pilot_test,
    roll_entries,
    shown_text,
)

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.line_entry import LineEntryScreen


@pilot_test
async def test_gm_quick_roll_without_a_character_is_recorded_as_the_gms_and_pushed_for_free(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    sheets = {c.id: (c.stress, c.attributes["strength"].current) for c in service.campaign.roster}
    async with app.run_test(size=(110, 44)) as pilot:
        builder = pilot.app.query_one(RollBuilder)
        builder.focus()
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "5b 3s 1st ; base=1,1,1,1,1 skill=1,2,3 stress=2")
        await pilot.pause()
        result = shown_text(builder, "#rb-result-head") + "\n" + shown_text(builder, "#rb-result")
        await pilot.press("p")
        await pilot.pause()
        said = shown_text(builder, "#rb-message")
    roll = roll_entries(service)[0]
    assert roll["character"] == "GM" and roll["character_id"] is None
    assert roll["summary"].startswith("GM rolls 5b 3s 1st") and roll["by_hand"] is True
    assert "GM rolls 5b 3s 1st: 0 successes" in result
    assert said == "" and len(service.history.filtered(kind="push")) == 1
    assert service.history.entry(roll["id"])["costs_status"] == "none"
    assert {c.id: (c.stress, c.attributes["strength"].current) for c in service.campaign.roster} == sheets


@pilot_test
async def test_a_bad_quick_pool_names_the_syntax_and_records_nothing(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = pilot.app.query_one(RollBuilder)
        builder.focus()
        await pilot.press("G")
        await pilot.pause()
        await fill_focused(pilot, "5b 3s")
        await pilot.pause()
        error = str(app.screen.query_one("#faces-error").render()) if app.screen.query("#faces-error") else ""
        screen = app.screen
    assert isinstance(screen, LineEntryScreen)
    assert "s8 t6 tn5" in error and "exploding" in error
    assert app.service.history.filtered() == []


@pilot_test
async def test_a_gm_roll_with_a_stress_die_showing_1_owes_nobody_a_panic(builder_app):
    """A GM roll is charged to nobody, so a stress 1 (R-PUSH-3) names no panic as due;
    the roll still cannot be pushed."""
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = pilot.app.query_one(RollBuilder)
        builder.focus()
        await pilot.press("G")
        await pilot.pause()
        await fill_focused(pilot, "3b 2s 1st ; base=6,2,3 skill=4,5 stress=1")
        await pilot.pause()
        result = shown_text(builder, "#rb-result-head") + "\n" + shown_text(builder, "#rb-result")
    assert "GM rolls 3b 2s 1st: 1 success" in result
    assert "panic roll due" not in result
    assert "a stress die shows 1 (R-PUSH-3): a GM roll, so nobody panics" in result
