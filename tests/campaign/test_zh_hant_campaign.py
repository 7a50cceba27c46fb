"""The campaign layer in Traditional Chinese: what the GM reads from it — the session recap, the
history's Markdown export, a refusal, a new session's message — holds no English word but names, ids and
notation, and reads as one exact zh-Hant line where it matters; the same calls in English are unchanged.

The seeded session (``stats_session.play_session``) is played with the console speaking zh-Hant, so its
history summaries are written in zh-Hant, as they are when a GM plays in zh-Hant (a summary keeps the
language it was written in; the recap's own words follow the language spoken when it is read)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from campaign_helpers import frozen_clock, yz
from stats_session import DEMOS, play_session

from gmconsole.campaign import recaps, skills
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.history_export import export
from gmconsole.campaign.service import CampaignService
from gmconsole.i18n import set_language
from gmconsole.rules.errors import RulesError

WORD = re.compile(r"[A-Za-z]{3,}")
NOTATION = {"chi"}
"""The chi-square test's symbol (chi²) in the fairness table."""


@pytest.fixture
def zh():
    set_language("zh-Hant")
    yield
    set_language("en")


def english_left(text: str, service) -> list[str]:
    """Each English word of ``text`` that is not a name the campaign holds (characters, the campaign) or
    notation, with the words around it (to find where it comes from)."""
    names = {service.campaign.name, *(c.name for c in service.campaign.roster)}
    allowed = {w for n in names for w in WORD.findall(n)} | NOTATION
    return [f"{m.group()} «{text[max(m.start() - 30, 0):m.end() + 30]}»" for m in WORD.finditer(text)
            if m.group() not in allowed]


@pytest.fixture(scope="module")
def seeded_zh(tmp_path_factory):
    """The seeded session on the Year Zero demo, played in zh-Hant."""
    root = tmp_path_factory.mktemp("zh")
    set_language("zh-Hant")
    try:
        play_session(root, "yze-demo")
    finally:
        set_language("en")
    return root


def test_the_recap_of_a_seeded_session_reads_in_zh_hant(zh, seeded_zh):
    with CampaignService.open(seeded_zh, "yze-demo", clock=frozen_clock) as service:
        text = recaps.recap_markdown(recaps.recap(service.ledger))
        assert english_left(text, service) == []
    lines = text.splitlines()
    assert lines[0] == "# yze-demo：第 2 場次"
    assert "## 強推與其代價" in lines and "## 骰子與運氣" in lines
    assert "| 誰 | 擲骰 | 成功 | 期望值 | 成功率 | 機率 | 運氣 |" in lines
    assert "| 掉落物品 | 8 |" in lines  # a panic row by its zh-Hant name, not its id (drop-item)


def test_the_recap_keeps_its_english_in_english(tmp_path):
    play_session(tmp_path, "yze-demo")
    with CampaignService.open(tmp_path, "yze-demo", clock=frozen_clock) as service:
        lines = recaps.recap_markdown(recaps.recap(service.ledger)).splitlines()
    assert lines[0] == "# yze-demo: session 2"
    assert "## Pushes and their costs" in lines and "| Drop item | 8 |" in lines  # the row's name, not drop-item


def test_the_markdown_export_reads_in_zh_hant_and_the_csv_keeps_its_column_ids(zh, seeded_zh):
    with CampaignService.open(seeded_zh, "yze-demo", clock=frozen_clock) as service:
        entries = service.history.filtered(session=2)
        figures = service.history.statistics(session=2)
        named = lambda skill: skills.name_of(service.campaign, skill)  # noqa: E731 - as the CLI names them
        text = export(entries, "markdown", title="yze-demo", skill_name=named, figures=figures)
        assert english_left(text, service) == []
        table = export(entries, "csv")
    assert "| 時間 | 場次 | 角色 | 種類 | 技能 | 結果 | 骰子 | 摘要 |" in text.splitlines()
    header = next(csv.reader(io.StringIO(table)))
    assert header == ["at", "session", "character", "kind", "skill", "result", "dice", "summary"]


def test_a_refusal_reads_in_zh_hant(zh, make_service):
    service = make_service("yze")
    with pytest.raises(ValidationError) as refused:
        service.sessions.new_session(title="x" * 121)
    assert str(refused.value) == "場次標題最多 120 個字元（這個有 121 個）"
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2}})
    roll = service.rolls.roll(ann.id, "ranged")
    service.sessions.new_scene()
    with pytest.raises(ValidationError) as refused:
        service.rolls.push(roll["id"])
    assert str(refused.value) == ("擲骰 2 是在第 1 場次第 1 場景擲出；強推須緊接在擲骰後、於同一場景進行"
                                  "（同場景強推，docs/RULES.md）")
    assert english_left(str(refused.value).replace("docs/RULES.md", ""), service) == []
    with pytest.raises(ValidationError) as refused:
        service.setup.add_skill("長" * 41, "wits")
    assert str(refused.value) == f"技能 “{'長' * 41}”：技能名稱最多 40 個字元"


