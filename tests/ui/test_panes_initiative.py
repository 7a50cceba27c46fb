"""Pane 2, initiative (docs/RULES.md): start, draw, next/previous, swap, delay, remove, end — by keys."""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from gmconsole.rules.initiative import Initiative
from gmconsole.ui.screens.draw_options_form import DrawOptionsForm
from gmconsole.ui.screens.main import MainScreen


def _state(service) -> Initiative:
    return Initiative.from_dict(service.session.initiative)


def test_roll_mode_myz_start_next_previous_and_round_counter(make_app):
    app = make_app("myz-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("ctrl+s")  # everyone is marked; roll mode needs no draw form
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)
            state = _state(service)
            seen["status"] = str(app.screen.query_one("#initiative-status").render())
            for _ in range(len(state.slots)):
                await pilot.press("n")
            await pilot.pause()
            seen["after_round"] = _state(service)
            await pilot.press("p")
            await pilot.pause()
            seen["back"] = _state(service)

    asyncio.run(run())
    state = seen["after_round"]
    assert state.mode == "roll"
    totals = [(s.value, s.attribute) for s in state.slots]
    assert totals == sorted(totals, reverse=True)  # highest first, ties to the higher attribute
    assert state.combatants() == [s.combatant for s in state.slots]
    assert sorted(state.combatants()) == sorted(c.id for c in service.campaign.roster)  # NPCs too
    assert state.round == 2 and state.turn == 0
    assert seen["back"].round == 1 and seen["back"].turn == len(state.slots) - 1
    assert "Round 1" in seen["status"] and "roll" in seen["status"]


def test_R_INIT_1_cards_speed_two_draws_two_cards_and_swap_delay_remove_end(make_app):
    app = make_app("yze-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("n", "space", "down", "space", "ctrl+s")  # only the first two: Ripley, Dallas
            await pilot.pause()
            assert isinstance(app.screen, DrawOptionsForm)
            app.screen.query_one("#f-speed-c1", Input).value = "two"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["bad"] = str(app.screen.query_one("#form-message").render())
            app.screen.query_one("#f-speed-c1", Input).value = "2"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["start"] = _state(service)
            before = _state(service)
            # swap: highlight the first slot, pick the other combatant
            app.screen.query_one("#initiative-table").move_cursor(row=0)
            await pilot.press("w")
            await pilot.pause()
            await pilot.press("space", "ctrl+s")
            await pilot.pause()
            seen["swapped"] = (before, _state(service))
            await pilot.press("d")
            await pilot.pause()
            seen["delayed"] = _state(service)
            app.screen.query_one("#initiative-table").move_cursor(row=0)
            await pilot.press("x")
            await pilot.pause()
            seen["removed"] = _state(service)
            await pilot.press("e", "y")
            await pilot.pause()

    asyncio.run(run())
    assert seen["bad"] == "Ripley Hale's speed must be a whole number, not “two”."
    start = seen["start"]
    assert start.order().count("c1") == 2 and start.order().count("c4") == 1
    assert len(start.deck) == 7 and [s.value for s in start.slots] == sorted(s.value for s in start.slots)
    before, after = seen["swapped"]
    assert sorted(s.value for s in before.slots) == sorted(s.value for s in after.slots)
    assert before.order() != after.order()
    assert seen["delayed"].order()[-1] == after.current().combatant
    assert len(seen["removed"].slots) < len(seen["delayed"].slots)
    assert service.session.initiative is None
    steps = [e["summary"] for e in service.history.filtered(kind="initiative")]
    assert len(steps) == 5


def test_next_turn_without_a_conflict_is_refused_in_the_status_line(make_app):
    app = make_app("yze-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "n")
            await pilot.pause()
            seen.append(str(app.screen.query_one("#status-line").render()))

    asyncio.run(run())
    assert "no conflict" in seen[0]
    assert app.service.history.filtered() == []


def test_manual_mode_order_is_typed_by_moving_combatants(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.setup.update_settings({"initiative_mode": "manual"})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["start"] = _state(service).order()
            await pilot.press("down", "right_square_bracket")
            await pilot.pause()
            seen["moved"] = _state(service).order()
            await pilot.press("left_square_bracket", "left_square_bracket")
            await pilot.pause()

    asyncio.run(run())
    start = seen["start"]
    assert start == [c.id for c in sorted(service.campaign.roster, key=lambda c: c.is_npc)]  # PCs, then NPCs
    assert seen["moved"] == [start[0], start[2], start[1]] + start[3:]
    assert _state(service).order() == [start[1], start[0], start[2]] + start[3:]  # moved back up, then first
