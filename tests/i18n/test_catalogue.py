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
    missing = [(m.context, m.id) for m in extracted
               if m.id and (zh_hant.get(m.id, m.context) is None or not all(_strings(zh_hant.get(m.id, m.context))))]
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


def test_the_pot_and_po_hold_exactly_the_code_msgids_and_the_mo_is_compiled_from_it():
    """``tools/update_catalogues.py --check``: a msgid added or dropped in the code, a .pot or .po not
    updated, or a .po edited without compiling, fails."""
    assert uc.main(["--check"]) == 0


def test_the_template_keeps_each_msgid_s_source_locations_and_contexts(extracted):
    """The standard workflow's ``.pot``: every msgid with the file and line it is used at."""
    template = uc.read(uc.TEMPLATE)
    assert uc.keys(template) == uc.keys(extracted)
    assert all(m.locations for m in template if m.id)
    roster = template.get("Roster")
    assert all(path.startswith("gmconsole/") and line > 0 for path, line in roster.locations)
    assert any(m.context for m in template if m.id), "no msgid carries a pgettext context"
    text = uc.TEMPLATE.read_text(encoding="utf-8")
    assert "\n#: gmconsole/" in text and "\nmsgctxt " in text


def test_a_translator_comment_reaches_the_template_and_the_po(extracted):
    """``# Translators: ...`` above a wrapped string is kept (``#.``) for whoever translates it."""
    commented = [m for m in extracted if m.id and any(c.startswith("Translators:") for c in m.auto_comments)]
    assert commented
    for path in [uc.TEMPLATE, *uc.po_files()]:
        read = uc.read(path)
        for message in commented:
            assert read.get(message.id, message.context).auto_comments == message.auto_comments, path


def test_a_moved_line_does_not_fail_the_check_but_a_new_msgid_does(tmp_path, monkeypatch):
    """The check compares msgids, not line numbers: the locations may lag behind the code until the next
    run of the tool; a msgid the catalogues lack fails."""
    template = uc.extracted()
    for message in template:
        message.locations = [(path, line + 7) for path, line in message.locations]
    assert uc.problems_in(template) == []
    template.add("A sentence nobody has translated yet", locations=[("gmconsole/x.py", 1)])
    problems = uc.problems_in(template)
    assert any("gmconsole.pot" in p for p in problems) and any("gmconsole.po " in p for p in problems)


def test_the_tool_updates_a_po_as_pybabel_update_does(tmp_path, monkeypatch):
    """Reviewed translations kept, a new msgid empty (never a fuzzy guess), a dropped one gone, the .mo
    compiled; run again, nothing changes."""
    from babel.messages.catalog import Catalog

    package = tmp_path / "pkg"
    (package / "locale" / "xx" / "LC_MESSAGES").mkdir(parents=True)
    (package / "m.py").write_text("from gmconsole.i18n import _, pgettext\n"
                                  "# Translators: the key that pushes a roll\n"
                                  "a = pgettext('key', 'Push')\nb = _('Pushed roll')\nc = _('Roster')\n")
    po = Catalog(locale="zh_Hant", domain=uc.DOMAIN)
    po.add("Roster", "角色名冊")
    po.add("Pushed rolls", "強推過的擲骰")
    po.add("Gone", "已刪")
    po_path = package / "locale" / "xx" / "LC_MESSAGES" / "gmconsole.po"
    po_path.write_bytes(uc.po_text(po))
    monkeypatch.setattr(uc, "PACKAGE", package)
    monkeypatch.setattr(uc, "ROOT", tmp_path)
    monkeypatch.setattr(uc, "LOCALE", package / "locale")
    monkeypatch.setattr(uc, "TEMPLATE", package / "locale" / "gmconsole.pot")
    assert uc.main(["--check"]) == 1
    assert uc.main([]) == 0
    updated = uc.read(po_path)
    assert updated.get("Roster").string == "角色名冊"
    assert updated.get("Pushed roll").string == "" and not updated.get("Pushed roll").fuzzy
    assert updated.get("Gone") is None and not updated.obsolete
    assert updated.get("Push", "key").auto_comments == ["Translators: the key that pushes a roll"]
    assert "#: gmconsole/m.py:3" in (package / "locale" / "gmconsole.pot").read_text(encoding="utf-8")
    assert po_path.with_suffix(".mo").exists()
    before = {p: p.read_bytes() for p in (package / "locale").rglob("*.*")}
    assert uc.main([]) == 0 and uc.main(["--check"]) == 0
    assert {p: p.read_bytes() for p in (package / "locale").rglob("*.*")} == before


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
