"""Wide characters measured right: at 80×24 in zh-Hant, with a campaign and a character named in
Chinese, what the console cuts it cuts by terminal cells, never through the middle of a wide character, and
ends in "…"; what it lines up (the dice labels) it lines up by cells."""

from __future__ import annotations

import asyncio

import pytest
from rich.cells import cell_len
from rich.text import Text

from gmconsole.i18n import set_language
from gmconsole.safe_text import cell_width, cut_cells

LONG_NAME = "雷普莉·海爾——諾斯特羅莫號的二副兼任通訊官與醫療官"
NARROW = (80, 24)


def test_cut_cells_counts_a_chinese_character_as_two_cells_and_never_splits_one():
    assert cell_width("強推") == 4
    assert cut_cells("強推擲骰", 5) == "強推…"  # 2+2+1: a third character would need 2 more cells
    assert cut_cells("強推擲骰", 8) == "強推擲骰"
    assert cell_width(cut_cells(LONG_NAME, 24)) <= 24
    assert cut_cells("Captain Anneliese Vandermeer", 24) == "Captain Anneliese Vande…"  # English as before: 23 and "…"
    assert cell_width("e\u0301") == 1  # a combining accent takes no cell


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def test_a_long_chinese_name_at_80_columns_is_cut_whole_characters_with_an_ellipsis(make_app, zh_hant):
    app = make_app("yze-demo")
    app.service.roster.add_character({"name": LONG_NAME, "kind": "npc"})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=NARROW) as pilot:
            await pilot.pause()
            seen["tabs"] = str(app.screen.query_one("#pane-tabs").render())
            table = app.screen.query_one("#roster-table")
            table.move_cursor(row=len(app.service.campaign.roster) - 1)
            await pilot.pause()
            row = table.get_row_at(len(app.service.campaign.roster) - 1)
            seen["name"] = row[0]
            seen["width"] = table.columns[table.coordinate_to_cell_key((0, 0)).column_key].width
            seen["detail"] = str(app.screen.query_one("#roster-detail").render())
            seen["keys"] = str(app.screen.query_one("KeyBar").render())
            seen["screen_width"] = app.size.width

    asyncio.run(run())
    name = seen["name"].plain if isinstance(seen["name"], Text) else str(seen["name"])
    assert name.endswith("…") and LONG_NAME.startswith(name[:-1].rstrip())
    assert cell_len(name) <= seen["width"]
    assert LONG_NAME in seen["detail"]  # the whole name is under the table
    assert cell_len(seen["tabs"]) <= seen["screen_width"] - 2
    assert all(cell_len(line) <= seen["screen_width"] for line in seen["keys"].splitlines())


@pytest.mark.parametrize("language", ["zh-Hant", "en"])
def test_a_long_chinese_campaign_name_in_the_title_line(demo_root, frozen_clock, zh_hant, run_cli, language):
    """The title line fits 80 columns in either language: the name is cut by cells, and shorter than its 24
    cells when the pane tabs need the room (English names the tabs in more cells)."""
    import random

    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp

    made = run_cli("--data-dir", str(demo_root), "new", "諾斯特羅莫號的最後航程與異形", "--system", "yze")
    assert made.returncode == 0
    set_language(language)  # the command line spoke English (no --lang)
    service = CampaignService.open(demo_root, "諾斯特羅莫號的最後航程與異形", clock=frozen_clock, rng=random.Random(1))
    app = GMConsoleApp(service, rng=random.Random(1))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=NARROW) as pilot:
            await pilot.pause()
            seen["tabs"] = str(app.screen.query_one("#pane-tabs").render())

    try:
        asyncio.run(run())
    finally:
        service.close()
    if language == "zh-Hant":
        assert "⚄ 諾斯特羅莫號的最後航程…" in seen["tabs"]  # 11 characters (22 cells) and "…": 23 of the 24 cells
    else:
        assert "⚄ 諾斯特" in seen["tabs"] and "… · s1/1" in seen["tabs"] and "4 Tracker" in seen["tabs"]
    assert cell_len(seen["tabs"]) <= NARROW[0] - 2


def test_dice_labels_in_chinese_line_the_dice_up_by_cells(zh_hant):
    from gmconsole.ui.widgets.dice_pool import render_dice

    dice = [{"kind": "base", "sides": 6}, {"kind": "skill", "sides": 6}, {"kind": "stress", "sides": 6},
            {"kind": "gear", "sides": 6, "source": "Rifle"}]
    lines = render_dice(dice).plain.splitlines()
    starts = {cell_len(line[:line.index("[")]) for line in lines}
    assert len(starts) == 1, lines
