"""The main screen's ``T``: a pick-one list of the GM's own tables (typing filters the names), rolled on the
roster's highlighted character; the roll builder shows the row and the costs it leaves waiting, and its ``c``
applies them as a push's."""

from __future__ import annotations

from pilot_harness import builder_text, pilot_test, press, status_text, type_text

from gmconsole.ui.screens.pickers import PickTable

TABLES = '''\
[[tables]]
name = "Weather"
die = "2d6"
rows = [{ range = "2-12", text = "Grey skies." }]

[[tables]]
name = "Mishaps"
die = "d66"
rows = [{ range = "11-66", text = "Twisted ankle.", stress = 2, condition = "limping" }]
'''


@pilot_test
async def test_T_rolls_the_filtered_table_on_the_highlighted_character_and_c_applies_its_costs(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.setup.load_tables(TABLES, "tables.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ripley = app.screen.roster.selected_id
        stress = service.character(ripley).stress
        await press(pilot, "T")
        assert isinstance(app.screen, PickTable)
        hint = str(app.screen.query_one("#pick-hint").render())
        assert "enter roll" in hint and "space mark" not in hint  # one table is rolled: nothing to mark
        await type_text(pilot, "mis")
        await press(pilot, "enter")
        assert not isinstance(app.screen, PickTable)
        text = builder_text(app)
        assert "Mishaps (d66" in text and "Twisted ankle." in text
        assert "costs waiting: stress 2, condition (limping) (c applies them)" in text
        [item] = service.outcomes.pending_costs()
        assert item["character_id"] == ripley
        entry = service.history.entry(item["roll_id"])
        assert (entry["kind"], entry["table"], entry["faces"][0] * 10 + entry["faces"][1]) == (
            "table_roll", "Mishaps", entry["total"])
        await press(pilot, "c")  # the roll builder has the focus after T: its c applies the row's costs
        assert service.outcomes.pending_costs() == []
        assert service.character(ripley).stress == stress + 2
        assert "limping" in service.character(ripley).conditions
        applied = builder_text(app)
        assert "Applied: Ripley Hale pays:" in applied and "limping" in applied
        assert "no dice" not in applied  # a table's roll is not drawn as a roll of no dice
        await press(pilot, "ctrl+z")  # the costs come back, waiting again
        assert [i["roll_id"] for i in service.outcomes.pending_costs()] == [item["roll_id"]]
        assert service.character(ripley).stress == stress


@pilot_test
async def test_T_without_tables_says_how_to_load_them(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "T")
        assert not isinstance(app.screen, PickTable)
        assert "no tables of its own" in status_text(app) and "--load" in status_text(app)


@pilot_test
async def test_T_offers_the_tables_the_command_line_loaded_while_the_console_is_open(make_app, demo_root):
    from gmconsole.campaign.service import CampaignService

    app = make_app("yze-demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        with CampaignService.open(demo_root, "yze-demo") as other:  # another writer: the command line
            other.setup.load_tables(TABLES, "tables.toml")
        await press(pilot, "T")
        assert isinstance(app.screen, PickTable)
        await press(pilot, "enter")  # the first row: Weather
        assert "Weather (2d6" in builder_text(app) and "Grey skies." in builder_text(app)
        assert service_rolls(app) == ["Weather"]


def service_rolls(app) -> list[str]:
    return [e["table"] for e in app.service.history.entries() if e.get("kind") == "table_roll"]


@pilot_test
async def test_c_in_the_history_applies_the_costs_of_a_selected_table_roll(make_app):
    from textual.widgets import DataTable

    from gmconsole.ui.screens.history import HistoryScreen

    app = make_app("yze-demo")
    service = app.service
    service.setup.load_tables(TABLES, "tables.toml")
    rolled = service.rolls.roll_table("Mishaps", "Ash", faces="2 3")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "h")
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        row = next(r for r in rows if r[0] == str(rolled["id"]))
        assert "table_roll" in row and "pending" in row
        table.move_cursor(row=rows.index(row))
        await press(pilot, "c")
        assert service.outcomes.pending_costs() == []
        assert "limping" in service.character("Ash").conditions


@pilot_test
async def test_T_in_a_read_only_console_says_so_before_any_list(make_app, open_service):
    writer = open_service("yze-demo")
    writer.setup.load_tables(TABLES, "tables.toml")
    app = make_app("yze-demo", read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "T")
        assert not isinstance(app.screen, PickTable)
        assert "read-only" in status_text(app) or "read only" in status_text(app)
        assert service_rolls(app) == []
