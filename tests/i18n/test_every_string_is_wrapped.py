"""Every English string the GM can read is wrapped for translation (a test fails when a UI
string has no translation).

``tools/untranslated.py`` finds string literals that read as words and are not wrapped in ``_()``,
``N_()``, ``ngettext()`` or marked ``verbatim()``; the catalogue test then fails on a wrapped one with no
zh-Hant translation. (The finder reads words; a one-word label beside a placeholder, ``f"{n} dice"``, it
cannot see: the zh-Hant walks of the console and the CLI catch those on screen.)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import untranslated  # noqa: E402 - the tool lives outside the package


def test_no_string_the_gm_reads_is_left_unwrapped():
    found = untranslated.report([untranslated.PACKAGE])
    assert not found, "wrap these in _() (or verbatim() when they stay English on purpose):\n" + "\n".join(found[:40])


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
