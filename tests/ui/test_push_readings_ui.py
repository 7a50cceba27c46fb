"""The push readings in the console, driven by keys through Textual's Pilot: a skill 1 kept
on a push in the roll builder (R-PUSH-1) and counted in the costs shown (R-MYZ-TRAUMA), and the
help screen (``?``) saying the corrected readings in words."""

from __future__ import annotations

import asyncio
import io
import random

from pilot_harness import BuilderApp, fill_focused, shown_text, typed_roll
from rich.console import Console

from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.screens.help import HelpScreen
from gmconsole.ui.screens.line_entry import LineEntryScreen


async def _typed_roll_and_push(pilot, character_id: str, skill_filter: str, faces: str, push_faces: str) -> RollBuilder:
    """Select the character, pick the skill (``s`` + filter), roll typed faces (``f``), push typed faces (``P``)."""
    builder = await typed_roll(pilot, character_id, skill_filter, faces)
    await pilot.press("P")
    await pilot.pause()
    assert isinstance(pilot.app.screen, LineEntryScreen)
    await fill_focused(pilot, push_faces)
    assert not isinstance(pilot.app.screen, LineEntryScreen), "the push's faces were refused"
    return builder


def test_r_push_1_console_push_keeps_a_skill_one_and_myz_counts_it_in_the_costs(open_service):
    """Grease (Wits 5, Jury-Rig 3): a skill 1 stays on the push and, with one base 1, costs 2 trauma."""
    app = BuilderApp(open_service("myz-demo"), random.Random(7))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            builder = await _typed_roll_and_push(pilot, "c1", "jury", "base=2,3,4,5,2 skill=1,2,3",
                                                 "base=6,2,3,4,1 skill=5,4")
            seen["result"] = shown_text(builder, "#rb-result")
            await pilot.press("c")
            await pilot.pause()

    asyncio.run(run())
    roll = app.service.history.filtered(kind="roll")[0]
    skill = [(d["face"], d["rerolled"]) for d in roll["dice"] if d["kind"] == "skill"]
    assert skill == [(1, False), (5, True), (4, True)]
    assert "trauma 2" in seen["result"] and "mutation points 2" in seen["result"].replace("_", " ")
    grease = app.service.character("c1")
    assert grease.attributes["wits"].current == 3 and grease.mutation_points == 5


def test_r_push_1_console_push_keeps_a_skill_one_in_yze_at_no_cost(open_service):
    app = BuilderApp(open_service("yze-demo"), random.Random(7))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            builder = await _typed_roll_and_push(pilot, "c1", "observ", "base=2,3,4,5 skill=1,2 stress=3",
                                                 "base=2,3,4,5 skill=6 stress=2,4")
            seen["result"] = shown_text(builder, "#rb-result")

    asyncio.run(run())
    roll = app.service.history.filtered(kind="roll")[0]
    assert [(d["face"], d["rerolled"]) for d in roll["dice"] if d["kind"] == "skill"] == [(1, False), (6, True)]
    assert roll["successes"] == 1 and roll["costs"] == []
    assert "1 success" in seen["result"]


def _help_text(app) -> str:
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            console = Console(width=120, record=True, file=io.StringIO())
            for static in app.screen.query("Static"):
                console.print(static.content)
            seen.append(" ".join(console.export_text().split()))

    asyncio.run(run())
    return seen[0]


def test_help_screen_shows_the_corrected_push_readings_myz(make_app):
    text = _help_text(make_app("myz-demo"))
    assert "R-PUSH-1" in text and "A die showing 1 never rerolls, whatever its kind" in text
    assert "R-PUSH-5" in text and "skill die showing 1 is rerolled on a push and costs nothing" in text
    assert "R-PUSH-6" in text and "would roll no die at all" in text
    assert "R-MYZ-TRAUMA" in text and "each 1 on a base or skill die after the push" in text
    assert "R-ART-2" in text and "gear bonus has dropped to 0 cannot be used" in text
    assert "a scouting or tracking push is a normal push" in text
    assert "Skill dice showing 1 are rerolled" not in text
    assert "R-ART-3" in text and "R-STUNT-1" in text and "Move (one friend helped per 6)" in text


def test_help_screen_shows_the_corrected_push_readings_yze(make_app):
    text = _help_text(make_app("yze-demo"))
    assert "R-STRESS-1" in text and "a roll on the attribute alone included" in text
    assert "Banes are base-die 1s only" in text and "R-PUSH-6" in text and "R-ART-2" in text
    assert "whichever way it gets there" in text
    assert "R-ART-3" in text and "R-PUSH-8" in text and "skill and gear 1s cost nothing in this option" in text


def test_r_art_2_the_builder_leaves_out_an_item_at_gear_bonus_0_and_says_why(open_service):
    """Ash's Scanner (D10 artifact, bonus 1) worn to bonus 0: picked with ``g`` for an Observation
    roll, it adds no die and the builder says why."""
    service = open_service("yze-demo")
    service.roster.damage_gear("c11", "g12", 1)
    app = BuilderApp(service, random.Random(7))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            builder = pilot.app.query_one(RollBuilder)
            builder.select_character("c11")
            builder.focus()
            await pilot.pause()
            await pilot.press("s", *"observ", "enter", "g")
            await pilot.pause()
            seen["gear"] = builder.request().gear
            seen["explain"] = shown_text(builder, "#rb-explain")
            seen["dice"] = [d["kind"] for d in builder.preview.dice]

    asyncio.run(run())
    assert seen["gear"] == ("g12",)
    assert "Scanner: gear bonus 0, the item cannot be used (R-ART-2)" in seen["explain"]
    assert "artifact" not in seen["dice"]
