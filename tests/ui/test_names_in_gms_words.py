"""The console shows skills and attributes by their names (from the
campaign's list or the system table), never by the ids sheets and entries keep, and the defender's
dice of an opposed roll the way the roller's dice are shown (by kind, faces)."""

from __future__ import annotations

from pilot_harness import (
    fill_focused,
    pick_skill,
    pilot_test,
    roll_form,
    shown_text,
    start_builder,
)
from textual.widgets import OptionList

from gmconsole.ui.screens.roll_form import RollFormScreen


@pilot_test
async def test_yze_opposed_roll_hint_summary_and_defender_dice_in_the_gms_words(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "mobility")
        await pilot.pause()
        explain = shown_text(builder, "#rb-explain")
        await pick_skill(pilot, "stealth")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        hint = str(form.query_one("#form-hint").render())
        result = await roll_form(pilot, {"opponent": "Hull rats", "active_faces": "base=6,2,3,4 stress=2",
                                     "defender_faces": "base=6"})
    assert service.history.filtered(kind="roll"), result
    summary = service.history.filtered(kind="roll")[0]["summary"]
    assert "Agility 4: 4 base dice" in explain and "Mobility 2: 2 skill dice" in explain, explain
    assert "Stealth is opposed by Observation" in hint, hint
    assert "opposed by Hull rats (Observation)" in summary, summary
    assert "[base:" not in result and "Hull rats: 1 (base 6)" in result, result


@pilot_test
async def test_myz_paired_skill_hint_and_modifier_list_title_use_names(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c4")
        await pick_skill(pilot, "sneak")
        await pilot.press("o")
        await pilot.pause()
        hint = str(app.screen.query_one("#form-hint").render())
        await pilot.press("escape")
        await pilot.pause()
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await pilot.press("m")
        await pilot.pause()
        title = str(app.screen.title) if hasattr(app.screen, "title") else ""
        shown = title + " ".join(str(w.render()) for w in app.screen.query("Static"))
    assert "Sneak is opposed by Scout" in hint, hint
    assert "Modifiers of Jury-Rig" in shown and "jury-rig" not in shown, shown


@pilot_test
async def test_tiered_roll_builder_line_contested_form_and_summaries_name_the_attribute(builder_app):
    app = builder_app("tiered-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        settings = shown_text(builder, "#rb-settings")
        await pilot.press("o")
        await pilot.pause()
        attribute = app.screen.query_one("#field-attribute").value
        result = await roll_form(pilot, {"opponent": "Wren", "attribute": "dexterity", "faces": "dice=6,4,5,1"})
    assert service.history.filtered(kind="contested"), result
    contested = service.history.filtered(kind="contested")[0]
    assert "attr Strength" in settings and "attr str" not in settings, settings
    assert attribute == "Strength"
    assert contested["attribute"] == "dex"  # the entry keeps the id
    assert contested["summary"].startswith("Aldric (Dexterity) contests Wren (Dexterity)"), contested["summary"]


def test_tiered_roll_summary_names_the_attribute(open_service):
    service = open_service("tiered-demo")
    entry = service.rolls.roll("c1", attribute="str", faces="dice=6,2,3")
    assert entry["summary"].startswith("Aldric rolls Strength:"), entry["summary"]


@pilot_test
async def test_change_of_circumstances_summary_names_the_skill(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        await fill_focused(pilot, "")
        await fill_focused(pilot, "closer now")
    summary = service.history.filtered(kind="circumstances")[0]["summary"]
    assert summary == "Ripley Hale may try Ranged again: closer now", summary


def test_yze_step_gm_roll_first_die_has_no_attribute(open_service):
    from gmconsole.ui.widgets.dice_pool import render_dice

    service = open_service("yze-step-demo")
    entry = service.rolls.quick_roll("d10 d8 1st", faces="step=10,8 stress=1")
    shown = render_dice(entry["dice"]).plain
    assert "(strength)" not in shown, shown


def test_markdown_and_csv_exports_name_the_skill(open_service, demo_root, capsys):
    from gmconsole.cli import main

    service = open_service("yze-demo")
    service.rolls.roll("c1", "mobility", faces="base=6,2,3,4 skill=3,2 stress=2")
    markdown, csv = service.history.export_session(fmt="markdown"), service.history.export_session(fmt="csv")
    service.close()
    capsys.readouterr()
    assert main(["--data-dir", str(demo_root), "history", "yze-demo", "--format", "csv"]) == 0
    printed = capsys.readouterr().out
    for text in (markdown, csv, printed):
        assert "Mobility" in text and "mobility" not in text.replace("Mobility", ""), text


def test_a_myz_refusal_cites_the_game_not_a_seed_number(open_service):
    from gmconsole.campaign.errors import ValidationError

    service = open_service("myz-demo")
    try:
        service.rolls.opposed_roll("c6", "intimidate", defender_id="c1", defender_skill="intimidate")
    except ValidationError as exc:
        refusal = str(exc)
    assert "seed" not in refusal and "(Mutant: Year Zero)" in refusal, refusal
    assert refusal.startswith("Intimidate is an opposed roll only against another Enforcer"), refusal


def test_a_settings_change_is_told_by_its_label_and_value_words(make_app):
    """A settings change is told by the table's label and on/off, not ``✓ settings: initiative_redraw = True``."""
    import asyncio

    from test_settings_screen import WIDE, _to_row

    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+o")
            await pilot.pause()
            await _to_row(pilot, "initiative_redraw")
            before = app.service.campaign.settings.initiative_redraw
            await pilot.press("space")
            await pilot.pause()
            seen["word"] = "off" if before else "on"
            seen["message"] = str(app.screen.query_one("#settings-message").render())

    asyncio.run(run())
    summary = app.service.history.filtered(kind="settings")[0]["summary"]
    assert summary == f"settings: New cards each round: {seen['word']}", summary
    assert seen["message"] == f"✓ {summary}", seen["message"]
    assert app.service.setup.update_settings({"initiative_attribute": "wits"})["summary"] == \
        "settings: Initiative attribute: Wits"


def _has_cjk(text: str) -> bool:
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


@pilot_test
async def test_wording_one_skill_die_how_many_to_unmark_and_english_names_only(builder_app):
    """One skill die, not ``1 skill dice added``; how many to unmark, not ``unmark one`` with three too
    many; no Chinese names in the English view (the modifier list and the recorded roll's modifiers line)."""
    from gmconsole.ui.widgets.roll_text import modifier_line

    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "mobility")
        await pilot.press("+")
        await pilot.pause()
        explain = shown_text(builder, "#rb-explain")
        await pilot.press("e")
        await pilot.pause()
        picker = app.screen
        for _ in range(6):
            await pilot.press("space", "down")
        await pilot.press("ctrl+s")
        await pilot.pause()
        message = str(picker.query_one("#pick-message").render())
    assert "total modifier +1: 1 skill die added" in explain, explain
    assert "6 are marked; unmark 3" in message, message

    myz = builder_app("myz-demo")
    async with myz.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "jury")
        await pilot.press("m")
        await pilot.pause()
        rows = myz.screen.query_one(OptionList)
        listed = " ".join(str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count))
    entry = myz.service.rolls.roll("c1", "jury-rig", skill_modifiers=["device=scrap gun"])
    assert "Device" in listed and not _has_cjk(listed), listed
    # a device from the seed's list is kept by its English name (R-MYZ-BUILD-1), as R-MYZ-LIMIT compares it
    assert modifier_line(entry) == "modifiers: Device Scrap gun", modifier_line(entry)


