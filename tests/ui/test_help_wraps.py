"""The help screen at 80×24 (a long key description or rules line wraps, never cut):
every entry wraps whole, in English and in zh-Hant, and the screen scrolls to the end of it.

The help's text is read as the screen draws it (each widget's lines at its size on an 80×24 terminal); the
two columns of key tables are read one at a time, so a wrapped entry reads on, line after line."""

from __future__ import annotations

import re

import pytest
from pilot_harness import drive, press
from rich.cells import cell_len

from gmconsole.i18n import set_language
from gmconsole.ui.screens import help as help_screen
from gmconsole.ui.screens.help import HelpScreen, key_rows

LONG_RULE = ("R-PUSH-1：強推會重擲每一顆既非成功也非 1 的骰子。顯示 1 的骰子無論種類都不重擲：基礎骰、技能骰、"
             "裝備骰、壓力骰、神器骰或階級骰。強推之後每一顆骰子都計入結果，不論是否重擲過，這一行長得要折好幾次才夠。")
"""A rules line in Chinese, longer than two lines at 80 columns, with no blank to wrap at."""


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def _cells(strip_text: str) -> list[tuple[int, str]]:
    """Each character of a drawn line with the cell it starts at (a Chinese character takes two)."""
    placed, x = [], 0
    for char in strip_text:
        placed.append((x, char))
        x += cell_len(char)
    return placed


def help_columns(app) -> list[str]:
    """The help's text as drawn, one string per column: the key tables' grid read left column then right
    column, every other widget whole. Each widget is drawn at its size on screen, as scrolling shows it."""
    screen = app.screen
    columns = []
    for widget in screen.query_one("#help-body").children:
        lines = [strip.text for strip in widget.render_lines(widget.region.reset_offset)]
        if widget.id != "help-keys":
            columns.append("\n".join(lines))
            continue
        second = str(screen.panes[1][0])
        middle = cell_len(lines[0][:lines[0].index(second)])  # where the right column's first title starts
        for right in (False, True):
            columns.append("\n".join("".join(c for x, c in _cells(line) if (x >= middle) == right)
                                     for line in lines))
    return columns


def flat(text: str) -> str:
    """``text`` without its blanks and line breaks: a wrapped entry reads the same as the entry."""
    return re.sub(r"\s+", "", text)


def _entries(app) -> list[str]:
    screen = app.screen
    return [what for _title, owner, live in screen.panes for _key, what in key_rows(owner, live, app)]


def _read_help(app, size=(80, 24)):
    async def steps(pilot):
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        entries, columns = _entries(app), help_columns(app)
        body = app.screen.query_one("#help-body")
        body.scroll_end(animate=False)
        await pilot.pause()
        return entries, columns, body.max_scroll_y, body.scroll_y

    return drive(app, steps, size=size)


def _cut(entries: list[str], columns: list[str]) -> list[str]:
    text = [flat(column) for column in columns]
    return [entry for entry in entries if not any(flat(entry) in column for column in text)]


@pytest.mark.parametrize("campaign", ["yze-demo", "myz-demo", "tiered-demo"])
def test_every_key_entry_wraps_whole_at_80x24_in_english(make_app, campaign):
    entries, columns, bottom, at = _read_help(make_app(campaign))
    assert not _cut(entries, columns)
    assert bottom > 0 and at == bottom  # longer than the terminal: the help scrolls to its end


@pytest.mark.parametrize("campaign", ["yze-demo", "myz-demo"])
def test_every_key_entry_wraps_whole_at_80x24_in_zh_hant(make_app, zh_hant, campaign):
    entries, columns, _bottom, _at = _read_help(make_app(campaign))
    assert any(cell_len(entry) > 30 for entry in entries)  # long enough to wrap in a column at 80 columns
    assert not _cut(entries, columns)
    assert not [line for column in columns for line in column.splitlines() if line.rstrip().endswith("…")]


def test_a_long_rules_line_in_chinese_wraps_whole(make_app, zh_hant, monkeypatch):
    section = {"title": "強推", "lines": [LONG_RULE], "systems": ["yze"]}
    monkeypatch.setattr(help_screen, "rules_sections", lambda system: [section])
    _keys, columns, _bottom, _at = _read_help(make_app("yze-demo"))
    assert any(flat("• " + LONG_RULE) in flat(column) for column in columns)
    drawn = next(column for column in columns if "R-PUSH-1" in column)
    assert len([line for line in drawn.splitlines() if line.strip()]) >= 4  # the title, then 3+ lines of it


def test_the_english_help_reads_the_long_binding_whole(make_app):
    entries, columns, _bottom, _at = _read_help(make_app("yze-demo"))
    pin = next(entry for entry in entries if entry.startswith("Pin the options set now"))
    assert any(flat(pin) in flat(column) for column in columns)
    lines = [line.strip() for column in columns for line in column.splitlines()]
    at = lines.index("!      Pin the options set now")
    assert lines[at + 1:at + 3] == ["(modifier, difficulty,", "helpers...): they stay for"]
