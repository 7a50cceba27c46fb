"""The package keeps its shape: import contracts, structure checks, ruff, and mypy (strict on the lower layers).

Each import-linter contract in ``pyproject.toml`` and each check of ``tools/check_structure.py`` is
its own test, so a broken rule names itself. ``docs/ARCHITECTURE.md`` says why each rule exists.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import logging
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


CONTRACTS = ("pure-rules", "ui-not-store", "layers", "independent-families", "family-layers", "acyclic-packages")


def test_every_contract_has_a_test():
    assert set(_contract_ids()) == set(CONTRACTS)


@contextlib.contextmanager
def loggers_kept():
    """Put every logger's ``disabled`` flag back afterwards: import-linter configures logging with
    ``dictConfig``, which disables every logger that exists already (``gmconsole.store.atomic`` among
    them), so a console test later in the same worker saw no log line reach its status line."""

    def flags():
        return {name: logger.disabled for name, logger in logging.Logger.manager.loggerDict.items()
                if isinstance(logger, logging.Logger)}

    before = flags()
    try:
        yield
    finally:
        for name, disabled in before.items():
            logging.getLogger(name).disabled = disabled


def _lint(contract: str, cache_dir, monkeypatch) -> int:
    """import-linter's status for one contract, run in this process (its logging set-up undone)."""
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    with loggers_kept():
        return lint_imports(config_filename=str(PYPROJECT), limit_to_contracts=(contract,),
                            cache_dir=cache_dir, no_logo=True)


@pytest.mark.parametrize("contract", CONTRACTS)
def test_import_contract_is_kept(contract, lint_cache, monkeypatch, capsys):
    assert _lint(contract, lint_cache, monkeypatch) == 0, capsys.readouterr().out


def test_checking_the_contracts_leaves_the_consoles_loggers_on(lint_cache, monkeypatch):
    """Without :func:`loggers_kept` import-linter switched ``gmconsole``'s loggers off for the rest of
    the worker's tests (a console test then saw no warning in its status line, in some full runs)."""
    from importlinter.cli import lint_imports

    import gmconsole.store.atomic  # noqa: F401 - its logger exists before the contracts are checked

    atomic = logging.getLogger("gmconsole.store.atomic")
    assert _lint(CONTRACTS[0], lint_cache, monkeypatch) == 0
    assert not atomic.disabled
    with loggers_kept():
        lint_imports(config_filename=str(PYPROJECT), limit_to_contracts=(CONTRACTS[0],), cache_dir=lint_cache,
                     no_logo=True)
        assert atomic.disabled  # what import-linter does to a logger that exists: the reason for the guard
    assert not atomic.disabled


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
        "        return service._store\n" + "\n" * 600
    )
    (package / "campaign" / "b.py").write_text("from gmconsole.campaign.a import A\n")
    monkeypatch.setattr(tool, "PACKAGE", package)
    monkeypatch.setattr(tool, "system_ids", lambda: {"tiered", "yze"})
    assert tool.cycles() == [
        "import cycle of 3 modules: gmconsole.campaign, gmconsole.campaign.a, gmconsole.campaign.b"
    ]
    assert tool.sizes() == ["gmconsole.campaign.a: 605 lines (over 600)"]
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


# The layers mypy holds to its strict mode (pyproject.toml's [[tool.mypy.overrides]]), as paths to check.
STRICT_PACKAGES = ("gmconsole/rules", "gmconsole/systems", "gmconsole/families/yearzero/rules",
                   "gmconsole/families/exploding/rules", "gmconsole/families/tiered/rules", "gmconsole/store")


def _mypy(*paths: str, cwd: Path = ROOT, cache_dir: Path | None = None) -> subprocess.CompletedProcess:
    """mypy with the project's configuration; its cache (``.mypy_cache`` by default) makes a rerun cheap."""
    cache = ["--cache-dir", str(cache_dir)] if cache_dir is not None else []
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(PYPROJECT), *cache, *paths],
                          cwd=cwd, capture_output=True, text=True, check=False)