def test_tiered_cli_dice_line_says_dice_once(open_service, demo_root, capsys):
    from gmconsole.cli import main

    open_service("tiered-demo").close()
    capsys.readouterr()
    assert main(["--data-dir", str(demo_root), "roll", "tiered", "--campaign", "tiered-demo", "--character",
                 "Aldric", "--attribute", "str", "--faces", "dice=5,3,2"]) == 0
    out = capsys.readouterr().out
    assert "dice: 5, 3, 2" in out and "dice 5" not in out, out


@pilot_test
async def test_exploding_forms_ask_in_the_gms_words_and_take_names_in_any_case(builder_app):
    """The exploding forms ask for Skill, Trait and Difficulty Moderate, not ``Skill id``, ``Trait
    (attribute id)``, ``Difficulty moderate``; ``Athletics``/``AGILITY``/``standard`` are read as the ids."""
    app = builder_app("exploding-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        labels = [str(label.render()) for label in form.query(".form-label")]
        hint = str(form.query_one("#form-hint").render())
        difficulty = form.query_one("#field-difficulty").value
        result = await roll_form(pilot, {"participants": ("Kara Venn", "Torvald"), "skill": "Athletics",
                                     "attribute": "AGILITY", "difficulty": "standard"})
    assert "Skill" in labels and "Trait" in labels and "Difficulty" in labels, labels
    assert not any("id" in label.split() or "(attribute id)" in label for label in labels), labels
    assert difficulty == "Moderate"
    assert "athletics" in hint and "agility" in hint and "Esoteric" in hint, hint
    assert service.history.filtered(kind="group"), result
    group = service.history.filtered(kind="group")[0]
    assert (group["skill"], group["attribute"]) == ("athletics", "agility"), result


def test_an_attribute_is_taken_by_its_name_and_recorded_by_its_id(open_service):
    service = open_service("yze-demo")
    entry = service.rolls.opposed_roll("c1", "ranged", defender_id="c13", defender_attribute="Wits",
                                       faces="base=6,2,3,4 skill=3,2 stress=2", defender_faces="base=6")
    assert entry["opposed"]["defender_attribute"] == "wits"
    tiered = open_service("tiered-demo")
    assert tiered.rolls.roll("c1", attribute="Strength", faces="dice=6,2,3")["attribute"] == "str"
