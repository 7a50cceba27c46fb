"""The console in Traditional Chinese: every screen a GM visits reads in zh-Hant.

A user-level guard against a string left unwrapped: the console is opened with ``zh-Hant`` on a demo
campaign, the GM walks through the screens, and the text of each screen (what a screenshot shows) must
hold no English word — no run of three or more ASCII letters — beyond an allow-list: the names the
campaign file holds (typed by the GM, never translated), key names, system ids, rule ids. A string added
to the console without ``_()`` shows up here as the English word it leaves on screen.
"""

from __future__ import annotations

import html
import re

import pytest
from pilot_harness import pilot_test, play

from gmconsole.i18n import set_language

WORD = re.compile(r"[A-Za-z]{3,}")
KEYS = {"ctrl", "esc", "enter", "tab", "shift", "space", "escape"}
"""Key names, as the key bar and the help write them."""
ALWAYS = {"yze", "myz", "step", "demo", "NPC", "CSV", "Markdown", "gmconsole"}
"""System ids (``yze-step``), the demo campaigns' folder names, NPC (how Taiwanese tables say it), CSV (a
file formats) and the program's name (the screenshot's title)."""
ALWAYS |= {"Foundry", "VTT"}  # the program the roster's import reads from, a name in every language


def screen_text(app) -> str:
    """The text a screenshot of the app shows now, one string (the SVG's text runs, unescaped)."""
    svg = app.export_screenshot()
    return " ".join(html.unescape(run) for run in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S))


def campaign_words(service) -> set[str]:
    """Every word of what the campaign file holds: names, roles, gear, conditions, clock names."""
    campaign = service.campaign
    texts = [campaign.name]
    for character in campaign.roster:
        texts += [character.name, character.role or "", *character.conditions]
        texts += [name.title() for name in getattr(character, "attributes", {}) or {}]  # exploding traits, typed
        texts += [getattr(item, "name", "") for item in getattr(character, "gear", []) or []]
    texts += [clock.name for clock in campaign.current_session.clocks]
    texts += list(campaign.settings.condition_coverage or {})  # the GM's own condition names
    texts += [getattr(campaign.current_session, "title", "") or ""]
    return {word for text in texts for word in WORD.findall(str(text))}


def typed_values() -> list[str]:
    """What the GM types as a setting's value (``stress-dice``, ``on``): values of the command line's
    ``settings NAME --set``, not words of the console, so they stay as typed; longest first."""
    from gmconsole.rules.data import load_table

    values = {"on", "off", "all", "none", "pc", "npc"}
    for system in ("yze", "myz", "yze-step", "exploding", "tiered"):
        values.update(a["id"] for a in load_table("yze" if system == "yze-step" else system).get("attributes", []))
    for row in load_table("settings")["settings"]:
        values.update(str(choice) for choice in row.get("choices", ()))
        values.add(row["key"])  # the setting's name, typed as `--set language=zh-Hant`
    return sorted(values, key=len, reverse=True)


def english_left(app, extra: set[str] = frozenset()) -> list[str]:
    """Each English word on screen that is not allowed, with the text around it (to find its source).

    Left out before looking: rule ids (``R-PUSH-3``), identifiers the GM types on the command line
    (a setting's name ``push_cost``, ``condition_coverage.CONDITION=SKILL``) and setting values."""
    names = campaign_words(app.service)
    allowed = KEYS | ALWAYS | names | set(extra)
    text = re.sub(r"R-[A-Z]+(-[A-Z0-9]+)*", " ", screen_text(app))
    text = re.sub(r"\S*/\S*|[\w.-]+\.(md|csv|toml)\b", " ", text)  # a file's path or name (export folder, config)
    text = re.sub(r"[\w.=,]*_[\w.=,]*", " ", text)
    text = re.sub(r"[a-z]+=[0-9]+", " ", text)  # what the GM types in a form: might=2 (skill ids)
    text = re.sub(r"\b[a-z]+(?==)", " ", text)  # a key the GM types before "=" (base=基礎骰: the faces' legend)
    for value in typed_values():
        text = re.sub(rf"(?<![A-Za-z-]){re.escape(value)}(?![A-Za-z-])", " ", text)
    left = {}
    for match in WORD.finditer(text):
        word = match.group()
        if word in left or word in allowed or word.lower() in allowed:
            continue
        if not any(name.startswith(word) for name in names):  # a name cut by a modal's edge is still the name
            left[word] = f"{word} («{text[max(match.start() - 30, 0):match.end() + 30].strip()}»)"
    return sorted(left.values())


