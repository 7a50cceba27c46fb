"""R-MANUAL-1 in the console: every form that takes the faces of physical dice reads the short form the GM
types key by key (``b6234 s32 st2``: one digit per d6 after the kind's letter; ``s8+3,2 t4`` for exploding
dice), and a form given wrong faces stays open with the sentence that says what is wrong and how to type
it, nothing recorded (R-TIER-5: a contested roll whose typed faces tie asks for the roll-off's four)."""

from __future__ import annotations

from pilot_harness import pick_skill, pilot_test, roll_entries, shown_text, start_builder, type_text

from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.roll_form import RollFormScreen


async def _type_faces(pilot, text: str) -> str:
    """Type ``text`` key by key into the open faces box and press enter; the error shown, ``""`` if none."""
    screen = pilot.app.screen
    assert isinstance(screen, LineEntryScreen)
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()
    return str(screen.query_one("#faces-error").render()) if pilot.app.screen is screen else ""


async def _form_faces(pilot, text: str, key: str = "faces") -> str:
    """Type ``text`` key by key into the open form's ``key`` field, roll (ctrl+s); what the form said."""
    form = pilot.app.screen
    assert isinstance(form, RollFormScreen)
    field = form.query_one(f"#field-{key}")
    field.focus()
    field.value = ""
    await pilot.pause()
    await type_text(pilot, text)
    await pilot.press("ctrl+s")
    await pilot.pause()
    return str(form.query_one("#form-result").render()) or str(form.query_one("#form-error").render())


def _faces(entry: dict, key: str = "dice") -> list[tuple[str, int]]:
    return [(d["kind"], d["face"]) for d in entry[key]]


