"""Tracker values at the table: ``=`` types a tracker's value, a key that changes nothing records nothing,
``P`` takes the panic D6 rolled at the table, "who is in range" only for a row that reaches others,
and a tiered attack's damage applied to a target picked from the roster."""

from __future__ import annotations

import asyncio

import pytest
from pilot_harness import (
    fill_focused,
    pick_skill,
    start_builder,
    status_text,
    submit_value,
)
from textual.widgets import Input

from gmconsole.ui.screens.pickers import MarkListScreen
from gmconsole.ui.screens.roll_form import RollFormScreen
from gmconsole.ui.screens.value_form import ValueForm


def _count(service) -> int:
    return len(service.history.filtered(include_undone=True))


async def _type_value(pilot, value: str) -> str:
    """Type ``value`` into the open ValueForm and press enter; the form's message (empty when it closed)."""
    assert isinstance(pilot.app.screen, ValueForm)
    return await submit_value(pilot, value)


def test_equals_types_the_chosen_counter_checks_the_range_and_is_one_undo_step(make_app):
    app = make_app("tiered-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "equals_sign")  # tiered: stamina first
            await pilot.pause()
            seen["refused"] = await _type_value(pilot, "11")
            seen["word"] = await _type_value(pilot, "lots")
            seen["closed"] = await _type_value(pilot, "3")
            seen["stamina"] = service.character("c1").stamina
            seen["status"] = status_text(app)
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["undone"] = service.character("c1").stamina

    asyncio.run(run())
    assert seen["refused"] == "Aldric's stamina must be from 0 to 10, not 11"
    assert "whole number" in seen["word"]
    assert seen["closed"] == "" and seen["stamina"] == 3 and "stamina set 10 → 3" in seen["status"]
    assert seen["undone"] == 10


def test_equals_sets_the_doom_pool_and_a_focused_clock(make_app):
    app = make_app("yze-demo")
    service = app.service
    clock = service.trackers.add_clock("Alarm", 8)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "t", "t")  # stress, willpower, doom
            await pilot.pause()
            assert "± Doom" in str(app.screen.query_one("#tracker-status").render())
            await pilot.press("equals_sign")
            await pilot.pause()
            await _type_value(pilot, "5")
            app.screen.query_one("#clock-table").focus()
            await pilot.pause()
            await pilot.press("equals_sign")
            await pilot.pause()
            seen["nine"] = await _type_value(pilot, "9")
            await _type_value(pilot, "6")

    asyncio.run(run())
    assert seen["nine"] == "clock Alarm has 8 segments: type 0 to 8, not 9"
    assert service.session.doom == 5
    assert service.session.clock(clock.id).filled == 6


