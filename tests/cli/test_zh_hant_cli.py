"""The command line in Traditional Chinese: ``--lang zh-Hant`` before the command.

What a command prints for a person reads in zh-Hant (no English word left but the campaign's own names,
system ids and command lines quoted); ``--json`` keeps its keys; without ``--lang`` it is English, as it was."""

from __future__ import annotations

import json
import re

WORD = re.compile(r"[A-Za-z]{3,}")
ALLOWED = {"yze", "myz", "demo", "gmconsole"}


def _english(text: str, names: set[str]) -> set[str]:
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:+]+", " ", text)  # timestamps
    return {w for w in WORD.findall(text) if w not in ALLOWED | names}


def _names(data) -> set[str]:
    return {w for c in ("Ripley Hale", "Flamethrower", "Motion tracker") for w in WORD.findall(c)}


def test_a_campaign_roll_its_history_and_a_sheet_print_in_zh_hant(run_cli, copy_demos, tmp_path):
    data = str(copy_demos(tmp_path / "data"))
    rolled = run_cli("--lang", "zh-Hant", "--data-dir", data, "roll", "yze", "--campaign", "yze-demo",
                     "--character", "c1", "--skill", "ranged", "--seed", "3")
    assert rolled.returncode == 0, rolled.stderr
    assert "Ripley Hale 擲 射擊：" in rolled.stdout and "骰子：基礎" in rolled.stdout
    history = run_cli("--lang", "zh-Hant", "--data-dir", data, "history", "yze-demo")
    sheet = run_cli("--lang", "zh-Hant", "--data-dir", data, "sheet", "yze-demo", "c1")
    for result in (rolled, history, sheet):
        assert result.returncode == 0, result.stderr
        assert not _english(result.stdout, _names(None)), result.stdout
    head = history.stdout.splitlines()[0]
    assert head.split() == ["時間", "場次", "角色", "種類", "技能", "結果", "摘要"]
    # the columns line up by terminal cells: the summary starts at the same cell on every line
    lines = history.stdout.splitlines()
    from rich.cells import cell_len

    starts = {cell_len(line[:line.index(word)]) for line, word in zip(lines, ("摘要", "Ripley Hale 擲"))}
    assert len(starts) == 1, history.stdout


def test_json_keeps_its_keys_and_english_stays_the_default(run_cli, copy_demos, tmp_path):
    data = str(copy_demos(tmp_path / "data"))
    run_cli("--data-dir", data, "roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged",
            "--seed", "3")
    as_json = json.loads(run_cli("--lang", "zh-Hant", "--data-dir", data, "history", "yze-demo", "--json").stdout)
    assert as_json[0]["kind"] == "roll" and as_json[0]["skill"] == "ranged"
    english = run_cli("--data-dir", data, "history", "yze-demo").stdout
    assert english.splitlines()[0].split() == ["at", "session", "character", "kind", "skill", "result", "summary"]
    assert "Ripley Hale rolls Ranged:" in english
