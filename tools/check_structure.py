"""Check the shape of the ``gmconsole`` package that import-linter cannot express.

    python tools/check_structure.py            # every check; exit status 1 when any finds something
    python tools/check_structure.py cycles     # only the named checks

The checks, each a function returning one line per finding:

- ``cycles``: no import cycle between modules. Every import counts, the ones inside functions too
  (they run at table time just the same); only imports under ``if TYPE_CHECKING:`` are left out.
  ``from package import name`` also imports the package itself, so it counts as an edge to the
  package's ``__init__``.
- ``sizes``: no module over :data:`MAX_LINES` lines.
- ``system_ids``: outside ``gmconsole/systems/`` no code compares a game-system id as a string
  (``system == "tiered"``, ``system in ("yze", "myz")``, ``... in YEAR_ZERO_SYSTEMS``): what differs by
  system is asked of the system object.
- ``private_reach``: no module uses the private members of the campaign service, its ledger or its
  store from outside (``service._store``, ``self.app.service._commit``): the owner offers a public
  method instead.

``tests/test_contracts.py`` runs each check; ``docs/ARCHITECTURE.md`` explains why each rule exists.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gmconsole"
MAX_LINES = 600
"""The most lines a module may have (the shared checker's limit; modules aim for about 500, to leave room)."""

SYSTEM_GROUPS = ("YEAR_ZERO_SYSTEMS",)
"""Names of id groups: ``... in YEAR_ZERO_SYSTEMS`` decides by id as surely as ``== "yze"`` does."""
OWNERS = frozenset({"service", "svc", "ledger", "store", "_service", "_store", "_ledger"})
"""Names an object whose private members belong to it alone is reached through."""


def modules(package: Path | None = None) -> dict[str, Path]:
    """Dotted module name → file, for every module of ``package`` (``gmconsole``)."""
    package = PACKAGE if package is None else package
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


@functools.cache
def parsed(path: Path) -> tuple[list[str], ast.Module]:
    """A module's lines and syntax tree, parsed once for all the checks."""
    text = path.read_text(encoding="utf-8")
    return text.splitlines(), ast.parse(text)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    return skipped


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of the package that module ``name`` (file ``path``) imports."""
    tree = parsed(path)[1]
    skipped = _type_checking_nodes(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return {module for module in found if module in known and module != name}


def import_graph(known: dict[str, Path] | None = None) -> dict[str, set[str]]:
    """Module → the package's modules it imports."""
    known = modules() if known is None else known
    return {name: imports_of(name, path, known) for name, path in known.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (Tarjan, iterative)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in graph:
        if start in order:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in order:
                    order[child] = low[child] = len(order)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], order[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == order[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def cycles() -> list[str]:
    """One line per group of modules that import each other."""
    return [f"import cycle of {len(group)} modules: {', '.join(group)}"
            for group in strongly_connected(import_graph())]


def sizes() -> list[str]:
    """One line per module over :data:`MAX_LINES` lines."""
    found = []
    for name, path in modules().items():
        count = len(parsed(path)[0])
        if count > MAX_LINES:
            found.append(f"{name}: {count} lines (over {MAX_LINES})")
    return found


def system_ids() -> set[str]:
    """The ids gmconsole knows (``gmconsole.systems.SYSTEM_IDS``: pure, so cheap to import)."""
    sys.path.insert(0, str(ROOT))
    try:
        from gmconsole.systems import SYSTEM_IDS
    finally:
        sys.path.remove(str(ROOT))
    return set(SYSTEM_IDS)


def _names_an_id(node: ast.AST, ids: set[str]) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in ids
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_an_id(item, ids) for item in node.elts)
    if isinstance(node, ast.Name):
        return node.id in SYSTEM_GROUPS
    if isinstance(node, ast.Attribute):
        return node.attr in SYSTEM_GROUPS
    return False


def system_id_comparisons() -> list[str]:
    """One line per comparison with a system id (or a group of ids) outside ``gmconsole/systems/``."""
    ids = system_ids()
    found = []
    for name, path in modules().items():
        if name == "gmconsole.systems" or name.startswith("gmconsole.systems."):
            continue
        lines, tree = parsed(path)
        for node in ast.walk(tree):
            sides = (node.left, *node.comparators) if isinstance(node, ast.Compare) else ()
            if any(_names_an_id(side, ids) for side in sides):
                line = lines[node.lineno - 1].strip()[:90]
                found.append(f"{name}:{node.lineno}: system id compared as a string: {line}")
    return found


def _owner(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _own_members(tree: ast.AST) -> set[str]:
    """The members a module's own classes define (methods, ``self.x = ...``): using them on another
    instance of the same class (``store = cls(...); store._state_db``) is no reach-in."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            own.update(item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _owner(node.value) == "self":
            own.add(node.attr)
    return own


def private_reach() -> list[str]:
    """One line per use of a private member of the service, its ledger or its store from outside."""
    found = []
    for name, path in modules().items():
        lines, tree = parsed(path)
        own = _own_members(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
                continue
            if _owner(node.value) in OWNERS and node.attr not in own:
                found.append(f"{name}:{node.lineno}: reaches into {ast.unparse(node.value)}'s private "
                             f"{node.attr}: {lines[node.lineno - 1].strip()[:90]}")
    return found


CHECKS: dict[str, Callable[[], list[str]]] = {
    "cycles": cycles,
    "sizes": sizes,
    "system_ids": system_id_comparisons,
    "private_reach": private_reach,
}


def main(argv: list[str]) -> int:
    chosen = argv or list(CHECKS)
    unknown = [name for name in chosen if name not in CHECKS]
    if unknown:
        print(f"unknown check {', '.join(unknown)}: choose from {', '.join(CHECKS)}", file=sys.stderr)
        return 2
    total = 0
    for check in chosen:
        for line in CHECKS[check]():
            print(line)
            total += 1
    print(f"structure: {total} findings" if total else "structure: clean")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