def test_a_key_that_changes_nothing_records_nothing_and_says_why(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.roster.update_character("c1", {"stress": 0})
    before = _count(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "minus")
            await pilot.pause()
            seen["minus"] = status_text(app)
            await pilot.press("equals_sign")
            await pilot.pause()
            seen["same"] = await _type_value(pilot, "0")
            seen["same_status"] = status_text(app)

    asyncio.run(run())
    assert "stress is already 0" in seen["minus"] and "nothing recorded" in seen["minus"]
    assert seen["same"] == "" and "stress is already 0: nothing recorded" in seen["same_status"]
    assert _count(service) == before + 0


def test_R_MANUAL_1_P_takes_the_typed_D6_checks_1_to_6_and_applies_it_as_p(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.roster.update_character("c1", {"stress": 3})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "P")
            await pilot.pause()
            seen["seven"] = await _type_value(pilot, "7")
            seen["five"] = await _type_value(pilot, "5")  # 5 + 3 = 8 Tremble: reaches nobody else
            seen["screen"] = type(app.screen).__name__
            seen["shown"] = str(app.screen.query_one("#panic-result").render())

    asyncio.run(run())
    entry = service.history.filtered(kind="panic")[0]
    assert seen["seven"] == "D6 face must be from 1 to 6, not 7."
    assert seen["five"] == "" and seen["screen"] == "MainScreen"  # no "who is in range" for Tremble
    assert entry["by_hand"] is True and entry["panic"]["effect"] == "tremble" and entry["panic"]["total"] == 8
    assert "D6 5 + stress 3 = 8: Tremble" in seen["shown"]


def test_R_PANIC_1_who_is_in_range_is_asked_only_for_a_row_that_reaches_others(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.roster.update_character("c1", {"stress": 0})
    service.roster.update_character("c4", {"stress": 6})
    others = {c.id: c.stress for c in service.campaign.roster if c.id != "c4"}
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "p")  # stress 0: any D6 keeps it together, nobody else is asked about
            await pilot.pause()
            seen["calm_screen"] = type(app.screen).__name__
            await pilot.press("down", "P")
            await pilot.pause()
            await _type_value(pilot, "6")  # 6 + 6 = 12 Scream: those who hear make a panic roll
            seen["picker"] = isinstance(app.screen, MarkListScreen)
            seen["question"] = str(app.screen.query_one("#pick-title").render()) if seen["picker"] else ""
            await pilot.press("escape")  # nobody else hears: the roll is still recorded
            await pilot.pause()

    asyncio.run(run())
    calm, scream = service.history.filtered(kind="panic")[1], service.history.filtered(kind="panic")[0]
    assert seen["calm_screen"] == "MainScreen" and calm["panic"]["effect"] == "keeping-it-together"
    assert seen["picker"] and "12 Scream" in seen["question"] and "hears" in seen["question"]
    assert scream["panic"]["effect"] == "scream" and len(scream["panic"]["rolls"]) == 1
    assert {c.id: c.stress for c in service.campaign.roster if c.id != "c4"} == others


def test_R_TIER_4_an_attack_is_applied_to_the_target_picked_from_the_roster(make_app):
    app = make_app("tiered-demo")
    service = app.service
    seen = {}

    async def attack(pilot) -> None:
        await pilot.press("k")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        form.query_one("#field-faces", Input).value = "dice=6,6,2,3"  # Aldric: 4 dice, CRITICAL
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1")
            await pilot.pause()
            await pilot.press("3")
            await pilot.pause()
            await attack(pilot)
            seen["picker"] = isinstance(app.screen, MarkListScreen)
            await pilot.press("escape")  # do not apply
            await pilot.pause()
            seen["after_escape"] = service.character("c14").stamina
            await attack(pilot)
            await pilot.press(*["down"] * 4, "space", "ctrl+s")  # Wren, Maelis, Osk, Goblins, Ogre
            await pilot.pause()
            seen["status"] = status_text(app)
            seen["ogre"] = service.character("c14").stamina
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["undone"] = service.character("c14").stamina

    asyncio.run(run())
    damage = service.history.filtered(kind="attack")[0]["damage"]
    assert seen["picker"] and seen["after_escape"] == 20
    assert damage > 0 and seen["ogre"] == 20 - damage
    assert f"Ogre takes {damage} damage from Aldric's attack: stamina 20 → {20 - damage}/20" in seen["status"]
    assert seen["undone"] == 20


def _crowded(service) -> None:
    """Eleven on the roster, three clocks and high stress: a Scream chains through the whole crew."""
    for character in ("c1", "c4", "c6", "c9"):
        service.trackers.change_stress(character, 5)
    for name, segments in (("Alarm", 4), ("Hive", 8), ("Reactor meltdown", 6)):
        service.trackers.add_clock(name, segments)
    for i in range(4):
        service.roster.add_character({"name": f"Crew {i}",
                                      "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3}})


def test_at_120x40_the_clocks_and_the_panic_result_both_stay_in_the_pane(make_app):
    """A long panic result takes the room left under the clocks; it never pushes
    the clock table off the pane (the roster table gives up rows, it scrolls)."""
    app = make_app("yze-demo")
    service = app.service
    _crowded(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "P")
            await pilot.pause()
            await _type_value(pilot, "6")  # 6 + 6 = 12 Scream, everyone hears it
            await pilot.press("a", "ctrl+s")
            await pilot.pause()
            for field in app.screen.query("Input"):  # R-PANIC-3: the chained D6s typed, a 6 each
                field.value = "6"
            await pilot.press("ctrl+s")
            await pilot.pause()
            pane = app.screen.query_one("TrackerPane")
            seen["bottom"] = pane.content_region.bottom
            seen["clocks"] = app.screen.query_one("#clock-table").region
            seen["result"] = app.screen.query_one("#panic-result").region

    asyncio.run(run())
    assert len(service.history.filtered(kind="panic")[0]["panic"]["rolls"]) > 5
    assert seen["clocks"].height == 3 and seen["clocks"].bottom <= seen["result"].y
    assert seen["result"].height >= 3 and seen["result"].bottom <= seen["bottom"]


@pytest.mark.parametrize("face, asked", [(3, False), (6, True)])
def test_R_PANIC_1_a_panic_owed_by_a_roll_asks_who_is_in_range_only_when_its_row_spreads(
        builder_app, monkeypatch, face, asked):
    """The costs side of a panic: a stress die's 1 owes a panic; ``c`` rolls its D6 first and
    asks who is in range only for a row that reaches others. Ripley Hale has 1 stress: 3 + 1 = 4 keeps
    it together, 6 + 1 = 7 Nervous twitch reaches those at short range."""
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: face)
    app = builder_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await start_builder(pilot, "c1")
            await pick_skill(pilot, "ranged")
            await pilot.press("f")
            await fill_focused(pilot, "base=2,2,3,4 skill=5,3 stress=1")
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            seen["asked"] = isinstance(app.screen, MarkListScreen)
            if seen["asked"]:
                await pilot.press("space", "ctrl+s")
                await pilot.pause()

    asyncio.run(run())
    panic = app.service.history.filtered(kind="costs")[0]["panic"]
    assert seen["asked"] is asked and panic["rolls"][0]["face"] == face
    assert [g["character"] for g in panic["stress"]] == (["Dallas Kane"] if asked else [])
