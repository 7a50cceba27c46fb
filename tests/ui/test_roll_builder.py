"""Pilot tests of the roll builder (pane 3): keys in, campaign state out.

The builder is mounted alone in a small app that carries ``service`` and ``rng`` the way
``GMConsoleApp`` does, so each test drives only the builder's keys and then reads the campaign
through the service (history entries, sheets) to check what the GM's keys did.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from pilot_harness import (
    BuilderApp,
    fill_focused,
    mark_names,
    pick_skill,
    pilot_test,
    roll_entries,
    shown_text,
    start_builder,
    type_text,
)
from textual.widgets import Input

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.pickers import MarkListScreen
from gmconsole.ui.screens.roll_form import RollFormScreen
from gmconsole.ui.widgets.mark_list import MarkList


@pilot_test
async def test_build_a_roll_by_keys_and_roll_with_the_console_dice(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "rang")
        await pilot.press("g", "d", "d", "plus")
        assert builder.request().skill == "ranged"
        assert builder.request().gear == ("g2",)
        assert builder.request().difficulty == "hard"
        assert builder.request().modifier == 1
        assert "success" in shown_text(builder, "#rb-odds")
        await pilot.press("r")
        await pilot.pause()
    rolls = roll_entries(app.service)
    assert len(rolls) == 1
    roll = rolls[0]
    assert roll["skill"] == "ranged" and roll["character_id"] == "c1"
    assert roll["request"]["gear"] == ["g2"] and roll["request"]["difficulty"] == "hard"
    kinds = {d["kind"] for d in roll["pool"]["dice"]}
    assert {"base", "gear", "stress"} <= kinds
    assert roll["by_hand"] is False


@pilot_test
async def test_odds_follow_every_key(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        before = shown_text(builder, "#rb-odds")
        await pilot.press("d")
        harder = shown_text(builder, "#rb-odds")
        await pilot.press("D", "D")
        easier = shown_text(builder, "#rb-odds")
    assert before != harder != easier
    assert app.service.history.filtered() == []


@pilot_test
async def test_skill_filter_escape_puts_the_skill_back(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "obs")
        assert builder.draft.skill == "observation"
        await pilot.press("s")
        await type_text(pilot, "mob")
        assert builder.draft.skill == "mobility"
        await pilot.press("escape")
        assert builder.draft.skill == "observation"
        assert app.focused is builder
        await pick_skill(pilot, "zzz")
        assert "No skill matches" in shown_text(builder, "#rb-message")


@pilot_test
async def test_R_MANUAL_1_roll_with_typed_faces_and_bad_faces_inline(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await type_text(pilot, "base=9")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        assert str(app.screen.query_one("#faces-error").render()).strip()
        assert roll_entries(app.service) == []
        await fill_focused(pilot, "base=6,2,3,4 skill=6,5 stress=3")
        await pilot.pause()
        assert app.screen is not None and not isinstance(app.screen, LineEntryScreen)
        assert "2 successes" in shown_text(builder, "#rb-result")
    roll = roll_entries(app.service)[0]
    assert roll["by_hand"] is True
    assert roll["successes"] == 2
    assert sorted(d["face"] for d in roll["dice"] if d["kind"] == "base") == [2, 3, 4, 6]


@pilot_test
async def test_R_PUSH_1_push_with_typed_faces_then_R_PUSH_2_second_push_refused(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await pilot.press("f")
        await fill_focused(pilot, "base=1,3,4,5,2 skill=1,2,3")
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "base=6,2,2,2 skill=6,1")  # R-PUSH-1: the skill 1 stays, so two skill faces
        await pilot.pause()
        assert "2 successes" in shown_text(builder, "#rb-result")
        await pilot.press("p")
        await pilot.pause()
        message = shown_text(builder, "#rb-message")
    assert "R-PUSH-2" in message
    roll = roll_entries(app.service)[0]
    assert roll["pushes"] == 1
    base = [d for d in roll["dice"] if d["kind"] == "base"]
    assert [d["face"] for d in base if not d.get("rerolled")] == [1]
    assert len(app.service.history.filtered(kind="push")) == 1


@pilot_test
async def test_R_PUSH_2_reactive_roll_is_not_pushed(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c4")
        await pick_skill(pilot, "obs")
        await pilot.press("t", "r")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        message = shown_text(builder, "#rb-message")
    assert "reactive" in message and "R-PUSH-2" in message
    assert app.service.history.filtered(kind="push") == []


@pilot_test
async def test_R_PUSH_3_stress_die_one_refuses_the_push_and_panic_asks_who_is_in_range_only_if_it_spreads(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await fill_focused(pilot, "base=2,2,3,4 skill=5,3 stress=1")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert "R-PUSH-3" in shown_text(builder, "#rb-message")
        await pilot.press("c")
        await pilot.pause()
        asked = isinstance(app.screen, MarkListScreen)  # asked only for a row that spreads
        if asked:
            await pilot.press("space", "ctrl+s")
            await pilot.pause()
        assert "Applied" in shown_text(builder, "#rb-result")
    costs = app.service.history.filtered(kind="costs")
    assert len(costs) == 1 and "panic" in costs[0]
    assert asked == costs[0]["panic"]["rolls"][0]["spreads"]
    assert costs[0]["panic"]["rolls"][0]["character_id"] == "c1"
    assert roll_entries(app.service)[0]["costs_status"] == "applied"


@pilot_test
async def test_apply_costs_with_one_key_and_undo_with_one_key(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        before = app.service.character("c1")
        wits, points = before.attributes["wits"].current, before.mutation_points
        await pick_skill(pilot, "jury")
        await pilot.press("f")
        await fill_focused(pilot, "base=1,3,4,5,2 skill=1,2,3")
        await pilot.pause()
        await pilot.press("P")
        await fill_focused(pilot, "base=1,2,2,2 skill=2,2")  # R-PUSH-1: the skill 1 stays
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        paid = app.service.character("c1")
        # R-MYZ-TRAUMA: two base 1s and the skill 1 are three trauma and three mutation points
        assert paid.attributes["wits"].current == wits - 3
        assert paid.mutation_points == points + 3
        await pilot.press("u")
        await pilot.pause()
        assert "Undone" in shown_text(builder, "#rb-result")
    back = app.service.character("c1")
    assert back.attributes["wits"].current == wits and back.mutation_points == points
    assert roll_entries(app.service)[0]["costs_status"] == "pending"


@pilot_test
async def test_R_HELP_1_a_fourth_helper_is_refused_with_the_reason(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await pilot.press("e")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, MarkListScreen)
        await pilot.press("a", "ctrl+s")
        await pilot.pause()
        assert app.screen is picker  # refused at confirm, still open to unmark one
        message = str(picker.query_one("#pick-message").render())
        await pilot.press("escape")
        await pilot.pause()
        assert builder.draft.helpers == ()  # the refused four never reach the roll
    assert "R-HELP-1" in message


@pilot_test
async def test_helpers_are_named_in_the_roll(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("space", "down", "space", "ctrl+s")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
    assert roll_entries(app.service)[0]["helpers"] == ["Vanja", "Hammer"]


@pilot_test
async def test_R_OPP_1_opposed_roll_against_a_second_character(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c4")
        await pick_skill(pilot, "sneak")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, RollFormScreen)
        form = app.screen
        await mark_names(pilot, form.query_one("#field-opponent", MarkList), "Hammer")
        await mark_names(pilot, form.query_one("#field-skill", MarkList), "scout")
        form.query_one("#field-active_faces", Input).value = "base=6,6,2,3,4 skill=2"
        form.query_one("#field-defender_faces", Input).value = "base=6,2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        result = str(form.query_one("#form-result").render())
        await pilot.press("escape")
        await pilot.pause()
        opposed = shown_text(builder, "#rb-result")
    assert "Vanja: 2" in result and "Hammer: 1" in result and "active side wins" in result
    assert "net successes 1" in opposed
    roll = roll_entries(app.service)[0]
    assert roll["character_id"] == "c4" and roll["skill"] == "sneak" and roll["successes"] == 2


@pilot_test
async def test_R_OPP_1_opposed_roll_bad_typed_pool_is_an_inline_message(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        form.query_one("#field-pool", Input).value = "dragons=3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(form.query_one("#form-error").render())
    assert "dragons" in error
    assert roll_entries(app.service) == []


@pilot_test
async def test_R_TIER_1_third_bonus_die_refused_and_tiered_offers_its_rolls(builder_app):
    app = builder_app("tiered-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await pilot.press("b", "b", "b")
        await pilot.pause()
        refusal = shown_text(builder, "#rb-message")
        assert builder.draft.bonus_dice == 2  # b stops at the limit: the third is refused, the roll stays rollable
        await pilot.press("r")
        await pilot.pause()
        assert len(roll_entries(app.service)) == 1
        assert roll_entries(app.service)[0]["request"]["bonus_dice"] == 2
        await pilot.press("p")  # the Push Yourself die joins the eight dice on the table
        await pilot.pause()
        assert len(app.service.history.filtered(kind="push")) == 1 and len(roll_entries(app.service)[0]["dice"]) == 9
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, RollFormScreen)
        app.screen.query_one("#field-faces", Input).value = "dice=6,6"
        await pilot.press("ctrl+s")
        await pilot.pause()
        save = str(app.screen.query_one("#form-result").render())
    assert "R-TIER-1" in refusal
    assert "12" in save and "CRITICAL" in save


@pilot_test
async def test_exploding_offers_assisted_group_and_opposed_but_no_push(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "shoot")
        await pilot.pause()
        tn_before = builder.preview.target_number
        await pilot.press("d")
        assert builder.preview.target_number > tn_before
        await pilot.press("f")
        await fill_focused(pilot, "skill=3,4 trait=2")
        await pilot.pause()
        assert "top 4" in shown_text(builder, "#rb-result")
        await pilot.press("p")
        await pilot.pause()
        assert not isinstance(app.screen, LineEntryScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, RollFormScreen)
        await mark_names(pilot, app.screen.query_one("#field-participants", MarkList), "Torvald")  # Kara Venn is marked
        app.screen.query_one("#field-skill", Input).value = "athletics"
        await pilot.press("ctrl+s")
        await pilot.pause()
        group = str(app.screen.query_one("#form-result").render())
    assert "of 2 succeed" in group
    roll = roll_entries(app.service)[0]
    assert roll["top"] == 4 and roll["by_hand"] is True
    assert app.service.history.filtered(kind="push") == []


@pytest.mark.parametrize(
    ("name", "shown", "hidden"),
    [
        ("myz-demo", {"push", "apply_costs", "opposed", "toggle_reactive"}, {"save", "attack", "assisted", "bonus"}),
        ("yze-demo", {"push", "apply_costs", "opposed"}, {"save", "group", "push_yourself"}),
        ("exploding-demo", {"opposed", "assisted", "group", "difficulty"}, {"push", "apply_costs", "save"}),
        ("tiered-demo", {"save", "attack", "bonus", "push_yourself", "push"}, {"push_odds", "difficulty", "group"}),
    ],
)
@pilot_test
async def test_only_the_systems_actions_are_offered(builder_app, name, shown, hidden):
    app = builder_app(name)
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        offered = {action for action in shown | hidden if builder.check_action(action, ())}
        footer_actions = {b.binding.action.split("(")[0] for b in app.screen.active_bindings.values()
                          if b.enabled}
    assert offered == shown
    assert not (hidden & footer_actions)


@pilot_test
async def test_no_character_yet_keys_say_what_to_do(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = pilot.app.query_one(RollBuilder)
        builder.focus()
        await pilot.press("r", "p", "c")
        await pilot.pause()
        message = shown_text(builder, "#rb-message")
    assert message
    assert app.service.history.filtered() == []


@pilot_test
async def test_each_character_keeps_the_roll_drafted_for_them(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("s", *"ranged", "enter", "g", "d")
        builder.select_character("c4")
        await pilot.pause()
        assert builder.request().skill is None and builder.request().gear == ()
        await pilot.press("s", *"obs", "enter")
        builder.select_character("c1")
        await pilot.pause()
        back = builder.request()
        await pilot.press("x")
        cleared = builder.request()
    # the skill, gear and difficulty are the character's draft until their roll is recorded
    assert (back.skill, back.gear, back.difficulty) == ("ranged", ("g2",), "demanding")
    assert (cleared.skill, cleared.gear, cleared.difficulty) == (None, (), None)
    assert app.service.history.filtered() == []


@pilot_test
async def test_tiered_limited_result_shows_consequences_and_the_xp_given(builder_app):
    app = builder_app("tiered-demo")
    xp = app.service.character("c4").xp
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c4")
        await pilot.press("s", *"stealth", "enter", "f")
        await fill_focused(pilot, "dice=1,2,3,3")
        await pilot.pause()
        result = shown_text(builder, "#rb-result")
    assert "LIMITED" in result and "consequences to choose" in result and "xp +1" in result
    assert app.service.character("c4").xp == xp + 1


@pilot_test
async def test_tiered_result_names_the_6s_of_a_critical_and_the_highest_die_otherwise(builder_app):
    """Critical is two or more 6s (the seed's "multiple 6s"), so its line names them, not the highest die,
    which reads the same 6 as a Great."""
    app = builder_app("tiered-demo")
    async with app.run_test(size=(100, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("s", *"swords", "enter", "f")
        await fill_focused(pilot, "dice=6,6,2,1,2,6")
        await pilot.pause()
        critical = shown_text(builder, "#rb-result")
        await pilot.press("f")
        await fill_focused(pilot, "dice=6,3,2,1,2,4")
        await pilot.pause()
        great = shown_text(builder, "#rb-result")
    assert critical.startswith("CRITICAL (3 sixes)") and "highest" not in critical
    assert great.startswith("GREAT (highest 6)")


def test_read_only_campaign_refuses_the_roll_inline(open_service):
    async def run() -> str:
        app = BuilderApp(open_service("myz-demo", read_only=True), random.Random(3))
        async with app.run_test(size=(100, 40)) as pilot:
            builder = await start_builder(pilot, "c1")
            await pilot.press("s", *"jury", "enter", "r")
            await pilot.pause()
            return shown_text(builder, "#rb-message")

    message = asyncio.run(run())
    assert "read-only" in message


def test_read_only_campaign_refuses_typed_faces_inside_the_form(open_service):
    async def run() -> tuple[bool, str]:
        app = BuilderApp(open_service("myz-demo", read_only=True), random.Random(3))
        async with app.run_test(size=(100, 40)) as pilot:
            await start_builder(pilot, "c1")
            await pilot.press("s", *"jury", "enter", "f")
            await fill_focused(pilot, "base=6,3,4,5,1 skill=6,2,3")
            await pilot.pause()
            return isinstance(app.screen, LineEntryScreen), str(app.screen.query_one("#faces-error").render())

    still_open, error = asyncio.run(run())
    assert still_open and "read-only" in error
