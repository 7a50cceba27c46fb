"""Shrinking the terminal and growing it back leaves no table squeezed.

Every table the console draws (roster, initiative, tracker and clocks, history, skills, gear,
settings) must read the same after 120×40 → 60×20 → 120×40 as on a fresh open at 120×40."""

from __future__ import annotations

import asyncio

import pytest


def _drawn(app, selector: str) -> list[str]:
    table = app.screen.query_one(selector)
    return [table.render_line(y).text.rstrip() for y in range(table.size.height)]


async def _open(pilot, keys: tuple[str, ...]) -> None:
    await pilot.pause()
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


CASES = [  # the tables one opening shows are read after the same resizes
    ("yze-demo", (), ("#roster-table", "#tracker-table", "#clock-table", "#initiative-table")),
    ("tiered-demo", (), ("#roster-table",)),
    ("myz-demo", (), ("#roster-table",)),
    ("yze-demo", ("h",), ("#hist-table",)),
    ("yze-demo", ("h", "escape"), ("#roster-table",)),
    ("yze-demo", ("L",), ("#skills-table",)),
    ("yze-demo", ("1", "g"), ("#gear-table",)),
    ("yze-demo", ("ctrl+o",), ("#settings-table",)),
]


@pytest.mark.parametrize(("campaign", "keys", "selectors"), CASES,
                         ids=[f"{c}-{'+'.join(k) or 'main'}-{len(t)}" for c, k, t in CASES])
def test_a_table_grown_back_reads_as_a_fresh_one(make_app, campaign, keys, selectors):
    seen: dict[str, dict[str, list[str]]] = {}

    async def run(key: str, resizes) -> None:
        app = make_app(campaign)
        if campaign == "yze-demo" and key == "fresh":  # kept in the campaign for the second open
            app.service.trackers.add_clock("The reactor overloads beyond any hope of repair", 6)
            app.service.roster.add_character({"name": "Captain Anneliese Vandermeer-Okonkwo of the Hull Rats",
                                              "kind": "npc"})
            app.service.conflict.start_conflict([c.id for c in app.service.campaign.roster])
        async with app.run_test(size=(120, 40)) as pilot:
            under = keys[-1:] == ("escape",)  # the table is resized under another screen, then shown again
            await _open(pilot, keys[:-1] if under and resizes else () if under else keys)
            for width, height in resizes:
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                await pilot.pause()
            if under and resizes:
                await pilot.press("escape")
                await pilot.pause()
            seen[key] = {selector: _drawn(app, selector) for selector in selectors}
        app.service.close()

    asyncio.run(run("fresh", []))
    asyncio.run(run("back", [(90, 40), (60, 20), (100, 30), (70, 40), (120, 40)]))
    for selector in selectors:
        assert seen["back"][selector] == seen["fresh"][selector], selector


LONG = "Captain Anneliese Vandermeer-Okonkwo of the Hull Rats"


def test_long_names_in_the_initiative_and_clock_tables_end_in_an_ellipsis(make_app):
    """A name too long for the pane ends in "…"; the card and the clock's bar stay whole."""
    app = make_app("yze-demo")
    app.service.roster.add_character({"name": LONG, "kind": "npc"})
    app.service.trackers.add_clock("The reactor overloads beyond any hope of repair", 6)
    app.service.conflict.start_conflict([c.id for c in app.service.campaign.roster])
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["clock"] = _drawn(app, "#clock-table")[0]
            seen["initiative"] = [line for line in _drawn(app, "#initiative-table") if "Captain" in line]

    asyncio.run(run())
    assert "…" in seen["clock"] and seen["clock"].endswith("○○○○○○ 0/6")
    assert seen["initiative"] and "…" in seen["initiative"][0]
    assert seen["initiative"][0].rstrip()[-1].isdigit()  # the card drawn whole after the cut name


def test_a_wide_name_is_cut_by_cells_never_through_a_character():
    """A Chinese name is measured in terminal cells (two a character) and cut before a whole one."""
    from rich.cells import cell_len

    from gmconsole.ui.widgets.sheet_view import fit_column

    rows = [["", "蘇菲亞·范德梅爾船長", "7"], ["", "Ann", "3"]]
    fitted, cut = fit_column(20, [" ", "Combatant", "Card"], rows, 1)
    name = fitted[0][1].plain
    assert cut == [True, False] and name.endswith("…") and " …" not in name
    assert name[:-1] == "蘇菲亞·范德梅爾船長"[:len(name) - 1]
    assert cell_len(name) <= 20 - cell_len("7") - cell_len("Card") - 6


def test_the_whole_name_is_under_the_roster_when_its_row_is_cut(make_app):
    """The roster cuts a long name with "…"; highlighting that character shows the whole name."""
    app = make_app("yze-demo")
    created = app.service.roster.add_character({"name": LONG, "kind": "npc"})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            pane = app.screen.query_one("RosterPane")
            table = app.screen.query_one("#roster-table")
            table.move_cursor(row=len(app.service.campaign.roster) - 1)
            await pilot.pause()
            seen["row"] = _drawn(app, "#roster-table")
            seen["detail"] = str(app.screen.query_one("#roster-detail").render())
            seen["selected"] = pane.selected_id

    asyncio.run(run())
    assert seen["selected"] == created.id
    assert any("Captain" in line and "…" in line for line in seen["row"])
    assert LONG in seen["detail"]
