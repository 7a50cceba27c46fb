"""Every command's own words in zh-Hant with ``--lang zh-Hant`` (success output, an
error, a command's ``--help``, argparse's own usage error), as a GM reads them in a terminal.

"No English word" means none beyond what stays as typed on purpose: flags, metavars, ids (system,
skill, attribute, setting values), the campaign's names, dice notation. What a command prints that
another module words (a rule's explanation of a TN, a store's error) is that module's and is not
checked here; each test names what it leaves out."""

from __future__ import annotations

import ast
import json
import re

import pytest

WORD = re.compile(r"[A-Za-z]{3,}")
KEPT = {"yze", "myz", "step", "exploding", "tiered", "demo", "gmconsole", "json", "JSON", "TOML", "UTF",
        "strength", "agility", "wits", "empathy", "ctrl", "Ctrl"}
"""Words that stay as typed in every language: system ids, attribute ids, the program, format names."""
COMMANDS = {"roll", "odds", "new", "campaigns", "demo", "history", "open", "sheet", "costs", "settings", "skills",
            "session", "panic", "harm", "serve", "stats", "config", "table", "repair", "list", "scene", "recap", "show",
            "keys", "path", "push", "Markdown", "Year", "Zero", "language", "theme", "exports", "outcome",
            "assisted", "group", "save", "attack", "contested", "reroll"}
"""Command words, history kinds, setting names and the export folder's name, typed as they are; a game's name."""
COMMANDS |= {"opposed", "inspire", "mend", "rest"}  # the roll commands of every family, typed as they are
COMMANDS |= {"players"}  # the players' links
COMMANDS |= {"tables"}  # the GM's own tables
COMMANDS |= {"journal", "Obsidian"}  # the journal's command, and the notes app it names
COMMANDS |= {"import", "Foundry"}  # the import command; the program it reads from
THEIRS = {"stress", "trauma", "mutation", "points", "broken"}
"""Cost names a roll's lines take from ``gmconsole/campaign/pending_costs.cost_text`` (the campaign's
words, translated there, not by the command line)."""


def _english(text: str, names: set[str] = frozenset()) -> set[str]:
    """The English words left in ``text`` once flags, metavars, {choices}, `commands`, paths, timestamps and
    names are taken out."""
    text = re.sub(r"`[^`]*`", " ", text)  # a command to type stays as typed
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", " ", text)  # a value typed, quoted: 'nope', "base=6,1"
    text = re.sub(r"\b\w+(?:[-_.]\w+)+\b", " ", text)  # ids: stress-dice, data_folder, social.hostile
    text = re.sub(r"\{[^{}]*\}", " ", text)  # argparse's {choice,choice}
    text = re.sub(r"(?<![\w])--?[A-Za-z][\w-]*(=\S*)?", " ", text)  # flags
    text = re.sub(r"\b[A-Z][A-Z_=]{2,}\b", " ", text)  # metavars: NAME, KEY=VALUE, SECONDS
    text = re.sub(r"\S*/\S*", " ", text)  # paths
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:+]+", " ", text)
    return {w for w in WORD.findall(text) if w not in KEPT | COMMANDS and w not in names}


def _names(run_cli, data: str) -> set[str]:
    """Every word of the demo campaigns' names and rosters (what the GM typed stays as typed)."""
    listed = json.loads(run_cli("--data-dir", data, "campaigns", "--json").stdout)
    return {w for c in listed for text in (c["name"], *c["characters"]) for w in WORD.findall(text)}


@pytest.fixture
def zh(run_cli, copy_demos, tmp_path):
    """``gmconsole --lang zh-Hant --data-dir DATA ...`` on a copy of the demo campaigns, and their names."""
    data = str(copy_demos(tmp_path / "data"))

    def run(*args, **kwargs):
        return run_cli("--lang", "zh-Hant", "--data-dir", data, *args, **kwargs)

    run.names = _names(run_cli, data)
    return run


SUCCESSES = [
    ("campaigns",),
    ("new", "fresh", "--system", "myz"),
    ("demo",),
    ("roll", "yze", "--base", "3", "--skill", "2", "--stress", "1", "--seed", "1"),
    ("roll", "yze", "--base", "3", "--skill", "2", "--seed", "1", "--push"),
    ("odds", "yze", "--base", "3", "--skill", "2", "--stress", "1"),
    ("odds", "myz", "--faces", "base=6,1,3 skill=1,4"),
    ("roll", "yze-step", "--die", "d8", "--die", "d6", "--seed", "1"),
    ("roll", "tiered", "--attribute", "2", "--skill", "1", "--seed", "1"),
    ("odds", "tiered", "--attribute", "2", "--skill", "1"),
    ("odds", "tiered", "--attribute", "2", "--skill", "1", "--stamina", "4", "--faces", "dice=5,3,2,1"),
    ("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged", "--seed", "3",
     "--apply-costs"),
    ("roll", "yze", "--campaign", "yze-demo", "--base", "2", "--seed", "1"),
    ("history", "yze-demo"),
    ("costs", "yze-demo"),
    ("session", "yze-demo", "list"),
    ("session", "yze-demo", "scene"),
    ("session", "yze-demo", "new", "--title", "Hull breach", "--date", "2026-12-01"),
    ("skills", "yze-demo"),
    ("stats", "yze-demo"),
    ("config", "path"),
    ("config", "show"),
]