@pilot_test
async def test_R_MANUAL_1_f_and_P_read_short_faces_typed_key_by_key(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        assert await _type_faces(pilot, "b6234 s32 st2") == ""
        rolled = roll_entries(app.service)[0]
        await pilot.press("P")
        await pilot.pause()
        assert await _type_faces(pilot, "b623 skill=6,2 st34") == ""
        pushed = app.service.history.entry(rolled["id"])
    assert _faces(rolled) == [("base", 6), ("base", 2), ("base", 3), ("base", 4), ("skill", 3), ("skill", 2),
                              ("stress", 2)]
    assert rolled["by_hand"] is True
    assert [(d["face"], d["rerolled"]) for d in pushed["dice"]] == [
        (6, False), (6, True), (2, True), (3, True), (6, True), (2, True), (3, True), (4, True)]


@pilot_test
async def test_R_MANUAL_1_a_wrong_count_stays_in_the_form_saying_how_to_type_it(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        error = await _type_faces(pilot, "base=6234 s32 st2")
        still_open = isinstance(app.screen, LineEntryScreen)
        again = await _type_faces(pilot, "")  # enter again on the same text: the same refusal
        app.screen.query_one("#faces-input").value = ""
        letter = await _type_faces(pilot, "b6234 s32 x2")
        app.screen.query_one("#faces-input").value = ""
        face = await _type_faces(pilot, "b6294 s32 st2")
    assert still_open and roll_entries(app.service) == []
    assert error.startswith("base: 4 dice, 1 face typed ('6234'): one face per die, e.g. b6234 or base=6,2,3,4")
    assert again == error
    assert letter.startswith("unknown die kind 'x': use b (base), s (skill), g (gear), st (stress), a (artifact)")
    assert face.startswith("base: 9 is not a face of a d6")


@pilot_test
async def test_R_MANUAL_1_the_gm_roll_takes_short_faces_after_its_pool_or_alone(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("G")
        await pilot.pause()
        hint = str(app.screen.query_one("#faces-hint").render())
        assert await _type_faces(pilot, "5b 3s ; b63124 s355") == ""
        with_pool = roll_entries(app.service)[0]
        await pilot.press("G")
        await pilot.pause()
        assert await _type_faces(pilot, "; b66124 s3") == ""
        alone = roll_entries(app.service)[0]
        result = shown_text(builder, "#rb-result-head")
    assert "e.g. 5b 3s 1g ; b63124 s355 g1" in hint and "b=base dice" in hint
    assert with_pool["character"] == "GM" and with_pool["quick"] == "5b 3s" and with_pool["by_hand"] is True
    assert _faces(with_pool) == [("base", 6), ("base", 3), ("base", 1), ("base", 2), ("base", 4), ("skill", 3),
                                 ("skill", 5), ("skill", 5)]
    assert alone["quick"] == "5b 1s" and alone["successes"] == 2 and "GM" in result


@pilot_test
async def test_R_OPP_1_the_opposed_form_reads_short_faces_for_both_sides(builder_app):
    from pilot_harness import mark_names

    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        await mark_names(pilot, form.query_one("#field-opponent"), "Dallas Kane")
        await mark_names(pilot, form.query_one("#field-skill"), "insight")
        form.query_one("#field-active_faces").value = "b6234 s32 st2"
        said = await _form_faces(pilot, "b62345 s32", key="defender_faces")
        entry = roll_entries(app.service)[0]
    assert "the defender holds" in said
    assert _faces(entry) == [("base", 6), ("base", 2), ("base", 3), ("base", 4), ("skill", 3), ("skill", 2),
                             ("stress", 2)]
    assert [d["face"] for d in entry["opposed"]["defender_dice"]] == [6, 2, 3, 4, 5, 3, 2]


@pilot_test
async def test_R_TIER_3_4_5_saves_attacks_and_a_tied_contest_take_short_faces(builder_app):
    from pilot_harness import mark_names

    app = builder_app("tiered-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pilot.press("v")
        await pilot.pause()
        save = await _form_faces(pilot, "d66")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        attack = await _form_faces(pilot, "d6623")  # melee: class bonus 2 + STR 2 = 4 dice
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # nobody takes the damage
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        await mark_names(pilot, form.query_one("#field-opponent"), "Wren")
        tie = await _form_faces(pilot, "d3454")
        tied_open = app.screen is form
        kinds = [e["kind"] for e in service.history.filtered()]
        contested = await _form_faces(pilot, "d34541162")
    assert "CRITICAL" in save and "CRITICAL" in attack
    # Aldric STR 2 against Wren STR 0: 3+4+2 = 9 and 5+4+0 = 9 tie, and no face is left for the roll-off
    assert tie == "tie 9–9: type 4 more faces for the roll-off" and tied_open
    assert kinds[:2] == ["attack", "save"]
    assert "9 vs 9; 4 vs 8" in contested and "Wren wins" in contested
    assert service.history.filtered()[0]["kind"] == "contested" and service.history.filtered()[0]["by_hand"] is True


@pilot_test
async def test_R_EXP_4_opposed_group_and_assisted_checks_take_short_faces(builder_app):
    from pilot_harness import mark_names

    app = builder_app("exploding-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        await mark_names(pilot, form.query_one("#field-opponent"), "Mira Sol")
        await mark_names(pilot, form.query_one("#field-opp_skill"), "notice")
        form.query_one("#field-opp_attribute").value = "intellect"
        opposed = await _form_faces(pilot, "s3,2,5,1 t4,6")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        await mark_names(pilot, form.query_one("#field-participants"), "Kara Venn", "Torvald")
        form.query_one("#field-skill").value = "athletics"
        group = await _form_faces(pilot, "s3,2,5,1 t4,3")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        form = app.screen
        await mark_names(pilot, form.query_one("#field-others"), "Doc Rell", "Torvald")
        form.query_one("#field-skill").value = "shooting"
        wrong = await _form_faces(pilot, "s3,2 t4,5")
        assisted = await _form_faces(pilot, "s9,2 t4,5,3")
    assert "Mira Sol wins" in opposed
    assert "of 2 succeed" in group and "[3 2 4]" in group
    assert wrong == "trait: 3 dice, 2 faces typed ('4,5'): one face per die, e.g. t3,1,2 or trait=3,1,2"
    assert "TN" in assisted and "top 9" in assisted
    by_kind = {e["kind"]: e for e in service.history.filtered()}
    assert by_kind["opposed"]["by_hand"] and by_kind["group"]["by_hand"] and by_kind["assisted"]["by_hand"]
    assert [d["faces"] for d in by_kind["assisted"]["rolls"][2]["dice"]] == [[3]]
