"""The last roll's result stays on screen when the GM moves the roster's selection (to apply harm to the one
hit, say): the result box keeps the roll, named by whose it was, while the pool below follows the selection;
a new roll replaces it and ``x`` clears it."""

from __future__ import annotations

from pilot_harness import burst, keys_for, pilot_test, shown_text

RIPLEY_ROLL = ("3", "s", *keys_for("mel"), "enter", "f", *keys_for("b666 st2"), "enter")
"""Ripley Hale (selected first) rolls Melee with typed faces: three 6s, three successes."""


@pilot_test
async def test_the_result_stays_labelled_when_the_selection_moves_to_another_character(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, *RIPLEY_ROLL)
        before = shown_text(app.screen, "#rb-result")
        await burst(pilot, "1", *["down"] * 6)  # the Security officer, seventh in the roster
        title = shown_text(app.screen, "#rb-title")
        head = shown_text(app.screen, "#rb-result-head")
        result = shown_text(app.screen, "#rb-result")
    assert "3 successes" in before, before
    assert "Security officer" in title, title
    assert "Ripley Hale" in head, head
    assert "3 successes" in result, result


@pilot_test
async def test_a_new_roll_replaces_the_result_and_x_clears_it(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, *RIPLEY_ROLL, "1", *["down"] * 6, "3", "s", *keys_for("mel"), "enter", "r")
        head = shown_text(app.screen, "#rb-result-head")
        await burst(pilot, "x")
        cleared = app.screen.query_one("#rb-last").display
    assert "Security officer" in head and "Ripley Hale" not in head, head
    assert not cleared
