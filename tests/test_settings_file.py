"""The GM's settings file (``config.toml``) read, checked and explained (gmconsole/settings_file.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmconsole import settings_file
from gmconsole.settings_file import Config, config_path, effective_language, load, parse

EVERY_KEY = """\
language = "zh-Hant"
theme = "textual-light"
data_folder = "~/rpg/campaigns"
export_folder = "/srv/exports"
journal_dir = "~/vault/Zone"

[keymap]
"main.history" = "y"
main.help = ["f1", "?"]
"""


def test_every_key_is_read_and_home_is_expanded():
    config = parse(EVERY_KEY, Path("config.toml"))
    assert config.problems == () and config.message is None
    assert config.language == "zh-Hant" and config.theme == "textual-light"
    assert config.data_folder == Path("~/rpg/campaigns").expanduser() and "~" not in str(config.data_folder)
    assert config.export_folder == Path("/srv/exports")
    assert config.journal_dir == Path("~/vault/Zone").expanduser()  # where S writes the ended session's journal
    # a dotted id written unquoted (a nested table to TOML) is taken as meant; a list of keys joined
    assert config.keymap == {"main.history": "y", "main.help": "f1,?"}
    assert config.at_line("main.history", "main.history") == "main.history (line 8)"


def test_a_syntax_error_names_its_line_and_every_setting_keeps_its_default(tmp_path):
    path = tmp_path / "config.toml"
    config = parse('theme = "textual-light"\nlanguage = en\n', path)
    assert config.theme is None and config.unread
    assert "line 2" in config.message and str(path) in config.message
    assert config.message.endswith("every setting keeps its default.")


def test_a_bad_key_is_named_with_its_line_and_only_it_keeps_its_default():
    text = 'theme = "nord"\nlanguage = "fr"\ncolour = "red"\ndata_folder = 3\n[keymap]\n"main.history" = 5\n'
    config = parse(text, Path("config.toml"))
    assert config.theme == "nord"  # the good key still applies
    assert config.language is None and config.data_folder is None and config.keymap == {}
    message = config.message
    assert "line 2: language “fr” is not one of en, zh-Hant" in message
    assert "line 3: unknown setting “colour”" in message
    assert "line 4: data_folder must be text" in message
    assert "line 6: keymap “main.history”" in message
    assert message.endswith("those settings keep their defaults.")


def test_a_missing_file_is_not_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv(settings_file.ENV_VAR, str(tmp_path / "none.toml"))
    config = load()
    assert config == Config(path=tmp_path / "none.toml") and config.message is None


@pytest.mark.parametrize("make", [lambda p: p.mkdir(), lambda p: p.write_bytes(b"\xff\xfe theme")])
def test_a_folder_or_a_file_not_utf8_is_said_in_one_message(tmp_path, monkeypatch, make):
    path = tmp_path / "config.toml"
    make(path)
    monkeypatch.setenv(settings_file.ENV_VAR, str(path))
    config = load()
    assert config.unread and str(path) in config.message


def test_the_path_is_the_variable_else_the_xdg_config_folder(tmp_path):
    assert config_path({"GMCONSOLE_CONFIG": str(tmp_path / "c.toml")}) == tmp_path / "c.toml"
    import os

    old = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path / "xdg")
    try:
        assert config_path({}) == tmp_path / "xdg" / "gmconsole" / "config.toml"
    finally:
        if old is None:
            del os.environ["XDG_CONFIG_HOME"]
        else:
            os.environ["XDG_CONFIG_HOME"] = old


def test_the_file_is_read_once_until_another_file_is_named(tmp_path, monkeypatch):
    path = tmp_path / "config.toml"
    path.write_text('theme = "nord"\n', encoding="utf-8")
    monkeypatch.setenv(settings_file.ENV_VAR, str(path))
    assert load().theme == "nord"
    path.write_text('theme = "dracula"\n', encoding="utf-8")
    assert load().theme == "nord"  # read once per process
    assert load(reload=True).theme == "dracula"


def test_language_precedence_flag_then_campaign_then_file_then_english():
    assert effective_language("zh-Hant", "en", "en") == ("zh-Hant", "--lang")
    assert effective_language(None, "zh-Hant", "en") == ("zh-Hant", "campaign setting")
    assert effective_language(None, "", "zh-Hant") == ("zh-Hant", "config.toml")
    assert effective_language(None, None, None) == ("en", "default")


def test_apply_language_takes_only_known_codes():
    try:
        assert settings_file.apply_language("zh-Hant") == "zh-Hant"
        assert settings_file.current_language() == "zh-Hant"
        with pytest.raises(ValueError, match="語言 “fr” 不在 en, zh-Hant 之中"):  # said in the language spoken
            settings_file.apply_language("fr")
        assert settings_file.current_language() == "zh-Hant"
        settings_file.apply_language("en")
        with pytest.raises(ValueError, match="“fr” is not one of en, zh-Hant"):
            settings_file.apply_language("fr")
    finally:
        settings_file.apply_language("en")


def test_a_main_screen_key_moved_onto_a_panes_key_is_named_play_test_10():
    """History moved to `y` is said to clash: the tiered roll builder's `y` (Push Yourself) wins while the
    builder has the focus, so the GM pressing y for history would spend 2 stamina."""
    from gmconsole import systems
    from gmconsole.ui.keymap import keymap_problems

    problems = keymap_problems({"main.history": "y"}, system=systems.get("tiered"))
    assert any("main.history" in p and "roll builder" in p and "Push yourself" in p for p in problems), problems
    assert keymap_problems({"main.history": "y"}, system=systems.get("yze")) == []  # no Push Yourself there
    assert keymap_problems({"main.history": "z"}) == []  # a key no pane binds


def test_the_theme_list_every_command_checks_is_textual_s_own():
    from textual.theme import BUILTIN_THEMES

    assert sorted(settings_file.BUILTIN_THEMES) == sorted(BUILTIN_THEMES)


def test_checked_lists_every_problem_with_its_line_the_theme_s_too():
    """The console and `config show` ask :func:`settings_file.checked`: a theme that is not a theme is
    named on its line, beside the file's other problems, in the file's order; none hides another."""
    text = 'language = "fr"\n\ntheme = "nope"\n[keymap]\n"main.history" = "["\n'
    config = parse(text, Path("config.toml"))
    problems = settings_file.checked(config)
    assert [p.line for p in problems] == [1, 3, 5]
    assert str(problems[1]).startswith("line 3: theme “nope” is not a theme here, so textual-dark is used")
    assert settings_file.checked(config, themes=["nope"])[1].line == 5  # the console's own list of themes
    message = settings_file.describe(config, problems)
    assert message.startswith("Settings file config.toml: line 1: language “fr”") and "; line 3: theme" in message
    assert settings_file.checked(parse('theme = "nord"\n', Path("c.toml"))) == []


def test_a_problem_is_said_in_the_language_spoken_when_it_is_shown():
    """The file is read before the language is known (it may set it): a problem is put in words when shown."""
    from gmconsole.i18n import set_language

    config = parse('colour = "red"\n', Path("config.toml"))
    try:
        set_language("zh-Hant")
        assert config.message == ("設定檔 config.toml：第 1 行：未知的設定 “colour”（可用的設定：language, theme, "
                                  "data_folder, export_folder, journal_dir, keymap） — 這些設定維持預設值。")
    finally:
        set_language(None)
    assert config.message.startswith("Settings file config.toml: line 1: unknown setting “colour”")
