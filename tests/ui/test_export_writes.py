"""Exports are written only where the GM meant, by the keys a GM presses.

- The file offered is named after the campaign's folder, never after the ``name`` stored in its
  ``campaign.json`` (a hostile file naming itself ``../../escaped`` used to export out of the export folder).
- A file already at that name is replaced only after a question naming it; ``n`` keeps it and asks for
  another name, ``y`` replaces it whole (a new file renamed over the name: another name of the old file,
  a hard link, keeps the old text).
- A symbolic link at that name is refused in the dialog, never written through.
Each test reads what the GM reads and compares every file under the test's folder before and after.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from pilot_harness import drive, press
from textual.widgets import Input, Static

from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.screens.line_entry import LineEntryScreen

HOSTILE_NAME = "../../escaped"
"""A stored name that, used as a file name in ``<data>/exports``, lands in the test's own folder."""


def _plant_name(root: Path, folder: str, name: str) -> None:
    path = root / folder / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["name"] = name
    path.write_text(json.dumps(document), encoding="utf-8")


def _files(top: Path) -> dict[str, str]:
    """Every file and link under ``top``: its path → a digest of its bytes (or where a link points)."""
    found = {}
    for path in sorted(top.rglob("*")):
        key = str(path.relative_to(top))
        if path.is_symlink():
            found[key] = "link to " + os.readlink(path)
        elif path.is_file():
            found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


SUMMARY = re.compile(r"/history/session-\d+/(stats|rows|recap)-\d+\.json$")
"""The summaries a read of the history keeps beside each chunk (a cache inside the campaign folder)."""


def _changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    """The files written, but the chunks' summaries an export's read made."""
    return {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)
            and not SUMMARY.search(key)}


def _error(app) -> str:
    return str(app.screen.query_one("#faces-error", Static).render())


def test_a_stored_name_with_dots_and_slashes_never_moves_an_export_out_of_the_export_folder(
        make_app, demo_root, tmp_path):
    _plant_name(demo_root, "myz-demo", HOSTILE_NAME)
    app = make_app("myz-demo")
    app.service.rolls.roll("c1", None, attribute="strength", faces="base=6,1,3")
    exports = demo_root / "exports"
    seen = {}

    async def steps(pilot) -> None:
        before = _files(tmp_path)
        await press(pilot, "h", "m")
        seen["hint"] = str(app.screen.query_one("#faces-hint", Static).render())
        await press(pilot, "enter")
        seen["markdown"] = str(app.screen.query_one("#hist-message").render())
        await press(pilot, "v", "enter")
        await press(pilot, "r", "m", "enter")
        seen["recap"] = str(app.screen.query_one("#recap-message").render())
        seen["changed"] = _changed(before, _files(tmp_path))

    drive(app, steps)
    written = {"myz-demo-session-1.md", "myz-demo-session-1.csv", "myz-demo-session-1-recap.md"}
    assert seen["changed"] == {f"data/exports/{name}" for name in written}
    assert {p.name for p in exports.iterdir()} == written
    assert "blank: myz-demo-session-1.md" in seen["hint"]
    assert str(exports / "myz-demo-session-1.md") in seen["markdown"]
    assert str(exports / "myz-demo-session-1-recap.md") in seen["recap"]
    assert not list(tmp_path.glob("escaped*"))


def test_replacing_an_export_asks_naming_the_file_and_n_keeps_it(make_app, demo_root, tmp_path):
    app = make_app("myz-demo")
    app.service.rolls.roll("c1", None, attribute="strength", faces="base=6,1,3")
    target = demo_root / "exports" / "myz-demo-session-1.md"
    target.parent.mkdir()
    target.write_text("the GM's notes from last night\n", encoding="utf-8")
    seen = {}

    async def steps(pilot) -> None:
        before = _files(tmp_path)
        await press(pilot, "h", "m", "enter")
        seen["asked"] = isinstance(app.screen, ConfirmScreen)
        seen["question"] = str(app.screen.query_one("#confirm-question", Static).render())
        await press(pilot, "n")
        seen["dialog again"] = isinstance(app.screen, LineEntryScreen)
        seen["said"] = _error(app)
        seen["changed"] = _changed(before, _files(tmp_path))
        app.screen.query_one(Input).value = "another.md"
        await press(pilot, "enter")
        seen["written"] = str(app.screen.query_one("#hist-message").render())

    drive(app, steps)
    assert seen["asked"] and str(target) in seen["question"] and "Replace" in seen["question"]
    assert seen["dialog again"] and "Nothing was written" in seen["said"] and str(target) in seen["said"]
    assert seen["changed"] == set()
    assert target.read_text(encoding="utf-8") == "the GM's notes from last night\n"
    assert "base 6 1 3" in (target.parent / "another.md").read_text(encoding="utf-8")
    assert str(target.parent / "another.md") in seen["written"]


