"""Pilot tests of the roll builder's last roll and forms: the breakdown in the last roll's block
(under its dice and verdict) is the one recorded with that roll, never the draft's; the opposed-roll form
shows its result or refusal in view on an 80×24 terminal; ``!`` says what it pinned; a quick pool the
system cannot roll is refused in the system's words."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    pick_skill,
    pilot_test,
    roll_entries,
    shown_text,
    start_builder,
)


def _shown_in_order(builder) -> list[tuple[str, str]]:
    """The builder's line groups the GM sees, top to bottom, as ``(id, text)``, the last result's lines too."""
    last = builder.query("#rb-last")
    parts = list(builder.children) + (list(last.first().children) if last and last.first().display else [])
    shown = [w for w in parts if w.display and w.id and w.id != "rb-last"]
    return [(w.id, str(w.render())) for w in sorted(shown, key=lambda w: w.region.y)]


def _under_the_rolled_dice(builder) -> str:
    """The breakdown shown in the last roll's block, under its dice and verdict and above the next roll's
    draft; "" when none is."""
    lines = _shown_in_order(builder)
    ids = [i for i, _text in lines]
    if "rb-rolled-explain" not in ids:
        return ""
    at = ids.index("rb-rolled-explain")
    assert ids.index("rb-rolled") < ids.index("rb-result") < at < ids.index("rb-skill-row"), ids
    return lines[at][1]


@pilot_test
async def test_the_breakdown_under_a_tiered_roll_is_the_rolls_not_the_reset_draft(builder_app):
    app = builder_app("tiered-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await pilot.press("b", "y", "r")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
        draft = shown_text(builder, "#rb-explain")
    recorded = "; ".join(roll_entries(app.service)[0]["pool"]["explanation"])
    assert "bonus" in recorded.casefold() and under == recorded
    assert draft != recorded  # the draft's breakdown (options reset) is shown with the draft, above


@pilot_test
async def test_the_breakdown_under_an_exploding_roll_has_its_tn_modifier(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "shooting")
        # picked with m in play; the picker has its own tests
        builder.draft = builder.draft.changed(tn_modifiers=("other.cramped=3",))
        builder.refresh_view()
        await pilot.press("r")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
    roll = roll_entries(app.service)[0]
    assert under == "; ".join(roll["pool"]["explanation"])
    assert f"TN = {roll['tn']}" in under or str(roll["tn"]) in under


@pilot_test
async def test_the_breakdown_under_a_gm_roll_is_the_quick_pools_not_the_characters(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "shooting")
        await pilot.press("G")
        await pilot.pause()
        await fill_focused(pilot, "s8 t6 tn5")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
    roll = roll_entries(app.service)[0]
    assert roll["character"] == "GM"
    assert under == "; ".join(roll["pool"]["explanation"]) and "Kara" not in under and "d10" not in under


@pilot_test
async def test_pin_says_what_it_pinned_and_unpinned_with_the_consoles_minus_sign(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        await pilot.press("minus", "d", "exclamation_mark")
        pinned = shown_text(builder, "#rb-message")
        settings = shown_text(builder, "#rb-settings")
        await pilot.press("exclamation_mark")
        unpinned = shown_text(builder, "#rb-message")
    assert pinned == "pinned: mod −1, diff demanding"
    assert "mod −1 (pinned)" in settings and "mod -1" not in settings
    assert unpinned == "unpinned: mod −1, diff demanding"


@pilot_test
async def test_a_myz_quick_pool_with_stress_dice_is_refused_in_the_systems_words(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        pilot.app.query_one("RollBuilder").focus()
        await pilot.press("G")
        await pilot.pause()
        await fill_focused(pilot, "4b 1st")
        await pilot.pause()
        error = str(app.screen.query_one("#faces-error").render())
    assert "myz has no stress dice" in error and "('1st')" not in error
    assert app.service.history.filtered() == []


@pilot_test
async def test_the_breakdown_under_a_pushed_roll_names_the_pushs_stress_die(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "base=2,3,4,2 skill=2,3 stress=3")
        await pilot.press("p")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
    roll = roll_entries(app.service)[0]
    assert under.startswith("; ".join(roll["pool"]["explanation"]))
    assert under.endswith("the push: +1 stress die; * rolled at the push (rerolled or added)")  # what the marks on the dice say


def _in_view(screen, selector: str) -> str:
    """The text of ``selector`` in the form if the GM can see it (inside the visible part of the
    form's box), else ""."""
    box = screen.query_one("#form-box")
    line = screen.query_one(selector)
    seen = line.display and box.scrollable_content_region.contains_point(line.region.offset)
    return str(line.render()) if seen else ""


async def _opposed_at_80x24(pilot, character_id: str, skill: str) -> None:
    """``o`` on ``skill`` of ``character_id``, the first defender marked (``space``), ``ctrl+s``."""
    from gmconsole.ui.screens.roll_form import RollFormScreen

    await start_builder(pilot, character_id)
    await pick_skill(pilot, skill)
    await pilot.press("o")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RollFormScreen)
    await pilot.press("space", "ctrl+s")
    await pilot.pause()


@pilot_test
async def test_opposed_form_at_80x24_shows_its_refusal_in_view(builder_app):
    """myz-demo at 80×24: Hammer's Intimidate, ``o``, a defender marked, ``ctrl+s``: the
    refusal (R-MYZ role skill) is seen, not below the visible part of the form."""
    app = builder_app("myz-demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await _opposed_at_80x24(pilot, "c6", "intim")
        refusal = _in_view(app.screen, "#form-error")
    assert "only against another Enforcer" in refusal


@pilot_test
async def test_opposed_form_at_80x24_shows_its_result_in_view(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await _opposed_at_80x24(pilot, "c4", "sneak")
        error = str(app.screen.query_one("#form-error").render())
        result = _in_view(app.screen, "#form-result")
    assert error.strip() == "" and "net successes" in result, (error, result)


@pilot_test
async def test_in_the_console_a_look_at_brann_keeps_ilsas_modifier(make_app):
    """By the console's own keys (yze-step 120×40): ``+ +`` on Ilsa, ``1 ↓ 3`` Brann, ``1 ↑ 3`` Ilsa
    again: ``mod +2``; Brann's roll shows ``mod +0``."""
    from gmconsole.ui.roll_builder import RollBuilder

    app = make_app("yze-step-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        builder = app.screen.query_one(RollBuilder)
        assert builder.character_id == "c1"
        await pilot.press("3", "plus", "plus", "1", "down", "3")
        await pilot.pause()
        brann = (builder.character_id, shown_text(builder, "#rb-settings"))
        await pilot.press("1", "up", "3")
        await pilot.pause()
        ilsa = (builder.character_id, shown_text(builder, "#rb-settings"))
    assert brann[0] == "c3" and "mod +0" in brann[1]
    assert ilsa[0] == "c1" and "mod +2" in ilsa[1]


@pilot_test
async def test_a_contested_roll_after_a_roll_is_the_last_result_not_a_line_under_the_old_dice(builder_app):
    """In tiered (and exploding) a contested/opposed result is the last result, on its own, never inside
    the previous roll's block, under that roll's dice and breakdown."""
    app = builder_app("tiered-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await pilot.press("r")
        await pilot.pause()
        before = shown_text(builder, "#rb-result-head")
        await pilot.press("o", "space", "ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        result = shown_text(builder, "#rb-result-head") + shown_text(builder, "#rb-result")
        dice_shown = builder.query_one("#rb-rolled").display
    assert before.startswith("Last roll") and app.service.history.filtered(kind="contested")
    assert "Contested roll" in result and "Last roll" not in result and not dice_shown
