"""Fast and slow actions in the console (seed 002: in combat, help counts as an action of the same kind, fast or
slow, as the action helped). R-ACT-1: the initiative pane marks each combatant's fast (``F``) and slow (``l``)
action taken this round, in the table, cleared when the round ends, each mark a history entry. R-ACT-2: a roll
with helpers picked in the roll builder during a conflict takes each helper's action of the kind helped."""

from __future__ import annotations

import asyncio

from pilot_harness import mark_names, start_builder, type_text
from textual.widgets import DataTable, Static

from gmconsole.rules.initiative import Initiative
from gmconsole.ui.screens.pickers import PickCharacters


def _state(service) -> Initiative:
    return Initiative.from_dict(service.session.initiative)


def _table(app) -> list[list[str]]:
    table = app.screen.query_one("#initiative-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def _headers(app) -> list[str]:
    return [str(column.label) for column in app.screen.query_one("#initiative-table", DataTable).columns.values()]


def _conflict(service) -> None:
    """Ripley (card 2), Dallas at speed 2 (5 and 7), Parker (8)."""
    service.conflict.start_conflict(["c1", "c4", "c6"], cards={"c1": [2], "c4": [5, 7], "c6": [8]}, speeds={"c4": 2})


def test_R_ACT_1_F_and_l_mark_the_highlighted_combatants_actions_until_the_round_ends(make_app):
    app = make_app("yze-demo")
    service = app.service
    _conflict(service)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "F", "l")  # Ripley, on turn and highlighted
            await pilot.pause()
            seen["both"] = _table(app)[0]
            await pilot.press("F")  # her only fast action taken already: free again
            await pilot.pause()
            seen["slow"] = _table(app)[0]
            app.screen.query_one("#initiative-table", DataTable).move_cursor(row=1)  # Dallas, two places
            await pilot.press("F", "F")
            await pilot.pause()
            seen["dallas"] = _table(app)[1:3]
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen["undone"] = _table(app)[1]
            await pilot.press("n", "n", "n", "n")  # the round ends
            await pilot.pause()
            seen["round2"] = (_state(service).round, [row[-1] for row in _table(app)])
            seen["headers"] = _headers(app)

    asyncio.run(run())
    assert seen["headers"][-1] == "Taken"
    assert seen["both"][1:] == ["Ripley Hale", "2", "fast, slow"]
    assert seen["slow"][-1] == "slow"
    assert [row[-1] for row in seen["dallas"]] == ["fast 2/2", "fast 2/2"]  # one mark, shown on both places
    assert seen["undone"][-1] == "fast 1/2"
    assert seen["round2"] == (2, ["", "", "", ""])
    steps = [e for e in service.history.filtered(kind="initiative") if e.get("step") == "action"]
    assert [e["summary"] for e in reversed(steps)] == [
        "Ripley Hale: fast action taken", "Ripley Hale: slow action taken", "Ripley Hale: fast action free again",
        "Dallas Kane: fast action taken (1/2)"]
    assert steps[0]["action"] == "fast" and steps[0]["character_id"] == "c4"


def test_R_ACT_1_a_system_without_fast_and_slow_actions_has_no_such_keys_nor_column(make_app):
    app = make_app("myz-demo")
    service = app.service
    service.conflict.start_conflict([c.id for c in service.campaign.roster[:2]])
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "F", "l")
            await pilot.pause()
            seen["headers"] = _headers(app)

    asyncio.run(run())
    assert "Taken" not in seen["headers"]
    assert _state(service).actions == {}
    assert not [e for e in service.history.filtered(kind="initiative") if e.get("step") == "action"]


async def _helped_roll(pilot, roller: str, helper: str) -> None:
    await start_builder(pilot, roller)
    await pilot.press("s")
    await type_text(pilot, "ranged")
    await pilot.press("enter", "e")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PickCharacters)
    await mark_names(pilot, pilot.app.screen.query_one("#pick-list"), helper)
    await pilot.press("ctrl+s")
    await pilot.pause()


def test_R_ACT_2_a_helper_takes_an_action_of_the_kind_helped_and_undo_gives_it_back(make_app):
    app = make_app("yze-demo")
    service = app.service
    _conflict(service)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _helped_roll(pilot, "c1", "Parker")  # Ripley marked nothing: a slow action helped
            await pilot.press("r")
            await pilot.pause()
            seen["rolled"] = str(app.screen.query_one("#rb-result-head", Static).render())
            seen["after_one"] = dict(_state(service).actions)
            await _helped_roll(pilot, "c1", "Parker")  # Parker has no slow action left: said before the roll
            seen["warning"] = str(app.screen.query_one("#rb-warnings", Static).render())
            await pilot.press("u")  # the first roll undone: Parker's slow action free again
            await pilot.pause()
            seen["undone"] = dict(_state(service).actions)
            service.conflict.take_action("c1", "fast")  # Ripley's fast action: the help is a fast action
            await _helped_roll(pilot, "c1", "Parker")
            await pilot.press("r")
            await pilot.pause()
            seen["fast"] = dict(_state(service).actions)

    asyncio.run(run())
    assert seen["after_one"] == {"c6": ["slow"]}
    assert "Parker Moss helping: slow action taken (R-ACT-2)" in seen["rolled"]
    assert "Parker Moss has no slow action left this round: help is an action of the kind helped (R-ACT-2)" \
        in seen["warning"]
    assert seen["undone"] == {}
    assert seen["fast"] == {"c1": ["fast"], "c6": ["fast"]}
    roll = service.history.filtered(kind="roll")[0]
    assert roll["actions"] == {"kind": "fast", "helpers": ["c6"]} and roll["helpers"] == ["Parker Moss"]


def test_R_ACT_1_the_players_table_view_lists_the_actions_taken(open_service):
    from gmconsole.ui.table.app import TableApp

    service = open_service("yze-demo")
    _conflict(service)
    service.conflict.take_action("c4", "slow")
    app = TableApp(service)
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["turns"] = "\n".join(str(s.render()) for s in app.screen.query("TurnOrder").results(Static))

    asyncio.run(run())
    dallas = [line for line in seen["turns"].splitlines() if "Dallas Kane" in line]
    assert len(dallas) == 2 and all(line.endswith("taken: slow 1/2") for line in dallas)
    assert "taken:" not in next(line for line in seen["turns"].splitlines() if "Ripley Hale" in line)
