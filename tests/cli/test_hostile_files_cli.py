"""A hostile or damaged campaign file, fed to ``gmconsole`` run as a process: what it makes the program do
is bounded by the file, never by its numbers; it is one clear line naming the file (and the field, and
the way out), and nothing on disk changes.

Each command runs as the GM runs it (``python -m gmconsole --data-dir ...``) with its address space
limited to :data:`MEMORY` and a time limit, so a command that once asked for gigabytes (a clock of a
billion segments drawn as ``'■' * segments``) fails the test instead of the machine. The files are built
in the test from the demo campaigns.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_checks import refused

from gmconsole.safe_text import UNSAFE

MEMORY = 1 << 30
"""The address space a command may use here (1 GiB): the console's own imports need a few hundred MiB."""
CHUNK = "history/session-0001/entries-000000001.json"
DEEP = "[" * 100_000
"""Lists nested 100,000 deep: Python's ``json`` and ``tomllib`` give up with ``RecursionError``."""
HUGE = "9" * 5000
"""A 5,000-digit number: past Python's 4,300-digit limit on reading one (``ValueError``)."""


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def gmconsole(root: Path, *args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """``gmconsole --data-dir root ARGS`` as a process, within :data:`MEMORY` and ``timeout`` seconds."""
    full_env = {k: v for k, v in os.environ.items() if k != "GMCONSOLE_DEBUG"}
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "gmconsole", "--data-dir", str(root), *args], capture_output=True,
                          text=True, env=full_env, timeout=timeout, preexec_fn=_bounded, check=False)


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of a campaign folder and its bytes, but the lock (a writer notes its pid there)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "lock"}


@pytest.fixture
def root(tmp_path, copy_demos, run_cli) -> Path:
    """The demo campaigns, with one roll of Ripley's in yze-demo (so it has a history chunk and a backup
    of its campaign.json); the roll is the set-up, not under test, so it runs in-process."""
    copy_demos(tmp_path)
    rolled = run_cli("--data-dir", str(tmp_path), "roll", "yze", "--campaign", "yze-demo", "--character", "c1",
                     "--skill", "ranged", "--seed", "7")
    assert rolled.returncode == 0, rolled.stderr
    return tmp_path


def _edit_campaign(root: Path, change) -> Path:
    path = root / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document["state"]["1"]["campaign"])
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _as_crashed(root: Path) -> None:
    """No clean-close marker, as after a writer that was killed: the next open checks the history."""
    (root / "yze-demo" / "closed-cleanly").unlink(missing_ok=True)


# -- a number the rules do not allow ---------------------------------------------------------------


@pytest.mark.parametrize("command", [("history", "yze-demo"), ("table", "yze-demo"), ("sheet", "yze-demo", "c1"),
                                     ("stats", "yze-demo"), ("session", "yze-demo", "list")])
def test_a_clock_of_a_billion_segments_is_a_damaged_file_not_gigabytes(root, command):
    def huge_clock(campaign):
        campaign["sessions"][-1]["clocks"] = [{"id": "k9", "name": "Doom", "segments": 1_000_000_000, "filled": 3}]

    path = _edit_campaign(root, huge_clock)
    before = _files(root / "yze-demo")
    result = gmconsole(root, *command)
    line = refused(result, str(path))
    assert "clocks[0].segments is 1000000" in line, line  # a long line is cut in its middle, never here
    assert _files(root / "yze-demo") == before


def test_the_damaged_file_names_the_field_its_range_and_the_newest_backup(root):
    _edit_campaign(root, lambda c: c["roster"][0].update(stress=1_000_000_000))
    line = refused(gmconsole(root, "history", "yze-demo"), "campaign.json")
    assert "roster[0].stress is 1000000000, where a whole number from 0 to 100 belongs" in line
    assert "backups/campaign.json.1" in line


# -- deep nesting and huge numbers ------------------------------------------------------------------


@pytest.mark.parametrize("damage", [DEEP, '{"_gmconsole": {"1": {"schema": 1, "kind": "history"}}, "entries": '
                                           '{"1": {"kind": "roll", "successes": ' + HUGE + "}}}"],
                         ids=["deep", "huge number"])
def test_a_chunk_nested_deep_or_holding_a_huge_number_is_damaged_and_repair_sets_it_aside(root, damage):
    chunk = root / "yze-demo" / CHUNK
    chunk.write_text(damage, encoding="utf-8")
    _as_crashed(root)
    before = _files(root / "yze-demo")
    for command in (("history", "yze-demo"), ("stats", "yze-demo"),
                    ("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged")):
        line = refused(gmconsole(root, *command), CHUNK)
        assert "unexpected" not in line and "is damaged (" in line, line
        assert f"`gmconsole repair yze-demo --set-aside {CHUNK}`" in line, line
        assert _files(root / "yze-demo") == before
    repaired = gmconsole(root, "repair", "yze-demo", "--set-aside", CHUNK)
    assert repaired.returncode == 0, repaired.stderr
    assert [p.read_text(encoding="utf-8") for p in chunk.parent.glob("entries-000000001.json.damaged-*")] == [damage]
    assert gmconsole(root, "history", "yze-demo").returncode == 0


