"""The roll builder never goes on showing what is no longer true: costs applied then undone with ``ctrl+z``
are not shown as applied, and a message answering a key goes with the next change of the campaign (a rest
in the tracker, a GM roll)."""

from __future__ import annotations

from pilot_harness import burst, keys_for, pilot_test, shown_text

RIPLEY_PANICS = ["3", "s", *keys_for("mob"), "enter", "f", *keys_for("b5432 s32 st1"), "enter"]
"""Ripley Hale's Mobility roll with typed faces, a stress die showing 1: a panic is owed."""


@pilot_test
async def test_costs_applied_then_undone_are_shown_pending_not_applied(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, *RIPLEY_PANICS, "c")
        applied = shown_text(app.screen, "#rb-result")
        await burst(pilot, "ctrl+z")
        undone = shown_text(app.screen, "#rb-result")
    assert "Applied: Ripley Hale panics" in applied and "costs applied" in applied, applied
    assert "costs pending: panic roll" in undone, undone
    assert "Applied" not in undone, undone


@pilot_test
async def test_a_message_goes_with_the_next_change_a_rest_or_a_gm_roll(make_app):
    app = make_app("yze-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, *RIPLEY_PANICS, "c", "c")
        roll = service.history.filtered(kind="roll")[0]
        said = shown_text(app.screen, "#rb-message")
        await burst(pilot, "4", "R", "y", "3")
        after_rest = shown_text(app.screen, "#rb-message")
        await burst(pilot, "c")
        said_again = shown_text(app.screen, "#rb-message")
        await burst(pilot, "G", *keys_for("2b"), "enter")
        after_gm_roll = shown_text(app.screen, "#rb-message")
    assert said == f"the costs of roll {roll['id']} were already applied (undo that change to apply them again)"
    assert said_again == said
    assert after_rest == "" and after_gm_roll == "", (after_rest, after_gm_roll)
