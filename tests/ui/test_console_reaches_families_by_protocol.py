"""The console reaches a game family only through its console part (:func:`gmconsole.ui.family_console.console_of`):
no module of ``gmconsole/ui`` imports a family's folder (``gmconsole.families.<family>``, its rules included)
by name, so a family's words, forms and flows live in its own folder."""

from __future__ import annotations

import ast
from pathlib import Path

import gmconsole
from gmconsole import systems

UI = Path(gmconsole.__file__).parent / "ui"


def _family_packages() -> tuple[str, ...]:
    """The folders of the families found (``gmconsole.families.yearzero``..., and a family installed as its own
    package), read from each family object, so a family added later is covered too."""
    return tuple(sorted({type(family).__module__ for family in systems.all_families()}))


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module name an ``import`` or ``from ... import`` names, with its line (``from a import b``
    names ``a`` and ``a.b``, so ``from gmconsole.families.yearzero import rules as yearzero`` is seen)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _forbidden(name: str, families: tuple[str, ...]) -> bool:
    return any(name == f or name.startswith(f + ".") for f in (*families, "gmconsole.families"))


def test_the_family_packages_are_known():
    """The list the next test checks against is not empty: the three families' folders are found."""
    assert {"gmconsole.families.yearzero", "gmconsole.families.exploding",
            "gmconsole.families.tiered"} <= set(_family_packages())


def test_no_ui_module_imports_a_family_by_name():
    families = _family_packages()
    found = []
    for path in sorted(UI.rglob("*.py")):
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            if _forbidden(name, families):
                found.append(f"{path.relative_to(UI.parent)}:{line} imports {name}")
    assert sorted(set(found)) == []


def test_the_check_sees_an_import_of_a_family():
    """The walk sees each way of naming a family's module (so the test above can fail)."""
    families = _family_packages()
    source = ("import gmconsole.families.tiered.rules.roll\nfrom gmconsole.families.exploding import rules\n"
              "def f():\n    from gmconsole.families.yearzero.rules.sixes import every_six\n"
              "from gmconsole.families.yearzero import console\nfrom gmconsole.systems import words\n")
    named = {name for _line, name in _imported(ast.parse(source)) if _forbidden(name, families)}
    assert named == {"gmconsole.families.tiered.rules.roll", "gmconsole.families.exploding",
                     "gmconsole.families.exploding.rules",
                     "gmconsole.families.yearzero.rules.sixes", "gmconsole.families.yearzero.rules.sixes.every_six",
                     "gmconsole.families.yearzero", "gmconsole.families.yearzero.console"}
