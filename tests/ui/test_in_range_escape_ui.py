"""Who is in range of a panic that reaches others: the picker says that escape means nobody else (R-PANIC-1:
the die once rolled is recorded whatever the GM answers), and after escape the status line says that only the
one who panicked does, from the tracker's ``p`` and from a roll's costs applied in the builder alike."""

from __future__ import annotations

from pilot_harness import burst, keys_for, pilot_test, shown_text, status_text


@pilot_test
async def test_R_PANIC_1_escape_at_who_is_in_range_says_nobody_else_from_the_tracker(make_app, monkeypatch):
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 4)
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "4", "plus", "plus", "p")  # Ripley Hale, stress 3: 4 + 3 = 7 Nervous twitch
        hint = shown_text(app.screen, "#pick-hint")
        await burst(pilot, "escape")
        status = status_text(app)
    entry = app.service.history.filtered(kind="panic")[0]
    assert "esc nobody else" in hint and "esc cancel" not in hint, hint
    assert entry["panic"]["rolls"][0]["total"] == 7 and not entry["panic"].get("stress")
    assert "nobody else in range: only Ripley Hale panics" in status, status


@pilot_test
async def test_R_PANIC_1_escape_at_who_is_in_range_says_nobody_else_from_the_builders_costs(make_app, monkeypatch):
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 4)
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "4", "plus", "plus", "3", "s", *keys_for("mob"), "enter",
                    "f", *keys_for("b5432 s32 st111"), "enter", "c")
        hint = shown_text(app.screen, "#pick-hint")
        await burst(pilot, "escape")
        status = status_text(app)
    assert "esc nobody else" in hint, hint
    assert app.service.history.filtered(kind="costs")[0]["panic"]["rolls"][0]["total"] == 7
    assert "nobody else in range: only Ripley Hale panics" in status, status
