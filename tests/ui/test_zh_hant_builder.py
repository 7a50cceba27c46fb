"""The roll builder's special rolls, the typed-faces hint and the players' table view in Traditional
Chinese, and the same in English, unchanged.

What the GM reads after an opposed roll (Year Zero, R-OPP-1; exploding, R-EXP-4), a group check and an
assisted check must hold no English word but the names the campaign file holds (typed by the GM), rule
ids and the keys of typed faces (``base=``, which the parser reads as typed). The hint that asks for the
faces of physical dice says in zh-Hant what each key is (``base=基礎骰``).
"""

from __future__ import annotations

import io
import re

import pytest
from pilot_harness import pick_skill, pilot_test, roll_form, shown_text, start_builder
from rich.cells import cell_len
from rich.console import Console

from gmconsole.i18n import set_language

WORD = re.compile(r"[A-Za-z]{3,}")
LONG_NAME = "雷普莉·海爾——諾斯特羅莫號的二副兼任通訊官與醫療官，也是船上唯一會修理咖啡機的人"


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def english_words(text: str, service, *also: str) -> set[str]:
    """The English words of ``text`` that are not a name from the campaign file, a rule id or a key of typed
    faces (``base=6,1``)."""
    names = {w for c in service.campaign.roster for w in WORD.findall(c.name)} | set(also)
    names |= set(WORD.findall(service.campaign.name))
    text = re.sub(r"R-[A-Z]+(-[A-Z0-9]+)*", " ", text)
    text = re.sub(r"\b[a-z]+=[0-9+,]*", " ", text)
    return {w for w in WORD.findall(text) if w not in names}


async def _faces_hint(pilot) -> str:
    await pilot.press("f")
    await pilot.pause()
    hint = str(pilot.app.screen.query_one("#faces-hint").render())
    await pilot.press("escape")
    await pilot.pause()
    return hint


@pilot_test
async def test_yze_opposed_roll_reads_in_zh_hant_and_its_faces_hint_names_each_key(builder_app, zh_hant):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        hint = await _faces_hint(pilot)
        await pilot.press("o")
        await pilot.pause()
        form_hint = str(app.screen.query_one("#form-hint").render())
        said = await roll_form(pilot, {"opponent": "Dallas Kane", "skill": "洞察",
                                       "active_faces": "base=6,2,3,4 skill=3,2 stress=2",
                                       "defender_faces": "base=6,2,3,4,5 skill=3,2"})
        opposed = next(line for line in shown_text(builder, "#rb-result").splitlines() if line.startswith("對抗："))
    assert said == ("Ripley Hale：1 · Dallas Kane：1（基礎 6 2 3 4 5；技能 3 2）→ 防守方守住（平手時主動方失敗）；"
                    "淨成功 0")
    assert opposed == "對抗：" + said
    assert "4 顆基礎骰（d6）、2 顆技能骰（d6）、1 顆壓力骰（d6）" in hint
    assert hint.endswith("字母：b=基礎骰、s=技能骰、st=壓力骰。")
    assert form_hint.endswith("字母：b=基礎骰、s=技能骰、g=裝備骰、st=壓力骰、a=神器骰。")
    for text in (said, hint, form_hint):
        assert not english_words(text, app.service), text