def ascii_punctuation(app) -> list[str]:
    """Each ASCII ``,`` ``;`` or ``:`` on screen that stands beside a Chinese word, and each pair of ASCII
    parentheses around one, with the text around it: inside a Chinese sentence the catalogue writes them
    full-width (，、；：（）). Left out: what the GM types, quoted (「; 點數」: the separator of a quick
    pool's typed faces)."""
    import unicodedata

    text = screen_text(app).replace("\xa0", " ")
    found = []
    for match in re.finditer(r"\([^()\n]*[\u4e00-\u9fff][^()\n]*\)", text):  # （） around Chinese words
        found.append(f"«{text[max(match.start() - 20, 0):match.end() + 20].strip()}»")
    for match in re.finditer(r"(\S)[,;:] +(\S)", text):
        before, after = match.group(1), match.group(2)
        if before in "「“":
            continue
        if any(unicodedata.east_asian_width(ch) == "W" for ch in (before, after)):
            found.append(f"«{text[max(match.start() - 20, 0):match.end() + 20].strip()}»")
    return found


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


async def _visit(pilot, app, keys: list[str], where: str, found: dict) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    left = english_left(app) + ascii_punctuation(app)
    if left:
        found[where] = left


@pytest.mark.parametrize("campaign", ["yze-demo", "myz-demo"])
def test_every_screen_a_gm_visits_reads_in_zh_hant(make_app, zh_hant, campaign):
    app = make_app(campaign)
    found: dict[str, list[str]] = {}

    @pilot_test
    async def walk():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _visit(pilot, app, [], "main screen", found)
            await _visit(pilot, app, ["2"], "initiative pane", found)
            await _visit(pilot, app, ["4"], "tracker pane", found)
            await _visit(pilot, app, ["3", "s", "enter"], "roll builder, a skill picked", found)
            await _visit(pilot, app, ["r"], "roll builder after a roll", found)
            await _visit(pilot, app, ["p"], "roll builder after a push", found)
            await _visit(pilot, app, ["question_mark"], "help", found)
            await _visit(pilot, app, ["escape", "h"], "history", found)
            await _visit(pilot, app, ["enter"], "history detail", found)
            await _visit(pilot, app, ["escape", "escape", "ctrl+o"], "settings", found)
            await _visit(pilot, app, ["escape", "1", "a"], "character form", found)

    walk()
    assert not found, "\n".join(f"{where}: {words}" for where, words in found.items())


MORE = [
    ("tracker: a panic roll", ["4", "p"]),
    ("tracker: the condition form", ["4", "C"]),
    ("tracker: the clock form", ["4", "k"]),
    ("initiative: who fights", ["2", "s"]),
    ("initiative: a conflict started, next turn", ["2", "s", "ctrl+s", "ctrl+s", "n"]),
    ("the new session form", ["S"]),
    ("history: the export dialog", ["h", "m"]),
    ("roll builder: the GM roll", ["3", "G"]),
    ("roll builder: who helps", ["3", "e"]),
    ("roster: the gear of a character", ["1", "g"]),
    ("the quit question with costs waiting", ["3", "s", "enter", "r", "p", "escape", "q"]),
]
"""More of what a GM opens, each from the main screen of yze-demo (the statistics, the palette, the skills screen
and the forms are walked in ``test_zh_hant_screens.py``). Not yet translated (left out here): the rules reference
of the help screen, and the typed faces' "the pool needs 4 base d6" (the kinds as the GM types them: ``base=6,1``)."""


