"""Sic a Dog's use in the roll builder, by keys (seed 000: fighting rolls the dog's Strength, scouting and
tracking the handler's Wits): with no use picked the builder says so and ``r`` / ``f`` ask which use before
rolling; ``m`` picks it beforehand; escape at the question rolls nothing."""

from __future__ import annotations

from pilot_harness import pick_skill, pilot_test, shown_text, start_builder

from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.roll_form import ChoiceScreen
from gmconsole.ui.screens.skill_modifier_picker import SkillModifierScreen

VANJA = "c4"


@pilot_test
async def test_r_asks_which_use_and_rolls_the_handlers_wits_for_scouting(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, VANJA)
        await pick_skill(pilot, "sic")
        said = shown_text(builder, "#rb-message")
        assert said.startswith("Sic a Dog is rolled for one of its uses: Fighting (the dog's Strength)")
        assert said.endswith("(r or f asks which, m picks it)") and builder.preview.dice == []
        await pilot.press("r")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceScreen)
        assert [(key, label) for _value, key, label in question.choices] == [
            ("f", "Fighting (the dog's Strength)"), ("s", "Scouting (the handler's Wits)"),
            ("t", "Tracking (the handler's Wits)")]
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
    entry = app.service.history.filtered(kind="roll")[0]
    assert (entry["skill"], entry["attribute"]) == ("sic-a-dog", "wits")
    assert [m["id"] for m in entry["skill_modifiers"]] == ["scout"]
    assert [d["kind"] for d in entry["dice"]].count("base") == 3  # Vanja's Wits 3, not the dog's Strength


@pilot_test
async def test_f_asks_the_use_then_the_faces_and_fighting_rolls_the_dogs_strength(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, VANJA)
        await pick_skill(pilot, "sic")
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen), "the faces are asked once the use is known"
        app.focused.value = "b6123 s234"
        await pilot.press("enter")
        await pilot.pause()
    entry = app.service.history.filtered(kind="roll")[0]
    assert entry["attribute"] == "strength" and entry["by_hand"]
    assert [m["id"] for m in entry["skill_modifiers"]] == ["fight"]
    assert "dog's strength 4: 4 base dice" in entry["pool"]["explanation"]


@pilot_test
async def test_escape_at_the_question_rolls_nothing(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, VANJA)
        await pick_skill(pilot, "sic")
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert builder.draft.skill_modifiers == ()
    assert app.service.history.filtered(kind="roll") == []


@pilot_test
async def test_m_picks_the_use_beforehand_and_r_rolls_without_asking(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, VANJA)
        await pick_skill(pilot, "sic")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, SkillModifierScreen)
        await pilot.press("down", "down", "space", "ctrl+s")  # Tracking
        await pilot.pause()
        assert builder.draft.skill_modifiers == ("track",)
        assert [d["kind"] for d in builder.preview.dice].count("base") == 3
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
    assert [m["id"] for m in app.service.history.filtered(kind="roll")[0]["skill_modifiers"]] == ["track"]
