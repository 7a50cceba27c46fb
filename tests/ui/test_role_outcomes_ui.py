"""The myz role skills' outcomes through the roll builder's keys, as a GM does them: ``m`` marks what the
roll is for (the device picked from the seed's list, the patient picked in the roster), ``r``/``f`` rolls,
``j`` applies what the roll leads to (R-MYZ-ROLE-1) — a Jury-Rig build (R-MYZ-BUILD-1/2), Find the Path's
and a deal's finds with their D6 amounts (R-MYZ-FINDS-1/2), Save a Life (R-MYZ-SAVE-1) — and ``u`` takes it
back. Each checks what the GM reads and what the campaign holds."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    mark_names,
    pick_skill,
    pilot_test,
    roll_form,
    shown_text,
    start_builder,
    type_text,
)

from gmconsole.ui.screens.pickers import PickCharacters, PickDevice
from gmconsole.ui.screens.roll_form import ChoiceScreen, RollFormScreen
from gmconsole.ui.screens.skill_modifier_picker import SkillModifierScreen
from gmconsole.ui.widgets.mark_list import MarkList

SIZE = (110, 44)


async def _purpose(pilot) -> None:
    """``m``, mark the skill's first named modifier (its purpose) and confirm."""
    await pilot.press("m")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SkillModifierScreen)
    await pilot.press("space", "ctrl+s")
    await pilot.pause()


async def _faces(pilot, faces: str) -> None:
    """``f``: roll with the faces of physical dice typed (R-MANUAL-1)."""
    await pilot.press("f")
    await pilot.pause()
    await fill_focused(pilot, faces)


def _result(builder) -> str:
    return shown_text(builder, "#rb-result")


@pilot_test
async def test_r_myz_build_1_a_device_picked_with_m_is_built_with_j_as_gear_and_undone_with_u(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, "c1")  # Grease, Gearhead: Jury-Rig 3, Wits 5
        await pick_skill(pilot, "jury")
        await _purpose(pilot)
        picker = app.screen
        assert isinstance(picker, PickDevice)
        labels = [str(picker.query_one(MarkList).get_option_at_index(i).prompt) for i in range(len(picker.choices))]
        assert "Binoculars. Gives you Gear Bonus +1 to Scout." in labels
        assert "Explosive charge: An explosive charge, Blast Power 6." in labels
        await type_text(pilot, "binoc")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        assert builder.draft.skill_modifiers == ("device=Binoculars",)
        await _faces(pilot, "b66123 s612")  # three 6s: two stunts
        assert "SUCCESS: 3 successes" in _result(builder)
        assert "j: build Binoculars (2 stunts to pick)" in _result(builder)
        await pilot.press("j")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        # the form applies what the roll already made leads to: its keys say so, not "roll"
        assert shown_text(form, "#form-keys") == "space mark · ctrl+s apply · tab next field · esc close"
        stunts = form.query_one("#field-stunts", MarkList)
        offered = [str(stunts.get_option_at_index(i).prompt) for i in range(stunts.option_count)]
        assert offered == ["The device is durable and can be used more than once; it breaks down by the normal gear "
                           "rules.", "The device's Gear Bonus is increased by one."]  # no weapon, armor... stunt
        said = await roll_form(pilot, {"stunts": ("The device's Gear Bonus",)})
        assert said == "Applied: Grease builds Binoculars: Gear Bonus +2 to Scout; stunts: Gear Bonus +1"
        assert "Applied: Grease builds Binoculars" in _result(builder)
        assert "SUCCESS: 3 successes" in _result(builder)  # the roll's verdict stays on top
        assert "p: push" not in _result(builder)  # R-MYZ-ROLE-1: not pushed after its outcome
        item = service.character("Grease").gear_item("Binoculars")
        assert (item.bonus, item.max_bonus, item.skills) == (2, 2, ["scout"])
        assert "Lasts one action or use, then falls apart" in item.notes
        built = service.history.filtered(kind="build")[0]
        assert built["build"]["stunts"] == ["bonus"] and built["gear_id"] == item.id
        await pilot.press("j")
        await pilot.pause()
        assert "Already applied" in shown_text(builder, "#rb-message")
        await pilot.press("u")
        await pilot.pause()
        assert service.character("Grease").gear_item("Binoculars") is None
        assert "j: build Binoculars (2 stunts to pick)" in _result(builder)