@pilot_test
async def test_R_MANUAL_1_the_faces_hint_in_english_shows_both_forms_and_names_the_letters(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        hint = await _faces_hint(pilot)
    assert hint == ("The pool needs 4 base d6, 2 skill d6, 1 stress d6 faces. Type each kind's letter, then its "
                    "faces, e.g. b3456 s34 st3 or base=3,4,5,6 skill=3,4 stress=3 (R-MANUAL-1). Letters: b=base "
                    "dice, s=skill dice, st=stress dice.")


@pilot_test
async def test_exploding_opposed_assisted_and_group_checks_read_in_zh_hant(builder_app, zh_hant):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        await pilot.press("o")
        await pilot.pause()
        opposed = await roll_form(pilot, {"opponent": "Mira Sol", "opp_skill": "notice", "opp_attribute": "intellect"})
        await pilot.press("i")
        await pilot.pause()
        assisted = await roll_form(pilot, {"skill": "shooting", "others": ("Doc Rell", "Torvald")})
        await pilot.press("n")
        await pilot.pause()
        group = await roll_form(pilot, {"participants": ("Kara Venn", "Torvald"), "skill": "athletics"})
        result = shown_text(builder, "#rb-result")
    assert opposed.splitlines()[-1] == "→ Mira Sol 勝（R-EXP-4：最高骰較高者勝，平手歸防守方）"
    assert opposed.splitlines()[0] == "Kara Venn：最高骰 7 [6 3 7]"
    assert assisted.splitlines()[1] == "Kara Venn：最高骰 11 對目標值 6 [2 6 10+1] 成功 → 骰池 5"
    assert assisted.splitlines()[-1] == "→ 2 次成功"
    assert group.splitlines()[-1] == "→ 2 人中 2 人成功"
    assert result.startswith("團體檢定：目標值 2（")
    # the group's first line says why the TN is what it is, in the words the rules recorded with the entry
    # (systems/exploding: "Moderate difficulty +4, group check: ..."), not yet translated there
    for text in (opposed, assisted, "\n".join(group.splitlines()[1:])):
        assert not english_words(text, app.service), text


@pilot_test
async def test_exploding_special_rolls_in_english_are_as_they_were(builder_app):
    app = builder_app("exploding-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        await pilot.press("i")
        await pilot.pause()
        assisted = await roll_form(pilot, {"skill": "shooting", "others": ("Doc Rell", "Torvald")})
    assert assisted.splitlines() == ["TN 6", "Kara Venn: top 7 vs TN 6 [6 3 7] success → pool 1",
                                     "Doc Rell: top 7 vs TN 7 [6+1] → success (pool 1)",
                                     "Torvald: top 1 vs TN 7 [1] → failure (pool 1)", "→ 2 successes"]


def _text_of(app, selector: str) -> str:
    widget = app.query_one(selector)
    console = Console(width=max(widget.size.width, 40), file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


@pilot_test
async def test_the_table_view_reads_in_zh_hant_at_80_columns_with_a_long_chinese_name(open_service, zh_hant):
    from gmconsole.ui.table import TableApp
    from gmconsole.ui.table.party import NAME_CELLS

    writer = open_service("yze-demo")
    writer.roster.add_character({"name": LONG_NAME, "kind": "pc"})
    writer.conflict.start_conflict([c.id for c in writer.campaign.roster])
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        turns, party = _text_of(app, "#table-turns"), _text_of(app, "#table-party")
        session, keys = _text_of(app, "#table-session"), str(app.query_one("#table-keys").render())
        screen = app.export_screenshot()
    assert "第 1 輪" in turns and "現在：" in turns
    assert keys == "q 離開 · 玩家檢視：由主持人的主控台更新"
    assert "第 1 場次" in session
    for text in (turns, party, session, keys):
        assert not english_words(text, writer), text
        assert all(cell_len(line) <= 80 for line in text.splitlines())
    row = next(line for line in party.splitlines() if line.startswith(LONG_NAME[:3]))
    cut = row.split("…")[0]
    assert LONG_NAME.startswith(cut) and cell_len(cut) <= NAME_CELLS  # whole characters, then "…"
    assert "壓力" in party and row.split("…")[1].split()[:3] == ["0", "0", "0"]  # its numbers still shown
    assert "\ufffd" not in screen


@pytest.mark.parametrize(("key", "table_id", "column"), [("2", "#initiative-table", 1), ("4", "#tracker-table", 0)])
def test_the_initiative_and_tracker_panes_cut_a_long_chinese_name_by_cells_at_80_by_24(make_app, zh_hant, key,
                                                                                      table_id, column):
    from rich.text import Text

    app = make_app("yze-demo")
    app.service.roster.add_character({"name": LONG_NAME, "kind": "pc"})
    app.service.conflict.start_conflict([c.id for c in app.service.campaign.roster])
    seen = {}

    @pilot_test
    async def run():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            table = app.screen.query_one(table_id)
            cells = [table.get_row_at(r)[column] for r in range(table.row_count)]
            seen["names"] = [c.plain if isinstance(c, Text) else str(c) for c in cells]
            seen["width"] = list(table.columns.values())[column].width

    run()
    name = next(n for n in seen["names"] if n.startswith(LONG_NAME[:3]))
    assert name.endswith("…") and LONG_NAME.startswith(name[:-1])  # whole characters, then "…"
    assert cell_len(name) <= seen["width"] <= 80


@pilot_test
async def test_tiered_save_attack_contested_and_a_consequence_read_in_zh_hant(builder_app, zh_hant):
    from pilot_harness import fill_focused

    app = builder_app("tiered-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("v")
        await pilot.pause()
        save = await roll_form(pilot, {"save": "phys", "faces": "dice=6,6"})
        await pilot.press("k")
        await pilot.pause()
        attack = await roll_form(pilot, {"faces": "dice=6,6,2,3"})
        target = app.screen.title_text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        contested = await roll_form(pilot, {"opponent": "Wren", "faces": "dice=3,4,5,4,1,1,6,2"})
        await pick_skill(pilot, "swords")
        await pilot.press("f")
        await pilot.pause()
        await fill_focused(pilot, "dice=4,3,2,1,2,3")
        await pilot.press("C", "d")
        await pilot.pause()
        result = shown_text(builder, "#rb-result")
    assert save == "Aldric PHYS 豁免 6：2d6 [6 6] = 12 → 大成功（R-TIER-3）"  # PHYS: the save's key, as typed
    assert attack == "Aldric 攻擊（近戰）：[6 6 2 3] → 大成功，傷害 14（R-TIER-4）"
    assert target == "Aldric的攻擊：14 點傷害（大成功）。由誰承受？（esc：不套用）"
    assert contested == "9 對 9；4 對 8 → Wren 勝（R-TIER-5：平手時重擲）"
    assert "C：套用一項（已套用：傷害）" in result


def test_a_myz_push_s_costs_name_the_attribute_by_its_name_in_zh_hant_and_in_english():
    """`代價（待套用）：創傷 3 (wits), 突變點 3` named the attribute by its English id; English reads its name too."""
    from gmconsole.i18n import set_language
    from gmconsole.ui.widgets.roll_text import costs_lines

    entry = {"kind": "roll", "costs_status": "pending",
             "costs": [{"name": "trauma", "amount": 3, "target": "wits"}, {"name": "mutation_points", "amount": 3}]}
    set_language("zh-Hant")
    try:
        chinese = costs_lines(entry)
    finally:
        set_language("en")
    assert chinese == ["代價待套用：創傷 3（機智）、突變點 3"]
    assert costs_lines(entry) == ["costs pending: trauma 3 (Wits), mutation points 3"]


def test_a_myz_role_on_the_roster_reads_by_its_zh_hant_name_and_by_its_id_s_words_in_english(open_service):
    """In zh-Hant the roster names roles in Chinese (`Grease · 技工`), never `Vanja · dog handl…`."""
    from gmconsole.i18n import set_language
    from gmconsole.ui.widgets.sheet_view import who

    grease = next(c for c in open_service("myz-demo").campaign.roster if c.role == "gearhead")
    set_language("zh-Hant")
    try:
        chinese = who(grease)
    finally:
        set_language("en")
    assert chinese == "Grease · 技工" and who(grease) == "Grease · gearhead"


@pytest.mark.parametrize(("language", "banes"), [("zh-Hant", "強推後厄兆 基礎 80.2%，壓力 51.8%"),
                                                 (None, "bane after push base 80.2%, stress 51.8%")])
@pilot_test
async def test_the_odds_line_puts_its_figures_side_by_side_with_the_languages_comma(builder_app, language, banes):
    """Inside a Chinese sentence the figures of the odds line are parted by a full-width comma; English
    keeps its ", "."""
    set_language(language)
    try:
        app = builder_app("yze-demo")
        app.service.trackers.change_stress("c1", 2)
        async with app.run_test(size=(120, 40)) as pilot:
            builder = await start_builder(pilot, "c1")
            await pick_skill(pilot, "ranged")
            odds = shown_text(builder, "#rb-odds")
    finally:
        set_language(None)
    assert odds.endswith(banes), odds