def test_y_replaces_the_export_whole_and_another_name_of_the_old_file_keeps_its_text(make_app, demo_root, tmp_path):
    app = make_app("myz-demo")
    app.service.rolls.roll("c1", None, attribute="strength", faces="base=6,1,3")
    target = demo_root / "exports" / "myz-demo-session-1.md"
    target.parent.mkdir()
    target.write_text("last night's export\n", encoding="utf-8")
    kept = tmp_path / "kept-elsewhere.md"
    os.link(target, kept)  # the same file under another name: replacing the export must not change it
    seen = {}

    async def steps(pilot) -> None:
        before = _files(tmp_path)
        await press(pilot, "h", "m", "enter", "y")
        seen["said"] = str(app.screen.query_one("#hist-message").render())
        seen["changed"] = _changed(before, _files(tmp_path))

    drive(app, steps)
    assert str(target) in seen["said"] and "exported to" in seen["said"]
    assert seen["changed"] == {"data/exports/myz-demo-session-1.md"}
    assert "base 6 1 3" in target.read_text(encoding="utf-8")
    assert kept.read_text(encoding="utf-8") == "last night's export\n"
    assert os.stat(target).st_nlink == 1 and not os.path.samefile(target, kept)
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_symbolic_link_at_the_export_name_is_refused_in_the_dialog_and_never_written_through(
        make_app, demo_root, tmp_path):
    app = make_app("myz-demo")
    app.service.rolls.roll("c1", None, attribute="strength", faces="base=6,1,3")
    victim = tmp_path / "victim.txt"
    victim.write_text("the GM's own file\n", encoding="utf-8")
    link = demo_root / "exports" / "myz-demo-session-1.csv"
    link.parent.mkdir()
    os.symlink(victim, link)
    seen = {}

    async def steps(pilot) -> None:
        before = _files(tmp_path)
        await press(pilot, "h", "v", "enter")
        seen["still asking"] = isinstance(app.screen, LineEntryScreen)
        seen["error"] = _error(app)
        seen["changed"] = _changed(before, _files(tmp_path))

    drive(app, steps)
    assert seen["still asking"]
    assert str(link) in seen["error"] and "symbolic link" in seen["error"]
    assert seen["changed"] == set()
    assert victim.read_text(encoding="utf-8") == "the GM's own file\n" and link.is_symlink()


def test_a_folder_name_with_control_and_direction_characters_gives_a_plain_file_name(make_app, demo_root):
    (demo_root / "myz-demo").rename(demo_root / "night\u202eone\x9b")
    app = make_app("night\u202eone\x9b")
    seen = {}

    async def steps(pilot) -> None:
        await press(pilot, "h", "m", "enter")
        seen["said"] = str(app.screen.query_one("#hist-message").render())

    drive(app, steps)
    assert [p.name for p in (demo_root / "exports").iterdir()] == ["night_one_-session-1.md"]
    assert "night_one_-session-1.md" in seen["said"]


def test_file_stem_keeps_no_separator_no_leading_dot_and_fits_a_file_name():
    from gmconsole.campaign.export_files import STEM_BYTES, file_stem

    assert file_stem("../../elsewhere/x") == "_.._elsewhere_x"
    assert file_stem("...") == "campaign"
    assert file_stem("a\\b\x00c") == "a_b_c"
    long = file_stem("龍" * 200)
    assert len(long.encode("utf-8")) <= STEM_BYTES and set(long) == {"龍"}
