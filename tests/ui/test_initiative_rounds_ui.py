"""The initiative pane by keys: who fights (NPCs marked too), delays that end (R-INIT-3), adds asked what
the start asks, cards and D6s typed from a physical deck (R-MANUAL-1) and a new draw each round (R-INIT-2)."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable, Input

from gmconsole.rules.initiative import Initiative
from gmconsole.ui.screens.draw_options_form import DrawOptionsForm, InitiativeDiceForm, NewRoundCardsForm
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.pick_combatants import PickCombatantsScreen


def _state(service) -> Initiative:
    return Initiative.from_dict(service.session.initiative)


def _type(app, field: str, value: str) -> None:
    app.screen.query_one(f"#f-{field}", Input).value = value


def _rows(app) -> list[str]:
    table = app.screen.query_one("#initiative-table", DataTable)
    return [str(table.get_row_at(i)[1]) for i in range(table.row_count)]


def test_start_lists_pcs_and_npcs_all_marked_and_the_pane_shows_everyone_with_typed_cards(make_app):
    app = make_app("yze-demo")
    service = app.service
    roster = service.campaign.roster
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s")
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, PickCombatantsScreen)
            seen["title"] = picker.title_text
            seen["marked"] = picker.marked
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, DrawOptionsForm)
            _type(app, "cards-c1", "11")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["bad"] = str(app.screen.query_one("#form-message").render())
            _type(app, "cards-c1", "3 x")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["bad2"] = str(app.screen.query_one("#form-message").render())
            _type(app, "cards-c1", "3")
            _type(app, "speed-c4", "2")
            _type(app, "cards-c4", "9, 1")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)
            seen["rows"] = _rows(app)

    asyncio.run(run())
    npcs = [c for c in roster if c.is_npc]
    assert npcs and "2 NPCs, all marked" in seen["title"]
    assert seen["marked"] == [c.id for c in roster if not c.is_npc] + [c.id for c in npcs]
    assert seen["bad"] == "Ripley Hale's cards: 11 is not an initiative card (cards run 1-10)"
    assert seen["bad2"] == "Ripley Hale's cards must be numbers of the deck (1-10), like 3 or 3 7."
    state = _state(service)
    assert sorted(state.combatants()) == sorted(c.id for c in roster)
    placed = [(s.combatant, s.value) for s in state.slots]
    assert placed[0] == ("c4", 1) and {("c1", 3), ("c4", 9)} <= set(placed)
    assert len(seen["rows"]) == len(roster) + 1  # Dallas at speed 2 holds two places
    assert all(any(row.startswith(c.name) for row in seen["rows"]) for c in npcs)
    assert service.history.filtered(kind="initiative")[0]["joins"][0]["by_hand"] is True


def test_R_INIT_3_delay_by_key_lasts_until_they_act_and_b_brings_them_in(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.conflict.start_conflict(["c1", "c4", "c6"], cards={"c1": [2], "c4": [5], "c6": [8]})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "d")  # Ripley (card 2) waits
            await pilot.pause()
            seen["delayed_rows"] = _rows(app)
            await pilot.press("n", "n", "n")  # Dallas, Parker, then Ripley at the end; then round 2
            await pilot.pause()
            seen["round2"] = _state(service)
            seen["round2_rows"] = _rows(app)
            await pilot.press("d")  # Ripley waits again; Dallas acts
            await pilot.pause()
            app.screen.query_one("#initiative-table", DataTable).move_cursor(row=2)  # Ripley, delayed
            await pilot.press("b")
            await pilot.pause()
            seen["brought"] = _state(service)
            await pilot.press("n", "n")
            await pilot.pause()

    asyncio.run(run())
    assert seen["delayed_rows"][-1] == "Ripley Hale · delayed"
    assert seen["round2"].order() == ["c1", "c4", "c6"] and seen["round2"].round == 2
    assert not any(s.delayed for s in seen["round2"].slots) and seen["round2_rows"][0] == "Ripley Hale"
    assert seen["brought"].order() == ["c4", "c1", "c6"] and seen["brought"].current().combatant == "c1"
    state = _state(service)
    assert (state.round, state.order()) == (3, ["c1", "c4", "c6"])


def test_R_INIT_3_a_delayed_combatant_brought_in_is_no_longer_delayed_once_they_acted(make_app):
    """After ``b`` and ``n`` the row no longer reads "· delayed": the delay is over once they act."""
    app = make_app("yze-demo")
    service = app.service
    service.conflict.start_conflict(["c1", "c4", "c6", "c9"], cards={"c1": [2], "c4": [5], "c6": [8], "c9": [9]})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "d", "n")  # Ripley (card 2) waits; Dallas acts, then Parker's turn
            await pilot.pause()
            app.screen.query_one("#initiative-table", DataTable).move_cursor(row=3)  # Ripley, delayed
            await pilot.press("b", "n")  # Ripley acts after Parker; then the last one's turn
            await pilot.pause()
            seen["rows"] = _rows(app)

    asyncio.run(run())
    ripley = service.character("c1").name
    assert _state(service).order() == ["c4", "c6", "c1", "c9"]
    assert seen["rows"][2] == ripley and not any(s.delayed for s in _state(service).slots)


def test_the_card_hint_matches_the_default_draw_and_a_single_candidate_to_add_starts_marked(make_app):
    """The hint's example is taken under the default speed 1, keep-best-of 1 (``e.g. 3 7`` would be
    refused); and ``a`` with one roster member left out of the conflict opens with that one marked."""
    app = make_app("yze-demo")
    service = app.service
    everyone = [c.id for c in service.campaign.roster]
    service.conflict.start_conflict(everyone[:-1], cards={})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "a")
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, PickCombatantsScreen)
            seen["marked"] = picker.marked
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, DrawOptionsForm)
            seen["hint"] = app.screen.query_one(f"#f-cards-{everyone[-1]}", Input).placeholder

    asyncio.run(run())
    assert seen["marked"] == [everyone[-1]]
    example = seen["hint"].split("e.g. ")[1].split()[0].strip(",;)")
    assert example.isdigit() and "one card per draw" in seen["hint"]


def test_add_mid_conflict_asks_speed_keep_and_cards_like_the_start(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.conflict.start_conflict(["c1"], cards={"c1": [4]})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "a")
            await pilot.pause()
            await pilot.press("space", "ctrl+s")  # the first one not in the conflict: Dallas
            await pilot.pause()
            seen["form"] = type(app.screen)
            _type(app, "speed-c4", "2")
            _type(app, "keep-c4", "2")
            _type(app, "cards-c4", "6 2 9")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["bad"] = str(app.screen.query_one("#form-message").render())
            _type(app, "cards-c4", "6 2 9 7")
            await pilot.press("ctrl+s")
            await pilot.pause()

    asyncio.run(run())
    assert seen["form"] is DrawOptionsForm
    assert seen["bad"] == "Dallas Kane's cards: 3 cards given but speed 2 with keep-best-of 2 draws 4"
    state = _state(service)
    assert [(s.combatant, s.value) for s in state.slots] == [("c4", 2), ("c1", 4), ("c4", 7)]
    assert sorted(state.deck) == [1, 3, 5, 6, 8, 9, 10] and state.draw_options["c4"] == [2, 2]


def test_R_MANUAL_1_roll_mode_f_types_the_d6s_at_start_and_when_adding(make_app):
    app = make_app("myz-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("n", "space", "f")  # only the first PC, and type the die
            await pilot.pause()
            assert isinstance(app.screen, InitiativeDiceForm)
            first = service.campaign.roster[0].id
            _type(app, f"d6-{first}", "7")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["bad"] = str(app.screen.query_one("#form-message").render())
            _type(app, f"d6-{first}", "6")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["start"] = _state(service)
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("space", "f")
            await pilot.pause()
            assert isinstance(app.screen, InitiativeDiceForm)
            await pilot.press("ctrl+s")  # blank: the console rolls
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)

    asyncio.run(run())
    assert seen["bad"] == "an initiative D6 cannot show 7 (faces run 1-6)"
    first = service.campaign.roster[0]
    slot = seen["start"].slots[0]
    assert slot.combatant == first.id and slot.value == 6 + first.attributes["agility"].current
    assert len(_state(service).slots) == 2
    assert service.history.filtered(kind="initiative")[0]["joins"][0].get("by_hand") is None


def test_R_INIT_2_new_cards_each_round_k_keeps_and_f_types_them(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.conflict.start_conflict(["c1", "c4", "c6"], cards={"c1": [2], "c4": [5], "c6": [8]})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "k")  # the setting is off: refused, says which setting
            await pilot.pause()
            seen["off"] = str(app.screen.query_one("#status-line").render())
            service.setup.update_settings({"initiative_redraw": True})
            app.screen.query_one("#initiative-table", DataTable).move_cursor(row=1)
            await pilot.press("k")  # Dallas keeps his card
            await pilot.pause()
            seen["rows"] = _rows(app)
            await pilot.press("f")  # not the round's last turn yet
            await pilot.pause()
            seen["early"] = str(app.screen.query_one("#status-line").render())
            await pilot.press("n", "n")
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#initiative-status").render())
            await pilot.press("f")
            await pilot.pause()
            assert isinstance(app.screen, NewRoundCardsForm)
            seen["fields"] = [i.id for i in app.screen.query(Input)]
            _type(app, "cards-c1", "5")  # Dallas kept the 5
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["bad"] = str(app.screen.query_one("#form-message").render())
            _type(app, "cards-c1", "9")
            _type(app, "cards-c6", "1")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["typed"] = _state(service)
            await pilot.press("n", "n", "n")  # the console draws round 3
            await pilot.pause()

    asyncio.run(run())
    assert "initiative_redraw" in seen["off"]
    assert seen["rows"][1] == "Dallas Kane · keeps card"
    assert "last turn" in seen["early"]
    assert "new cards (f: type them)" in seen["status"]
    assert seen["fields"] == ["f-cards-c1", "f-cards-c6"]
    assert seen["bad"] == "Ripley Hale's cards: card 5 is already Dallas Kane's"  # Dallas kept the 5
    typed = seen["typed"]
    assert (typed.round, [(s.combatant, s.value) for s in typed.slots]) == (2, [("c6", 1), ("c4", 5), ("c1", 9)])
    state = _state(service)
    assert state.round == 3 and ("c4", 5) in [(s.combatant, s.value) for s in state.slots]
    assert sorted(state.combatants()) == ["c1", "c4", "c6"]


def test_snapshot_a_delayed_place_and_a_keeper_yze(snap_compare, make_app):
    app = make_app("yze-demo")
    app.service.conflict.start_conflict(["c1", "c4", "c6"], cards={"c1": [2], "c4": [5], "c6": [8]})
    app.service.setup.update_settings({"initiative_redraw": True})
    app.service.conflict.keep_card("c4")
    assert snap_compare(app, terminal_size=(120, 40), press=["2", "d", "n"])


def _typed_twice(app, pilot_keys: list[str]) -> dict:
    """Start a conflict of the PCs, type card 7 for Ripley and for Dallas, save: the form's message."""
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press(*pilot_keys)
            await pilot.pause()
            assert isinstance(app.screen, DrawOptionsForm)
            _type(app, "cards-c1", "7")
            _type(app, "cards-c4", "7")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["said"] = str(app.screen.query_one("#form-message").render())
            seen["open"] = isinstance(app.screen, DrawOptionsForm)

    asyncio.run(run())
    return seen