@pytest.mark.parametrize("damage", [DEEP, '{"_gmconsole": ' + HUGE + "}"], ids=["deep", "huge number"])
def test_a_campaign_file_nested_deep_or_holding_a_huge_number_is_damaged_and_the_others_are_listed(root, damage):
    path = root / "yze-demo" / "campaign.json"
    path.write_text(damage, encoding="utf-8")
    before = _files(root / "yze-demo")
    line = refused(gmconsole(root, "history", "yze-demo"), "campaign.json", "backups/campaign.json.1")
    assert "unexpected" not in line

    listed = gmconsole(root, "campaigns")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert [x.split()[0] for x in lines] == ["exploding-demo", "myz-demo", "tiered-demo", "yze-demo", "yze-step-demo"]
    damaged = next(x for x in lines if x.startswith("yze-demo "))
    assert "cannot be read" in damaged and "campaign.json is damaged" in damaged
    assert "[yze-step]" in lines[-1]

    as_json = gmconsole(root, "campaigns", "--json")
    assert as_json.returncode == 0, as_json.stderr
    by_name = {c["name"]: c for c in json.loads(as_json.stdout)}
    assert "is damaged" in by_name["yze-demo"]["error"] and by_name["yze-demo"]["system"] is None
    assert all("error" not in c and c["system"] for name, c in by_name.items() if name != "yze-demo")
    assert _files(root / "yze-demo") == before


def test_a_campaign_file_over_16_mib_is_refused_unread_naming_the_limit(root):
    path = root / "yze-demo" / "campaign.json"
    good = path.read_bytes()
    path.write_bytes(good + b" " * (16 * 1024 * 1024))  # still valid JSON: refused by its size alone
    before = _files(root / "yze-demo")
    line = refused(gmconsole(root, "history", "yze-demo"), "campaign.json", "more than the 16 MiB")
    assert "backups/campaign.json.1" in line
    listed = gmconsole(root, "campaigns", "--json")
    assert "16 MiB" in next(c for c in json.loads(listed.stdout) if c["name"] == "yze-demo")["error"]
    assert _files(root / "yze-demo") == before


@pytest.mark.parametrize("content", ["a = " + "[" * 30_000, "a = " + HUGE, "keymap." + ".".join(["k"] * 40) + ' = "y"'],
                         ids=["deep", "huge number", "deep tables"])
def test_help_version_and_config_path_work_whatever_config_toml_holds(root, tmp_path, content):
    """Under the settings file's own 64 KiB limit, so each is read and parsed."""
    config = tmp_path / "config.toml"
    config.write_text(content, encoding="utf-8")
    env = {"GMCONSOLE_CONFIG": str(config)}
    helped = gmconsole(root, "--help", env=env)
    assert helped.returncode == 0 and "usage: gmconsole" in helped.stdout, helped.stderr
    version = gmconsole(root, "--version", env=env)
    assert version.returncode == 0 and version.stdout.startswith("gmconsole "), version.stderr
    path = gmconsole(root, "config", "path", env=env)
    assert path.returncode == 0 and path.stdout.strip() == str(config), path.stderr
    warning = path.stderr.strip().splitlines()
    assert len(warning) == 1 and str(config) in warning[0] and "every setting keeps its default" in warning[0]
    assert "Traceback" not in helped.stderr + version.stderr + path.stderr


@pytest.mark.parametrize("content", ['[[skills]]\nname = "Climb"\nattribute = ' + DEEP,
                                     '[[skills]]\nname = "Climb"\nattribute = ' + HUGE], ids=["deep", "huge number"])
def test_a_skill_list_nested_deep_or_holding_a_huge_number_is_refused_in_one_line(root, tmp_path, content):
    skills = tmp_path / "skills.toml"
    skills.write_text(content, encoding="utf-8")
    before = _files(root / "yze-demo")
    line = refused(gmconsole(root, "skills", "yze-demo", "--load", str(skills)), "skills.toml")
    assert "cannot be read" in line and "unexpected" not in line
    assert _files(root / "yze-demo") == before


# -- text that cannot be written ---------------------------------------------------------------------


def test_a_lone_surrogate_in_a_name_is_refused_on_load_before_any_roll_is_recorded(root):
    path = root / "yze-demo" / "campaign.json"
    text = path.read_text(encoding="utf-8").replace('"name": "Ripley Hale"', '"name": "Rip\\udc80ley"', 1)
    path.write_text(text, encoding="utf-8")
    before = _files(root / "yze-demo")
    line = refused(gmconsole(root, "roll", "yze", "--campaign", "yze-demo", "--character", "c2", "--skill",
                             "manipulation", "--seed", "3"), "campaign.json")
    assert "roster[0].name holds \\udc80, a lone surrogate" in line
    assert _files(root / "yze-demo") == before  # no roll appended, none marked failed


def test_campaigns_named_alike_but_for_an_invisible_character_are_told_apart(root):
    for name in ("yze\u200b-demo", "yze\u2060-demo", "yze\ufeff-demo"):
        shutil.copytree(root / "yze-demo", root / name)
    listed = gmconsole(root, "campaigns")
    assert listed.returncode == 0, listed.stderr
    names = [line.split("  ")[0] for line in listed.stdout.splitlines()]
    assert {"yze-demo", "yze\\u200b-demo", "yze\\u2060-demo", "yze\\ufeff-demo"} <= set(names)
    assert not UNSAFE.search(listed.stdout.replace("\n", ""))

    as_json = gmconsole(root, "campaigns", "--json")
    assert "yze\\u200b-demo" in as_json.stdout and "\u200b" not in as_json.stdout
    assert "yze\u200b-demo" in {c["name"] for c in json.loads(as_json.stdout)}  # the real name, for a script


def test_a_new_campaign_name_holding_an_invisible_character_is_refused(root):
    line = refused(gmconsole(root, "new", "Hope\u200b", "--system", "yze"), "\\u200b")
    assert "Hope\u200b" not in line
    assert not (root / "Hope\u200b").exists()
