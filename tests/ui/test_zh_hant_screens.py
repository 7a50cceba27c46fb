"""The console's screens, forms and command palette in Traditional Chinese, beside the walk of
``test_zh_hant_console.py`` and with its reading: what the screen shows (a screenshot's text) holds no English
word beyond the allow-list (names from the campaign file, key names, system and rule ids).

Here: the statistics screen (``I``, its figures and its plots' titles), the command palette with a query typed
in Chinese, the campaign's skills screen and its forms, a new session and its recap, the push odds (``O``),
the detail of a roll in the history, the gear form and the other forms. One English test stays beside them."""

from __future__ import annotations

import re

import pytest
from pilot_harness import play, press
from stats_helpers import seeded_session
from test_zh_hant_console import ascii_punctuation, english_left, screen_text

from gmconsole.campaign import skills
from gmconsole.i18n import set_language
from gmconsole.ui.screens.statistics import StatisticsScreen


def flat(text: str) -> str:
    """``text`` without blanks: the screenshot's text runs are cut where a style changes (a matched letter)."""
    return re.sub(r"\s+", "", text)


def skill_ids(service) -> set[str]:
    """The words of the campaign's skill ids (``might``, ``heavy``): what the GM types on a sheet, in a gear
    form and in a TOML list, in every language (the skills screen shows them in their own column)."""
    return {word for s in skills.listing(service.campaign) for word in re.findall(r"[A-Za-z]{3,}", s.id)}


def words(found: list[str]) -> set[str]:
    """The English words :func:`english_left` found, without the text around them."""
    return {entry.split(" ", 1)[0] for entry in found}


AWAITING: dict[str, set[str]] = {}
"""English these screens show that other areas' strings write, wrapped on their branches, by walk:
the statistics' verdicts, pushes and stress lines (``campaign/statistics_phrases.py``), the opposed roll's form
(``ui/widgets/roll_specials.py``), the named modifiers' refusal (``ui/roll_builder/modifier_flows.py``), the
recap and the new session's summary (``campaign/recaps.py``, ``campaign/commands/campaign_frame.py``), the games'
names (``systems/``), and in the exploding demo the roster's short attribute names and the builder's trait
line (``ui/widgets``, ``ui/roll_builder``) under the initiative's forms. Only these
words may be left; once those branches are merged, each set is emptied (and then the walk holds every screen
to no English word)."""


def assert_zh_hant(found: list[str], awaiting: str = "") -> None:
    """No English word is left on screen but those another area still has to wrap (:data:`AWAITING`)."""
    assert words(found) <= AWAITING.get(awaiting, set()), found


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


async def _counted(pilot) -> None:
    """Wait until the statistics screen on top shows its figures."""
    screen = pilot.app.screen
    assert isinstance(screen, StatisticsScreen)
    for _ in range(500):
        await pilot.pause(0.02)
        if not screen.counting and screen.data is not None:
            await pilot.pause()
            return
    raise AssertionError("the statistics were never shown")


async def _palette_hits(pilot) -> None:
    """Wait until the palette's search has highlighted its first hit."""
    for _ in range(40):
        await pilot.pause(0.05)
        if pilot.app.screen.query("CommandList").first().highlighted is not None:
            return


def test_the_statistics_screen_and_its_plots_read_in_zh_hant(make_app, zh_hant):
    app = make_app("yze-demo")
    seeded_session(app.service, rolls=12, sixes=12)  # a die typed all 6s: suspect, its faces drawn too

    async def steps(pilot, seen):
        await press(pilot, "I")
        await _counted(pilot)
        seen["text"], seen["left"] = screen_text(app), english_left(app, {"chi"})
        seen["punctuation"] = ascii_punctuation(app)

    seen = play(app, steps, size=(160, 90))
    assert_zh_hant(seen["left"], "statistics")
    assert not seen["punctuation"], seen["punctuation"]
    text = seen["text"]
    for line in ("骰子的表現", "各角色", "骰子公平性（手動輸入的骰子）", "成功數：實際與預期", "各角色運氣（標準差）",
                 "：點數分布（線：公平骰子）"):
        assert line in flat(text)


def test_typing_the_zh_hant_word_for_roll_in_the_palette_finds_the_roll_commands(make_app, zh_hant):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        await press(pilot, "ctrl+p")
        await pilot.press("擲", "骰")
        await _palette_hits(pilot)
        seen["text"], seen["left"] = screen_text(app), english_left(app)
        await press(pilot, "enter")
        builder = app.screen.roll_builder
        seen["built"] = (builder.character_id, builder.draft.skill)

    seen = play(app, steps)
    assert_zh_hant(seen["left"])
    assert "擲骰：RipleyHale的射擊" in flat(seen["text"]) and "設定擲骰台；按r擲骰" in flat(seen["text"])
    assert all(seen["built"])  # the first hit set the builder up: a character and a skill