def test_the_lower_layers_are_typed_strictly():
    """rules/, systems/, each family's rules/ and store/ pass mypy's strict checks: every function annotated, no
    bare generics, no Any returned as a typed value. About 2.5 s from a cold cache, 0.2 s warm (.mypy_cache)."""
    result = _mypy(*STRICT_PACKAGES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_whole_package_type_checks():
    """``mypy gmconsole`` finds nothing with the project's settings (strict on rules/, systems/ and store/, above):
    the facades, the command modules and the ledger agree on their types; the panes read a typed
    ``ConsoleApp``; the roll builder's controller and dialogs are typed against the pane's ``BuilderView``; the
    families' parts against the Protocols each layer reads them through. About 20 s from a cold cache, 1-2 s
    warm (.mypy_cache)."""
    result = _mypy("gmconsole")
    assert result.returncode == 0, result.stdout + result.stderr


# What `mypy --strict` turns on (mypy 2.4), per module; warn_redundant_casts, global only, is set for all.
STRICT_FLAGS = {
    "disallow_any_generics": True, "disallow_subclassing_any": True, "disallow_untyped_calls": True,
    "disallow_untyped_defs": True, "disallow_incomplete_defs": True, "check_untyped_defs": True,
    "disallow_untyped_decorators": True, "warn_unused_ignores": True, "warn_return_any": True,
    "implicit_reexport": False, "strict_equality": True, "extra_checks": True,
}


def test_strict_mode_covers_the_lower_layers():
    """The configuration gives each lower layer every strict flag, so a clean run above means strict; and
    no section says ``strict = true``, which mypy would apply to every module, not only the section's."""
    with PYPROJECT.open("rb") as file:
        mypy = tomllib.load(file)["tool"]["mypy"]
    assert mypy["warn_redundant_casts"] is True
    assert "strict" not in mypy and not any("strict" in override for override in mypy["overrides"])
    for path in STRICT_PACKAGES:
        module = path.replace("/", ".") + ".*"
        flags: dict[str, bool] = {}
        for override in mypy["overrides"]:
            if module in override["module"]:
                flags |= {flag: value for flag, value in override.items() if flag != "module"}
        assert {flag: flags.get(flag) for flag in STRICT_FLAGS} == STRICT_FLAGS, module


def test_strict_mode_catches_an_untyped_function(tmp_path):
    """A planted module of rules/ with an unannotated function fails the check, so a clean result means something."""
    package = tmp_path / "gmconsole" / "rules"
    package.mkdir(parents=True)
    (tmp_path / "gmconsole" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "planted.py").write_text("def doubled(value):\n    return value * 2\n")
    result = _mypy("gmconsole/rules", cwd=tmp_path, cache_dir=tmp_path / "cache")
    assert result.returncode == 1
    assert "planted.py:1: error: Function is missing a type annotation  [no-untyped-def]" in result.stdout


FAMILY_PACKAGES = ("gmconsole.families",) + tuple(
    f"gmconsole.systems.{path.name}" for path in sorted((ROOT / "gmconsole" / "systems").iterdir())
    if (path / "__init__.py").is_file())
"""A game family's own code: its folder under ``families/`` and its rules under ``systems/<family>/``."""


def _family_imports(path: Path, root: Path = ROOT) -> list[str]:
    """``line: module`` for each import of a family's own code in the module at ``path`` (any import: at the
    top, inside a function, or only for type checking)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        hit = next((n for n in names if any(n == p or n.startswith(p + ".") for p in FAMILY_PACKAGES)), None)
        if hit is not None:
            found.append(f"{path.relative_to(root)}:{node.lineno}: {hit}")
    return found


def test_the_campaign_reaches_a_family_only_through_its_engine():
    """No module of gmconsole/campaign imports a game family's code by name (its folder under families/, its rules
    under systems/<family>/): what differs by family is asked of the family's roll engine and its parts
    (campaign/sheet_rolls.engine_of, campaign/engine_parts), so a family can be its own package."""
    found = [line for path in sorted((ROOT / "gmconsole" / "campaign").rglob("*.py")) for line in _family_imports(path)]
    assert found == []


def test_the_family_import_check_sees_every_kind_of_import(tmp_path):
    """A planted module with a top-level, a function-level and a type-only import of a family's code is caught
    three times, and the neutral systems package is not, so an empty result above means something."""
    planted = tmp_path / "planted.py"
    text = "\n".join([
        "from typing import TYPE_CHECKING",
        "from gmconsole import systems",
        "from gmconsole.systems.base import GameSystem",
        "import gmconsole.families.tiered",
        "if TYPE_CHECKING:",
        "    from gmconsole.families.yearzero.rules.roll import Pool",
        "def f():",
        "    from gmconsole.families.exploding.rules import roll",
    ]) + "\n"
    planted.write_text(text, encoding="utf-8")
    found = _family_imports(planted, tmp_path)
    assert [line.split(": ")[1] for line in found] == [
        "gmconsole.families.tiered", "gmconsole.families.yearzero.rules.roll", "gmconsole.families.exploding.rules"]
