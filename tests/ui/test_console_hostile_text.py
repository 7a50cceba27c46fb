"""In the console: text read from a campaign file is drawn visibly escaped, never raw.

Textual strips only BEL, BS, VT, FF and CR from what it draws: a name holding ``ESC [ 2J`` or a C1
CSI (U+009B) went to the terminal as is. These plant such names in a campaign file (character, gear,
condition, clock), open it in the console and read what the screens draw (``export_screenshot``,
the text the terminal would get).
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re

from gmconsole.safe_text import UNSAFE

EVIL = "Ri\x1b[2J\x9bp\u202e"
EVIL_SHOWN = "Ri\\x1b[2J\\x9bp\\u202e"
GEAR, GEAR_SHOWN = "Torch\x1b]52;c;aGk=\x07", "Torch\\x1b]52;c;aGk=\\x07"
CLOCK, CLOCK_SHOWN = "Hive\x1b[31m", "Hive\\x1b[31m"
CONDITION, CONDITION_SHOWN = "sick\x9b2J", "sick\\x9b2J"
CAMPAIGN, CAMPAIGN_SHOWN = "yze\x1b[2Jdemo", "yze\\x1b[2Jdemo"


def _plant(root) -> None:
    """Write the hostile names into yze-demo's campaign file, as a hostile file would hold them."""
    path = root / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    campaign = document["state"]["1"]["campaign"]
    campaign["name"] = CAMPAIGN
    ripley = campaign["roster"][0]
    ripley["name"] = EVIL
    ripley["gear"][0]["name"] = GEAR
    ripley["conditions"] = [CONDITION]
    campaign["sessions"][-1]["clocks"] = [{"id": "k90", "name": CLOCK, "segments": 4, "filled": 1}]
    path.write_text(json.dumps(document), encoding="utf-8")


def _screen_text(app) -> str:
    """What the terminal would be sent for the current screen, as text (tags and entities removed)."""
    svg = app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def _app(demo_root, frozen_clock):
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp

    _plant(demo_root)
    service = CampaignService.open(demo_root, "yze-demo", clock=frozen_clock, rng=random.Random(3))
    return GMConsoleApp(service, rng=random.Random(3))


def test_hostile_names_from_the_file_are_drawn_escaped_on_every_screen(demo_root, frozen_clock):
    app = _app(demo_root, frozen_clock)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            seen["main"] = _screen_text(app)
            app.service.trackers.change_stress("c1", 1)  # a history entry that names her
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            seen["history"] = _screen_text(app)
            await pilot.press("escape", "1", "g")  # her gear
            await pilot.pause()
            seen["gear"] = _screen_text(app)
            await pilot.press("escape", "e")  # her sheet: the name field holds the raw name
            await pilot.pause()
            seen["character form"] = _screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            app.show_error(f"{EVIL} cannot do that")  # a refusal that quotes a name from the file
            await pilot.pause()
            seen["status"] = _screen_text(app)
            await pilot.press("question_mark")
            await pilot.pause()
            seen["help"] = _screen_text(app)

    try:
        asyncio.run(run())
    finally:
        app.service.close()
    for where, text in seen.items():
        assert not UNSAFE.search(text.replace("\n", "")), (where, [c for c in text if UNSAFE.match(c)][:5])
    assert EVIL_SHOWN in seen["main"] and CLOCK_SHOWN in seen["main"] and CONDITION_SHOWN in seen["main"]
    assert EVIL_SHOWN in seen["history"]
    assert GEAR_SHOWN in seen["gear"]
    assert EVIL_SHOWN in seen["character form"]
    assert f"{EVIL_SHOWN} cannot do that" in seen["status"]
    assert f"⚄ {CAMPAIGN_SHOWN}" in seen["main"] and f"{CAMPAIGN_SHOWN} — yze: keys" in seen["help"]


def test_escaped_names_keep_the_roster_columns_in_line(demo_root, frozen_clock):
    """Escaped where the table is built (not only at the last moment), so the columns are measured on
    the escaped text: the row of the hostile name is as wide as the others."""
    from textual.widgets import DataTable

    app = _app(demo_root, frozen_clock)
    rows = {}

    async def run() -> None:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            table = app.screen.query_one("#roster-table", DataTable)
            rows["cells"] = [str(cell) for cell in table.get_row("c1")]

    try:
        asyncio.run(run())
    finally:
        app.service.close()
    assert EVIL_SHOWN in rows["cells"]


