"""The GM chooses in the roster (``v``) what the players' table view shows of a character:
numbers or name only. A campaign change like any other: one history entry, undone with ctrl+z."""

from __future__ import annotations

from pilot_harness import pilot_test


@pilot_test
async def test_v_shows_an_npcs_numbers_on_the_table_and_ctrl_z_takes_it_back(make_app):
    app = make_app("yze-demo")
    service = app.service
    npc = next(c for c in service.campaign.roster if c.is_npc)
    row = [c.id for c in service.campaign.roster].index(npc.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", *["down"] * row)
        await pilot.press("v")
        await pilot.pause()
        assert service.character(npc.id).table_numbers is True
        assert f"the table view shows {npc.name}: numbers" in str(app.screen.query_one("#status-line").render())
        await pilot.press("v")
        await pilot.pause()
        assert service.character(npc.id).table_numbers is False
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
    assert service.character(npc.id).table_numbers is None
    assert "table_numbers" not in service.character(npc.id).to_dict()  # the file is as it was


@pilot_test
async def test_v_on_a_read_only_console_changes_nothing(make_app):
    app = make_app("yze-demo", read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "v")
        await pilot.pause()
        assert app.service.character("c1").table_numbers is None
