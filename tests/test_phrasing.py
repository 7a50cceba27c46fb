"""The shared English wording helpers ("Hull rats'" for a plural name, never "Hull rats's")."""

from __future__ import annotations

from gmconsole.phrasing import counted, possessive


def test_a_name_ending_in_s_takes_only_the_apostrophe():
    assert possessive("Hull rats") == "Hull rats'"
    assert possessive("MARCUS") == "MARCUS'"
    assert possessive("Ann") == "Ann's"
    assert possessive("蘇") == "蘇's"


def test_counted_says_one_without_the_plural():
    assert counted(1, "success", "successes") == "1 success"
    assert counted(2, "success", "successes") == "2 successes"


def test_quoted_uses_quotation_marks_not_a_python_repr():
    from gmconsole.phrasing import quoted

    assert quoted("luck") == "“luck”"
    assert quoted("it's") == "“it's”"  # repr would switch to double quotes around it
    assert quoted("a\x1bb") == "“a\\x1bb”"  # escaped, never raw


def test_a_key_error_is_said_without_its_repr_quotes():
    from gmconsole.phrasing import error_text

    assert error_text(KeyError("there is no character c9")) == "there is no character c9"
    assert error_text(ValueError("bad")) == "bad"


def _source_lines(*folders: str):
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "gmconsole"
    for folder in folders:
        for path in sorted((package / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                yield f"{path.relative_to(package.parent)}:{number}", line


def test_no_possessive_is_built_by_hand():
    """Every ``{name}'s`` goes through phrasing.possessive, so no "Hull rats's" comes back."""
    import re

    built = [where for where, line in _source_lines(".") if re.search(r"\}'s\b", line) and "phrasing.py" not in where]
    assert built == []


def test_console_and_campaign_messages_quote_no_python_repr():
    """What the console shows (its own messages and the campaign's refusals) quotes with wording.quoted."""
    reprs = [where for where, line in _source_lines("ui", "campaign") if "!r}" in line and "pick(" not in line]
    assert reprs == []


def test_a_possessive_in_zh_hant_is_the_catalogue_s():
    from gmconsole.i18n import set_language

    try:
        set_language("zh-Hant")
        assert possessive("Hull rats") == "Hull rats的"
    finally:
        set_language(None)
    assert possessive("Hull rats") == "Hull rats'"
