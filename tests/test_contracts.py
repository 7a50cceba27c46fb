"""The package keeps its shape (issue 13): import contracts, structure checks and ruff.

Each import-linter contract in ``pyproject.toml`` and each check of ``tools/check_structure.py`` is
its own test, so a broken rule names itself. ``docs/ARCHITECTURE.md`` says why each rule exists.
"""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"

def _contract_ids() -> list[str]:
    with PYPROJECT.open("rb") as file:
        return [contract["id"] for contract in tomllib.load(file)["tool"]["importlinter"]["contracts"]]


@functools.cache
def _structure_tool():
    spec = importlib.util.spec_from_file_location("check_structure", ROOT / "tools" / "check_structure.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def lint_cache(tmp_path_factory) -> str:
    """One import graph for all the contracts (building it is most of lint-imports' time)."""
    return str(tmp_path_factory.mktemp("import_linter_cache"))


CONTRACTS = ("pure-rules", "ui-not-store", "layers", "acyclic-packages")


def test_every_contract_has_a_test():
    assert set(_contract_ids()) == set(CONTRACTS)


@pytest.mark.parametrize("contract", CONTRACTS)
def test_import_contract_is_kept(contract, lint_cache, monkeypatch, capsys):
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    status = lint_imports(config_filename=str(PYPROJECT), limit_to_contracts=(contract,),
                          cache_dir=lint_cache, no_logo=True)
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize("check", ("cycles", "sizes", "system_ids", "private_reach"))
def test_structure_check_finds_nothing(check):
    findings = _structure_tool().CHECKS[check]()
    assert findings == []


def test_structure_checks_catch_what_they_are_for(tmp_path, monkeypatch):
    """Each check finds a planted breach, so a clean result means something."""
    tool = _structure_tool()
    package = tmp_path / "gmconsole"
    (package / "campaign").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "campaign" / "__init__.py").write_text("from gmconsole.campaign.a import A\n")
    (package / "campaign" / "a.py").write_text(
        "from gmconsole.campaign import b\nA = 1\n"
        "def f(system, service):\n"
        "    if system == 'tiered' or system in YEAR_ZERO_SYSTEMS:\n"
        "        return service._store\n" + "\n" * 500
    )
    (package / "campaign" / "b.py").write_text("from gmconsole.campaign.a import A\n")
    monkeypatch.setattr(tool, "PACKAGE", package)
    monkeypatch.setattr(tool, "system_ids", lambda: {"tiered", "yze"})
    assert tool.cycles() == [
        "import cycle of 3 modules: gmconsole.campaign, gmconsole.campaign.a, gmconsole.campaign.b"
    ]
    assert tool.sizes() == ["gmconsole.campaign.a: 505 lines (over 500)"]
    assert [line.split(": ")[0] for line in tool.system_id_comparisons()] == ["gmconsole.campaign.a:4"] * 2
    assert [line.split(": ")[0] for line in tool.private_reach()] == ["gmconsole.campaign.a:5"]


def test_the_architecture_page_explains_every_contract_and_check():
    page = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for name in (*_contract_ids(), *_structure_tool().CHECKS):
        assert f"| `{name}` (" in page, f"docs/ARCHITECTURE.md does not explain {name}"


def _ruff(*paths: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *paths],
                          cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_is_clean():
    result = _ruff(".")
    assert result.returncode == 0, result.stdout
