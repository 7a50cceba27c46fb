"""Snapshots of the console in Traditional Chinese: the main screen, the roll builder after a
push and the help screen, at 80×24 and 120×40. Review the PNGs made from them: the Chinese must read
right and line up (a wide character is two cells)."""

from __future__ import annotations

import pytest

from gmconsole.i18n import set_language

WIDE = (120, 40)
NARROW = (80, 24)


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "120x40"])
def test_main_screen_zh_hant(snap_compare, make_app, zh_hant, size):
    assert snap_compare(make_app("yze-demo"), terminal_size=size)


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "120x40"])
def test_roll_builder_after_a_push_zh_hant(snap_compare, make_app, zh_hant, size):
    assert snap_compare(make_app("yze-demo"), terminal_size=size, press=["3", "s", "enter", "r", "p"])


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "120x40"])
def test_help_screen_zh_hant(snap_compare, make_app, zh_hant, size):
    assert snap_compare(make_app("yze-demo"), terminal_size=size, press=["question_mark"])
