"""Reroll grants (R-EXP-5), fast and slow actions (R-ACT-1, R-ACT-2) and typed chained panics (R-PANIC-3) read
in Traditional Chinese, with the seed's words (seed 002: 快速 / 緩慢 行動) and full-width punctuation: what the
screen shows holds no English word beyond the allow-list and no ASCII , ; : beside a Chinese word."""

from __future__ import annotations

import pytest
from pilot_harness import play, press, set_field, submit_value
from test_zh_hant_console import ascii_punctuation, english_left
from textual.widgets import DataTable, Static

from gmconsole.i18n import set_language


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def test_R_EXP_5_the_grants_field_and_the_reroll_read_in_zh_hant(make_app, zh_hant):
    app = make_app("exploding-demo")

    async def steps(pilot, seen):
        await press(pilot, "1", "e")
        seen["label"] = [str(label.render()) for label in app.screen.query(".form-label")][-2]
        set_field(app, "reroll_grants", "老手：stealth、notice；幸運")
        await press(pilot, "ctrl+s")
        await press(pilot, "e")
        seen["shown"] = app.screen.query_one("#f-reroll_grants").value
        seen["form_punctuation"] = ascii_punctuation(app)
        await press(pilot, "escape", "3")
        builder = app.screen.query_one("RollBuilder")
        builder.select_character("c1")
        await press(pilot, "s")
        for key in "stealth":
            await press(pilot, key)
        await press(pilot, "enter", "f")
        app.screen.focused.value = "s1,2 t2"
        await press(pilot, "enter")
        seen["result"] = str(app.screen.query_one("#rb-result", Static).render())
        seen["left"] = english_left(app, {"stealth", "notice", "shooting", "athletics"})
        seen["punctuation"] = ascii_punctuation(app)
        await press(pilot, "R")
        seen["which"] = english_left(app, {"stealth", "notice"}) + ascii_punctuation(app)

    seen = play(app, steps)
    assert seen["label"] == "重擲能力"
    assert app.service.campaign.character("c1").reroll_grants == [
        {"name": "老手", "skills": ["stealth", "notice"]}, {"name": "幸運", "skills": []}]
    assert seen["shown"] == "老手：stealth、notice；幸運" and not seen["form_punctuation"]
    assert "以能力重擲（R：老手、幸運）" in seen["result"]
    assert not seen["left"] and not seen["punctuation"], (seen["left"], seen["punctuation"])
    assert not seen["which"], seen["which"]


def test_R_ACT_1_the_taken_column_reads_the_seeds_words_in_zh_hant(make_app, zh_hant):
    app = make_app("yze-demo")
    app.service.conflict.start_conflict(["c1", "c4"], cards={"c1": [2], "c4": [5]})

    async def steps(pilot, seen):
        await press(pilot, "2", "F", "l")
        table = app.screen.query_one("#initiative-table", DataTable)
        seen["header"] = [str(c.label) for c in table.columns.values()][-1]
        seen["cell"] = str(table.get_row_at(0)[-1])
        seen["left"] = english_left(app)
        seen["punctuation"] = ascii_punctuation(app)

    seen = play(app, steps)
    assert (seen["header"], seen["cell"]) == ("已用", "快速、緩慢")
    assert not seen["left"] and not seen["punctuation"], (seen["left"], seen["punctuation"])
    summaries = [e["summary"] for e in app.service.history.filtered(kind="initiative")[:2]]
    assert summaries == ["Ripley Hale：已用緩慢行動", "Ripley Hale：已用快速行動"]


def test_R_PANIC_3_the_chained_dice_form_reads_in_zh_hant(make_app, zh_hant):
    app = make_app("yze-demo")
    app.service.trackers.change_stress("c1", 5)  # 6 stress: a typed 6 is 12, Scream

    async def steps(pilot, seen):
        await press(pilot, "4", "P")
        await submit_value(pilot, "6")
        listing = app.screen.query_one("#pick-list")
        listing.focus()
        await press(pilot, "down", "space", "ctrl+s")  # Dallas Kane hears her
        seen["title"] = str(app.screen.query_one("#form-title").render())
        seen["left"] = english_left(app)
        seen["punctuation"] = ascii_punctuation(app)

    seen = play(app, steps)
    assert "R-PANIC-3" in seen["title"] and "尖叫" in seen["title"]
    assert not seen["left"] and not seen["punctuation"], (seen["left"], seen["punctuation"])
