"""A skill is shown to the GM by its name, never by its id (the key that sheets,
history entries and JSON keep). A custom skill added as "[red]Scrap Lore" and renamed "Scrap Lore"
keeps the id ``red-scrap-lore``; the roll builder's line, the summary of a new roll, the history
screen's skill column and ``gmconsole sheet`` all say "Scrap Lore"."""

from __future__ import annotations

import asyncio
import json

from textual.widgets import DataTable

from gmconsole.cli import main
from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.history import HistoryScreen


def _renamed_skill(service) -> str:
    """Add "[red]Scrap Lore" (wits), rename it "Scrap Lore", give Grease (c1) level 2; its id."""
    service.setup.add_skill("[red]Scrap Lore", "wits")
    skill = next(s for s in service.campaign.skills if s.name == "[red]Scrap Lore")
    service.setup.edit_skill(skill.id, name="Scrap Lore")
    skills = dict(service.character("c1").skills)
    skills[skill.id] = 2
    service.roster.update_character("c1", {"skills": skills})
    return skill.id


def test_a_renamed_skill_is_shown_by_its_name_in_the_builder_the_summary_and_the_history(make_app):
    app = make_app("myz-demo")
    service = app.service
    skill_id = _renamed_skill(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("3", "s", *"scrap", "enter")
            await pilot.pause()
            builder = app.screen.query_one(RollBuilder)
            seen["request"] = builder.request()
            seen["settings"] = str(builder.query_one("#rb-settings").render())
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            table = app.screen.query_one(DataTable)
            seen["newest"] = [str(c) for c in table.get_row_at(0)]

    asyncio.run(run())
    assert skill_id == "red-scrap-lore"
    assert seen["request"].skill == skill_id  # the key stays the id
    assert "skill Scrap Lore" in seen["settings"] and skill_id not in seen["settings"]
    roll = service.history.filtered(kind="roll")[0]
    assert roll["skill"] == skill_id
    assert roll["summary"].startswith("Grease rolls Scrap Lore:"), roll["summary"]
    assert "Scrap Lore" in seen["newest"] and skill_id not in " ".join(seen["newest"])


def test_a_table_skill_is_shown_by_the_tables_name(make_app):
    app = make_app("myz-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("3", "s", *"know", "enter")
            await pilot.pause()
            seen["settings"] = str(app.screen.query_one(RollBuilder).query_one("#rb-settings").render())

    asyncio.run(run())
    assert "skill Know the Zone" in seen["settings"]


def test_sheet_text_names_the_skill_and_json_keeps_the_id(open_service, demo_root, capsys):
    service = open_service("myz-demo")
    skill_id = _renamed_skill(service)
    service.close()
    capsys.readouterr()
    assert main(["--data-dir", str(demo_root), "sheet", "myz-demo", "Grease"]) == 0
    text = capsys.readouterr().out
    assert main(["--data-dir", str(demo_root), "sheet", "myz-demo", "Grease", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "Scrap Lore 2" in text and skill_id not in text
    assert "Jury-Rig 3" in text
    assert data["skills"][skill_id] == 2 and "Scrap Lore" not in json.dumps(data)


def test_a_push_summary_names_the_skill_as_its_roll_does(open_service):
    """The roll and its push both name the skill: "Grease pushes Jury-Rig", never the id "jury-rig"."""
    service = open_service("myz-demo")
    grease = service.character("Grease")
    rolled = service.rolls.roll(grease.id, "jury-rig", faces="base=2,3,4,5,2 skill=2,3,4")
    pushed = service.rolls.push(rolled["id"], faces="base=1,1,1,1,1 skill=1,1,1")
    assert "rolls Jury-Rig" in rolled["summary"], rolled["summary"]
    assert pushed["summary"].startswith("Grease pushes Jury-Rig:"), pushed["summary"]
