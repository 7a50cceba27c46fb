"""A panic owed by a roll: ``c`` asks who is in range in the words of the tracker's ``P``
(the panic result and the range, R-PANIC-1), the list offers player characters only, and ``A`` applies
the costs with the panic D6 rolled at the table (R-MANUAL-1)."""

from __future__ import annotations

import asyncio

from pilot_harness import start_builder, submit_value, typed_roll

from gmconsole.ui.screens.pickers import MarkListScreen
from gmconsole.ui.screens.value_form import ValueForm

QUESTION = "Ripley Hale panics: 7 Nervous twitch. Who is at short range (stress +1)?"


async def _roll_a_stress_one(pilot) -> None:
    """Ripley Hale (1 stress) rolls typed faces whose stress die shows 1: a panic is owed."""
    await typed_roll(pilot, "c1", "ranged", "base=2,2,3,4 skill=5,3 stress=1")
    await pilot.pause()


def test_R_PANIC_1_c_names_the_panic_result_and_the_range_and_offers_pcs_only(builder_app, monkeypatch):
    """Seed 002's rows that reach others name 「玩家角色」: the NPCs (a group among them) are not offered."""
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 6)
    app = builder_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _roll_a_stress_one(pilot)
            await pilot.press("c")
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, MarkListScreen)
            seen["title"] = picker.title_text
            seen["labels"] = [label for _id, label in picker.choices]
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    roster = app.service.campaign.roster
    assert seen["title"] == QUESTION
    assert any(c.is_npc for c in roster) and any(c.is_group for c in roster)
    assert seen["labels"] == [c.name for c in roster if not c.is_npc and c.id != "c1"]
    assert not any("npc" in label for label in seen["labels"])


def test_R_MANUAL_1_capital_a_applies_the_costs_with_the_panic_d6_typed(builder_app, monkeypatch):
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 1)  # the console's die is not used
    app = builder_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _roll_a_stress_one(pilot)
            await pilot.press("A")
            await pilot.pause()
            seen["form"] = isinstance(app.screen, ValueForm)
            seen["refused"] = await submit_value(pilot, "7")
            seen["closed"] = await submit_value(pilot, "6")
            picker = app.screen
            seen["title"] = getattr(picker, "title_text", type(picker).__name__)
            await pilot.press("space", "ctrl+s")
            await pilot.pause()

    asyncio.run(run())
    assert seen["form"] and "1" in seen["refused"] and "6" in seen["refused"] and seen["closed"] == ""
    assert seen["title"] == QUESTION
    costs = app.service.history.filtered(kind="costs")[0]
    panic = costs["panic"]
    assert panic["rolls"][0]["face"] == 6 and panic["rolls"][0]["total"] == 7
    assert costs["by_hand"] is True and "D6 typed" in costs["summary"]  # R-MANUAL-1: marked as entered by hand
    assert [g["character"] for g in panic["stress"]] == ["Dallas Kane"]


def test_an_opposed_defender_s_panic_typed_with_A_asks_in_his_words_and_lists_the_attacker(builder_app):
    """The defender's stress die showed 1: ``A`` asks his D6, then who is near *his* panic — the
    attacker among them, not the defender himself (R-OPP-1, R-PANIC-1)."""
    app = builder_app("yze-demo")
    service = app.service
    service.rolls.opposed_roll("c1", "melee", defender_id="c6", defender_skill="melee",
                               faces="base=6,3,3 stress=4",
                               defender_faces="base=3,3,3,3,3 skill=4,4 stress=1,4")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await start_builder(pilot, "c1")
            await pilot.press("A")
            await pilot.pause()
            seen["form"] = app.screen.form_title if isinstance(app.screen, ValueForm) else type(app.screen).__name__
            await submit_value(pilot, "5")  # Parker Moss, stress 2: 5 + 2 = 7 Nervous twitch
            picker = app.screen
            assert isinstance(picker, MarkListScreen)
            seen["title"] = picker.title_text
            seen["ids"] = [cid for cid, _label in picker.choices]
            await pilot.press("space", "ctrl+s")  # the first listed: Ripley Hale
            await pilot.pause()

    asyncio.run(run())
    assert seen["form"] == "Parker Moss panics: the D6 rolled at the table"
    assert seen["title"] == "Parker Moss panics: 7 Nervous twitch. Who is at short range (stress +1)?"
    assert seen["ids"][0] == "c1" and "c6" not in seen["ids"]
    costs = service.history.filtered(kind="costs")[0]
    assert costs["defender_panic"]["rolls"][0]["face"] == 5
    assert [g["character"] for g in costs["defender_panic"]["stress"]] == ["Ripley Hale"]


def test_R_MANUAL_1_c_rolls_the_panic_d6_itself_and_does_not_mark_it_typed(builder_app, monkeypatch):
    """``c`` rolls the console's D6 before asking who is in range; that die is not one
    entered by hand, so the costs entry is not marked so (only ``A``'s typed D6 is)."""
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 1)  # 1 + 1 stress: a row for one
    app = builder_app("yze-demo")

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _roll_a_stress_one(pilot)
            await pilot.press("c")
            await pilot.pause()

    asyncio.run(run())
    costs = app.service.history.filtered(kind="costs")[0]
    assert costs["panic"]["rolls"][0]["face"] == 1
    assert "by_hand" not in costs and "typed" not in costs["summary"]
