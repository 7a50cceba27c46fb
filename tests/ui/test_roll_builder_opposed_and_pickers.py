"""Pilot tests of the roll builder's opposed rolls and pickers: an opposed roll's headline and stunts
follow the opposed outcome (R-OPP-1), the exploding skill picker offers untrained skills, gear
cycling offers only the items usable with the skill, the last roll shown belongs to the character
being built, and the faces-entry hint names each kind the pool needs."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    pick_skill,
    pilot_test,
    roll_form,
    shown_text,
    start_builder,
    type_text,
)

from gmconsole.ui.screens.line_entry import LineEntryScreen


@pilot_test
async def test_R_OPP_1_pushed_opposed_roll_with_net_zero_is_a_failure_without_stunts(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c4")
        await pick_skill(pilot, "sneak")
        await pilot.press("o")
        await pilot.pause()
        await roll_form(pilot, {"opponent": "Hammer", "skill": "scout",
                            "active_faces": "base=6,2,3,4,5 skill=2", "defender_faces": "base=6,6"})
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "base=6,2,3,4 skill=2")
        entry = service.history.filtered(kind="roll")[0]
        assert entry["successes"] == 2 and entry["pushes"] == 1
        assert entry["opposed"]["net_successes"] == 0 and entry["opposed"]["outcome"] == "defender"
        result = shown_text(builder, "#rb-result")
        stunts = shown_text(builder, "#rb-stunts")
    headline = result.splitlines()[0]  # the verdict first, under the dice
    assert headline.startswith("FAILURE (opposed): net 0 successes"), headline
    assert "stunt" not in headline and "SUCCESS" not in result
    assert "the defender holds" in result
    assert stunts == ""


@pilot_test
async def test_R_OPP_1_opposed_win_counts_stunts_on_net_successes(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c4")
        await pick_skill(pilot, "sneak")
        await pilot.press("o")
        await pilot.pause()
        await roll_form(pilot, {"opponent": "Hammer", "skill": "scout",
                            "active_faces": "base=6,6,6,3,4 skill=6", "defender_faces": "base=6,2"})
        result = shown_text(builder, "#rb-result")
        stunts = shown_text(builder, "#rb-stunts")
    headline = result.splitlines()[0]  # the verdict first, under the dice
    # 4 rolled − 1 of the defender = net 3: the one needed and 2 stunts
    assert headline.startswith("SUCCESS (opposed): net 3 successes (4 rolled − 1 of the defender), 2 stunts"), headline
    assert stunts.startswith("stunts:")


@pilot_test
async def test_exploding_skill_picker_offers_a_skill_the_character_lacks_as_untrained(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")  # Kara Venn: shooting, stealth, athletics
        await pilot.press("s")
        await type_text(pilot, "me")
        listed = [str(o.prompt) for o in builder.query_one("#rb-skills").options]
        await pilot.press("enter")
        await pilot.pause()
        assert builder.request().skill == "medicine"
        preview = builder.preview
        shown = "".join(shown_text(builder, selector) for selector in ("#rb-explain", "#rb-message", "#rb-odds"))
    assert "medicine (untrained)" in listed
    assert "No skill matches" not in shown
    # the TN of an untrained roll is the service's (docs/RULES.md: moderate 4, untrained +4), shown as it says
    assert preview.can_roll and preview.target_number == 8
    assert "TN 8" in shown and "medicine: untrained" in shown


@pilot_test
async def test_gear_cycling_offers_only_items_usable_with_the_skill(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")  # Grease: Scrap pistol (shoot), Toolbox (jury-rig)
        await pick_skill(pilot, "fight")
        await pilot.press("g")
        fight_gear = builder.request().gear
        message = shown_text(builder, "#rb-message")
        await pick_skill(pilot, "shoot")
        seen = []
        for _ in range(3):
            await pilot.press("g")
            seen.append(builder.request().gear)
    assert fight_gear == () and "no gear usable with Fight" in message  # the skill by its name
    assert seen == [("g2",), (), ("g2",)]


@pilot_test
async def test_last_roll_stays_when_the_selection_moves_and_redo_clears_the_undone_line(make_app):
    from gmconsole.ui.roll_builder import RollBuilder

    app = make_app("myz-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        builder = app.screen.query_one(RollBuilder)
        builder.select_character("c9")  # Lina
        await pilot.press("3", "s")
        await type_text(pilot, "scout")
        await pilot.press("enter", "r")
        await pilot.pause()
        assert "Last roll: Lina" in shown_text(builder, "#rb-result-head")
        builder.select_character("c4")  # Vanja: Lina's roll stays, named as hers
        await pilot.pause()
        vanja = shown_text(builder, "#rb-result-head") + shown_text(builder, "#rb-result")
        builder.select_character("c9")  # back to Lina: her roll still
        await pilot.pause()
        lina = shown_text(builder, "#rb-result-head")
        await pilot.press("u")
        await pilot.pause()
        undone = shown_text(builder, "#rb-result-head") + shown_text(builder, "#rb-result")
        await pilot.press("ctrl+y")
        await pilot.pause()
        redone = shown_text(builder, "#rb-result-head") + shown_text(builder, "#rb-result")
    assert vanja.startswith("Last roll: Lina"), vanja
    assert "Last roll: Lina" in lina
    assert undone.startswith("Undone — this roll no longer counts: Lina")
    assert "Undone" not in redone and "Last roll: Lina" in redone


@pilot_test
async def test_R_MANUAL_1_faces_entry_names_the_kinds_and_counts_the_pool_needs(builder_app):
    app = builder_app("yze-step-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        hint = str(app.screen.query_one("#faces-hint").render())
        await fill_focused(pilot, "base=6,1")
        error = str(app.screen.query_one("#faces-error").render())
    assert "The pool needs 2 step d10 faces" in hint and "step=" in hint and "base=" not in hint
    assert "(the pool needs 2 step d10)" in error


@pilot_test
async def test_R_TIER_4_attack_form_shows_the_pool_and_R_TIER_5_contested_says_a_tie_needs_more_faces(builder_app):
    from gmconsole.families.tiered.rules import roll as tiered

    app = builder_app("tiered-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        character = app.service.character("c1")
        await pilot.press("k")
        await pilot.pause()
        attack_hint = str(app.screen.query_one("#form-hint").render())
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        contested_hint = str(app.screen.query_one("#form-hint").render())
    melee = tiered.dice_to_roll(character.class_bonus + character.attributes["str"].current)
    assert f"Pool: melee {melee} dice" in attack_hint
    assert "tie" in contested_hint and "4 more faces for each reroll" in contested_hint


@pilot_test
async def test_tn_modifier_value_box_says_enter_ok_not_roll(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pilot.press("m")
        await pilot.pause()
        # other: Cramped (+1-4), the 13th entry, asks for its value
        await pilot.press(*["down"] * 12)
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        keys = str(app.screen.query_one("#faces-keys").render())
    assert keys == "enter ok · esc cancel"


@pilot_test
async def test_R_PUSH_1_push_faces_error_says_how_many_faces_the_push_rerolls(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "base=6,2,3,4 skill=3,2 stress=2")
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "base=6")
        error = str(app.screen.query_one("#faces-error").render())
    # base 2,3,4 and skill 3,2 are rerolled; the stress die (2) too, plus the push's new stress die
    assert "(the push rerolls 3 base, 2 skill, 2 stress)" in error, error
