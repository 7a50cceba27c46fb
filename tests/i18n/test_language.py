"""Choosing the console's language: ``gmconsole.i18n`` and the ``--lang`` option."""

from __future__ import annotations

import pytest

from gmconsole import i18n
from gmconsole.i18n import N_, NP_, UnknownLanguage, _, language, ngettext, pgettext, pick, set_language


def test_english_is_the_default_and_every_string_is_itself():
    assert language() == "en"
    assert _("Roster") == "Roster"
    assert ngettext("{count} roll", "{count} rolls", 2) == "{count} rolls"


def test_zh_hant_translates_and_switching_back_restores_english():
    assert set_language("zh-Hant") == "zh-Hant"
    assert _("Roster") == "角色名冊"
    assert set_language("en") == "en"
    assert _("Roster") == "Roster"


def test_a_short_label_is_translated_in_its_context():
    """``pgettext``: the catalogue holds one entry per context; English is the label itself, a context the
    catalogue lacks leaves it untranslated (never another context's text)."""
    assert NP_("history column", "at") == "at"
    assert pgettext("history column", "at") == "at"
    set_language("zh-Hant")
    try:
        assert pgettext("history column", "at") == "時間"
        assert pgettext("die kind", "stress") == "壓力"
        assert pgettext("history kind", "drop costs") == "放棄代價"
        assert pgettext("no such context", "at") == "at"
    finally:
        set_language("en")


def test_codes_are_read_without_regard_to_case_or_separator():
    assert set_language("zh_hant") == "zh-Hant"
    assert set_language(None) == "en"


def test_an_unknown_language_names_the_known_ones_and_changes_nothing():
    set_language("zh-Hant")
    with pytest.raises(UnknownLanguage, match=r"'fr'.*en, zh-Hant"):
        set_language("fr")
    assert language() == "zh-Hant"


def test_a_marked_string_is_translated_where_it_is_drawn_after_the_language_changes():
    label = N_("Initiative")  # evaluated at import time, before any language is set
    set_language("zh-Hant")
    assert label == "Initiative"
    assert _(label) == "先攻"


def test_data_file_text_follows_the_language():
    name = {"en": "Might", "zh-Hant": "強力"}
    assert pick(name) == "Might"
    set_language("zh-Hant")
    assert pick(name) == "強力"
    assert pick({"en": "Only English"}) == "Only English"
    assert pick("typed by the GM") == "typed by the GM"


def test_the_catalogue_is_read_once():
    set_language("zh-Hant")
    first = i18n._loaded["zh-Hant"]
    set_language("en")
    set_language("zh-Hant")
    assert i18n._loaded["zh-Hant"] is first


def test_lang_option_speaks_zh_hant_and_an_unknown_code_is_a_usage_error(run_cli, tmp_path):
    result = run_cli("--lang", "fr", "--data-dir", str(tmp_path), "campaigns")
    assert result.returncode == 2
    assert "unknown language 'fr'" in result.stderr and "zh-Hant" in result.stderr


def test_lang_from_the_environment(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv("GMCONSOLE_LANG", "klingon")
    result = run_cli("--data-dir", str(tmp_path), "campaigns")
    assert result.returncode == 2 and "klingon" in result.stderr
    monkeypatch.setenv("GMCONSOLE_LANG", "zh-Hant")
    run_cli("--data-dir", str(tmp_path), "campaigns")
    assert language() == "zh-Hant"
    assert run_cli("--lang", "en", "--data-dir", str(tmp_path), "campaigns").returncode == 0
    assert language() == "en"


def test_a_forms_save_and_the_tiered_saving_throw_are_two_words_in_zh_hant_play_test_10():
    """The two keys are not both described "Save" with one msgid, else every form's ctrl+s would read 豁免
    (a saving throw) in zh-Hant; the key bar, the footer and the help draw a key's label with ``key_label``."""
    from gmconsole.i18n import key_label, set_language
    from gmconsole.ui.roll_builder.keys import BINDINGS as BUILDER
    from gmconsole.ui.screens.form_base import FormScreen

    form_save = next(b for b in FormScreen.BINDINGS if b.id == "form.save")
    saving_throw = next(b for b in BUILDER if b.id == "roll.save")
    set_language("zh-Hant")
    try:
        assert key_label(form_save.description) == "儲存"
        assert key_label(saving_throw.description) == "豁免"
    finally:
        set_language("en")