def test_the_lock_holders_note_is_drawn_escaped_in_the_read_only_offer():
    """The question asked before the console opens (a campaign another console holds) quotes the
    holder's note from the lock file: the one-screen prompt app escapes it like the console."""
    from gmconsole.store.errors import CampaignLocked
    from gmconsole.ui.launch import _Prompt
    from gmconsole.ui.screens.question import QuestionScreen

    message = str(CampaignLocked("yze-demo", {"pid": 7, "host": "h\x1b]0;pwned\x07", "since": "\x9b2J"}))
    app = _Prompt(lambda: QuestionScreen("Campaign in use", message, "Open it read-only?"))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            seen["text"] = _screen_text(app)

    asyncio.run(run())
    assert not UNSAFE.search(seen["text"].replace("\n", ""))
    assert "h\\x1b]0;pwned\\x07" in seen["text"]


def test_a_name_typed_with_a_control_character_is_refused_in_the_form(make_app):
    """Pasted into the character form, ``ESC [ 2J`` is refused with a clear message; nothing is added."""
    from textual.widgets import Input, Static

    from gmconsole.ui.screens.character_form import CharacterForm

    app = make_app("yze-demo")
    before = len(app.service.campaign.roster)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("1", "a")
            await pilot.pause()
            form = app.screen
            form.query_one("#f-name", Input).value = "Ash\x1b[2J"
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["open"] = isinstance(app.screen, CharacterForm)
            seen["message"] = str(form.query_one("#form-message", Static).render())
            seen["text"] = _screen_text(app)

    asyncio.run(run())
    assert seen["open"]
    assert "a character name cannot hold control or text-direction characters" in seen["message"]
    assert "\\x1b" in seen["message"] and not UNSAFE.search(seen["text"].replace("\n", ""))
    assert len(app.service.campaign.roster) == before


def test_the_campaign_picker_lists_hostile_folder_names_escaped_and_picks_the_real_one():
    """The picker shown by ``gmconsole`` with no name lists folder names and rosters from the disk:
    drawn escaped, and choosing one still returns the folder's real name."""
    from gmconsole.campaign.library import CampaignSummary
    from gmconsole.ui.launch import _Prompt
    from gmconsole.ui.screens.demo_picker import DemoPickerScreen

    folder = "Pl\x1b[2Jain"
    summaries = [CampaignSummary(folder, "yze", [EVIL])]
    app = _Prompt(lambda: DemoPickerScreen(summaries))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            seen["text"] = _screen_text(app)
            await pilot.press("enter")
            await pilot.pause()

    asyncio.run(run())
    assert not UNSAFE.search(seen["text"].replace("\n", ""))
    assert "Pl\\x1b[2Jain" in seen["text"] and EVIL_SHOWN in seen["text"]
    assert app.return_value == folder


def test_a_name_with_a_line_break_or_bell_is_one_escaped_line_in_form_titles_and_status(demo_root, frozen_clock):
    """`e` on a planted name ``"Bob\\nNew\\x07"`` must not draw a second, spoofed title line nor drop the
    bell, nor may the stress toast and status. Everything a form title or the status
    line shows is escaped whole, so a line break in a name stays visible as ``\\n``."""
    name = "Bob\nNew\rLine\x07"
    escaped = "Bob\\nNew\\rLine\\x07"
    path = demo_root / "yze-demo" / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["state"]["1"]["campaign"]["roster"][0]["name"] = name
    path.write_text(json.dumps(document), encoding="utf-8")
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp

    service = CampaignService.open(demo_root, "yze-demo", clock=frozen_clock, rng=random.Random(3))
    app = GMConsoleApp(service, rng=random.Random(3))
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("1", "e")  # the first roster row is the planted name
            await pilot.pause()
            seen["form title"] = str(app.screen.query_one("#form-title").render())
            await pilot.press("escape", "1", "g")
            await pilot.pause()
            await pilot.press("a")  # a new item: the gear form's title names the owner
            await pilot.pause()
            seen["gear form title"] = str(app.screen.query_one("#form-title").render())
            await pilot.press("escape", "escape")
            await pilot.pause()
            app.screen.set_status(f"{name}: stress changed")
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())

    try:
        asyncio.run(run())
    finally:
        app.service.close()
    assert seen["form title"] == f"Edit {escaped}", seen
    assert seen["gear form title"].startswith(escaped), seen
    assert seen["status"] == f"{escaped}: stress changed", seen