def test_a_name_and_the_english_command_words_find_commands_in_zh_hant(make_app, zh_hant):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        await press(pilot, "ctrl+p")
        await pilot.press(*"Lambert")
        await _palette_hits(pilot)
        seen["name"] = screen_text(app)
        await press(pilot, "escape", "ctrl+p")
        await pilot.press("N", "e", "w", "space", "s", "c", "e", "n", "e")
        await _palette_hits(pilot)
        seen["english"] = screen_text(app)

    seen = play(app, steps)
    assert "前往LambertCho" in flat(seen["name"])
    assert "新場景" in flat(seen["english"])


WALKS = [
    ("skills screen", ["L"]),
    ("skills: the new skill form", ["L", "a"]),
    ("skills: load a list", ["L", "l"]),
    ("skills: a refusal to remove a skill someone has", ["L", "x"]),
    ("push odds", ["3", "s", "enter", "r", "O"]),
    ("history: the detail of a roll", ["3", "s", "enter", "r", "p", "h", "enter"]),
    ("history: c on a roll without costs", ["h", "c"]),
    ("gear: the new item form", ["1", "g", "a"]),
    ("gear: remove an item", ["1", "g", "x"]),
    ("tracker: the value form", ["4", "="]),
    ("initiative: the draw form", ["2", "s", "ctrl+s"]),
    ("roll builder: an opposed roll", ["3", "s", "enter", "o"]),
    ("roll builder: named modifiers", ["3", "s", "enter", "m"]),
    ("statistics: whose statistics", ["I", "c"]),
]
"""Screens and forms, each from the main screen of yze-demo."""


@pytest.mark.parametrize(("where", "keys"), WALKS, ids=[where for where, _keys in WALKS])
def test_screens_and_forms_read_in_zh_hant(make_app, zh_hant, where, keys):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        for key in keys:
            await press(pilot, key)
        seen["left"] = english_left(app, skill_ids(app.service) | {"TOML"})
        seen["punctuation"] = ascii_punctuation(app)

    seen = play(app, steps)
    assert_zh_hant(seen["left"], where)
    assert not seen["punctuation"], seen["punctuation"]


MORE_WALKS = [
    ("exploding-demo", "initiative: who fights, with the typed-dice key", ["2", "s"]),
    ("exploding-demo", "initiative: the D6s rolled by hand", ["2", "s", "a", "f"]),
    ("myz-demo", "skills screen of a campaign with its own list", ["L"]),
]
"""Walks of the other systems' demo campaigns: ``(campaign, where, keys)``."""


@pytest.mark.parametrize(("campaign", "where", "keys"), MORE_WALKS, ids=[where for _c, where, _k in MORE_WALKS])
def test_other_systems_screens_read_in_zh_hant(make_app, zh_hant, campaign, where, keys):
    app = make_app(campaign)

    async def steps(pilot, seen):
        for key in keys:
            await press(pilot, key)
        seen["screen"] = type(app.screen).__name__
        seen["left"] = english_left(app, skill_ids(app.service))
        seen["punctuation"] = ascii_punctuation(app)

    seen = play(app, steps)
    assert_zh_hant(seen["left"], where)
    assert not seen["punctuation"], seen["punctuation"]
    assert seen["screen"] == {"L": "SkillsScreen", "s": "PickCombatantsScreen", "f": "InitiativeDiceForm"}[keys[-1]]


def test_the_first_run_picker_reads_in_zh_hant(make_app, zh_hant):
    from gmconsole.campaign import library
    from gmconsole.ui.screens.demo_picker import DemoPickerScreen

    app = make_app("yze-demo")

    async def steps(pilot, seen):
        campaigns = library.list_campaigns(app.service.data_folder)
        app.push_screen(DemoPickerScreen(campaigns))
        await pilot.pause()
        names = {word for c in campaigns for name in [c.name, *c.characters] for word in re.findall(r"[A-Za-z]+", name)}
        seen["text"], seen["left"] = screen_text(app), english_left(app, names)

    seen = play(app, steps)
    assert "歡迎使用gmconsole。示範戰役已安裝，每種骰子系統各一個。" in flat(seen["text"])
    assert_zh_hant(seen["left"], "first run")


