"""Pilot tests of the rules the seeds state, done with the roll builder's keys as a GM does them:
seed 002's named skill modifiers (``m`` / ``M``), the myz opposed pairs (``o`` offers the paired skill
first) and R-MYZ-LIMIT warnings (shown in the builder, set aside with ``w``). Each checks what the
screen shows and what the history records."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    mark_names,
    pick_skill,
    pilot_test,
    shown_text,
    start_builder,
)
from textual.widgets import Static

from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.screens.roll_form import RollFormScreen
from gmconsole.ui.screens.skill_modifier_picker import SkillModifierScreen
from gmconsole.ui.widgets.mark_list import MarkList
from gmconsole.ui.widgets.roll_text import stunt_lines


async def _mark(pilot, indexes: list[int]) -> SkillModifierScreen:
    """``m``, then mark the rows at ``indexes`` (0 = the first) with the arrows and space."""
    await pilot.press("m")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SkillModifierScreen)
    at = 0
    for index in sorted(indexes):
        await pilot.press(*["down"] * (index - at), "space")
        at = index
    await pilot.pause()
    return screen


@pilot_test
async def test_seed_002_stealth_factors_picked_with_m_shown_rolled_and_in_the_history_detail(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        skill_dice = sum(1 for d in builder.preview.dice if d["kind"] == "skill")
        picker = await _mark(pilot, [1, 2])  # the area is dark; crowded or noisy
        assert "+2" in str(picker.query_one("#pick-total", Static).render())
        prompt = str(picker.query_one("#pick-list").get_option_at_index(1).prompt)
        assert "The area is dark or dimly lit" in prompt and "該區域" not in prompt  # the English view: English names
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert builder.draft.skill_modifiers == ("dark", "crowded")
        assert "The area is dark or dimly lit +1" in shown_text(builder, "#rb-explain")
        assert "mods dark, crowded" in shown_text(builder, "#rb-settings")
        assert sum(1 for d in builder.preview.dice if d["kind"] == "skill") == skill_dice + 2
        await pilot.press("r")
        await pilot.pause()
        assert "modifiers: The area is dark or dimly lit +1; The area is crowded" in shown_text(builder, "#rb-result")
        entry = service.history.filtered(kind="roll")[0]
        assert [(m["id"], m["modifier"]) for m in entry["skill_modifiers"]] == [("dark", 1), ("crowded", 1)]
        assert entry["skill_modifiers"][1]["name"]["zh-Hant"] == "該區域人群密集或嘈雜。"
        await pilot.press("M")
        assert builder.draft.skill_modifiers == () and "dark" not in shown_text(builder, "#rb-explain")
        app.push_screen(HistoryScreen())
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        detail = str(app.screen.query_one("#hist-detail-text", Static).render())
    assert "modifiers: The area is dark or dimly lit +1; The area is crowded" in detail and "該區域" not in detail


@pilot_test
async def test_seed_002_interrogation_refuses_the_captive_twice_and_offers_stamina_to_oppose(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c4")
        await pick_skill(pilot, "manip")
        await _mark(pilot, [2, 9])  # "detained or imprisoned by you" and interrogation
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "same fact" in shown_text(builder, "#rb-message")
        await pilot.press("r")
        await pilot.pause()
        assert app.service.history.filtered(kind="roll") == []
        await _mark(pilot, [2])  # unmark the captive: interrogation alone
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert builder.draft.skill_modifiers == ("interrogation",)
        assert "Interrogating a captive: opposed by Stamina, not Insight +1" in shown_text(builder, "#rb-explain")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        assert form.query_one("#field-skill", MarkList).marked == ["stamina"]


@pilot_test
async def test_r_opp_1_myz_opposed_picker_offers_the_paired_skill_first(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c4")  # Vanja: Sneak 1
        await pick_skill(pilot, "sneak")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert form.query_one("#field-skill", MarkList).marked == ["scout"]
        await mark_names(pilot, form.query_one("#field-opponent", MarkList), "Lina")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert service.history.filtered(kind="roll")[0]["opposed"]["defender_skill"] == "scout"
        await start_builder(pilot, "c6")  # Hammer, the Enforcer
        await pick_skill(pilot, "intim")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert form.query_one("#field-skill", MarkList).marked == ["intimidate"]
        assert "only against another Enforcer" in str(form.query_one("#form-hint").render())
        await mark_names(pilot, form.query_one("#field-opponent", MarkList), "Grease")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "only against another Enforcer" in str(form.query_one("#form-error").render())
    assert len(service.history.filtered(kind="roll")) == 1


@pilot_test
async def test_r_myz_limit_make_a_deal_once_per_session_warned_and_dismissed_with_w(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    fixer = service.roster.add_character({"name": "Nails", "role": "fixer", "skills": {"make-a-deal": 2},
                                          "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 4}})
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, fixer.id)
        await pick_skill(pilot, "make")
        await _mark(pilot, [0])  # deal on the side
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "mods side-deal" in shown_text(builder, "#rb-settings")
        assert shown_text(builder, "#rb-warnings") == ""
        await pilot.press("r")
        await pilot.pause()
        assert "modifiers: Deal on the side" in shown_text(builder, "#rb-result")
        assert "私下買賣" not in shown_text(builder, "#rb-result")
        assert "mods" not in shown_text(builder, "#rb-settings")  # a named modifier is for one roll
        await _mark(pilot, [0])  # the GM builds a second deal: warned before rolling it
        await pilot.press("ctrl+s")
        await pilot.pause()
        warning = shown_text(builder, "#rb-warnings")
        assert "already rolled a deal on the side this session" in warning and "R-MYZ-LIMIT" in warning
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)
        await fill_focused(pilot, "a trade caravan reached the Ark")
        assert "once per session" not in shown_text(builder, "#rb-warnings")
        await pilot.press("r")  # the GM allowed it: the second deal is rolled and recorded
        await pilot.pause()
    kinds = [e["kind"] for e in service.history.filtered()]
    assert kinds[:3] == ["roll", "circumstances", "roll"]
    assert service.history.filtered(kind="circumstances")[0]["reason"] == "a trade caravan reached the Ark"


@pilot_test
async def test_r_myz_limit_one_stalker_per_sector_typed_in_the_picker(builder_app):
    app = builder_app("myz-demo")
    service = app.service
    kai = service.roster.add_character({"name": "Kai", "role": "stalker", "skills": {"find-the-path": 1},
                                        "attributes": {"strength": 3, "agility": 4, "wits": 3, "empathy": 2}})
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c9")  # Lina
        await pick_skill(pilot, "find")
        await _mark(pilot, [0])
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LineEntryScreen)  # which sector?
        await fill_focused(pilot, "B7")
        assert builder.draft.skill_modifiers == ("enter-sector=B7",)
        await pilot.press("r")
        await pilot.pause()
        builder = await start_builder(pilot, kai.id)
        await pick_skill(pilot, "find")
        await _mark(pilot, [0])
        await pilot.press("ctrl+s")
        await pilot.pause()
        await fill_focused(pilot, "b7")
        warning = shown_text(builder, "#rb-warnings")
        assert "Lina already rolled Find the Path entering sector b7" in warning and "one Stalker" in warning
    entry = service.history.filtered(kind="roll")[0]
    assert entry["skill_modifiers"] == [{"id": "enter-sector",
                                         "name": {"en": "Entering a sector", "zh-Hant": "進入區塊"},
                                         "modifier": 0, "group": {"en": "Find the Path", "zh-Hant": "尋路"},
                                         "detail": "B7"}]


def test_r_myz_limit_find_the_path_stunts_beyond_the_list_are_flagged():
    options = [{"en": f"stunt {i}", "zh-Hant": f"特技 {i}"} for i in range(7)]
    entry = {"system": "myz", "skill": "find-the-path", "successes": 9, "stunts": 8, "stunt_list": options}
    assert any("8 stunts but 7 different ones" in line and "R-MYZ-LIMIT" in line for line in stunt_lines(entry))
    entry["stunts"] = 7
    assert not any("R-MYZ-LIMIT" in line for line in stunt_lines(entry))


def test_help_names_r_myz_limit_and_the_skill_modifier_lists():
    from gmconsole.ui.screens.help import rules_sections

    myz = " ".join(line for s in rules_sections("myz") for line in s["lines"])
    assert "R-MYZ-LIMIT" in myz and "once per session" in myz and "one Stalker" in myz and "same device" in myz
    assert "Sneak vs Scout" in myz and "only against another Enforcer" in myz
    for system in ("yze", "yze-step"):
        text = " ".join(line for s in rules_sections(system) for line in s["lines"])
        assert "Stealth (潛行)" in text and "bargaining position" in text and "Interrogation (審問)" in text
        assert "R-MYZ-LIMIT" not in text


@pilot_test
async def test_a_panic_rows_lasting_modifier_is_named_in_the_pool_and_the_settings_line(builder_app):
    """Tremble (panic row 8): -2 to every Agility skill roll while the panic lasts. The builder names it where
    the pool is explained (``Tremble (panic) −2``, not a bare ``modifier −2``) and the settings line adds it
    beside the GM's own modifier (``mod +0, panic −2``), so the two agree; the roll records it by name."""
    app = builder_app("yze-demo")
    service = app.service
    service.trackers.set_tracker("c1", "stress", 3)
    service.trackers.panic_roll("c1", face=5)  # 5 + stress 3 = 8: Tremble
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        await pilot.pause()
        settings = shown_text(builder, "#rb-settings")
        explained = shown_text(builder, "#rb-explain")
        await pilot.press("f")
        await fill_focused(pilot, "b23 st234")
        await pilot.pause()
        entry = service.history.filtered(kind="roll")[0]
    assert "mod +0, panic −2" in settings
    parts = explained.split("; ")
    assert "Tremble (panic) −2" in parts and "modifier −2" not in parts
    assert "total modifier −2: removed 2 base" in parts
    assert any("Tremble (panic) −2" in line for line in entry["pool"]["explanation"])
