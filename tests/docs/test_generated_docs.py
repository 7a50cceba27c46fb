"""The reference pages a GM reads are the code's: docs/keys.md from the panes' and screens' ``BINDINGS``,
docs/command-line.md from the ``gmconsole`` parser, both written by ``tools/generate_docs.py``; and the
README stays short, links only to what the repository has, and gives the test command CI runs."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest
from textual.binding import Binding

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import generate_docs  # noqa: E402
from generate_docs import CLI_PAGE, KEYS_PAGE, StalePage, filled, pages, stale_pages  # noqa: E402

README = ROOT / "README.md"
GUIDES = [README, *sorted((ROOT / "docs").glob("*.md"))]
"""The README and every page of docs/."""


def test_the_key_and_command_line_pages_are_written_from_the_code():
    assert stale_pages() == [], "stale: run python tools/generate_docs.py"


def test_check_says_nothing_is_stale_and_writes_nothing(capsys):
    before = {page: page.read_text(encoding="utf-8") for page in (KEYS_PAGE, CLI_PAGE)}
    assert generate_docs.main(["--check"]) == 0
    assert capsys.readouterr().err == ""
    assert {page: page.read_text(encoding="utf-8") for page in before} == before


def test_a_new_binding_makes_the_keys_page_stale(monkeypatch, capsys):
    from gmconsole.ui.widgets.roster import RosterPane

    before = KEYS_PAGE.read_text(encoding="utf-8")
    monkeypatch.setattr(RosterPane, "BINDINGS", [*RosterPane.BINDINGS, Binding(
        "z", "zap", "Zap", id="roster.zap", show=False, tooltip="zap the highlighted character")])
    assert generate_docs.main(["--check"]) == 1
    assert "docs/keys.md is stale: run python tools/generate_docs.py" in capsys.readouterr().err
    assert KEYS_PAGE.read_text(encoding="utf-8") == before  # --check writes nothing
    written = pages()[KEYS_PAGE]
    assert "| `z` | **Zap** the highlighted character | hidden | `roster.zap` |" in written
    assert written.index("roster.zap") < written.index("## Initiative (pane 2)")  # in the roster's table


def test_a_new_flag_makes_the_command_line_page_stale(monkeypatch):
    import gmconsole.cli as cli

    built = cli.build_parser

    def with_a_new_flag(argv=None):
        parser = built(argv)
        commands = next(a for a in parser._actions if a.dest == "command")
        commands.choices["rest"].add_argument("--fireside", action="store_true", help="rest by a fire")
        return parser

    monkeypatch.setattr(cli, "build_parser", with_a_new_flag)
    assert stale_pages() == ["docs/command-line.md"]
    section = pages()[CLI_PAGE].split("#### gmconsole rest\n")[1]
    assert "[--fireside]" in section and "| `--fireside` | rest by a fire |" in section


def test_a_screen_with_keys_and_no_place_on_the_page_is_named():
    page = KEYS_PAGE.read_text(encoding="utf-8")
    without = re.sub(r"<!-- generated: keys TrackerPane .*?<!-- end generated -->\n", "", page, flags=re.S)
    blocks = dict.fromkeys(m.group("name") for m in generate_docs.BLOCK.finditer(page))
    with pytest.raises(StalePage, match="no block for 'keys TrackerPane'"):
        filled(without, {name: "" for name in blocks}, "docs/keys.md")


def test_the_prose_around_a_block_is_kept_and_only_the_block_is_rewritten():
    page = ("# Keys\nIntro a GM reads.\n\n<!-- generated: keys X (note) -->\nold table\n<!-- end generated -->\n\n"
            "An example kept.\n")
    written = filled(page, {"keys X": "| new |"}, "page")
    assert written.startswith("# Keys\nIntro a GM reads.\n\n<!-- generated: keys X (")
    assert "\n| new |\n<!-- end generated -->\n\nAn example kept.\n" in written and "old table" not in written
    with pytest.raises(StalePage, match="'keys Y' is for nothing the code has"):
        filled(page.replace("keys X", "keys Y"), {"keys X": ""}, "page")


def test_the_keys_page_has_every_pane_with_what_its_keys_do():
    page = KEYS_PAGE.read_text(encoding="utf-8")
    assert "| `H` | **Harm** the highlighted character: type the amount, enter applies" in page
    assert "| `I` | **Statistics** — luck and statistics: what the dice did against the odds |" in page
    assert "| `ctrl+z` | **Undo** | shown | `main.undo` |" in page
    # the roll builder says which systems have each key: `m` is two bindings, one per family
    assert "| `m` | **TN mods** | shown | `roll.tn_modifiers` | `exploding` |" in page
    assert "| `m` | **Mods** | shown | `roll.skill_modifiers` | `myz`, `yze`, `yze-step` |" in page


def test_the_command_line_page_documents_the_sheet_and_gm_forms_of_roll():
    page = CLI_PAGE.read_text(encoding="utf-8")
    for system in ("myz", "yze", "yze-step", "exploding", "tiered"):
        assert f"##### gmconsole roll {system} --campaign --character\n" in page
        assert f"##### gmconsole roll {system} --campaign\n" in page
    assert "| [gmconsole rest](#gmconsole-rest) |" in page


# ------------------------------------------------------------------------------------------------ README
def _links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return [target for target in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", target)]


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("page", GUIDES, ids=lambda page: page.name)
def test_every_link_of_the_readme_and_docs_reaches_a_file_and_heading_the_repo_has(page):
    for link in _links(page):
        target, _, heading = link.partition("#")
        path = (page.parent / target) if target else page
        assert path.exists(), f"{page.name} links to {target}, which the repository does not have"
        if heading and path.suffix == ".md":
            assert heading in _anchors(path), f"{page.name} links to {link}: {path.name} has no such heading"


@pytest.mark.parametrize("page", GUIDES, ids=lambda page: page.name)
def test_every_file_a_page_cites_is_in_the_repo(page):
    """A path written in code (`gmconsole/ui/live_follow.py`, `data/compiled/*.json`) names a file or folder
    the repository has; a placeholder (`<lang>`) stands for any."""
    spans = re.findall(r"`([^`\n]+)`", page.read_text(encoding="utf-8"))
    cited = {word.rstrip(".,;:)") for span in spans for word in span.split()
             if re.match(r"(gmconsole|tools|tests|data|docs|bench|\.ci)/", word) and "<" not in word}
    missing = [path for path in sorted(cited) if not any(ROOT.glob(path))]
    assert missing == [], f"{page.name} cites what the repository does not have: {missing}"


def test_the_readme_is_at_most_150_lines():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 150


def _readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_gives_the_two_set_up_commands():
    assert _readme_commands()[:2] == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install . && gmconsole demo && gmconsole open yze-demo",
        'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && pytest -n auto',
    ]


def test_ci_runs_the_readme_test_command():
    """.ci/run makes the venv, installs the test extras and runs the tests as the README's command says,
    step by step and in its order."""
    steps = [shlex.join(shlex.split(step)) for step in _readme_commands()[1].split(" && ")]
    ci = [shlex.join(shlex.split(line)) for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if line.strip() and not line.lstrip().startswith("#")]
    where = [ci.index(step) for step in steps]
    assert where == sorted(where)
