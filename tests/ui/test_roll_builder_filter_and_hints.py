"""Pilot tests of the roll builder's skill filter and hints: a skill filter that matches
nothing selects no skill, escape puts back the whole selection, ``r`` with nothing to roll says why,
``b`` stops at the system's bonus dice limit (R-TIER-1), and the faces hints are built from the
counts of dice actually needed (R-MANUAL-1, R-PUSH-4, R-TIER-4)."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    pick_skill,
    pilot_test,
    roll_entries,
    shown_text,
    start_builder,
    type_text,
)

from gmconsole import systems
from gmconsole.rules.spec import parse_int_spec
from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.roll_form import RollFormScreen


@pilot_test
async def test_a_filter_matching_nothing_selects_no_skill_and_says_so(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("s")
        await type_text(pilot, "look")
        await pilot.press("enter")
        await pilot.pause()
        assert builder.draft.skill is None
        assert builder.request().skill is None
        settings = shown_text(builder, "#rb-settings")
        message = shown_text(builder, "#rb-message")
        odds = shown_text(builder, "#rb-odds")
        preview = builder.preview
    assert "mobility" not in settings and "skill none" not in settings
    assert "no skill matches “look”" in settings
    assert "No skill matches “look”" in message
    assert odds == ""
    assert preview is None


@pilot_test
async def test_a_filter_matching_only_the_attribute_alone_row_is_a_match_not_a_refusal(builder_app):
    """Typing part of the last row, "(no skill: attribute only)", matches that row: the attribute is rolled
    alone (no skill), and the builder says nothing about a filter matching nothing."""
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("s")
        await type_text(pilot, "attribute only")
        await pilot.pause()
        typed_settings = shown_text(builder, "#rb-settings")
        typed_message = shown_text(builder, "#rb-message")
        await pilot.press("enter", "a")
        await pilot.pause()
        skill = builder.draft.skill
        attribute = builder.draft.attribute
        settings = shown_text(builder, "#rb-settings")
        message = shown_text(builder, "#rb-message")
        odds = shown_text(builder, "#rb-odds")
    assert "no skill matches" not in typed_settings and "No skill matches" not in typed_message
    assert "Nothing to roll: no skill matches" not in typed_message
    assert skill is None and attribute == "strength"
    assert "skill none" in settings and "attr Strength" in settings
    assert "No skill matches" not in message and odds.startswith("Odds:")


@pilot_test
async def test_a_filter_typed_past_its_last_match_does_not_keep_that_skill(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("s", "c")
        await pilot.pause()
        first = builder.draft.skill
        await type_text(pilot, "omp")
        await pilot.pause()
        skill = builder.draft.skill
        odds = shown_text(builder, "#rb-odds")
        await pilot.press("backspace", "backspace", "backspace")
        await pilot.pause()
        back = builder.draft.skill
    assert first == "crafting"
    assert skill is None and odds == ""
    assert back == first  # "c" matches again: its first skill is selected again


@pilot_test
async def test_escape_from_the_filter_puts_back_the_selection_and_r_says_why_nothing_rolls(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("s", "c", "escape")
        await pilot.pause()
        settings = shown_text(builder, "#rb-settings")
        assert builder.draft.skill is None and builder.draft.attribute is None
        await pilot.press("r")
        await pilot.pause()
        said = shown_text(builder, "#rb-message")
        assert roll_entries(app.service) == []
        await pilot.press("f")
        await pilot.pause()
        assert not isinstance(app.screen, LineEntryScreen)  # no faces asked for a pool that is not there
        said_f = shown_text(builder, "#rb-message")
    assert said_f == said
    assert "skill none" in settings and "attr —" in settings and "wits" not in settings
    assert said.startswith("Nothing to roll"), said
    assert "s" in said and "a" in said


@pilot_test
async def test_escape_from_the_filter_keeps_the_skill_attribute_and_gear_picked_before(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "rang")
        await pilot.press("g")
        before = builder.request()
        await pilot.press("s")
        await type_text(pilot, "obs")
        await pilot.press("escape")
        await pilot.pause()
        after = builder.request()
        odds = shown_text(builder, "#rb-odds")
    assert after == before and after.gear
    assert odds


@pilot_test
async def test_r_and_f_with_a_refused_pool_say_why(builder_app):
    app = builder_app("tiered-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        # a draft beyond the limit (an older console's draft): refused, and said
        builder.draft = builder.draft.changed(bonus_dice=9)
        builder.refresh_view()
        await pilot.press("r")
        await pilot.pause()
        said = shown_text(builder, "#rb-message")
        assert roll_entries(app.service) == []
    assert "R-TIER-1" in said


@pilot_test
async def test_R_TIER_1_b_stops_at_the_systems_limit_and_says_so(builder_app):
    from gmconsole.families.tiered.rules import roll as tiered

    app = builder_app("tiered-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await pilot.press(*["b"] * 40)
        await pilot.pause()
        settings = shown_text(builder, "#rb-settings")
        message = shown_text(builder, "#rb-message")
        odds = shown_text(builder, "#rb-odds")
        bonus = builder.draft.bonus_dice
        await pilot.press("r")
        await pilot.pause()
        rolled = roll_entries(app.service)
    assert bonus == tiered.MAX_BONUS_DICE
    assert f"bonus {tiered.MAX_BONUS_DICE}" in settings and "+40" not in settings + message
    assert f"at most +{tiered.MAX_BONUS_DICE} bonus dice" in message and "R-TIER-1" in message
    assert "Cannot roll" not in message and odds
    assert len(rolled) == 1


@pilot_test
async def test_R_PUSH_4_push_faces_example_has_as_many_faces_as_the_push_rerolls(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "base=6,2,3,4 skill=3,2 stress=2")
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        example = app.screen.query_one("#faces-input").placeholder
        hint = str(app.screen.query_one("#faces-hint").render())
    typed = parse_int_spec(example, systems.get("yze").face_kinds)
    assert example == "b345 s34 st34"  # R-MANUAL-1: the short form, one digit per d6
    assert {k: len(v) for k, v in typed.items()} == {"base": 3, "skill": 2, "stress": 2}, example
    assert f"e.g. {example} or base=3,4,5 skill=3,4 stress=3,4" in hint


@pilot_test
async def test_R_TIER_4_attack_faces_example_has_as_many_faces_as_the_pool(builder_app):
    from gmconsole.families.tiered.rules import roll as tiered

    app = builder_app("tiered-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        character = app.service.character("c1")
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, RollFormScreen)
        example = app.screen.query_one("#field-faces").placeholder
    melee = tiered.dice_to_roll(character.class_bonus + character.attributes["str"].current)
    assert example.startswith("d") and len(parse_int_spec(example, systems.get("tiered").face_kinds)["dice"]) == melee
    assert len(example) == 1 + melee, example  # one digit per die