def test_a_new_session_and_its_recap_read_in_zh_hant(make_app, zh_hant):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        await press(pilot, "S")
        seen["form"] = english_left(app)
        await press(pilot, "ctrl+s")
        seen["recap"] = english_left(app)
        await press(pilot, "escape")
        seen["main"] = english_left(app)

    seen = play(app, steps)
    assert_zh_hant(seen["form"])
    assert_zh_hant(seen["recap"], "recap")
    assert_zh_hant(seen["main"], "session begins")


def test_the_statistics_screen_in_english_is_unchanged(make_app):
    app = make_app("yze-demo")
    seeded_session(app.service, rolls=12)

    async def steps(pilot, seen):
        await press(pilot, "I")
        await _counted(pilot)
        seen["text"] = screen_text(app)

    text = play(app, steps, size=(160, 90))["text"]
    for line in ("What the dice did", "By character", "Successes: observed against expected",
                 "Luck per character (SD)", "luck: observed minus expected successes"):
        assert flat(line) in flat(text)


def test_the_push_odds_name_panic_rows_from_the_data_file_in_zh_hant(make_app, zh_hant):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        for key in ("3", "s", "enter", "r", "O"):
            await press(pilot, key)
        seen["table"] = str(app.screen.query_one("#push-odds-table").render())

    lines = play(app, steps)["table"].splitlines()
    row = next(line for line in lines if "撐住了" in line)
    assert row.startswith("  撐住了" + " " * 18 + " ")  # 24 cells: the name's 6 and 18 blanks, as English pads
    assert "恐慌（壓力骰擲出 1）：" in "\n".join(lines)


def test_the_push_odds_in_english_name_panic_rows_by_their_words(make_app):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        for key in ("3", "s", "enter", "r", "O"):
            await press(pilot, key)
        seen["table"] = str(app.screen.query_one("#push-odds-table").render())

    lines = play(app, steps)["table"].splitlines()
    assert any(line.startswith("  keeping it together      ") for line in lines)


def test_the_statistics_at_80x24_in_zh_hant_wrap_readings_and_keep_the_plots_frames(make_app, zh_hant):
    app = make_app("yze-demo")
    seeded_session(app.service, rolls=12, sixes=12)

    async def steps(pilot, seen):
        await press(pilot, "I")
        await _counted(pilot)
        figures = app.screen.query_one("#stats-figures")
        seen["figures"] = [strip.text for strip in figures.render_lines(figures.region.reset_offset)]
        plot = app.screen.query_one("#plot-successes")
        seen["plot"] = [strip.text.rstrip() for strip in plot.render_lines(plot.region.reset_offset)]

    seen = play(app, steps, size=(80, 24))
    assert "遠比預期幸運" in flat("\n".join(seen["figures"]))  # a reading too long for its column is folded
    assert not [line for line in seen["figures"] if line.rstrip().endswith("…")]
    plot = seen["plot"]
    assert "成功數：實際與預期" in flat(plot[0])
    top = next(i for i, line in enumerate(plot) if "┌" in line)
    bottom = next(i for i, line in enumerate(plot) if "└" in line)
    assert all(line.endswith("│") for line in plot[top + 1:bottom]), "\n".join(plot)  # Chinese legend fits


def test_the_new_round_cards_form_reads_in_zh_hant(make_app, zh_hant):
    from gmconsole.ui.screens.draw_options_form import NewRoundCardsForm

    app = make_app("yze-demo")
    app.service.conflict.start_conflict(["c1", "c4", "c6"], cards={"c1": [2], "c4": [5], "c6": [8]})
    app.service.setup.update_settings({"initiative_redraw": True})

    async def steps(pilot, seen):
        for key in ("2", "n", "n", "f"):
            await press(pilot, key)
        seen["form"] = isinstance(app.screen, NewRoundCardsForm)
        seen["text"], seen["left"] = screen_text(app), english_left(app)
        seen["hint"] = app.screen.query_one("#f-cards-c1").placeholder

    seen = play(app, steps)
    assert seen["form"]
    assert_zh_hant(seen["left"])
    assert "新的一輪，新的卡牌（R-INIT-2）" in flat(seen["text"])
    assert seen["hint"] == "1 張卡牌；留空：由主控台抽牌；輸入：每次抽牌一張，例如 3"


def test_a_skill_added_in_zh_hant_takes_the_attribute_by_its_chinese_name(make_app, zh_hant):
    from pilot_harness import set_field

    app = make_app("yze-demo")

    async def steps(pilot, seen):
        await press(pilot, "L", "a")
        seen["hint"] = app.screen.query_one("#f-attribute").placeholder
        set_field(app, "name", "駕駛")
        set_field(app, "attribute", "機智")
        await press(pilot, "ctrl+s")
        seen["text"] = screen_text(app)

    seen = play(app, steps)
    assert seen["hint"] == "力量、敏捷、機智、同理"
    added = next(skill for skill in app.service.campaign.skills if skill.name == "駕駛")
    assert added.attribute == "wits"
    assert "駕駛" in seen["text"] and "機智" in seen["text"]  # the attribute column names it in zh-Hant too


