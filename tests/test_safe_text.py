"""The rules of :mod:`gmconsole.safe_text` themselves, as properties over any text."""

from __future__ import annotations

import json
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole.safe_text import UNSAFE, one_line_message, shown, to_json

_any_text = st.text(st.characters(), max_size=60)


@settings(max_examples=300, deadline=None)
@given(_any_text)
def test_shown_leaves_nothing_unsafe_and_is_idempotent(text):
    escaped = shown(text)
    assert not UNSAFE.search(escaped)
    assert shown(escaped) == escaped
    assert all(unicodedata.category(c) not in ("Cc", "Cs") for c in escaped)  # no control, no lone surrogate
    if not UNSAFE.search(text):
        assert escaped == text


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.integers() | _any_text,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_any_text, inner, max_size=3),
                    max_leaves=8))
def test_to_json_reads_back_the_same_and_holds_no_raw_control(value):
    text = to_json(value, indent=2)
    assert json.loads(text) == value
    assert not UNSAFE.search(text.replace("\n", ""))


def test_every_listed_character_is_escaped_in_python_repr_style():
    assert shown("a\x1b[2J") == "a\\x1b[2J"
    assert shown("\t\n\r\x00\x7f\x9b") == "\\t\\n\\r\\x00\\x7f\\x9b"
    assert shown("\u202a\u202e\u2066\u2069\u200e\u200f\u061c\u2028\u2029") == (
        "\\u202a\\u202e\\u2066\\u2069\\u200e\\u200f\\u061c\\u2028\\u2029")
    assert shown("\udcff") == "\\udcff"  # a byte the command line could not decode
    assert shown("Zoë 漢字 🐉 ½") == "Zoë 漢字 🐉 ½"


def test_a_long_error_line_keeps_its_start_and_its_advice():
    line = one_line_message("cannot read '" + "\x1b" * 20000 + "': write faces as kind=face,face")
    assert len(line) <= 340 and line.startswith("cannot read '\\x1b")
    assert line.endswith("': write faces as kind=face,face") and "characters cut" in line


def test_pad_counts_terminal_cells_so_a_column_after_chinese_lines_up():
    from rich.cells import cell_len

    from gmconsole.safe_text import pad

    assert pad("擲骰", 6) == "擲骰  " and pad("rolls", 6) == "rolls "
    assert pad("機率", 6, right=True) == "  機率" and cell_len(pad("成功率", 5)) == 6  # never cut


def test_a_cut_error_line_says_how_much_was_cut_in_the_language_spoken():
    from gmconsole.i18n import set_language

    try:
        set_language("zh-Hant")
        line = one_line_message("x" * 400, 90)
    finally:
        set_language(None)
    assert "…（略去 310 個字元）…" in line
    assert "… (310 characters cut) …" in one_line_message("x" * 400, 90)
