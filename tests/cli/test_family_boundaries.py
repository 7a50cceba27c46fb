"""What differs by game family lives in the family's folder: the command line and the campaign modules
that are not one family's reach a family only through its object (``systems.family_of``, ``systems.get``),
never by importing its rules or its folder by name.

Read from the source (every import, at the top, inside a function or under ``if TYPE_CHECKING:``, relative
ones resolved), so an import that runs only on one path is found as surely as one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

import gmconsole

PACKAGE = Path(gmconsole.__file__).parent
FAMILY_RULES = tuple(f"gmconsole.systems.{p.name}" for p in sorted((PACKAGE / "systems").iterdir())
                     if p.is_dir() and (p / "__init__.py").exists())
"""Each family's rules package (``gmconsole.families.yearzero.rules``...): the folders under ``systems/``."""
FAMILY_FOLDERS = ("gmconsole.families.",)
"""The families' own folders (``gmconsole.families.yearzero``...)."""

CAMPAIGN_LEFTOVERS = ("model.py", "shown_names.py", "skills.py", "statistics_phrases.py", "role_limits.py",
                      "commands/typed_values.py", "counters.py", "commands/costs.py", "commands/trackers.py",
                      "facades/trackers.py")
"""The campaign modules of every family that read a family's rules for a plain fact (its push costs, its
attributes, its panic table, its tiers, its role limits): they ask the system or the family instead."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, as_module: Path | None = None) -> set[str]:
    """Every module ``path`` imports (and ``module.name`` for each name taken from one); relative imports are
    read as from the module at ``as_module`` (default: ``path`` itself)."""
    where = as_module or path
    here = _module_name(where).split(".")
    package = here if where.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _reaching_a_family(path: Path, as_module: Path | None = None) -> set[str]:
    return {name for name in _imported(path, as_module)
            if name.startswith(FAMILY_FOLDERS) or any(name == r or name.startswith(r + ".") for r in FAMILY_RULES)}


def test_the_reader_finds_a_family_import_in_a_function_and_a_relative_one(tmp_path):
    """The check itself: a lazy import and a relative one are both seen, a shared ``systems`` module is not."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from gmconsole.families.yearzero.rules.panic import panic_roll\n"
                      "from ..families import tiered\nfrom ..systems import harm\n", encoding="utf-8")
    found = _reaching_a_family(sample, as_module=PACKAGE / "cli" / "sample.py")
    assert "gmconsole.families.yearzero.rules.panic" in found and "gmconsole.families.tiered" in found
    assert not any(name.startswith("gmconsole.systems.harm") for name in found)


def test_no_command_line_module_imports_a_family_by_name():
    """``gmconsole/cli`` wires every family's flags and commands through the family objects; a command only
    one family has (Year Zero's ``panic``, ``outcome``, ``jury-rig``...) lives in that family's folder."""
    found = {path.relative_to(PACKAGE).as_posix(): sorted(names) for path in sorted((PACKAGE / "cli").rglob("*.py"))
             if (names := _reaching_a_family(path))}
    assert found == {}


def test_the_campaign_asks_the_system_for_a_family_fact():
    """Push costs, attributes, the panic table and its roll, a tier's name and the role limits come from the
    system or the family object, not from a family's rules named in the campaign."""
    found = {name: sorted(names) for name in CAMPAIGN_LEFTOVERS
             if (names := _reaching_a_family(PACKAGE / "campaign" / name))}
    assert found == {}
