"""Which language a command speaks. ``--lang`` > ``GMCONSOLE_LANG`` > the campaign's
own ``language`` setting (a command that opens one) > the settings file's ``language`` > English, the
console's order; the parser is built once it is known, so ``--help`` and usage errors follow it too."""

from __future__ import annotations


def _config(tmp_path, text: str) -> dict:
    path = tmp_path / "gm-config" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return {"GMCONSOLE_CONFIG": str(path)}


def test_the_settings_file_s_language_makes_every_command_speak_it(run_cli, tmp_path):
    env = _config(tmp_path, 'language = "zh-Hant"\n')
    data = str(tmp_path / "data")
    listed = run_cli("--data-dir", data, "campaigns", env=env)
    assert listed.returncode == 0 and listed.stderr == ""
    assert listed.stdout == "還沒有戰役：試試 `gmconsole demo` 或 `gmconsole new NAME --system S`\n"
    assert run_cli("--data-dir", data, "demo", env=env).stdout.startswith("已安裝 ")
    assert run_cli("history", "--help", env=env).stdout.startswith("用法：gmconsole history")
    usage_error = run_cli("history", env=env).stderr
    assert usage_error == "gmconsole：錯誤：缺少必要的參數：NAME（見 `gmconsole history --help`）\n"
    # the variable and the flag win over the file
    english = "no campaigns yet: try `gmconsole demo` or `gmconsole new NAME --system S`\n"
    empty = str(tmp_path / "empty")
    assert run_cli("--data-dir", empty, "campaigns", env={**env, "GMCONSOLE_LANG": "en"}).stdout == english
    assert run_cli("--lang", "en", "--data-dir", empty, "campaigns", env=env).stdout == english


def test_a_campaign_s_language_makes_its_commands_speak_it(run_cli, copy_demos, tmp_path):
    data = str(copy_demos(tmp_path / "data"))
    run_cli("--data-dir", data, "roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
            "--seed", "3")
    assert run_cli("--data-dir", data, "session", "yze-demo", "list").stdout.startswith("session 1  started ")
    changed = run_cli("--data-dir", data, "settings", "yze-demo", "--set", "language=zh-Hant")
    assert changed.returncode == 0, changed.stderr
    listed = run_cli("--data-dir", data, "session", "yze-demo", "list").stdout
    assert listed.startswith("第 1 場次  開始於 2026-01-10  ") and "個項目" in listed
    recap = run_cli("--data-dir", data, "session", "yze-demo", "recap")
    # the recap's words said when it is read (its headings are gmconsole/campaign/recaps.py's to translate)
    assert recap.returncode == 0 and "基礎 2 5 5 2 · 技能 3 5 · 壓力 4" in recap.stdout and "0 次成功" in recap.stdout
    scene = run_cli("--data-dir", data, "session", "yze-demo", "scene").stdout
    assert scene == "第 1 場次，第 2 場景開始\n"
    # another campaign keeps English; the flag and the variable win over the campaign
    assert run_cli("--data-dir", data, "session", "myz-demo", "list").stdout.startswith("session 1")
    assert run_cli("--lang", "en", "--data-dir", data, "session", "yze-demo", "list").stdout.startswith("session 1")
    by_variable = run_cli("--data-dir", data, "session", "yze-demo", "list", env={"GMCONSOLE_LANG": "en"})
    assert by_variable.stdout.startswith("session 1")
    # the campaign's setting wins over the settings file's
    env = _config(tmp_path, 'language = "en"\n')
    assert run_cli("--data-dir", data, "session", "yze-demo", "list", env=env).stdout.startswith("第 1 場次")
