"""A hostile or damaged campaign file met by the console and the table view (driven through Pilot): one
clear line naming the file and the way out, never a traceback; a follower that goes on following once
the file is mended; a drawing never longer than its space; a name with an invisible character refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import resource
import sys
import time

from pilot_harness import pilot_test, status_text
from rich.console import Console

from gmconsole.safe_text import UNSAFE
from gmconsole.ui.app import GMConsoleApp

CHUNK = "history/session-0001/entries-000000001.json"
DEEP = "[" * 100_000
"""Lists nested 100,000 deep: Python's ``json`` gives up with ``RecursionError``."""

WRITER = """
import sys
from gmconsole.campaign.service import CampaignService
with CampaignService.open(sys.argv[1], sys.argv[2], wait=5) as service:
    service.trackers.change_doom(int(sys.argv[3]))
"""


def _question(app):
    from gmconsole.ui.screens.question import QuestionScreen

    assert isinstance(app.screen, QuestionScreen), type(app.screen).__name__
    return app.screen


def _rolled_then_nested(open_service):
    """yze-demo after one roll of Ripley's (its only chunk has no backup), closed, that chunk then made
    lists nested 100,000 deep; returns the chunk's path."""
    service = open_service("yze-demo")
    service.rolls.roll("c1", "ranged")
    chunk = service.campaign_folder / CHUNK
    service.close()
    chunk.write_text(DEEP, encoding="utf-8")
    return chunk


def test_the_history_of_a_chunk_nested_thousands_deep_offers_to_set_it_aside(open_service):
    """``h`` gave a console traceback (exit status 0); now it names the file and offers the way out."""
    from gmconsole.ui.screens.history import HistoryScreen

    chunk = _rolled_then_nested(open_service)
    service = open_service("yze-demo")
    app = GMConsoleApp(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            question = _question(app)
            seen["message"], seen["offer"] = question.text, question.offer
            seen["untouched"] = chunk.read_text(encoding="utf-8") == DEEP
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            seen["history"] = str(app.screen.query_one("#hist-message").render())

    asyncio.run(run())
    assert str(chunk) in seen["message"] and "nests lists or tables too deeply" in seen["message"]
    assert "Set the damaged file aside" in seen["offer"] and seen["untouched"]
    aside = list(chunk.parent.glob(chunk.name + ".damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == DEEP  # renamed, never deleted
    assert "Entry #1 is missing" in seen["history"]
    assert app.return_code in (None, 0)


async def _run(*args: str) -> None:
    process = await asyncio.create_subprocess_exec(sys.executable, *args, stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.PIPE)
    out, err = await process.communicate()
    assert process.returncode == 0, (out, err)


def _text(widget) -> str:
    console = Console(width=max(widget.size.width, 40), file=io.StringIO(), record=True, color_system=None)
    console.print(widget.render())
    return console.export_text()


async def _until(pilot, seen, wanted: str, deadline: float = 5.0) -> None:
    start = time.monotonic()
    while wanted not in seen():
        assert time.monotonic() - start < deadline, f"still {seen()!r}, wanted {wanted!r}"
        await pilot.pause(0.02)


@pilot_test
async def test_the_table_view_says_a_damaged_chunk_with_its_repair_and_follows_again_once_mended(open_service,
                                                                                              demo_root):
    """The table follower stopped for good at a file nested thousands deep; now it says which file and
    the command that sets it aside, keeps what it showed, and shows the next change once mended."""
    from gmconsole.ui.table import TableApp
    from gmconsole.ui.table.session_line import SessionLine

    writer = open_service("yze-demo")
    writer.rolls.roll("c1", "ranged")
    chunk = writer.campaign_folder / CHUNK
    writer.close()
    good = chunk.read_bytes()
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        chunk.write_text(DEEP, encoding="utf-8")  # a hostile copy over the chunk, while the players watch
        keys = lambda: str(app.query_one("#table-keys").content)  # noqa: E731  (the whole line, before it is cut)
        await _until(pilot, keys, "could not be read")
        said = keys()
        assert chunk.name in said and "too deeply" in said
        assert f"gmconsole repair yze-demo --set-aside {CHUNK}" in said
        assert "DOOM" not in _text(app.query_one(SessionLine))

        chunk.write_bytes(good)  # mended: the next change is shown again
        await _run("-c", WRITER, str(demo_root), "yze-demo", "2")
        await _until(pilot, lambda: _text(app.query_one(SessionLine)), "DOOM 2")


@contextlib.contextmanager
def _memory_bounded(room: int = 512 << 20):
    """At most ``room`` more bytes of address space for this process while inside: a drawing sized by a
    number would fail with ``MemoryError`` here instead of asking the machine for gigabytes."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + room, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pilot_test
async def test_a_clock_bar_is_never_longer_than_the_largest_clock_whatever_it_holds(make_app):
    """Defence in depth: a clock read from a file is 4, 6 or 8 segments (the store's shapes), and the
    tracker's bar and the table view's never draw more than 8 whatever a clock holds."""
    from textual.widgets import DataTable

    from gmconsole.campaign.model import Clock
    from gmconsole.ui.table.session_line import clock_text

    with _memory_bounded():
        assert clock_text(Clock("k1", "Doom", segments=1_000_000_000, filled=500_000_000)) == (
            "Doom ■■■■□□□□ 500000000/1000000000")
    app = make_app("tiered-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        app.service.trackers.add_clock("Doom", 8)
        await pilot.pause()
        clock = app.service.campaign.current_session.clocks[0]
        tracker = app.screen.query_one("#pane-tracker")
        with _memory_bounded():
            clock.segments, clock.filled = 1_000_000_000, 3  # in memory only: no file could hold it
            tracker.sync()
            progress = str(tracker.query_one("#clock-table", DataTable).get_row_at(0)[1])
            clock.segments, clock.filled = 8, 0
    assert progress == "○○○○○○○○ 3/1000000000"


def test_a_character_name_holding_a_zero_width_space_is_refused_in_the_form(make_app):
    from textual.widgets import Input, Static

    from gmconsole.ui.screens.character_form import CharacterForm

    app = make_app("yze-demo")
    before = [c.name for c in app.service.campaign.roster]
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("1", "a")
            await pilot.pause()
            form = app.screen
            form.query_one("#f-name", Input).value = "Ripley\u200b Hale"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["open"] = isinstance(app.screen, CharacterForm)
            seen["message"] = str(form.query_one("#form-message", Static).render())

    asyncio.run(run())
    assert seen["open"] and "found \\u200b in Ripley\\u200b Hale" in seen["message"]
    assert not UNSAFE.search(seen["message"])
    assert [c.name for c in app.service.campaign.roster] == before


def test_a_campaign_name_with_an_invisible_character_is_drawn_escaped_in_the_status_line(open_service, demo_root):
    """Read from a file, the name is shown visibly escaped: never two campaigns that look the same."""
    import json

    path = demo_root / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = "Rip\u2060ley"
    path.write_text(json.dumps(document), encoding="utf-8")
    app = GMConsoleApp(open_service("yze-demo"))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["screen"] = app.export_screenshot()
            seen["status"] = status_text(app)

    asyncio.run(run())
    assert "Rip\\u2060ley" in seen["screen"] and "\u2060" not in seen["screen"]
