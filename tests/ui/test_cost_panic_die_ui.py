"""A panic rolled by ``c`` (a roll's costs) shows its D6, the stress and the total, as the tracker's panic box
does: in the roll builder, in the history's detail (``h``, ``enter``) and in the session's recap."""

from __future__ import annotations

from pilot_harness import burst, keys_for, pilot_test, shown_text

PANIC = "Ripley Hale panics: D6 5 + stress 3 = 8: Tremble"


@pilot_test
async def test_the_costs_panic_shows_its_d6_in_the_builder_the_history_detail_and_the_recap(make_app, monkeypatch):
    from textual.widgets import DataTable

    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 5)
    app = make_app("yze-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        # Ripley Hale to stress 3, then a roll whose stress die shows 1 (a panic owed), then c
        await burst(pilot, "4", "plus", "plus", "3", "s", *keys_for("mob"), "enter",
                    "f", *keys_for("b5432 s32 st111"), "enter", "c")
        builder = shown_text(app.screen, "#rb-result")
        costs = service.history.filtered(kind="costs")[0]
        await burst(pilot, "h")
        table = app.screen.query_one(DataTable)
        row = [str(table.get_row_at(i)[0]) for i in range(table.row_count)].index(str(costs["id"]))
        table.move_cursor(row=row)
        await burst(pilot, "enter")
        detail = shown_text(app.screen, "#hist-detail-text")
        await burst(pilot, "r")
        recap = "\n".join(str(w.render()) for w in app.screen.query("Static"))
    assert f"Applied: {PANIC}" in builder, builder
    assert costs["summary"] == PANIC
    assert PANIC in detail, detail
    assert PANIC in recap, recap
