"""The shared English wording helpers (issue 12, item 2: "Hull rats's" read wrong)."""

from __future__ import annotations

from gmconsole.wording import counted, possessive


def test_a_name_ending_in_s_takes_only_the_apostrophe():
    assert possessive("Hull rats") == "Hull rats'"
    assert possessive("MARCUS") == "MARCUS'"
    assert possessive("Ann") == "Ann's"
    assert possessive("蘇") == "蘇's"


def test_counted_says_one_without_the_plural():
    assert counted(1, "success", "successes") == "1 success"
    assert counted(2, "success", "successes") == "2 successes"


def test_quoted_uses_quotation_marks_not_a_python_repr():
    from gmconsole.wording import quoted

    assert quoted("luck") == "“luck”"
    assert quoted("it's") == "“it's”"  # repr would switch to double quotes around it
    assert quoted("a\x1bb") == "“a\\x1bb”"  # escaped, never raw


def test_a_key_error_is_said_without_its_repr_quotes():
    from gmconsole.wording import error_text

    assert error_text(KeyError("there is no character c9")) == "there is no character c9"
    assert error_text(ValueError("bad")) == "bad"
