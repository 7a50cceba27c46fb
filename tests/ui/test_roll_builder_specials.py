"""Pilot tests of the roll builder's special rolls: each goes through the campaign service, so the
keys leave a history entry behind and ``u`` undoes it (Year Zero opposed roll and its push, exploding
opposed / assisted / group checks and TN modifier tables, tiered save / attack / contested and
consequences, change of circumstances)."""

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
from gmconsole.ui.screens.pickers import MarkListScreen
from gmconsole.ui.screens.roll_form import ChoiceScreen


@pilot_test
async def test_R_OPP_1_opposed_roll_recorded_pushed_by_the_active_side_and_undone(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("o")
        await pilot.pause()
        await roll_form(pilot, {"opponent": "Dallas Kane", "skill": "insight",
                            "active_faces": "base=6,2,3,4 skill=3,2 stress=2",
                            "defender_faces": "base=6,2,3,4,5 skill=3,2"})
        entry = service.history.filtered(kind="roll")[0]
        assert entry["opposed"]["outcome"] == "defender"
        assert "the defender holds" in shown_text(builder, "#rb-result")
        # R-PUSH-2: the active side pushes after the defender rolled; stress-dice: +1 stress at once
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "base=6,2,3 skill=6,2 stress=3,4")
        pushed = service.history.entry(entry["id"])
        assert pushed["opposed"]["active_successes"] == 3 and pushed["opposed"]["outcome"] == "active"
        assert "the active side wins" in shown_text(builder, "#rb-result")
        assert service.character("c1").stress == 2
        await pilot.press("u")
        await pilot.pause()
        assert service.history.entry(entry["id"])["opposed"]["outcome"] == "defender"
        assert service.character("c1").stress == 1
        assert "the defender holds" in shown_text(builder, "#rb-result")


