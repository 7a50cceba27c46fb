"""``gmconsole config path|show|keys`` and the settings file's ``data_folder`` (flag > variable >
config.toml > the user data folder), run as a user would through ``gmconsole.cli.main``."""

from __future__ import annotations

import json


def _config(tmp_path, text: str) -> dict:
    path = tmp_path / "gm-config" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return {"GMCONSOLE_CONFIG": str(path)}


def test_config_path_prints_the_file_named_by_the_variable(run_cli, tmp_path):
    env = {"GMCONSOLE_CONFIG": str(tmp_path / "mine.toml")}
    result = run_cli("config", "path", env=env)
    assert result.returncode == 0 and result.stdout.strip() == str(tmp_path / "mine.toml")
    assert json.loads(run_cli("config", "path", "--json", env=env).stdout)["exists"] is False


def test_config_show_says_where_each_setting_comes_from(run_cli, tmp_path):
    env = _config(tmp_path, f'theme = "textual-light"\ndata_folder = "{tmp_path / "camp"}"\n'
                            '[keymap]\n"main.history" = "y"\n')
    env["GMCONSOLE_HOME"] = ""
    out = run_cli("config", "show", env=env).stdout
    assert "textual-light  (config.toml)" in out
    assert "language" in out and "en  (default)" in out
    assert f"{tmp_path / 'camp'}  (config.toml)" in out
    assert "keymap.main.history  y  (config.toml (line 4))" in out
    data = json.loads(run_cli("--data-dir", str(tmp_path / "flag"), "config", "show", "--json", env=env).stdout)
    rows = {row["key"]: row for row in data["settings"]}
    assert rows["data_folder"] == {"key": "data_folder", "value": str(tmp_path / "flag"), "from": "--data-dir"}
    assert rows["export_folder"]["value"] == str(tmp_path / "flag" / "exports")


def test_config_show_names_a_bad_line_and_exits_0(run_cli, tmp_path):
    result = run_cli("config", "show", env=_config(tmp_path, 'theme = "nord"\nlanguage = "fr"\n'))
    assert result.returncode == 0
    assert "line 2: language “fr” is not one of en, zh-Hant" in result.stdout
    assert "nord  (config.toml)" in result.stdout
    assert "textual-light" in next(line for line in result.stdout.splitlines() if line.startswith("themes: "))


def test_config_keys_lists_the_binding_ids_a_keymap_may_move(run_cli):
    rows = {row["id"]: row for row in json.loads(run_cli("config", "keys", "--json").stdout)["bindings"]}
    assert rows["main.history"]["keys"] == "h" and rows["main.history"]["where"] == "main screen"
    assert rows["history.export_md"]["keys"] == "m"
    assert rows["main.help"]["keys"] == "? / f1"


