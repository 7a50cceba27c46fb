"""Every English string the GM can read is wrapped for translation (issue 16: "a test fails when a UI
string has no translation").

``tools/untranslated.py`` finds string literals that read as words and are not wrapped in ``_()``,
``N_()``, ``ngettext()`` or marked ``verbatim()``; the catalogue test then fails on a wrapped one with no
zh-Hant translation. ``unwrapped_baseline.txt`` lists what is not wrapped yet: a string not listed fails,
and so does a listed one that is gone (the list only shrinks).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import untranslated  # noqa: E402 - the tool lives outside the package

BASELINE = Path(__file__).with_name("unwrapped_baseline.txt")


def _found() -> set[str]:
    return {re.sub(r":\d+: ", ": ", line, count=1) for line in untranslated.report([untranslated.PACKAGE])}


def _listed() -> set[str]:
    if not BASELINE.exists():
        return set()
    return {line for line in BASELINE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")}


def test_no_string_the_gm_reads_is_left_unwrapped():
    new = sorted(_found() - _listed())
    assert not new, "wrap these in _() (or verbatim() when they stay English on purpose):\n" + "\n".join(new[:40])


def test_the_baseline_lists_only_strings_still_unwrapped():
    gone = sorted(_listed() - _found())
    assert not gone, "delete these lines from unwrapped_baseline.txt (they are wrapped now):\n" + "\n".join(gone[:40])


def test_the_finder_sees_a_forgotten_string_and_passes_a_wrapped_one(tmp_path):
    module = tmp_path / "module.py"
    module.write_text('from gmconsole.i18n import _\n'
                      'def f(app):\n'
                      '    """A docstring is not for the GM."""\n'
                      '    app.notify("cannot push this roll")\n'
                      '    app.notify(_("cannot push that roll"))\n'
                      '    app.notify(f"{app.name} is broken")\n'
                      '    return "Roster", "pane-roster"\n', encoding="utf-8")
    found = [text for _line, text in untranslated.unwrapped(module)]
    assert found == ["cannot push this roll", " is broken", "Roster"]