FORMS = [("initiative: the draw form", ["2", "s", "ctrl+s"]), ("gear: the new item form", ["1", "g", "a"]),
         ("skills: the new skill form", ["L", "a"]), ("skills: load a list", ["L", "l"]),
         ("the character form", ["1", "a"]), ("tracker: the value form", ["4", "="])]


@pytest.mark.parametrize(("where", "keys"), FORMS, ids=[where for where, _keys in FORMS])
def test_every_forms_labels_are_whole_at_80x24_in_zh_hant(make_app, zh_hant, where, keys):
    app = make_app("yze-demo")

    async def steps(pilot, seen):
        await press(pilot, *keys)
        seen["labels"] = [(str(label.render()), label.render_lines(label.region.reset_offset)[0].text.rstrip())
                          for label in app.screen.query(".form-label")]

    labels = play(app, steps, size=(80, 24))["labels"]
    assert labels
    assert all(text == drawn for text, drawn in labels), labels  # each label on its one line, whole
    if where.startswith("initiative"):
        assert ("Ripley Hale 擇優", "Ripley Hale 擇優") in labels


def test_a_list_typed_in_a_form_may_be_parted_by_the_chinese_commas(make_app, zh_hant):
    """A zh-Hant form shows a list with the list comma 、 and reads it back, and a GM typing in Chinese may
    part the items with ，or 、 as well as with an ASCII comma (conditions, a gear item's skills)."""
    from pilot_harness import set_field

    app = make_app("yze-demo")
    app.service.trackers.add_condition("c1", "scared")
    app.service.trackers.add_condition("c1", "tired")

    async def steps(pilot, seen):
        await press(pilot, "1", "e")
        seen["shown"] = app.screen.query_one("#f-conditions").value
        await press(pilot, "ctrl+s")
        seen["kept"] = list(app.service.character("c1").conditions)
        await press(pilot, "e")
        set_field(app, "conditions", "疲憊，恐懼、angry")
        await press(pilot, "ctrl+s")
        seen["typed"] = list(app.service.character("c1").conditions)
        await press(pilot, "g", "a")
        set_field(app, "name", "步槍")
        set_field(app, "skills", "ranged，observation")
        await press(pilot, "ctrl+s")
        seen["skills"] = app.service.character("c1").gear[-1].skills

    seen = play(app, steps)
    assert seen["shown"] == "scared、tired"
    assert seen["kept"] == ["scared", "tired"]
    assert seen["typed"] == ["疲憊", "恐懼", "angry"]
    assert seen["skills"] == ["ranged", "observation"]


def _cut_at_the_edge(table) -> list[str]:
    """What a DataTable clips at its right edge: columns wider than the table, by header (a column cut to
    fit ends in "…" instead, and the table is never wider than its room)."""
    edge, clipped = 0, []
    scrollbar = table.styles.scrollbar_size_vertical if table.show_vertical_scrollbar else 0
    for column in table.columns.values():
        edge += column.get_render_width(table)
        if edge > table.size.width - scrollbar:
            clipped.append(str(column.label))
    return clipped


@pytest.mark.parametrize(("where", "keys", "table_id"), [
    ("history after a roll and its push", ["3", "s", "enter", "r", "p", "h"], "#hist-table"),
    ("the skills screen", ["L"], "#skills-table"),
], ids=["history", "skills"])
def test_no_table_column_is_cut_at_the_edge_at_80x24_in_zh_hant(make_app, zh_hant, where, keys, table_id):
    """At 80×24 a zh-Hant table (wide characters take two cells) is fitted to its room: the column cut
    for width ends in "…", none is clipped by the screen's edge (the history's 狀態 read 狀, 完)."""
    from textual.widgets import DataTable

    app = make_app("yze-demo")

    async def steps(pilot, seen):
        await press(pilot, *keys)
        await pilot.pause()
        table = app.screen.query_one(table_id, DataTable)
        seen["clipped"] = _cut_at_the_edge(table)
        seen["cells"] = [[str(getattr(cell, "plain", cell)) for cell in table.get_row_at(r)]
                         for r in range(table.row_count)]

    seen = play(app, steps, size=(80, 24))
    assert seen["cells"]
    assert seen["clipped"] == [], seen["cells"][:3]
