"""The command line's faces, skills and wording, as the README gives them."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli_checks import refused

ROOT = Path(__file__).resolve().parents[2]
GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
"""The README and the reference pages in docs/ (the command line's among them)."""


def _readme_rolls() -> list[str]:
    """Every ``gmconsole roll ... --faces`` command written in the README's and docs' code blocks."""
    blocks = [block for page in GUIDES
              for block in re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S)]
    return [line for block in blocks for line in block.splitlines()
            if line.startswith("gmconsole roll") and "--faces" in line]


def test_the_readme_has_faces_examples_for_year_zero_and_exploding():
    commands = _readme_rolls()
    assert any(" myz " in c and "--push-faces" in c for c in commands)
    assert any(" exploding " in c for c in commands)


@pytest.mark.parametrize("command", _readme_rolls())
def test_each_faces_example_of_the_readme_works_as_written(run_cli, command):
    result = run_cli(*shlex.split(command)[1:])
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_typed_faces_alone_give_the_pool(run_cli):
    result = run_cli("roll", "myz", "--faces", "base=6,1,3 skill=1,4 gear=1")
    assert result.returncode == 0, result.stderr
    assert "base 6 1 3 | skill 1 4 | gear 1" in result.stdout
    assert "1 success," in result.stdout and "1 successes" not in result.stdout


def test_push_faces_without_faces_is_refused(run_cli, demo_gm):
    refused(run_cli("roll", "yze", "--base", "3", "--skill", "2", "--push-faces", "base=6"), "--push-faces", "--faces")
    refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "stealth",
                    "--push-faces", "base=6"), "--push-faces", "--faces")


def test_an_unknown_skill_name_is_refused_with_the_skills_listed(run_cli):
    line = refused(run_cli("roll", "yze", "--skill-name", "sneak", "--base", "3", "--skill", "1"), "sneak")
    assert "Stealth" in line and "Observation" in line and "attribute" not in line


def test_skill_names_are_matched_without_regard_to_case(run_cli, demo_gm):
    loud = run_cli("roll", "myz", "--skill-name", "SNEAK", "--base", "3", "--skill", "1", "--seed", "4")
    quiet = run_cli("roll", "myz", "--skill-name", "Sneak", "--base", "3", "--skill", "1", "--seed", "4")
    assert loud.returncode == 0 and loud.stdout == quiet.stdout
    campaign = demo_gm("roll", "myz", "--campaign", "myz-demo", "--character", "c1", "--skill", "sNeAk", "--seed", "1")
    assert campaign.returncode == 0, campaign.stderr


def test_yze_counts_bonus_effects_and_myz_stunts(run_cli):
    yze = run_cli("roll", "yze", "--faces", "base=6,6,3 skill=1,4 gear=1")
    myz = run_cli("roll", "myz", "--faces", "base=6,6,3 skill=1,4 gear=1")
    assert "2 successes, 1 bonus effect" in yze.stdout and "stunt" not in yze.stdout
    assert "2 successes, 1 stunt" in myz.stdout


def test_history_exports_name_each_rolls_dice_by_kind(demo_gm):
    """``history --format markdown|csv`` carry the faces of every roll and push."""
    rolled = demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "Ranged",
                     "--faces", "base=6,1,3,2 skill=4,6 stress=2", "--push-faces", "base=2,6 skill=5 stress=3,1")
    assert rolled.returncode == 0, rolled.stderr
    markdown = demo_gm("history", "yze-demo", "--format", "markdown").stdout
    csv_lines = demo_gm("history", "yze-demo", "--format", "csv").stdout.splitlines()
    assert "| dice |" in markdown.splitlines()[2]
    assert "| base 6 1 3 2 · skill 4 6 · stress 2 |" in markdown
    assert "| base 6 1 2* 6* · skill 5* 6 · stress 3* 1* |" in markdown
    assert csv_lines[0] == "at,session,character,kind,skill,result,dice,summary"
    assert any(",base 6 1 3 2 · skill 4 6 · stress 2," in line for line in csv_lines)


def test_one_die_typed_is_said_in_the_singular(run_cli):
    line = refused(run_cli("roll", "yze", "--base", "2", "--faces", "base=6"), "base: 2 dice, 1 face typed ('6')")
    assert "1 faces" not in line
    line = refused(run_cli("roll", "yze", "--base", "1", "--faces", "b66"), "base: 1 die, 2 faces typed ('66')")
    assert "1 dice" not in line