def test_pushing_twice_is_refused_in_zh_hant_and_the_roll_reads_in_zh_hant(zh, make_service):
    service = make_service("yze", seed=3)
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2}})
    service.rolls.roll(ann.id, "ranged")
    service.rolls.push()
    with pytest.raises(RulesError) as refused:
        service.rolls.push()
    assert english_left(re.sub(r"R-[A-Z0-9-]+", "", str(refused.value)), service) == []
    push, roll = (e["summary"] for e in service.history.filtered()[:2])
    assert (push, roll) == ("Ann 強推 射擊：1 次成功；壓力 +1 → 1", "Ann 擲 射擊：1 次成功（已強推）")


def test_a_new_session_says_so_in_zh_hant(zh, make_service):
    service = make_service("yze")
    service.sessions.new_session(title="進入禁區")
    service.sessions.new_scene()
    summaries = [e["summary"] for e in service.history.filtered(session=2)]
    assert summaries == ["第 2 場景開始", "第 2 場次開始：進入禁區"]


def sheet_words(service) -> set[str]:
    """What the GM typed into the campaign beyond the roster's names: the skills exploding and tiered sheets
    name themselves (ids the GM chose), a dog's name, the clocks' names."""
    campaign = service.campaign
    texts = [skill for c in campaign.roster for skill in c.skills]
    texts += [c.dog.name for c in campaign.roster if c.dog is not None]
    texts += [clock.name for s in campaign.sessions for clock in s.clocks]
    return {w for t in texts for w in WORD.findall(t)}


@pytest.mark.parametrize("name", DEMOS)
def test_every_demo_s_seeded_recap_and_export_read_in_zh_hant(zh, tmp_path, name):
    play_session(tmp_path, name)
    with CampaignService.open(tmp_path, name, clock=frozen_clock) as service:
        text = recaps.recap_markdown(recaps.recap(service.ledger)) + service.history.export_session(2, "markdown")
        saves = re.sub(r"[（(](PHYS|MENT|PERC) ", "（", text)  # the tiered save's id, as the GM types it
        left = [w for w in english_left(saves, service) if w.split()[0] not in sheet_words(service)]
    assert left == []


def test_a_sheet_in_panic_names_the_panic_row_by_its_name_in_zh_hant_and_in_english(make_service):
    from gmconsole.campaign.sheet import sheet, sheet_lines

    service = make_service("yze")
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "stress": 3})
    service.trackers.panic_roll(ann.id, face=6)  # 6 + 3 stress: 9, the row that drops an item
    data = sheet(service.character(ann.id))
    assert sheet_lines(data, service.campaign)[-2] == "panic: 9 Drop item"
    set_language("zh-Hant")
    try:
        assert sheet_lines(data, service.campaign)[-2] == "恐慌：9 掉落物品"
    finally:
        set_language("en")


def test_an_opposed_roll_refusal_names_the_skill_role_and_game_in_zh_hant(zh, tmp_path):
    from gmconsole.campaign.library import install_demos

    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "myz-demo", clock=frozen_clock) as service, \
            pytest.raises(ValidationError) as refused:
        service.rolls.opposed_roll("Hammer", "intimidate", defender_id="Lina")
    assert str(refused.value) == "威嚇只有對另一位打手時才是對抗擲骰（變種人：零年）；Lina 不是：請當作一般擲骰"


def test_a_push_of_an_attribute_alone_names_the_attribute_by_its_name_in_zh_hant_and_in_english(make_service):
    """`a` `r` `p` in zh-Hant read "Dallas Kane 強推 strength", and English "pushes strength": the attribute's
    name in both."""
    from gmconsole.i18n import set_language

    summaries = {}
    for code in ("zh-Hant", "en"):
        set_language(code)
        try:
            service = make_service("yze", name=f"yze-{code}", seed=3)
            ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {}})
            service.rolls.roll(ann.id, attribute="strength")
            service.rolls.push()
            summaries[code] = service.history.filtered()[0]["summary"]
        finally:
            set_language("en")
    assert summaries["zh-Hant"].startswith("Ann 強推 力量：")
    assert summaries["en"].startswith("Ann pushes Strength: ")


def test_the_stats_command_names_panic_rows_by_their_names_in_zh_hant_and_in_english(seeded_zh, capsys):
    """`stats` (and the statistics screen) read 恐慌：keeping-it-together 2, then keeping-it-together 2 in English:
    a panic row reads by the table's name in both languages; ``--json`` keeps the row's id, a contract."""
    from gmconsole.cli import main

    assert main(["--lang", "zh-Hant", "--data-dir", str(seeded_zh), "stats", "yze-demo"]) == 0
    chinese = capsys.readouterr().out
    assert main(["--lang", "en", "--data-dir", str(seeded_zh), "stats", "yze-demo"]) == 0
    english = capsys.readouterr().out
    assert "掉落物品 8" in chinese and "drop-item" not in chinese
    assert "Drop item 8" in english and "drop-item" not in english
    assert main(["--lang", "en", "--data-dir", str(seeded_zh), "stats", "yze-demo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["panics"]["drop-item"] == 8


def test_a_condition_typed_in_zh_hant_costs_the_die_its_english_name_covers(make_service):
    """The console suggests 疲憊 for the conditions push cost, so a character 疲憊 loses a die as one
    `tired` does (the campaign's coverage names its conditions in English)."""
    service = make_service("yze")
    service.setup.update_settings({"push_cost": "conditions"})
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 2}})
    service.trackers.add_condition(ann.id, "疲憊")
    preview = service.rolls.preview_roll(ann.id, "melee")
    assert [d["kind"] for d in preview.dice].count("skill") == 1
