"""One character selected across the panes: the roster and the tracker list the same characters and
highlight the same one, whichever pane the GM moved in, and the roll builder builds that one's roll.
``H`` in the roll builder says in the status line what it toggled."""

from __future__ import annotations

from pilot_harness import burst, pilot_test, status_text


def _highlighted(app, table_id: str) -> str:
    from textual.widgets import DataTable

    table = app.screen.query_one(f"#{table_id}", DataTable)
    return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value


def _builder_title(app) -> str:
    return str(app.screen.query_one("#rb-title").render())


@pilot_test
async def test_stress_goes_to_the_character_selected_in_the_roster(make_app):
    app = make_app("yze-demo")
    service = app.service
    parker = service.character("Parker Moss")
    ripley = service.character("Ripley Hale")
    stress, ripley_stress = parker.stress, ripley.stress
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "1", "down", "down", "4")
        in_tracker = _highlighted(app, "tracker-table")
        await burst(pilot, "plus", "plus", "plus")
    roster_ids = [c.id for c in service.campaign.roster]
    assert in_tracker == parker.id == roster_ids[2]
    assert service.character("Parker Moss").stress == min(stress + 3, 10)
    assert service.character("Ripley Hale").stress == ripley_stress


@pilot_test
async def test_moving_in_the_tracker_selects_in_the_roster_and_the_roll_builder(make_app):
    app = make_app("yze-demo")
    lambert = app.service.character("Lambert Cho")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "4", "down", "down", "down", "1")
        in_roster = _highlighted(app, "roster-table")
        await burst(pilot, "3")
        title = _builder_title(app)
        await burst(pilot, "4")
        in_tracker = _highlighted(app, "tracker-table")
    assert in_roster == lambert.id == in_tracker
    assert title == "Roll — Lambert Cho (yze)"


@pilot_test
async def test_a_change_in_the_tracker_keeps_the_selection(make_app):
    """A change refills the tables: the one selected stays selected in both (not the row it was on)."""
    app = make_app("yze-demo")
    dallas = app.service.character("Dallas Kane")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "4", "down", "plus", "1")
        in_roster = _highlighted(app, "roster-table")
        in_tracker = _highlighted(app, "tracker-table")
    assert in_roster == in_tracker == dallas.id


@pilot_test
async def test_h_in_the_roll_builder_says_what_it_toggled(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "3", "H")
        hidden = status_text(app)
        await burst(pilot, "H")
        shown = status_text(app)
    assert hidden == "the next roll is hidden from the players' table view — H again shows it"
    assert shown == "the next roll is shown on the players' table view again"