def test_the_data_folder_comes_from_the_file_when_no_flag_or_variable_says(run_cli, tmp_path, copy_demos):
    configured = copy_demos(tmp_path / "configured")
    env = _config(tmp_path, f'data_folder = "{configured}"\n')
    env["GMCONSOLE_HOME"] = ""
    listed = run_cli("campaigns", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    assert "yze-demo" in {c["name"] for c in json.loads(listed.stdout)}
    # the variable wins over the file, the flag over both
    home = tmp_path / "home"
    env["GMCONSOLE_HOME"] = str(home)
    assert json.loads(run_cli("campaigns", "--json", env=env).stdout) == []
    assert home.is_dir()
    flag = tmp_path / "flag"
    assert json.loads(run_cli("--data-dir", str(flag), "campaigns", "--json", env=env).stdout) == []
    assert flag.is_dir()


def test_a_bad_file_is_one_warning_line_and_the_command_still_runs(run_cli, tmp_path, copy_demos):
    """Every command says it, once, whether or not the file decides where campaigns live: the file may
    set the language every command speaks (it is read, and said, even when --data-dir or
    GMCONSOLE_HOME says where)."""
    configured = copy_demos(tmp_path / "configured")
    env = _config(tmp_path, f'data_folder = "{configured}"\ntheme = = 1\n')
    fallback = tmp_path / "xdg-data"
    env["XDG_DATA_HOME"] = str(fallback)
    for where in ({"GMCONSOLE_HOME": str(configured)}, {"GMCONSOLE_HOME": ""}):
        for flags in ((), ("--data-dir", str(configured))):
            result = run_cli(*flags, "campaigns", env={**env, **where})
            assert result.returncode == 0
            warning = result.stderr.strip().splitlines()
            assert len(warning) == 1 and warning[0].startswith("gmconsole: warning: Settings file "), warning
            assert "line 2" in warning[0] and "every setting keeps its default" in warning[0]
    assert (fallback / "gmconsole").is_dir()  # the defaults: the user data folder


def test_config_show_names_every_problem_with_its_line_a_bad_theme_and_a_bad_keymap_entry_too(run_cli, tmp_path):
    """The theme (checked against the themes there are) and the keymap (an id no
    binding has, a key that is not a key) are reported with the rest, each with its line, none stopping
    the others; every other command says them once, on stderr, and runs on the defaults."""
    env = _config(tmp_path, 'language = "fr"\ntheme = "nope"\n[keymap]\n"main.history" = "["\n'
                            '"main.nothing" = "y"\n')
    shown = run_cli("config", "show", env=env)
    assert shown.returncode == 0 and shown.stderr == ""
    problems = [line for line in shown.stdout.splitlines() if line.startswith("problem: ")]
    assert problems[0] == "problem: line 1: language “fr” is not one of en, zh-Hant"
    assert problems[1].startswith("problem: line 2: theme “nope” is not a theme here, so textual-dark is used")
    assert problems[2].startswith("problem: line 4: keymap “main.history” must be a key such as")
    assert problems[3].startswith("problem: keymap: no binding has the id “main.nothing” (line 5)")
    data = json.loads(run_cli("config", "show", "--json", env=env).stdout)
    assert [p.split(":")[0] for p in data["problems"][:3]] == ["line 1", "line 2", "line 4"]
    other = run_cli("--data-dir", str(tmp_path / "data"), "campaigns", env=env)
    assert other.returncode == 0
    warning = other.stderr.splitlines()
    assert len(warning) == 1 and warning[0].startswith("gmconsole: warning: Settings file ")
    assert "line 2: theme “nope”" in warning[0] and "line 4: keymap" in warning[0]
    assert "those settings keep their defaults" in warning[0]
    zh = run_cli("--lang", "zh-Hant", "config", "show", env=env).stdout
    assert "問題：第 2 行：佈景主題 “nope” 不存在，因此使用 textual-dark" in zh


def test_config_keys_shows_keys_as_config_toml_takes_them(run_cli):
    lines = {line.split()[0]: line for line in run_cli("config", "keys").stdout.splitlines()}
    assert lines["initiative.up"].endswith("  [ (left_square_bracket) Up (initiative)")
    assert "  ? / f1  " in lines["main.help"] and "  -  " in lines["roll.minus"]  # taken as typed
    assert "  , (comma)  " in lines["tracker.clock_minus"]  # a comma separates keys: the file needs the name
    assert lines["help.close"].split()[1] == "escape"  # Textual's name; `esc` is only how the key bar shows it
    rows = {row["id"]: row for row in json.loads(run_cli("config", "keys", "--json").stdout)["bindings"]}
    assert rows["initiative.up"]["typed"] == "[ (left_square_bracket)"


def test_config_show_gives_the_language_in_effect_and_where_it_came_from(run_cli, tmp_path):
    """With `--lang zh-Hant` and no language in the file, `config show` names zh-Hant from `--lang`, not
    `en (default)`."""
    env = _config(tmp_path, 'language = "en"\n')
    rows = {row["key"]: row for row in json.loads(
        run_cli("--lang", "zh-Hant", "config", "show", "--json", env=env).stdout)["settings"]}
    assert rows["language"] == {"key": "language", "value": "zh-Hant", "from": "--lang"}
    env["GMCONSOLE_LANG"] = "zh-Hant"
    rows = {row["key"]: row for row in json.loads(run_cli("config", "show", "--json", env=env).stdout)["settings"]}
    assert rows["language"] == {"key": "language", "value": "zh-Hant", "from": "GMCONSOLE_LANG"}
    del env["GMCONSOLE_LANG"]
    rows = {row["key"]: row for row in json.loads(run_cli("config", "show", "--json", env=env).stdout)["settings"]}
    assert rows["language"] == {"key": "language", "value": "en", "from": "config.toml"}