def test_R_MANUAL_1_a_card_typed_for_two_combatants_names_whose_field_and_who_holds_it(make_app):
    """A card typed for two combatants is refused naming the field it was typed in and who holds the
    card already, not as a card merely "not in the deck any more"."""
    app = make_app("yze-demo")
    seen = _typed_twice(app, ["2", "s", "ctrl+s"])
    assert seen["said"] == "Dallas Kane's cards: card 7 is already Ripley Hale's"
    assert seen["open"] and app.service.session.initiative is None


def test_R_MANUAL_1_the_same_refusal_in_zh_hant_names_them_too(make_app):
    from gmconsole.i18n import set_language

    set_language("zh-Hant")
    try:
        app = make_app("yze-demo")
        seen = _typed_twice(app, ["2", "s", "ctrl+s"])
    finally:
        set_language(None)
    assert seen["said"] == "Dallas Kane的卡牌：卡牌 7 已在 Ripley Hale的手上"


def test_a_speed_out_of_range_names_whose_speed(make_app):
    app = make_app("yze-demo")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("2", "s", "ctrl+s")
            await pilot.pause()
            _type(app, "speed-c4", "9")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["speed"] = str(app.screen.query_one("#form-message").render())
            _type(app, "speed-c4", "")
            _type(app, "keep-c6", "7")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["keep"] = str(app.screen.query_one("#form-message").render())

    asyncio.run(run())
    assert seen["speed"] == "Dallas Kane's speed must be from 1 to 4"
    assert seen["keep"] == "Parker Moss' keep-best-of must be from 1 to 4 cards"
