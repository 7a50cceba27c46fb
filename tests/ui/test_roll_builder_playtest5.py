"""Pilot tests of the roll builder's play-test fixes (fifth pass): the breakdown under the last roll's
dice is the one recorded with that roll, never the draft's; the opposed-roll form shows its result or
refusal in view on an 80×24 terminal; ``!`` says what it pinned; a quick pool the system cannot roll
is refused in the system's words."""

from __future__ import annotations

from test_roll_builder import _fill, _pick_skill, _rolls, _start, _text, builder_app, sync  # noqa: F401


def _shown_in_order(builder) -> list[tuple[str, str]]:
    """The builder's line groups the GM sees, top to bottom, as ``(id, text)``."""
    shown = [w for w in builder.children if w.display and w.id]
    return [(w.id, str(w.render())) for w in sorted(shown, key=lambda w: w.region.y)]


def _under_the_rolled_dice(builder) -> str:
    """The text shown right under the last roll's dice (and its stunts), "" when nothing is."""
    ids = [i for i, _text in _shown_in_order(builder)]
    lines = _shown_in_order(builder)
    after = ids.index("rb-rolled") + 1
    while after < len(ids) and ids[after] == "rb-stunts":
        after += 1
    return lines[after][1] if after < len(ids) else ""


@sync
async def test_the_breakdown_under_a_tiered_roll_is_the_rolls_not_the_reset_draft(builder_app):
    app = builder_app("tiered-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await _start(pilot, "c1")
        await _pick_skill(pilot, "swords")
        await pilot.press("b", "y", "r")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
        draft = _text(builder, "#rb-explain")
    recorded = "; ".join(_rolls(app.service)[0]["pool"]["explanation"])
    assert "bonus" in recorded.casefold() and under == recorded
    assert draft != recorded  # the draft's breakdown (options reset) is shown with the draft, above


@sync
async def test_the_breakdown_under_an_exploding_roll_has_its_tn_modifier(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await _start(pilot, "c1")
        await _pick_skill(pilot, "shooting")
        builder.tn_modifiers = ("other.cramped=3",)  # picked with m in play; the picker has its own tests
        builder.refresh_view()
        await pilot.press("r")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
    roll = _rolls(app.service)[0]
    assert under == "; ".join(roll["pool"]["explanation"])
    assert f"TN = {roll['tn']}" in under or str(roll["tn"]) in under


@sync
async def test_the_breakdown_under_a_gm_roll_is_the_quick_pools_not_the_characters(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await _start(pilot, "c1")
        await _pick_skill(pilot, "shooting")
        await pilot.press("G")
        await pilot.pause()
        await _fill(pilot, "s8 t6 tn5")
        await pilot.pause()
        under = _under_the_rolled_dice(builder)
    roll = _rolls(app.service)[0]
    assert roll["character"] == "GM"
    assert under == "; ".join(roll["pool"]["explanation"]) and "Kara" not in under and "d10" not in under
