"""``c`` in the roll builder when the roll on screen owes nothing: the newest costs still waiting are
applied (those of an older roll, another character's), the builder keeps the roll just made as its last
roll, pushable, and says in a line of its own which roll's costs were applied. ``c`` right after a
``stress-dice`` push says that the push paid the stress, rather than "roll first"."""

from __future__ import annotations

from pilot_harness import burst, keys_for, pilot_test, shown_text, status_text

RIPLEY_PANICS = ["3", "s", *keys_for("mob"), "enter", "f", *keys_for("b5432 s32 st1"), "enter"]
"""Ripley Hale's Mobility roll with typed faces, a stress die showing 1: a panic is owed, not applied."""

LAMBERT_ROLLS = ["1", "down", "down", "down", "3", "s", *keys_for("obs"), "enter", "r"]
"""Lambert Cho (fourth in the roster) rolls Observation with the console's dice."""


def _result(app) -> str:
    return shown_text(app.screen, "#rb-result")


@pilot_test
async def test_c_applies_an_older_rolls_costs_and_keeps_the_roll_just_made_pushable(make_app):
    app = make_app("yze-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, *RIPLEY_PANICS)
        ripley_roll = service.history.filtered(kind="roll")[0]
        assert ripley_roll["costs_status"] == "pending"
        await burst(pilot, *LAMBERT_ROLLS)
        lambert_roll = service.history.filtered(kind="roll")[0]
        assert lambert_roll["character"] == "Lambert Cho"
        assert "p: push" in _result(app)
        await burst(pilot, "c")
        head = shown_text(app.screen, "#rb-result-head")
        result = _result(app)
        await burst(pilot, "p")
        pushed_head = shown_text(app.screen, "#rb-result-head")
        message = shown_text(app.screen, "#rb-message")
    assert service.history.record(ripley_roll["id"]).costs_status == "applied"
    assert head.startswith("Last roll: Lambert Cho rolls Observation"), head
    assert f"Applied the costs of roll {ripley_roll['id']} (Ripley Hale): Ripley Hale panics:" in result
    assert "Push refused" not in message
    assert service.history.record(lambert_roll["id"]).pushes == 1
    assert pushed_head.startswith("Last roll: Lambert Cho"), pushed_head


@pilot_test
async def test_the_result_after_c_stays_the_roll_just_made_whoever_is_selected(make_app):
    """The last result is Lambert Cho's roll, not the older roll whose costs ``c`` applied, whether Ripley Hale
    or he is selected."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, *RIPLEY_PANICS, *LAMBERT_ROLLS, "c", "1", "up", "up", "up", "3")
        on_ripley = shown_text(app.screen, "#rb-result-head")
        await burst(pilot, "1", "down", "down", "down", "3")
        on_lambert = shown_text(app.screen, "#rb-result-head")
    assert on_ripley.startswith("Last roll: Lambert Cho"), on_ripley
    assert on_lambert.startswith("Last roll: Lambert Cho"), on_lambert


@pilot_test
async def test_c_right_after_a_stress_dice_push_says_the_push_paid_the_stress(make_app):
    app = make_app("yze-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        # Lambert Cho, no stress: his Observation roll has no stress die, so the push pays its stress at once
        await burst(pilot, *LAMBERT_ROLLS)
        roll = service.history.filtered(kind="roll")[0]
        await burst(pilot, "p")
        assert service.history.record(roll["id"]).pushes == 1
        assert not service.outcomes.pending_costs()
        await burst(pilot, "c")
        message = shown_text(app.screen, "#rb-message")
        status = status_text(app)
    expected = f"the cost of roll {roll['id']} was paid at the push (stress +1): nothing waits"
    assert message == expected, (message, status)
