"""Text too long for its place ends in "…" or is worded to fit, never cut off silently: the initiative form's
hint for the cards, the history's filter fields, and the history's summary column, which gets the room the
other (short) columns can give."""

from __future__ import annotations

import pytest
from pilot_harness import burst, keys_for, pilot_test

SIZES = {"120x40": (120, 40), "80x24": (80, 24)}


def _hint_shown(field) -> str:
    """What an empty field shows of its hint, as the GM sees it (the field's width of it)."""
    return field.render_line(0).text[:field.scrollable_content_region.width].rstrip()


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_the_initiative_forms_card_hint_fits_or_ends_in_an_ellipsis(make_app, size):
    from textual.widgets import Input

    app = make_app("yze-demo")
    async with app.run_test(size=SIZES[size]) as pilot:
        await burst(pilot, "2", "s", "ctrl+s")  # every combatant: the draw form asks speed, keep and cards
        shown = {field.id: (_hint_shown(field), field.placeholder) for field in app.screen.query(Input)
                 if (field.id or "").startswith("f-cards-")}
    ripley = app.service.character("Ripley Hale").id
    assert shown[f"f-cards-{ripley}"][0] == "blank: drawn here; one card per draw, e.g. 3"
    for text, whole in shown.values():
        assert text == whole or text.endswith("e.g. 3") or text.endswith("…"), (text, whole)


@pilot_test
async def test_the_history_filters_say_their_name_whole_at_80_columns(make_app):
    from textual.widgets import Input

    app = make_app("yze-demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "h")
        shown = [_hint_shown(field) for field in app.screen.query("#hist-filters Input").results(Input)]
    assert shown == ["session (all)", "character", "skill (all)", "kind (all)"]


async def _history_after_a_pushed_roll_and_a_gm_roll(pilot):
    from textual.widgets import DataTable

    await burst(pilot, "3", "s", *keys_for("obs"), "enter", "r", "p", "G", *keys_for("2b"), "enter", "h")
    table = pilot.app.screen.query_one(DataTable)
    headers = [str(column.label) for column in table.ordered_columns]
    return headers, [[str(cell) for cell in table.get_row_at(r)] for r in range(table.row_count)]


@pilot_test
async def test_the_history_summary_keeps_the_room_at_80_columns(make_app):
    app = make_app("yze-demo")
    async with app.run_test(size=(80, 24)) as pilot:
        headers, rows = await _history_after_a_pushed_roll_and_a_gm_roll(pilot)
    summary = headers.index("summary")
    widths = [max(len(row[i]) for row in rows) for i in range(len(headers))]
    assert widths[summary] >= 20 and widths[summary] == max(widths), list(zip(headers, widths))
    gm_roll = next(row for row in rows if row[headers.index("who")] == "GM")
    assert gm_roll[summary].startswith("GM rolls 2b: ")
    for row in rows:
        for i in (headers.index("who"), headers.index("skill"), headers.index("result"), summary):
            whole = row[i]
            assert whole.endswith("…") or "…" not in whole


@pilot_test
async def test_a_long_result_gives_way_before_the_name_at_120_columns(make_app):
    """The result keeps ``1 success`` whole and the name reads whole; the summary, which says both again, gives
    room before the name does, and a cut one ends in "…" (whole in the detail)."""
    app = make_app("yze-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        headers, rows = await _history_after_a_pushed_roll_and_a_gm_roll(pilot)
    roll = service.history.filtered(kind="roll")[-1]
    row = next(r for r in rows if r[0] == str(roll["id"]))
    summary = row[headers.index("summary")]
    assert "(pushed)" in roll["summary"]
    assert summary == roll["summary"] or (summary.endswith("…") and roll["summary"].startswith(summary[:-1]))
    assert row[headers.index("who")] == "Ripley Hale"
    assert row[headers.index("result")].startswith("1 success")