@pilot_test
async def test_r_myz_build_1_a_failed_build_says_so_and_r_myz_limit_warns_for_the_device_chosen(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await _purpose(pilot)
        await type_text(pilot, "explo")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        await _faces(pilot, "b12345 s234")
        assert "FAILURE" in _result(builder)
        assert ("Explosive charge is not built (R-MYZ-BUILD-1): If you fail, bad things happen: the device will fall "
                "apart when you really need it, or even blow up in your face.") in _result(builder)
        await pilot.press("j")
        await pilot.pause()
        assert "is not built" in shown_text(builder, "#rb-message")
        assert service.history.filtered(kind="build") == []
        gear_before = len(service.character("Grease").gear)
        await _purpose(pilot)
        await type_text(pilot, "explo")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        warned = shown_text(builder, "#rb-warnings")
        assert "Grease failed to Jury-Rig Explosive charge" in warned and "R-MYZ-LIMIT" in warned
    assert len(service.character("Grease").gear) == gear_before


@pilot_test
async def test_r_myz_build_1_a_device_of_the_gms_own_is_typed_on_the_pickers_last_row(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await _purpose(pilot)
        await type_text(pilot, "another")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        await fill_focused(pilot, "rusty periscope")
        assert builder.draft.skill_modifiers == ("device=rusty periscope",)
        await _faces(pilot, "b61234 s123")  # one 6: a success, no stunt to pick
        await pilot.press("j")
        await pilot.pause()
    item = service.character("Grease").gear_item("rusty periscope")
    assert (item.bonus, item.skills) == (0, [])
    assert service.history.filtered(kind="build")[0]["build"]["listed"] is False


@pilot_test
async def test_r_myz_finds_1_find_the_path_stunts_marked_with_j_their_d6_typed_and_recorded(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, "c9")  # Lina, Stalker: Find the Path 3, Agility 4
        await pick_skill(pilot, "find")
        await _faces(pilot, "b6612 s623")  # three 6s: two stunts
        assert "j: choose up to 2 stunts and roll what they find" in _result(builder)
        await pilot.press("j")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        assert "The roll has 2 stunts" in str(form.query_one("#form-hint").render())
        said = await roll_form(pilot, {"finds": ("You rush", "You find an artifact"), "faces": ""})
        assert "rush cannot go with" not in said and "finds nothing in the sector" in said  # the seed's rush
        await pilot.press("j")
        await pilot.pause()
        said = await roll_form(pilot, {"finds": ("You find D6 bullets", "You find D6 rations of Rot-free"),
                                       "faces": "d45"})
        assert said == "Applied: Lina finds: 4 bullets; 5 rations of Rot-free water"
        assert "Applied: Lina finds: 4 bullets; 5 rations of Rot-free water" in _result(builder)
    entry = service.history.filtered(kind="finds")[0]
    assert [(f["id"], f["dice"], f["amount"]) for f in entry["finds"]] == [("bullets", [4], 4), ("water", [5], 5)]
    assert entry["by_hand"] is True
    roles = service.sessions.recap()["sections"]["roles"]
    assert [line["summary"] for line in roles] == ["Lina finds: 4 bullets; 5 rations of Rot-free water"]


@pilot_test
async def test_r_myz_finds_2_a_deal_on_the_side_rolls_its_d6_with_the_console_dice(builder_app):
    app = builder_app("myz-demo", seed=11)
    service = app.service
    fixer = service.roster.add_character({"name": "Nails", "role": "fixer", "skills": {"make-a-deal": 2},
                                          "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 4}})
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, fixer.id)
        await pick_skill(pilot, "make")
        await _purpose(pilot)  # a deal on the side
        await _faces(pilot, "b6612 s31")  # two 6s: two options (R-STUNT-1)
        assert "j: choose 2 options of the deal and roll them" in _result(builder)
        await pilot.press("j")
        await pilot.pause()
        listing = app.screen.query_one("#field-finds", MarkList)
        labels = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert "You gain 2D6 doses of booze. (again: 2×)" in labels  # R-MYZ-FINDS-2: an option again
        said = await roll_form(pilot, {"finds": ("You gain 2D6 doses of booze.",
                                                 "You gain 2D6 doses of booze. (again")})
        assert said.startswith("Applied: Nails's deal on the side brings: ")
    entry = service.history.filtered(kind="finds")[0]
    assert [f["id"] for f in entry["finds"]] == ["booze", "booze"] and entry["by_hand"] is False
    for find in entry["finds"]:
        assert len(find["dice"]) == 2 and all(1 <= d <= 6 for d in find["dice"])
        assert find["amount"] == sum(find["dice"]) and f"{find['amount']} doses of booze" in entry["summary"]


@pilot_test
async def test_r_myz_save_1_save_a_life_patient_picked_success_stabilizes_and_undoes(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, "c12")  # Quill: Heal 2, Empathy 5
        await pick_skill(pilot, "heal")
        await _purpose(pilot)
        picker = app.screen
        assert isinstance(picker, PickCharacters)
        assert "Quill" not in [label for _id, label in picker.choices]  # not the healer
        await mark_names(pilot, picker.query_one(MarkList), "Lina")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert builder.draft.skill_modifiers == ("save-a-life=Lina",)
        await _faces(pilot, "b61234 s12")
        assert "j: Save a Life — Lina is stabilized" in _result(builder)
        await pilot.press("j")
        await pilot.pause()
        assert "Applied: Quill saves Lina's life: stabilized" in _result(builder)
        assert service.character("Lina").conditions == ["stabilized"]
        assert service.history.filtered(kind="save_life")[0]["patient_id"] == "c9"
        await pilot.press("u")
        await pilot.pause()
    assert service.character("Lina").conditions == []


@pilot_test
async def test_r_myz_save_1_a_failed_save_kills_only_by_the_gms_key(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        builder = await start_builder(pilot, "c12")
        await pick_skill(pilot, "heal")
        await _purpose(pilot)
        await mark_names(pilot, app.screen.query_one(MarkList), "Hammer")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await _faces(pilot, "b12345 s23")
        assert "j: Save a Life failed — say whether it kills Hammer" in _result(builder)
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")  # nothing said: nothing applied
        await pilot.pause()
        assert service.history.filtered(kind="save_life") == []
        await pilot.press("j")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert "Applied: Quill fails to save Hammer's life: Hammer is dead (the GM's call)" in _result(builder)
    assert service.character("Hammer").conditions == ["dead"]


@pilot_test
async def test_r_myz_finds_1_and_save_1_read_in_zh_hant_with_no_english_word(builder_app):
    import re

    from gmconsole.i18n import set_language

    set_language("zh-Hant")
    try:
        app = builder_app("myz-demo")
        service = app.service
        async with app.run_test(size=SIZE) as pilot:
            builder = await start_builder(pilot, "c9")
            await pick_skill(pilot, "尋路")
            await _faces(pilot, "b6612 s623")
            assert "j：選最多 2 項特技並擲出發現的數量" in _result(builder)
            await pilot.press("j")
            await pilot.pause()
            hint = str(app.screen.query_one("#form-hint").render())
            said = await roll_form(pilot, {"finds": ("你找到 D6 發", "你找到 D6 份無腐毒"), "faces": "d45"})
            await start_builder(pilot, "c12")
            await pick_skill(pilot, "治療")
            await _purpose(pilot)
            await mark_names(pilot, app.screen.query_one(MarkList), "Lina")
            await pilot.press("ctrl+s")
            await pilot.pause()
            await _faces(pilot, "b61234 s12")
            await pilot.press("j")
            await pilot.pause()
            saved = _result(builder)
    finally:
        set_language(None)
    assert said == "已套用：Lina 找到：4 發子彈；5 份無腐毒的水"
    assert "已套用：Quill 救回Lina的性命：傷勢已穩定" in saved
    assert service.character("Lina").conditions == ["已穩定"]
    read = " ".join((hint, said, saved))
    leftover = set(re.findall(r"[A-Za-z]{3,}", re.sub(r"R-[A-Z0-9-]+", " ", read)))
    assert leftover <= {"Lina", "Quill", "ctrl"}, leftover  # the campaign's names and the key
