"""The push odds in the console: after a roll that can be pushed, the builder says in one line what the push
can give and cost, from the dice on the table; ``O`` opens the full table; a pushed roll no longer says it."""

from __future__ import annotations

import asyncio
from fractions import Fraction

from pilot_harness import builder_text as _result
from pilot_harness import fill_focused, start_builder, type_text, typed_roll
from textual.widgets import Static

from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.push_odds import PushOddsScreen


def test_yze_builder_shows_the_push_odds_line_and_O_opens_the_full_table(make_app):
    app = make_app("yze-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await typed_roll(pilot, "c1", "ranged", "base=1,2,3,4 skill=1,5 stress=2")
            seen["line"] = _result(app)
            await pilot.press("O")
            await pilot.pause()
            seen["screen"] = app.screen
            seen["table"] = str(app.screen.query_one("#push-odds-table", Static).render())
            await pilot.press("escape")
            await pilot.pause()
            seen["back"] = app.screen
            await pilot.press("p")
            await pilot.pause()
            seen["after_push"] = _result(app)

    asyncio.run(run())
    # six dice rerolled (3 base, 1 skill, the stress die and the push's own): 1 - (5/6)^6 = 67 %
    assert "p: push · if pushed: 67 % success, 1.0 expected · panic 31 %" in seen["line"]
    assert isinstance(seen["screen"], PushOddsScreen)
    assert "31031/46656" in seen["table"] and "11/36" in seen["table"]
    assert isinstance(seen["back"], MainScreen)
    assert "if pushed" not in seen["after_push"]


def test_R_MYZ_TRAUMA_myz_line_names_the_trauma_it_can_cost_and_the_chance_to_break(make_app):
    app = make_app("myz-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await typed_roll(pilot, "c6", "force", "base=1,1,2,3,4 skill=2,3")
            seen["line"] = _result(app)
            seen["odds"] = app.service.rolls.push_odds(app.service.history.filtered(kind="roll")[-1]["id"])

    asyncio.run(run())
    odds = seen["odds"]
    assert odds.p_success == 1 - Fraction(5, 6) ** 5
    assert min(odds.cost_distribution["trauma"]) == 2 and max(odds.cost_distribution["trauma"]) == 7
    broken = odds.cost_distribution["broken"][1]  # Strength 5: three more 1s among five rerolled dice
    assert broken == sum(odds.cost_distribution["trauma"][t] for t in (5, 6, 7))
    assert "trauma 2–7" in seen["line"] and "mutation points 2–7" in seen["line"]
    assert "broken (Strength 0) 4 %" in seen["line"]  # the character, not the gear


def test_a_gm_quick_roll_push_costs_nobody_so_the_odds_name_no_cost(make_app):
    app = make_app("myz-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("3", "G")
            await fill_focused(pilot, "3b 2s; base=1,2,3 skill=4,5")
            seen["line"] = _result(app)

    asyncio.run(run())
    assert "if pushed:" in seen["line"] and "trauma" not in seen["line"]


def test_R_PUSH_7_after_a_gms_roll_the_odds_line_and_O_count_no_stress_die_for_the_push(make_app):
    """yze with stress-dice: the GM's push adds no stress die (the GM has no stress), so the line and the
    full table count the two rerolled base dice alone: no panic chance, 1 + 2/6 successes expected."""
    app = make_app("yze-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("3", "G")
            await fill_focused(pilot, "3b; base=2,3,6")
            seen["line"] = _result(app)
            await pilot.press("O")
            await pilot.pause()
            seen["table"] = str(app.screen.query_one("#push-odds-table", Static).render())

    asyncio.run(run())
    assert "p: push · if pushed: 100 % success, 1.3 expected · O: odds" in seen["line"]
    assert "panic" not in seen["line"] and "stress" not in seen["line"]
    assert "2 dice" in seen["table"] and "Panic" not in seen["table"]


def test_tiered_builder_says_what_the_push_yourself_die_would_add_to_the_dice_on_the_table(make_app):
    app = make_app("tiered-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await typed_roll(pilot, "c1", "swords", "dice=3,3,2,1,2,2")
            seen["limited"] = _result(app)
            await typed_roll(pilot, "c1", "swords", "dice=6,6,2,1,2,2")
            seen["critical"] = _result(app)

    asyncio.run(run())
    # Limited (highest 3): a 4 or 5 makes it Mixed, a 6 Great: 3/6 better, 1/6 Great or better
    assert "Push Yourself die now (2 stamina): 50 % a better tier (17 % Great or better)" in seen["limited"]
    assert "Push Yourself die now" not in seen["critical"]


def test_exploding_builder_offers_the_retry_odds_under_a_failed_check(make_app):
    app = make_app("exploding-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await typed_roll(pilot, "c1", "shooting", "skill=1,2 trait=2")
            seen["line"] = _result(app)
            seen["odds"] = app.service.history.filtered(kind="roll")[-1]["odds"]["p_success"]

    asyncio.run(run())
    assert f"Retry after a change of circumstances (w): {seen['odds'] * 100:.0f} % success, no cost" in seen["line"]


def test_R_ART_2_myz_line_names_the_gear_a_push_can_make_unusable(make_app):
    """A pistol at +2 with a 1 kept and one gear die rerolled is unusable when that die shows 1 too
    (1 in 6); the line says so, not only "gear damage 1–2" and a bare "broken" for the character."""
    app = make_app("myz-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await start_builder(pilot, "c1")
            await pilot.press("s")
            await type_text(pilot, "shoot")
            await pilot.press("enter", "g", "f")  # g: the Scrap pistol (+2)
            await fill_focused(pilot, "base=1,2,3 skill=4 gear=5,1")
            seen["line"] = _result(app)
            await pilot.press("O")
            await pilot.pause()
            seen["table"] = str(app.screen.query_one("#push-odds-table", Static).render())

    asyncio.run(run())
    assert "unusable 17 %" in seen["line"] and "broken (Agility 0) 7 %" in seen["line"]
    assert "1:\u00a083\u00a0%" in seen["table"]  # an amount and its chance never part at a line's end


def test_R_OPP_1_an_opposed_roll_gives_the_chance_the_push_beats_the_defender(make_app):
    """R-OPP-1: the active side wins only with more successes than the defender. Ripley rolls Stealth (4 base
    dice, 1 stress die) to 0 successes against the Security officer's 2: the push rolls six dice (the four
    base, the stress die and its own) and must bring 3 successes or more, 2906/46656 = 6 % — not the chance
    of one success (67 %). The one line, the full table and the service's figures say so."""
    from pilot_harness import mark_names

    app = make_app("yze-demo")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await start_builder(pilot, "c1")
            await pilot.press("s")
            await type_text(pilot, "stealth")
            await pilot.press("enter", "o")
            await pilot.pause()
            form = app.screen
            await mark_names(pilot, form.query_one("#field-opponent"), "Security officer")
            await mark_names(pilot, form.query_one("#field-skill"), "observation")
            form.query_one("#field-active_faces").value = "b5432 st2"
            form.query_one("#field-defender_faces").value = "b663"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            seen["line"] = _result(app)
            entry = app.service.history.filtered(kind="roll")[-1]
            seen["odds"] = app.service.rolls.push_odds(entry["id"])
            await pilot.press("O")
            await pilot.pause()
            seen["table"] = str(app.screen.query_one("#push-odds-table", Static).render())

    asyncio.run(run())
    odds = seen["odds"]
    assert odds.p_win == Fraction(2906, 46656) and odds.p_success == 1 - Fraction(5, 6) ** 6
    assert "p: push · if pushed: 6 % to beat 2, 1.0 expected · panic" in seen["line"]
    assert "67 %" not in seen["line"]
    assert "To beat the defender's 2 successes the push needs 3 or more: 6 %" in seen["table"]
    assert odds.as_dict()["p_win_opposed_after_push_exact"] == "1453/23328"
    assert odds.as_dict()["defender_successes"] == 2
    assert odds.as_dict()["p_success_after_push"] == float(odds.p_success)  # the key kept, its meaning too