@pytest.mark.parametrize("args", SUCCESSES, ids=" ".join)
def test_a_command_s_success_output_is_in_zh_hant(zh, args):
    result = zh(*args)
    assert result.returncode == 0, result.stderr
    themes = {w for line in result.stdout.splitlines() if line.startswith("佈景主題：") for w in WORD.findall(line)}
    skill_ids = set(re.findall(r"\(([a-z-]+)\)", result.stdout)) if args[0] == "skills" else set()
    typed = {"fresh", "Hull", "breach"}
    assert not _english(result.stdout, zh.names | typed | themes | skill_ids | THEIRS), result.stdout


def test_exact_zh_hant_lines(zh):
    assert zh("new", "fresh", "--system", "myz").stdout == "已建立戰役 fresh（myz）\n"
    assert zh("session", "yze-demo", "scene").stdout == "第 1 場次，第 2 場景開始\n"
    odds = zh("odds", "exploding", "--skill-die", "d8", "--trait-die", "d6", "--tn", "5").stdout.splitlines()
    assert odds[0] == "d8+d8+d6（爆骰，取最高骰）對目標值 5"  # the TN's explanation lines are the rules'
    assert "成功：83.33%" in odds
    stats = zh("stats", "yze-demo").stdout.splitlines()
    assert stats[0] == "yze-demo：運氣與統計（所有場次）"


def test_the_stats_table_lines_up_by_terminal_cells(zh):
    from rich.cells import cell_len

    zh("roll", "yze", "--campaign", "yze-demo", "--base", "2", "--seed", "1")
    lines = zh("stats", "yze-demo").stdout.splitlines()
    header, row = lines[1], lines[2]
    assert header.split()[0] == "擲骰" and row.split()[0] == "所有骰子"
    assert cell_len(header) == cell_len(row), (header, row)  # every column right-aligned on the same cell


@pytest.mark.parametrize("args", [
    ("roll", "yze", "--base", "x"),  # a value type's own sentence
    ("roll", "yze", "--bad"),  # argparse: unrecognized arguments
    ("history",),  # argparse: the following arguments are required
    ("roll", "yze", "--difficulty", "nope"),  # argparse: invalid choice
    ("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged", "--push-faces", "1"),
    ("session", "yze-demo", "list", "--session"),
    ("odds", "exploding", "--skill-die", "d8", "--trait-die", "d6"),
    ("costs", "yze-demo", "--condition", "tired"),
    ("session", "yze-demo", "list", "--session", "9"),
    ("roll", "myz", "--campaign", "yze-demo", "--base", "2"),
])
def test_an_error_is_one_zh_hant_line(zh, args):
    result = zh(*args)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert line.startswith("gmconsole：錯誤：") and "\n" not in line, result.stderr
    assert not _english(line, zh.names), line


@pytest.mark.parametrize("args", [("roll", "yze", "--help"), ("roll", "yze", "--campaign", "yze-demo", "--help"),
                                  ("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--help"),
                                  ("history", "--help"), ("session", "--help"),
                                  ("config", "show", "--help"), ("--help",), ("serve", "--help")])
def test_a_command_s_help_is_in_zh_hant(zh, args):
    result = zh(*args)
    assert result.returncode == 0
    assert result.stdout.startswith("用法：gmconsole")
    assert "\n選項：\n" in result.stdout and "顯示此說明並結束" in result.stdout
    assert not _english(result.stdout, zh.names | {"stay", "blank", "doom", "stress", "dice", "damage", "conditions",
                                                   "attribute", "average", "trivial", "simple", "easy", "demanding",
                                                   "hard", "formidable", "fight", "melee", "moderate", "dark",
                                                   "interrogation", "device"}), result.stdout  # ids, as typed


def test_a_zh_hant_help_fits_80_cells_and_its_usage_lines_up(zh):
    """argparse wraps by ``len()``: Chinese help (two cells a character) is wrapped by cells instead, and the
    usage's following lines stand under its first line's words after the wider ``用法：``."""
    from rich.cells import cell_len

    for args in (("roll", "yze", "--help"), ("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--help"),
                 ("serve", "--help"), ("--help",)):
        lines = zh(*args).stdout.splitlines()
        too_wide = [line for line in lines if cell_len(line) > 80 and not line.isascii()]
        assert not too_wide, too_wide
    usage = zh("history", "--help").stdout.splitlines()
    assert usage[0].startswith("用法：gmconsole history [-h]")
    assert cell_len(usage[1]) - len(usage[1].lstrip()) == cell_len("用法：gmconsole history ")


def test_english_help_and_usage_errors_are_argparse_s_own(run_cli):
    """Without a language the command line is English, argparse's words as argparse writes them."""
    assert run_cli("history", "--help").stdout.startswith("usage: gmconsole history")
    error = run_cli("roll", "yze", "--bad")
    assert error.stderr == "gmconsole: error: unrecognized arguments: --bad (see `gmconsole --help`)\n"


def test_every_argparse_msgid_is_argparse_s_own_byte_for_byte():
    """The msgids the catalogue holds for argparse are still in the argparse of this Python: a Python
    that rewords one fails here instead of printing English inside a zh-Hant help."""
    import argparse

    from gmconsole.cli.argparse_words import MESSAGES, PLURALS

    with open(argparse.__file__, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    said = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
            said.add(tuple(a.value for a in node.args if isinstance(a, ast.Constant)))
    assert not [m for m in MESSAGES if (m,) not in said]
    assert not [p for p in PLURALS if p not in said]
