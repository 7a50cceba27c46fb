"""The tracker's panic box shows a panic only while it is in force: a panic lasts until stress is back to 0,
so a rest (``R``, ``r``) ends it and the box goes with the State column's effect; a change to anything else
leaves it. ``R`` reports the PCs it rested, those it asked about."""

from __future__ import annotations

from pilot_harness import burst, pilot_test, shown_text

BOX = "Ripley Hale: D6 5 + stress 3 = 8: Tremble"


async def _ripley_trembles(pilot, monkeypatch) -> None:
    """Ripley Hale (stress 1) to stress 3, then ``p`` with the console's D6 showing 5: 8, Tremble."""
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 5)
    await burst(pilot, "4", "plus", "plus", "p")


@pilot_test
async def test_rest_all_ends_the_panic_and_its_box(make_app, monkeypatch):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await _ripley_trembles(pilot, monkeypatch)
        shown = shown_text(app.screen, "#panic-result")
        await burst(pilot, "o")  # the doom pool: the panic is still in force
        after_doom = shown_text(app.screen, "#panic-result")
        await burst(pilot, "R", "y")
        after_rest = shown_text(app.screen, "#panic-result")
    assert app.service.character("Ripley Hale").panic is None
    assert shown.startswith(BOX) and after_doom.startswith(BOX), (shown, after_doom)
    assert after_rest == "", after_rest


@pilot_test
async def test_resting_the_one_who_panicked_ends_the_box_and_resting_another_does_not(make_app, monkeypatch):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await _ripley_trembles(pilot, monkeypatch)
        await burst(pilot, "down", "down", "r")  # Parker Moss rests
        after_other = shown_text(app.screen, "#panic-result")
        await burst(pilot, "up", "up", "r")
        after_own = shown_text(app.screen, "#panic-result")
        await burst(pilot, "ctrl+z")  # the rest undone: the panic is in force again
        after_undo = shown_text(app.screen, "#panic-result")
    assert after_other.startswith(BOX), after_other
    assert after_own == "", after_own
    assert after_undo.startswith(BOX), after_undo


@pilot_test
async def test_rest_all_reports_only_those_it_rested_the_ones_it_asked_about(make_app):
    """``R`` asks "stress to 0 for Ripley Hale, Parker Moss?" (the PCs with stress): its report names them,
    not every PC."""
    from pilot_harness import status_text

    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "4", "R")
        question = str(app.screen.query_one("#confirm-question").render())
        await burst(pilot, "y")
        status = status_text(app)
    entry = app.service.history.filtered(kind="rest")[0]
    assert "stress to 0 for Ripley Hale, Parker Moss?" in question, question
    assert status == "✓ rest: Ripley Hale, Parker Moss back to 0 stress", status
    assert entry["summary"] == "rest: Ripley Hale, Parker Moss back to 0 stress"
