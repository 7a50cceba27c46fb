"""One sentence, one msgid (docs/languages.md): a translator sees whole sentences with named placeholders,
never a fragment glued to data or to another fragment, since word order and spacing differ between
languages (Chinese puts no space between sentences, and its punctuation is full-width)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import update_catalogues as uc  # noqa: E402 - the tool lives outside the package

# A msgid that starts with a space or with punctuation that continues a sentence (", session 2",
# " (pushed)", "; the conflict goes on"), or ends with a space or with such punctuation ("{name}: ",
# "Now: {value}. "), is a piece of a sentence some code glues to another.
FRAGMENT = re.compile(r"^\s|^[,;:.·—)]|\s$|[,;(]$")

LABELS = {
    # list separators: a list is not a sentence (docs/languages.md)
    ", ", "; ", " and ", " or ",
    # argparse's own words, replaced in its output as argparse writes them (gmconsole.cli.argparse_words)
    "usage: ", "%(prog)s: error: %(message)s\n",
}
"""Msgids that look like fragments and are not: each is whole where it is used."""

LEFT_TO_MAKE_WHOLE: set[str] = set()
"""Fragments still glued, each with where and why; this list only shrinks."""

WRAPPERS = {"_", "ngettext", "pgettext", "npgettext"}


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


@pytest.fixture(scope="module")
def extracted():
    return uc.extracted()


def test_no_msgid_is_a_piece_of_a_sentence(extracted):
    """A msgid starting or ending with a space, a comma, a semicolon, a colon and space, an opening
    parenthesis... is glued into a sentence: say the whole sentence with named placeholders instead
    (``_("{summary} (pushed)")``, styled parts through ``gmconsole.ui.filled``)."""
    fragments = sorted({(message.context, text) for message in extracted if message.id
                        for text in _ids(message)
                        if FRAGMENT.search(text) and text not in LABELS | LEFT_TO_MAKE_WHOLE})
    assert not fragments, f"{len(fragments)} msgids are fragments of a sentence: {fragments}"


def test_the_allowed_fragments_are_still_in_the_code(extracted):
    """An allow-list entry the code no longer has is dropped from the list, so it cannot hide a new one."""
    every = {text for message in extracted if message.id for text in _ids(message)}
    assert (LABELS | LEFT_TO_MAKE_WHOLE) - every == set()


def _wrapped(node: ast.AST) -> bool:
    """``_("...")`` or ``_("...").format(...)`` (or ngettext, pgettext), or either branch of an ``if`` expression
    being one."""
    if isinstance(node, ast.IfExp):
        return _wrapped(node.body) or _wrapped(node.orelse)
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Name):
        return node.func.id in WRAPPERS
    return isinstance(node.func, ast.Attribute) and node.func.attr == "format" and _wrapped(node.func.value)


def _a_word(node: ast.AST) -> bool:
    """A string constant holding an English word (two letters or more): text no translator sees."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"[A-Za-z]{2}", node.value) \
        is not None


def _glued(tree: ast.AST) -> list[tuple[int, str]]:
    """Translated text joined with ``+`` (or ``+=``) to more translated text or to an untranslated word."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) and _wrapped(node.value):
            found.append((node.lineno, ast.unparse(node)[:100]))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = node.left, node.right
            if (_wrapped(left) and (_wrapped(right) or _a_word(right))) or (_wrapped(right) and _a_word(left)):
                found.append((node.lineno, ast.unparse(node)[:100]))
    return found


GLUED_SENTENCES = {
    # the help screen's last line: two whole sentences, two spaces apart
    "gmconsole/ui/screens/help.py",
}
"""Files where two whole translated sentences are set side by side on purpose."""


def test_no_translated_word_is_glued_to_another_with_plus():
    """``_("C: apply one") + _(" (applied: {names})")`` or ``_("pushed") + " twice"``: a sentence in pieces.
    Proven on a sample first, so the check cannot pass by finding nothing."""
    sample = ast.parse('a = _("C: apply one") + (_(" (applied)") if applied else "")\nb = "rolls " + _("pushed")\n'
                       'c = "1 " + _("Roster")\nd = _("{summary} (pushed)").format(summary=s)\nd += _(" (pushed)")\n')
    assert sorted(line for line, _text in _glued(sample)) == [1, 2, 5]
    found = []
    for path in sorted((ROOT / "gmconsole").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name not in GLUED_SENTENCES:
            found += [f"{name}:{line}: {text}" for line, text in _glued(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, found