@pilot_test
async def test_R_EXP_4_exploding_opposed_assisted_and_group_are_recorded_and_undoable(builder_app):
    app = builder_app("exploding-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        await pilot.press("o")
        await pilot.pause()
        opposed = await roll_form(pilot, {"opponent": "Mira Sol", "opp_skill": "notice", "opp_attribute": "intellect"})
        await pilot.press("i")
        await pilot.pause()
        assisted = await roll_form(pilot, {"skill": "shooting", "others": ("Doc Rell", "Torvald")})
        await pilot.press("n")
        await pilot.pause()
        group = await roll_form(pilot, {"participants": ("Kara Venn", "Torvald"), "skill": "athletics"})
        kinds = [e["kind"] for e in service.history.filtered()]
        assert kinds[:3] == ["group", "assisted", "opposed"]
        await pilot.press("u")
        await pilot.pause()
        assert [e["kind"] for e in service.history.filtered()][:2] == ["assisted", "opposed"]
    first = service.history.filtered(kind="opposed")[0]
    assert first["character_id"] == "c1" and first["defender"] == "Mira Sol"
    assert f"{first['winner_name']} wins" in opposed
    assert "success" in assisted and "(es)" not in assisted and "TN" in assisted
    assert "of 2 succeed" in group


@pilot_test
async def test_exploding_TN_modifier_tables_picked_by_key_with_a_range_value(builder_app):
    app = builder_app("exploding-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "shoot")
        await pilot.pause()
        tn_before = builder.preview.target_number
        odds_before = shown_text(builder, "#rb-odds")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MarkListScreen)
        # social: Hostile (+4) is the 5th entry; other: Cramped (+1-4) the 13th
        await pilot.press(*["down"] * 4, "space", *["down"] * 8, "space", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "9")
        assert isinstance(app.screen, LineEntryScreen)
        assert "out of range" in str(app.screen.query_one("#faces-error").render())
        await fill_focused(pilot, "3")
        assert builder.draft.tn_modifiers == ("social.hostile", "other.cramped=3")
        assert builder.preview.target_number == tn_before + 4 + 3
        explain = shown_text(builder, "#rb-explain")
        assert "Hostile: +4" in explain and "Cramped Conditions/Confines: +3" in explain
        assert shown_text(builder, "#rb-odds") != odds_before
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("M")
        assert builder.preview.target_number == tn_before
    roll = service.history.filtered(kind="roll")[0]
    assert roll["request"]["tn_modifiers"] == ["social.hostile", "other.cramped=3"]
    assert roll["tn"] == tn_before + 7


@pilot_test
async def test_tiered_save_attack_contested_recorded_and_a_consequence_applied_with_one_key(builder_app):
    app = builder_app("tiered-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("v")
        await pilot.pause()
        save = await roll_form(pilot, {"save": "phys", "faces": "dice=6,6"})
        await pilot.press("k")
        await pilot.pause()
        attack = await roll_form(pilot, {"faces": "dice=6,6,2,3"})
        assert isinstance(app.screen, MarkListScreen)  # who takes the damage; esc: nobody
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        contested = await roll_form(pilot, {"opponent": "Wren", "faces": "dice=3,4,5,4,1,1,6,2"})
        assert [e["kind"] for e in service.history.filtered()][:3] == ["contested", "attack", "save"]
        await pick_skill(pilot, "swords")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "dice=4,3,2,1,2,3")
        assert "C: apply one" in shown_text(builder, "#rb-result")
        stamina = service.character("c1").stamina
        await pilot.press("C")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("d")
        await pilot.pause()
        assert service.character("c1").stamina == stamina - 2
        assert service.history.filtered()[0]["kind"] == "consequence"
        assert "C: apply one (applied: damage)" in shown_text(builder, "#rb-result")
        await pilot.press("u")
        await pilot.pause()
        assert service.character("c1").stamina == stamina
    assert "CRITICAL" in save and "12" in save
    assert "CRITICAL" in attack and "damage" in attack
    # contested: 3+4+2 = 9 vs 5+4+0 = 9 (a tie, rolled again), then 1+1+2 = 4 vs 6+2+0 = 8
    assert "9 vs 9; 4 vs 8" in contested and "Wren wins" in contested


@pilot_test
async def test_change_of_circumstances_key_records_why_and_clears_the_one_chance_warning(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        await pilot.press("r")
        await pilot.pause()
        # right after the roll, what the next one needs (the warning proper waits for a second roll)
        assert "another roll needs changed circumstances (w)" in shown_text(builder, "#rb-warnings")
        await pilot.press("w")
        await pilot.pause()
        await fill_focused(pilot, "")
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "climbed to the gantry")
        assert shown_text(builder, "#rb-warnings") == ""
    entry = service.history.filtered(kind="circumstances")[0]
    assert entry["reason"] == "climbed to the gantry" and entry["skill"] == "observation"


@pilot_test
async def test_the_group_check_marks_who_is_untrained_in_the_skill_typed_in_its_form(builder_app):
    """The group check opens on the builder's skill; when the GM types another skill in the form, the
    "(untrained)" marks follow it (they kept the first skill's), and the marks made stay."""
    from textual.widgets import Input

    from gmconsole.ui.screens.roll_form import RollFormScreen
    from gmconsole.ui.widgets.mark_list import MarkList

    app = builder_app("exploding-demo")

    def labels(listing: MarkList) -> list[str]:
        return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]

    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "shooting")
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        listing = form.query_one("#field-participants", MarkList)
        shooting = labels(listing)
        skill = form.query_one("#field-skill", Input)
        skill.focus()
        skill.value = ""
        await type_text(pilot, "Athletics")
        athletics = labels(listing)
        skill.value = ""
        await type_text(pilot, "stealth")
        stealth = labels(listing)
        marked = listing.marked
    assert shooting == ["Kara Venn", "Doc Rell (untrained)", "Torvald (untrained)", "Mira Sol (untrained)",
                        "Nyx (untrained)", "Pirate boarders ×5 (npc)", "Captain Vorr (npc) (untrained)"]
    assert athletics == ["Kara Venn", "Doc Rell (untrained)", "Torvald", "Mira Sol (untrained)", "Nyx (untrained)",
                         "Pirate boarders ×5 (npc) (untrained)", "Captain Vorr (npc) (untrained)"]
    assert stealth == ["Kara Venn", "Doc Rell (untrained)", "Torvald (untrained)", "Mira Sol (untrained)", "Nyx",
                       "Pirate boarders ×5 (npc) (untrained)", "Captain Vorr (npc) (untrained)"]
    assert marked == ["c1"]
