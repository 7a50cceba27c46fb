"""Find the English the GM could read that is not wrapped for translation (English left in a translated console).

    python tools/untranslated.py [PATH ...]   # list each unwrapped string (default: the whole package)

A string literal (or an f-string's literal parts) counts when it reads as words: two words of two or more
letters separated by a space ("cannot push"), or one capitalised word ("Roster"). It is fine when it is
wrapped in ``_()``, ``N_()``, ``ngettext()`` or ``pgettext()``, when it is a docstring, Textual CSS, ``__all__``,
a log line, or when it is marked :func:`gmconsole.i18n.verbatim` — text that is the same in every language (a file
format's words, a JSON value scripts compare, a protocol word). ``tests/i18n/test_every_string_is_wrapped.py``
fails on any other.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gmconsole"
WORDS = re.compile(r"[A-Za-z]{2,}'?[a-z]*[,;:]?\s+\(?[A-Za-z]{2,}")
CAPITALISED = re.compile(r"^\s*[A-Z][a-z]{2,}[:.!?]?\s*$")
WRAPPERS = {"_", "N_", "NP_", "ngettext", "pgettext", "verbatim"}
"""Calls whose string arguments are translated (or kept as written on purpose)."""
NOT_FOR_THE_GM = {"debug", "info", "warning", "exception", "critical", "getLogger", "log"}
"""Calls whose text goes to a log file, not to the screen."""
EXEMPT_NAMES = {"DEFAULT_CSS", "CSS", "__all__"}
"""Assignments whose strings are Textual CSS or a module's public names."""


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else []:
            if (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)):
                found.add(id(statement.value))
    return found


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _reads_as_words(text: str) -> bool:
    return bool(WORDS.search(text) or CAPITALISED.match(text))


def unwrapped(path: Path) -> list[tuple[int, str]]:
    """``(line, text)`` of every string in ``path`` that reads as words and is not wrapped."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    parent: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parent[id(child)] = node
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
              and not isinstance(parent.get(id(node)), (ast.JoinedStr, ast.FormattedValue))):
            text = node.value
        else:
            continue
        if not _reads_as_words(text) or _exempt(node, parent):
            continue
        found.append((node.lineno, text))
    return found


def _exempt(node: ast.AST, parent: dict[int, ast.AST]) -> bool:
    above = parent.get(id(node))
    while above is not None:
        if isinstance(above, ast.Call) and _call_name(above) in WRAPPERS | NOT_FOR_THE_GM:
            return True
        if isinstance(above, (ast.Assign, ast.AnnAssign)):
            targets = above.targets if isinstance(above, ast.Assign) else [above.target]
            if any(isinstance(t, ast.Name) and t.id in EXEMPT_NAMES for t in targets):
                return True
        above = parent.get(id(above))
    return False


def report(paths: list[Path]) -> list[str]:
    lines = []
    for base in paths:
        for path in sorted(base.rglob("*.py")) if base.is_dir() else [base]:
            for line, text in unwrapped(path):
                shown = text.replace("\n", "\\n")
                lines.append(f"{path.resolve().relative_to(ROOT)}:{line}: {shown[:100]}")
    return lines


if __name__ == "__main__":
    found = report([Path(arg) for arg in sys.argv[1:]] or [PACKAGE])
    print("\n".join(found))
    print(f"{len(found)} unwrapped", file=sys.stderr)
