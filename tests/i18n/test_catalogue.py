"""The zh-Hant catalogue is complete and compiled: a string wrapped in the code without a reviewed
translation, a placeholder lost in translation, or a .po edited without compiling its .mo fails here."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import update_catalogues as uc  # noqa: E402 - the tool lives outside the package

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(scope="module")
def extracted():
    return uc.extracted()


@pytest.fixture(scope="module")
def zh_hant():
    return uc.read(uc.LOCALE / "zh_Hant" / "LC_MESSAGES" / "gmconsole.po")


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def test_every_wrapped_string_has_a_reviewed_translation(extracted, zh_hant):
    missing = [m.id for m in extracted if m.id and (zh_hant.get(m.id) is None or not all(_strings(zh_hant.get(m.id))))]
    fuzzy = [m.id for m in zh_hant if m.id and m.fuzzy]
    assert not missing, f"{len(missing)} msgids have no zh-Hant translation (run tools/update_catalogues.py, " \
                        f"then translate): {missing[:10]}"
    assert not fuzzy, f"fuzzy (unreviewed) translations: {fuzzy[:10]}"


def test_placeholders_are_the_same_in_every_translation(zh_hant):
    wrong = []
    for message in zh_hant:
        if not message.id:
            continue
        wanted = sorted(PLACEHOLDER.findall(_ids(message)[0]))
        for text in _strings(message):
            if sorted(PLACEHOLDER.findall(text)) != wanted:
                wrong.append((_ids(message)[0], text))
    assert not wrong, wrong[:5]


def test_the_po_holds_exactly_the_code_msgids_and_the_mo_is_compiled_from_it():
    """``tools/update_catalogues.py --check``: a msgid added or dropped in the code, or a .po edited
    without compiling, fails."""
    assert uc.main(["--check"]) == 0


def test_a_translation_is_read_at_run_time_without_babel():
    """The console reads the compiled .mo with the standard library; Babel stays a tool dependency."""
    import subprocess

    code = ("import sys; from gmconsole.i18n import set_language, _; set_language('zh-Hant'); "
            "print(_('Roster')); print('babel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.split() == ["角色名冊", "False"]


def test_no_module_that_translates_also_names_a_variable_underscore():
    """A ``for _ in ...`` or ``_ = ...`` in a function that calls ``_()`` makes ``_`` local there: the call
    then fails at run time (UnboundLocalError), only in the language it was meant for."""
    found = []
    for path in sorted((ROOT / "gmconsole").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        translates = any(isinstance(node, ast.ImportFrom) and node.module == "gmconsole.i18n"
                         and any(alias.name == "_" for alias in node.names) for node in ast.walk(tree))
        for node in ast.walk(tree) if translates else ():
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
