"""The roll builder's last result comes first, under the pane's title: the dice as rolled (R-POOL-1: by kind
and item, a die the push rerolled marked ``*``), then the verdict, then the costs and the push line, then the
rest; the next roll's pool is folded to one line until the GM changes the draft. A roll undone is said to be
taken back, never shown as if it counted.

Driven through the keys, in the whole console where the pane's size matters (80×24 maximises it to about
18 lines) and in the builder alone otherwise.
"""

from __future__ import annotations

import pytest
from pilot_harness import fill_focused, pick_skill, pilot_test, shown_text, start_builder

from gmconsole.ui.roll_builder import RollBuilder

PARKER_ROLL = "base=6,1,3,2,4 skill=6,2 gear=3,1 stress=5,4"
"""Parker Moss's Melee with the cutting torch (yze-demo): 5 base, 2 skill, 2 gear, 2 stress dice."""
PARKER_PUSH = "base=6,2,5 skill=6 gear=4 stress=3,6,2"
"""The push rerolls 3 base, 1 skill, 1 gear and 2 stress dice, and rolls one more stress die (R-PUSH-1,
R-STRESS-1): 12 dice in all."""


def _y(builder, selector: str) -> int:
    return builder.query_one(selector).region.y


def _in_view(builder, selector: str) -> bool:
    """Whether the whole of ``selector`` is inside the part of the pane the GM sees, without scrolling."""
    line = builder.query_one(selector)
    return line.display and builder.scrollable_content_region.contains_region(line.region)


async def _parker_pushed(pilot) -> RollBuilder:
    """In the whole console: Parker Moss (the roster's third) rolls Melee with the torch, faces typed, and
    pushes, faces typed."""
    await pilot.press("down", "down", "3")
    builder = pilot.app.screen.query_one(RollBuilder)
    await pick_skill(pilot, "melee")
    await pilot.press("g", "f")
    await pilot.pause()
    await fill_focused(pilot, PARKER_ROLL)
    await pilot.press("P")
    await pilot.pause()
    await fill_focused(pilot, PARKER_PUSH)
    await pilot.pause()
    return builder


@pilot_test
async def test_R_POOL_1_the_result_shows_the_dice_first_then_the_verdict_then_the_costs_and_the_push_line(
        builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "base=6,2,3,1 skill=6,5 stress=3")
        order = [_y(builder, s) for s in ("#rb-title", "#rb-result-head", "#rb-rolled", "#rb-result",
                                          "#rb-rolled-explain", "#rb-skill-row", "#rb-settings", "#rb-pool")]
        head = shown_text(builder, "#rb-result-head")
        dice = shown_text(builder, "#rb-rolled").splitlines()
        result = shown_text(builder, "#rb-result").splitlines()
    assert order == sorted(order) and len(set(order)) == len(order)
    assert head == "Last roll: Ripley Hale rolls Ranged: 2 successes"
    # R-POOL-1: one line per kind, in the kinds' order, each face as rolled
    assert [line.split()[0] for line in dice] == ["base", "skill", "stress"]
    assert dice[0].split()[1:] == ["[6]", "[2]", "[3]", "[1]"] and dice[2].split()[1:] == ["[3]"]
    assert result[0].startswith("SUCCESS: 2 successes")
    assert result[1].startswith("p: push · if pushed:")


@pilot_test
async def test_the_next_rolls_pool_is_one_line_until_the_gm_changes_the_draft(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        building = shown_text(builder, "#rb-pool")
        await pilot.press("r")
        await pilot.pause()
        after_the_roll = shown_text(builder, "#rb-pool")
        odds_after_the_roll = shown_text(builder, "#rb-odds")
        await pilot.press("d")
        await pilot.pause()
        changed = shown_text(builder, "#rb-pool")
        await pilot.press("D")  # back to the same options: the pool stays unfolded (the GM is building)
        await pilot.pause()
        back = shown_text(builder, "#rb-pool")
    assert building.count("\n") == 2 and "[d6]" in building  # base, skill, stress: a line each
    assert after_the_roll == "next roll: base 4d6 · skill 2d6 · stress 1d6"
    assert odds_after_the_roll.startswith("Odds: success")  # the odds stay in reach
    assert changed.count("\n") == 2 and "[d6]" in changed
    assert back == building


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pilot_test
async def test_a_pushed_roll_of_twelve_dice_shows_every_face_and_its_verdict_without_scrolling(make_app, size):
    app = make_app("yze-demo")
    async with app.run_test(size=size) as pilot:
        builder = await _parker_pushed(pilot)
        faces = shown_text(builder, "#rb-rolled")
        result = shown_text(builder, "#rb-result")
        seen = {s: _in_view(builder, s) for s in ("#rb-result-head", "#rb-rolled", "#rb-result")}
        scrolled = builder.scroll_y
    assert faces.count("[") == 12
    assert "[6]" in faces and "[6*]" in faces and "[1]" in faces  # the push rerolled none of a 6 or a 1
    assert result.startswith("SUCCESS: 5 successes") and "pushed 1×" in result
    assert "cannot push: this roll was already pushed" in result
    assert scrolled == 0 and all(seen.values()), seen


@pilot_test
async def test_at_80x24_a_change_of_the_draft_after_a_roll_scrolls_to_the_odds_it_changed(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(80, 24)) as pilot:
        builder = await _parker_pushed(pilot)
        odds_seen_after_the_push = _in_view(builder, "#rb-odds")
        await pilot.press("minus")
        await pilot.pause()
        odds_seen = _in_view(builder, "#rb-odds")
        odds = shown_text(builder, "#rb-odds")
    assert not odds_seen_after_the_push  # the result has the room first
    assert odds_seen and odds.startswith("Odds: success")


@pytest.mark.parametrize("key", ["u", "ctrl+z"])
@pilot_test
async def test_after_an_undo_the_builder_says_the_roll_was_taken_back_without_its_dice_verdict_or_costs(
        make_app, key):
    """A roll undone (the builder's ``u``, the console's ``ctrl+z``) is said to no longer count, struck
    through; its dice, its verdict, its costs and the push line are gone with it."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        builder = app.screen.query_one(RollBuilder)
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "base=6,2,3,4 skill=5,3 stress=1")  # a panic owed: a costs line
        before = shown_text(builder, "#rb-result")
        await pilot.press(key)
        await pilot.pause()
        head = shown_text(builder, "#rb-result-head")
        result = shown_text(builder, "#rb-result")
        dice = shown_text(builder, "#rb-rolled")
        roll = app.service.history.filtered(kind="roll", include_undone=True)[0]
    assert "SUCCESS" in before and "costs pending: panic" in before
    assert roll["status"] == "undone"
    assert head == "Undone — this roll no longer counts: Ripley Hale rolls Ranged: 1 success"
    assert dice == ""
    assert "SUCCESS" not in result and "costs" not in result and "p: push" not in result and "c: apply" not in result


@pilot_test
async def test_a_roll_redone_counts_again_and_shows_its_dice(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        builder = app.screen.query_one(RollBuilder)
        await pick_skill(pilot, "ranged")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "base=6,2,3,4 skill=5,3 stress=2")
        await pilot.press("u", "ctrl+y")
        await pilot.pause()
        head = shown_text(builder, "#rb-result-head")
        dice = shown_text(builder, "#rb-rolled")
        result = shown_text(builder, "#rb-result")
    assert head == "Last roll: Ripley Hale rolls Ranged: 1 success"
    assert dice.startswith("base") and result.startswith("SUCCESS: 1 success") and "Undone" not in result
