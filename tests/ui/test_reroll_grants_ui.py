"""Reroll grants in the console (seed 003: "some Tradecraft, Trade Secrets or Quirks grant the ability to
reroll failed skill checks"), R-EXP-5: the GM names them on the sheet (the character form), the roll builder
offers ``R`` under a failed check the grant covers, beside the retry ``w``, and records the reroll with the
grant's name; a rerolled check, and a reroll, stand."""

from __future__ import annotations

import asyncio

from pilot_harness import fill_focused, form_message, joined_text, set_field, typed_roll

from gmconsole.ui.screens.character_form import CharacterForm
from gmconsole.ui.screens.roll_form import ChoiceScreen


def _result(app) -> str:
    return joined_text(app.screen, "#rb-message, #rb-result, #rb-result-head")


async def _failed_stealth(pilot, faces: str = "s1,2 t2") -> None:
    await typed_roll(pilot, "c1", "stealth", faces)


def test_R_EXP_5_the_character_form_names_reroll_grants_and_the_sheet_keeps_them(make_app):
    app = make_app("exploding-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("1", "e")  # the roster's first character: Kara Venn
            await pilot.pause()
            form = app.screen
            seen["form"] = isinstance(form, CharacterForm)
            set_field(app, "reroll_grants", ": stealth")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["nameless"] = form_message(app)
            set_field(app, "reroll_grants", "Old hand: stealth, Athletics; Lucky; lucky")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["twice"] = form_message(app)
            set_field(app, "reroll_grants", "Old hand: stealth, Athletics; Lucky")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["closed"] = app.screen is not form
            await pilot.press("e")
            await pilot.pause()
            from textual.widgets import Input

            seen["shown"] = app.screen.query_one("#f-reroll_grants", Input).value
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    assert seen["form"]
    assert "each grant needs a name" in seen["nameless"]
    assert "two reroll grants named" in seen["twice"] and "lucky" in seen["twice"]
    assert seen["closed"]
    kara = app.service.campaign.character("c1")
    assert kara.reroll_grants == [{"name": "Old hand", "skills": ["stealth", "athletics"]},
                                  {"name": "Lucky", "skills": []}]
    assert seen["shown"] == "Old hand: stealth, athletics; Lucky"


def test_R_EXP_5_the_form_of_a_system_without_grants_has_no_such_field(make_app):
    app = make_app("yze-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("1", "e")
            await pilot.pause()
            seen["fields"] = [w.id for w in app.screen.query("Input")]
            await pilot.press("escape")

    asyncio.run(run())
    assert "f-notes" in seen["fields"] and "f-reroll_grants" not in seen["fields"]


def test_R_EXP_5_a_failed_check_offers_R_beside_w_and_the_reroll_is_recorded_with_the_grant(make_app):
    app = make_app("exploding-demo")
    app.service.roster.update_character("c1", {"reroll_grants": [{"name": "Old hand", "skills": ["stealth"]},
                                                                 {"name": "Lucky", "skills": []}]})
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _failed_stealth(pilot)
            seen["failed"] = _result(app)
            await pilot.press("R")
            await pilot.pause()
            seen["which"] = isinstance(app.screen, ChoiceScreen)
            await pilot.press("2")  # Lucky
            await pilot.pause()
            seen["how"] = str(app.screen.query_one("#choice-title").render())
            await pilot.press("r")
            await pilot.pause()
            seen["rerolled"] = _result(app)
            await pilot.press("R")
            await pilot.pause()
            seen["again"] = _result(app)

    asyncio.run(run())
    assert "Retry after a change of circumstances (w)" in seen["failed"]
    assert "Reroll with a grant (R: Old hand, Lucky):" in seen["failed"] and "R-EXP-5" in seen["failed"]
    assert seen["which"] and "with Lucky" in seen["how"]
    reroll, failed = app.service.history.filtered(kind="roll")  # newest first
    assert reroll["reroll"] == {"of": failed["id"], "grant": "Lucky"}
    assert reroll["skill"] == "stealth" and reroll["by_hand"] is False
    assert app.service.history.entry(failed["id"])["rerolled_with"] == "Lucky"
    assert f"reroll of roll {failed['id']} with Lucky" in seen["rerolled"]
    assert reroll["success"] is True  # these seeded dice: top 14 against TN 4
    assert f"roll {reroll['id']} succeeded: a grant rerolls failed checks only (R-EXP-5)" in seen["again"]
    assert "Reroll with a grant" not in seen["rerolled"]


def test_R_EXP_5_the_reroll_takes_typed_faces_and_undo_gives_the_check_back(make_app):
    app = make_app("exploding-demo")
    app.service.roster.update_character("c1", {"reroll_grants": [{"name": "Old hand", "skills": ["stealth"]}]})
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _failed_stealth(pilot)
            await pilot.press("R")  # one grant: straight to how
            await pilot.pause()
            seen["title"] = str(app.screen.query_one("#choice-title").render())
            await pilot.press("f")
            await pilot.pause()
            await fill_focused(pilot, "s8+3,2 t4")
            seen["rerolled"] = _result(app)
            await pilot.press("u")
            await pilot.pause()
            await pilot.press("R", "f")
            await pilot.pause()
            await fill_focused(pilot, "s2,3 t1")  # top 3 against TN 4: the reroll fails too
            seen["after_undo"] = _result(app)
            await pilot.press("R")
            await pilot.pause()
            seen["stands"] = _result(app)

    asyncio.run(run())
    assert "with Old hand" in seen["title"]
    undone = [e for e in app.service.history.filtered(kind="roll", include_undone=True) if e["status"] == "undone"]
    assert undone and undone[0]["reroll"]["grant"] == "Old hand" and undone[0]["by_hand"] is True
    assert undone[0]["top"] == 11 and undone[0]["success"] is True
    reroll, check = app.service.history.filtered(kind="roll")
    assert reroll["reroll"] == {"of": check["id"], "grant": "Old hand"} and reroll["success"] is False
    assert check["rerolled_with"] == "Old hand"
    assert "with Old hand" in seen["after_undo"] and "Reroll with a grant" not in seen["after_undo"]
    assert f"roll {reroll['id']} is a reroll with Old hand: its result stands (R-EXP-5)" in seen["stands"]
    assert len(app.service.history.filtered(kind="roll")) == 2


def test_R_EXP_5_a_grant_that_does_not_cover_the_skill_is_not_offered_and_R_says_why(make_app):
    app = make_app("exploding-demo")
    app.service.roster.update_character("c1", {"reroll_grants": [{"name": "Steady aim", "skills": ["shooting"]}]})
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _failed_stealth(pilot)
            seen["failed"] = _result(app)
            await pilot.press("R")
            await pilot.pause()
            seen["said"] = _result(app)

    asyncio.run(run())
    assert "Retry after a change of circumstances (w)" in seen["failed"]
    assert "Reroll with a grant" not in seen["failed"]
    assert "holds no reroll grant covering this check" in seen["said"] and "R-EXP-5" in seen["said"]
    assert len(app.service.history.filtered(kind="roll")) == 1
