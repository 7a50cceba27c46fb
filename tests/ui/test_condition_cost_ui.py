"""The push cost ``conditions`` (docs/RULES.md) in the console: the prompt for the condition a push
gives refuses one the character already has (it would make the push free), says why inline, stays open,
and takes a condition the character does not have yet."""

from __future__ import annotations

import asyncio
import json

from textual.widgets import Static

from gmconsole.cli import main
from gmconsole.ui.cost_applying import apply_costs_of
from gmconsole.ui.screens.line_entry import LineEntryScreen


def test_the_condition_prompt_refuses_a_condition_already_held(demo_root, make_app, capsys):
    base = ["--data-dir", str(demo_root)]
    assert main([*base, "settings", "yze-demo", "--set", "push_cost=conditions"]) == 0
    capsys.readouterr()  # the settings listing; the roll's JSON comes next
    assert main([*base, "roll", "yze", "--campaign", "yze-demo", "--character", "Ash", "--skill", "medicine",
                 "--push", "--seed", "1", "--json"]) == 0
    roll_id = json.loads(capsys.readouterr().out)["roll_id"]
    app = make_app("yze-demo")
    service = app.service
    ash = next(c for c in service.campaign.roster if c.name == "Ash")
    service.trackers.add_condition(ash.id, "tired")
    done: list[dict] = []
    said: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            apply_costs_of(app, service.history.entry(roll_id), done.append, said.append)
            await pilot.pause()
            assert isinstance(app.screen, LineEntryScreen)
            app.focused.value = "tired"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LineEntryScreen)
            error = str(app.screen.query_one("#faces-error", Static).render())
            assert "Ash is already tired" in error and "does not have yet" in error
            assert done == [] and [i["roll_id"] for i in service.outcomes.pending_costs()] == [roll_id]
            app.focused.value = "angry"
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, LineEntryScreen)

    asyncio.run(run())
    assert len(done) == 1 and service.outcomes.pending_costs() == []
    assert service.character(ash.id).conditions == ["tired", "angry"]
