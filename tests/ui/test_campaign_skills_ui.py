"""The campaign's own skills in the console: ``L`` opens the skills screen; the Pilot walk
adds a custom skill, gives it to a character in the character form, rolls it in the roll builder and
sees it in the history; a removal a character blocks is refused naming them; snapshots at 120×40 and
a check at 80×24."""

from __future__ import annotations

import asyncio

from pilot_harness import set_field
from textual.widgets import DataTable, Input, Static

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.skills_screen import SkillsScreen

WIDE = (120, 40)
NARROW = (80, 24)


def _rows(screen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def _add_skill(pilot, name: str, attribute: str, text: str = "") -> None:
    await pilot.press("L")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SkillsScreen)
    await pilot.press("a")
    await pilot.pause()
    set_field(pilot.app, "name", name)
    set_field(pilot.app, "attribute", attribute)
    set_field(pilot.app, "text", text)
    await pilot.press("ctrl+s")
    await pilot.pause()


def test_add_a_skill_give_it_roll_it_and_see_it_in_the_history(make_app):
    app = make_app("yze-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await _add_skill(pilot, "Piloting", "agility", "Fly the shuttle through the storm.")
            seen["rows"] = _rows(app.screen)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("1", "e")  # the character form of the selected character (c1)
            await pilot.pause()
            field = app.screen.query_one("#f-skills", Input)
            field.value = field.value + " piloting=2"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("3", "s")
            await pilot.press(*"pilot")
            await pilot.press("enter")
            await pilot.pause()
            seen["request"] = app.screen.query_one(RollBuilder).request()
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            seen["history"] = _rows(app.screen)

    asyncio.run(run())
    assert ["Piloting", "piloting", "agility", "", "Fly the shuttle through the storm."] in seen["rows"]
    assert service.character("c1").skills["piloting"] == 2
    assert seen["request"].skill == "piloting"
    roll = service.history.filtered(kind="roll")[0]
    # by name
    assert roll["skill"] == "piloting" and roll["pool"]["explanation"][1] == "Piloting 2: 2 skill dice"
    assert roll["pool"]["explanation"][0].startswith("Agility")
    newest, *_ = seen["history"]
    assert "Piloting" in newest and "roll" in newest  # the skill column shows its name
    assert any("skill added: Piloting (agility)" in " ".join(row) for row in seen["history"])


def test_removing_a_skill_a_character_has_is_refused_naming_them(make_app):
    app = make_app("yze-demo")
    who = [c.name for c in app.service.campaign.roster if c.skills.get("might", 0) > 0]
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("L")
            await pilot.pause()
            await pilot.press("x")  # Might, the first row
            await pilot.pause()
            seen["message"] = str(app.screen.query_one("#skills-message", Static).render())
            seen["screen"] = app.screen

    asyncio.run(run())
    assert who and all(name in seen["message"] for name in who) and "set it to 0" in seen["message"]
    assert isinstance(seen["screen"], SkillsScreen) and app.service.campaign.skills is None


def test_a_bad_skill_in_the_form_shows_why_and_changes_nothing(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await _add_skill(pilot, "Piloting", "luck")
            seen["message"] = str(app.screen.query_one("#form-message", Static).render())

    asyncio.run(run())
    assert "the attribute “luck” is not one of strength, agility, wits, empathy" in seen["message"]
    assert app.service.campaign.skills is None


def test_the_skills_screen_fits_80x24(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=NARROW) as pilot:
            await pilot.press("L")
            await pilot.pause()
            screen = app.screen
            box = screen.query_one("#skills-box").region
            seen["fits"] = box.right <= NARROW[0] and box.bottom <= NARROW[1]
            seen["table"] = screen.query_one(DataTable).region.height > 0
            seen["rows"] = len(_rows(screen))

    asyncio.run(run())
    assert seen == {"fits": True, "table": True, "rows": 12}


def test_skills_screen_snapshot(snap_compare, make_app):
    app = make_app("yze-demo")
    app.service.setup.add_skill("Piloting", "agility", "Fly the shuttle through the storm.")
    assert snap_compare(app, terminal_size=WIDE, press=["L"])


def test_skills_screen_exploding_says_sheets_name_their_own_snapshot(snap_compare, make_app):
    assert snap_compare(make_app("exploding-demo"), terminal_size=WIDE, press=["L"])


def test_a_skill_added_shows_whole_once_its_form_closes(make_app):
    """The skills screen fits its rows again by itself when a row added makes the table taller (its
    scrollbar room changes only at the next layout), not waiting for another widget's refresh."""
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await _add_skill(pilot, "Piloting", "agility", "Fly the shuttle through the storm.")
            seen["rows"] = _rows(app.screen)

    asyncio.run(run())
    assert ["Piloting", "piloting", "agility", "", "Fly the shuttle through the storm."] in seen["rows"]