@pytest.mark.parametrize(("where", "keys"), MORE, ids=[where for where, _keys in MORE])
def test_more_screens_read_in_zh_hant(make_app, zh_hant, where, keys):
    app = make_app("yze-demo")
    found: dict[str, list[str]] = {}

    @pilot_test
    async def walk():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _visit(pilot, app, keys, where, found)

    walk()
    assert not found, found


def _panicked(service) -> str:
    """Ripley's panic rolled while the console spoke English (the sheet keeps the row's English name),
    with two conditions so her row is too long for the roster's and the tracker's state column."""
    service.trackers.change_stress("c1", 4)
    service.trackers.panic_roll("c1", face=6)  # 5 + 6 = 11, seek cover
    service.trackers.add_condition("c1", "scared")
    service.trackers.add_condition("c1", "exhausted")
    return service.character("c1").panic.name


def _panes(app) -> dict:
    from textual.widgets import DataTable

    def cell(table_id: str) -> str:
        return str(app.screen.query_one(table_id, DataTable).get_row_at(0)[-1])

    async def walk(pilot, seen):
        seen["roster_detail"] = str(app.screen.query_one("#roster-detail").render())
        await pilot.press("4")
        await pilot.pause()
        seen["tracker"] = cell("#tracker-table")
        seen["tracker_detail"] = str(app.screen.query_one("#tracker-detail").render())

    return play(app, walk)


def screen_text_of_party(open_service) -> str:
    """What the players' table view shows, on the same campaign opened read-only."""
    from gmconsole.ui.table.app import TableApp

    app = TableApp(open_service("yze-demo", read_only=True))

    async def walk(pilot, seen):
        seen["text"] = screen_text(app).replace("\xa0", " ")

    return play(app, walk)["text"]


def test_R_PANIC_1_a_panic_rolled_in_english_reads_by_its_zh_hant_name_in_every_pane(make_app, open_service):
    """The roster's detail line, the tracker's State column and the players' table view name the panic
    row in the console's language (the data file's zh-Hant name), as the panic result already does."""
    app = make_app("yze-demo")
    assert _panicked(app.service) == "Seek cover"
    set_language("zh-Hant")
    try:
        seen = _panes(app)
        party = screen_text_of_party(open_service)
    finally:
        set_language(None)
    assert seen["roster_detail"] == "Ripley Hale — 恐慌 11 尋找掩護 · 狀態：scared、exhausted"
    assert seen["tracker"].startswith("11 尋找") and seen["tracker"].endswith("…")
    assert seen["tracker_detail"] == seen["roster_detail"]
    party = party[party.index("名字"):]  # the party's table (the last rolls above it quote the history)
    assert "尋找掩護" in party and "Seek cover" not in party


def test_R_PANIC_1_the_panic_in_english_reads_as_it_did(make_app, open_service):
    app = make_app("yze-demo")
    _panicked(app.service)
    seen = _panes(app)
    assert seen["roster_detail"] == "Ripley Hale — PANIC 11 Seek cover · conditions: scared, exhausted"
    assert seen["tracker"].startswith("11 Seek") and seen["tracker"].endswith("…")
    party = screen_text_of_party(open_service)
    assert "Seek cover" in party[party.index("Name"):]


def test_a_character_duplicated_in_zh_hant_is_named_a_copy_in_zh_hant(make_app, zh_hant):
    """``d`` in the roster names the copy in the console's language: ``（副本）``, then ``（副本 2）``."""
    app = make_app("yze-demo")
    seen = {}

    @pilot_test
    async def walk():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "d")
            await pilot.pause()
            seen["screen"] = screen_text(app).replace("\xa0", " ")

    walk()
    assert app.service.campaign.roster[1].name == "Ripley Hale（副本）"  # right after Ripley
    assert "Ripley Hale（副本）" in seen["screen"]
    assert app.service.roster.duplicate_character("c1").name == "Ripley Hale（副本 2）"
