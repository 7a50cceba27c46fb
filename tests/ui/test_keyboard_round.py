"""A whole round of play with the keyboard only (every step reachable by keys), then the campaign state.

On the ``yze`` demo (push cost ``stress-dice``): start a conflict and draw initiative cards, build a
Ranged roll for Ripley, roll it with typed faces, push it with typed faces (a stress die shows 1),
apply the costs (the panic roll asks who is in range: Dallas is marked), next turn, undo. Every step
is a ``Pilot`` key press; the assertions read the campaign through the service afterwards.
"""

from __future__ import annotations

import asyncio

from pilot_harness import type_text

from gmconsole.rules.initiative import Initiative
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.pickers import MarkListScreen


def test_keyboard_round_R_PUSH_3_R_PANIC_1_conflict_roll_push_costs_panic_next_turn_undo(make_app):
    app = make_app("yze-demo")
    service = app.service
    ripley_stress = service.character("c1").stress
    dallas_stress = service.character("c4").stress

    async def play() -> dict:
        seen: dict = {}
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            # Start the conflict: pick the combatants (everyone is marked), draw cards (speed 1 each).
            await pilot.press("2", "s")
            await pilot.pause()
            assert isinstance(app.screen, MarkListScreen)
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)
            started = Initiative.from_dict(service.session.initiative)
            seen["first"] = started.current().combatant
            # Build the roll: Ripley is highlighted in the roster; pick Ranged in the builder.
            await pilot.press("1", "3", "s")
            await type_text(pilot, "ranged")
            await pilot.press("enter")
            # Roll with the faces of physical dice, then push with typed faces (a stress die shows 1).
            await pilot.press("f")
            await type_text(pilot, "base=6,2,3,4 skill=1,3 stress=2")
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("P")
            await type_text(pilot, "base=1,2,6 skill=4 stress=1,5")  # R-PUSH-1: the skill 1 stays
            await pilot.press("enter")
            await pilot.pause()
            # Apply the costs: the stress die's 1 makes Ripley panic; when the row reaches others
            # Dallas is marked in range.
            await pilot.press("c")
            await pilot.pause()
            seen["costs_asked"] = isinstance(app.screen, MarkListScreen)
            if seen["costs_asked"]:
                await pilot.press("down", "space", "ctrl+s")
                await pilot.pause()
            seen["after_costs"] = service.character("c1").stress
            # A panic roll from the tracker for Ripley (highlighted first); who is in range is asked only
            # when the row reaches others: then Dallas is marked.
            await pilot.press("4", "p")
            await pilot.pause()
            seen["asked"] = isinstance(app.screen, MarkListScreen)
            if seen["asked"]:
                await pilot.press("space", "ctrl+s")
                await pilot.pause()
            seen["panic_shown"] = str(app.screen.query_one("#panic-result").render())
            # Next turn, then undo it.
            await pilot.press("2", "n")
            await pilot.pause()
            seen["turn_after_next"] = Initiative.from_dict(service.session.initiative).turn
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())
        return seen

    seen = asyncio.run(play())

    state = Initiative.from_dict(service.session.initiative)
    assert state.mode == "cards" and state.round == 1
    assert seen["turn_after_next"] == 1 and state.turn == 0
    assert state.current().combatant == seen["first"]
    assert sorted(state.combatants()) == sorted(c.id for c in service.campaign.roster)  # the NPCs are marked too
    assert "undone" in seen["status"]

    rolls = service.history.filtered(kind="roll")
    assert len(rolls) == 1
    roll = rolls[0]
    assert roll["skill"] == "ranged" and roll["character_id"] == "c1" and roll["by_hand"] is True
    assert roll["pushes"] == 1 and roll["successes"] == 2
    assert roll["costs_status"] == "applied"
    assert len(service.history.filtered(kind="push")) == 1

    panic = service.history.filtered(kind="panic")[0]["panic"]["rolls"][0]
    assert seen["asked"] == panic["spreads"]

    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1 and "panic" in costs[0]
    assert costs[0]["panic"]["rolls"][0]["character_id"] == "c1"
    assert seen["costs_asked"] == costs[0]["panic"]["rolls"][0]["spreads"]
    assert seen["after_costs"] == ripley_stress + 1 + costs[0]["panic"]["rolls"][0]["stress_change"]

    panics = service.history.filtered(kind="panic")
    assert len(panics) == 1
    first = panics[0]["panic"]["rolls"][0]
    assert first["character_id"] == "c1" and first["stress"] == seen["after_costs"]
    assert first["name"]["en"] in seen["panic_shown"] and str(first["total"]) in seen["panic_shown"]
    ripley = service.character("c1")
    if first["effect"] != "keeping-it-together":
        assert ripley.panic is not None and ripley.panic.total == first["total"]
    gained = sum(g["stress"] for g in panics[0]["panic"]["stress"] if g["character_id"] == "c4")
    chained = [r for r in panics[0]["panic"]["rolls"] if r["character_id"] == "c4"]
    assert service.character("c4").stress == dallas_stress + gained + sum(r["stress_change"] for r in chained)

    undone = service.history.filtered(kind="initiative", include_undone=True)[0]
    assert undone["status"] == "undone"
