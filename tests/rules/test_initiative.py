"""Initiative (docs/RULES.md): cards, roll and manual modes, turns, delay, remove, add mid-conflict."""

import random

import pytest

from gmconsole.rules import initiative as ini
from gmconsole.rules.errors import RulesError


def _cards(names, seed=7, **kwargs):
    state = ini.start("cards", random.Random(seed))
    rng = random.Random(seed + 1)
    for name in names:
        state, _ = ini.draw(state, name, rng, **kwargs)
    return ini.begin(state)


def test_cards_deck_is_one_to_ten_shuffled_by_the_given_random():
    first = ini.start("cards", random.Random(1))
    again = ini.start("cards", random.Random(1))
    other = ini.start("cards", random.Random(2))
    assert sorted(first.deck) == list(range(1, 11))
    assert first.deck == again.deck
    assert first.deck != other.deck


def test_cards_lowest_card_acts_first():
    state = ini.start("cards")
    for name, card in (("ann", 7), ("bo", 2), ("cy", 9)):
        state, info = ini.draw(state, name, cards=[card])
        assert info["kept"] == [card]
    assert state.order() == ["bo", "ann", "cy"]
    assert [s.value for s in state.slots] == [2, 7, 9]
    assert state.current().combatant == "bo"


def test_cards_speed_two_draws_two_places():
    state = ini.start("cards")
    state, info = ini.draw(state, "ann", speed=2, cards=[8, 3])
    state, _ = ini.draw(state, "bo", cards=[5])
    assert info["kept"] == [8, 3]
    assert state.order() == ["ann", "bo", "ann"]
    assert state.combatants() == ["ann", "bo"]


def test_cards_keep_best_returns_the_rest_to_the_deck_and_shuffles():
    state = ini.start("cards", random.Random(3))
    new, info = ini.draw(state, "ann", random.Random(4), keep_best_of=3)
    assert info["kept"] == [min(info["drawn"])]
    assert sorted(info["returned"]) == sorted(info["drawn"])[1:]
    assert len(new.deck) == 9
    assert set(info["returned"]) <= set(new.deck)
    assert info["kept"][0] not in new.deck


def test_R_INIT_1_second_deck_opened_past_ten_draws():
    names = [f"c{i}" for i in range(12)]
    state = _cards(names)
    assert state.decks == 2
    assert state.draws == 12
    assert len(state.deck) == 8
    values = [s.value for s in state.slots]
    assert values == sorted(values)
    assert len(values) - len(set(values)) == 2


def test_R_INIT_1_equal_cards_from_two_decks_go_by_draw_order():
    state = ini.start("cards")
    for i, card in enumerate(range(1, 11)):
        state, _ = ini.draw(state, f"c{i}", cards=[card])
    state, info = ini.draw(state, "late", cards=[1])
    assert info["decks_opened"] == 1
    assert state.order()[:2] == ["c0", "late"]


def test_typed_card_must_still_be_in_the_deck():
    state = ini.start("cards")
    state, _ = ini.draw(state, "ann", cards=[4])
    with pytest.raises(RulesError, match=r"^bo's cards: card 4 is already ann's$"):
        ini.draw(state, "bo", cards=[4])
    with pytest.raises(RulesError, match="cards run 1-10"):
        ini.draw(state, "bo", cards=[11])
    gone = ini.remove(state, "ann")  # a removed combatant's card does not go back into the deck
    with pytest.raises(RulesError, match=r"^bo's cards: card 4 is not in the deck any more; cards left: 1, 2, 3, 5, "):
        ini.draw(gone, "bo", cards=[4])


def test_a_combatant_cannot_draw_twice():
    state = _cards(["ann"])
    with pytest.raises(RulesError, match="already has initiative"):
        ini.draw(state, "ann", random.Random(1))


def test_swap_exchanges_cards():
    state = ini.start("cards")
    state, _ = ini.draw(state, "ann", cards=[2])
    state, _ = ini.draw(state, "bo", cards=[6])
    swapped = ini.swap(state, "ann", "bo")
    assert swapped.order() == ["bo", "ann"]
    assert [s.value for s in swapped.slots] == [2, 6]
    assert state.order() == ["ann", "bo"]


def test_roll_mode_highest_total_first():
    state = ini.start("roll")
    state, info = ini.roll(state, "ann", 3, face=2)
    state, _ = ini.roll(state, "bo", 2, face=6)
    assert info["total"] == 5
    assert state.order() == ["bo", "ann"]


def test_roll_mode_tie_goes_to_the_higher_attribute():
    state = ini.start("roll")
    state, _ = ini.roll(state, "low", 1, face=6)
    state, _ = ini.roll(state, "high", 4, face=3)
    assert [s.value for s in state.slots] == [7, 7]
    assert state.order() == ["high", "low"]


def test_roll_mode_full_tie_is_settled_by_a_roll_off():
    rng = random.Random(5)
    state = ini.start("roll")
    state, _ = ini.roll(state, "ann", 3, face=4)
    state, info = ini.roll(state, "bo", 3, rng, face=4)
    assert info["rolloffs"]
    a, b = state.slots
    assert a.rolloff != b.rolloff
    assert a.rolloff > b.rolloff


def test_roll_mode_tie_without_a_random_source_is_refused():
    state = ini.start("roll")
    state, _ = ini.roll(state, "ann", 3, face=4)
    with pytest.raises(RulesError, match="roll-off"):
        ini.roll(state, "bo", 3, face=4)


def test_manual_order_as_typed_and_place_mid_conflict():
    state = ini.set_order(ini.start("manual"), ["cy", "ann", "bo"])
    assert state.order() == ["cy", "ann", "bo"]
    state = ini.begin(state)
    state = ini.next_turn(state)
    assert state.current().combatant == "ann"
    state = ini.place(state, "dee", 0)
    assert state.order() == ["dee", "cy", "ann", "bo"]
    assert state.current().combatant == "ann"
    with pytest.raises(RulesError, match="every combatant"):
        ini.set_order(state, ["cy", "ann"])


def test_next_and_previous_turn_count_rounds():
    state = ini.begin(ini.set_order(ini.start("manual"), ["a", "b"]))
    with pytest.raises(RulesError, match="first turn"):
        ini.previous_turn(state)
    state = ini.next_turn(state)
    state = ini.next_turn(state)
    assert (state.round, state.current().combatant) == (2, "a")
    state = ini.previous_turn(state)
    assert (state.round, state.current().combatant) == (1, "b")


def test_delay_moves_the_current_combatant_to_the_end():
    state = ini.begin(ini.set_order(ini.start("manual"), ["a", "b", "c"]))
    delayed = ini.delay(state)
    assert delayed.order() == ["b", "c", "a"]
    assert delayed.current().combatant == "b"
    after_b = ini.delay(state, "a", after="b")
    assert after_b.order() == ["b", "a", "c"]
    assert after_b.current().combatant == "b"


def test_remove_the_current_combatant_passes_the_turn():
    state = ini.begin(ini.set_order(ini.start("manual"), ["a", "b", "c"]))
    state = ini.next_turn(ini.next_turn(state))
    assert state.current().combatant == "c"
    state = ini.remove(state, "c")
    assert (state.round, state.current().combatant) == (2, "a")
    state = ini.remove(state, "a")
    assert state.current().combatant == "b"


def test_add_mid_conflict_keeps_the_current_turn():
    state = ini.start("cards")
    state, _ = ini.draw(state, "ann", cards=[3])
    state, _ = ini.draw(state, "bo", cards=[8])
    state = ini.next_turn(ini.begin(state))
    assert state.current().combatant == "bo"
    state, _ = ini.draw(state, "cy", cards=[1])
    assert state.order() == ["cy", "ann", "bo"]
    assert state.current().combatant == "bo"


def test_functions_never_change_their_input():
    state = _cards(["ann", "bo"])
    before = state.to_dict()
    ini.next_turn(state)
    ini.swap(state, "ann", "bo")
    ini.delay(state, "ann")
    ini.remove(state, "bo")
    ini.draw(state, "cy", random.Random(1))
    assert state.to_dict() == before


def test_state_round_trips_through_a_dict():
    state = ini.next_turn(_cards(["ann", "bo", "cy"], speed=1, keep_best_of=2))
    assert ini.Initiative.from_dict(state.to_dict()) == state


def test_unknown_mode_is_refused():
    with pytest.raises(RulesError, match="cards, roll or manual"):
        ini.start("dice")


def _three_cards():
    state = ini.start("cards")
    for name, card in (("ann", 2), ("bo", 5), ("cy", 8)):
        state, _ = ini.draw(state, name, cards=[card])
    return ini.begin(state)


def test_delay_lasts_until_the_delayed_combatant_acts_cards():
    state = ini.delay(_three_cards())  # ann (card 2) waits to the end of the round
    assert state.order() == ["bo", "cy", "ann"] and state.current().combatant == "bo"
    assert [s.delayed for s in state.slots] == [False, False, True]
    state = ini.next_turn(ini.next_turn(state))
    assert (state.round, state.current().combatant) == (1, "ann")  # her turn comes last this round
    state = ini.next_turn(state)
    assert (state.round, state.order()) == (2, ["ann", "bo", "cy"])  # next round: her card's place again
    assert state.current().combatant == "ann" and not any(s.delayed for s in state.slots)
    for _ in range(3):
        state = ini.next_turn(state)
    assert (state.round, state.order()) == (3, ["ann", "bo", "cy"])


def test_delay_lasts_until_the_delayed_combatant_acts_manual_with_an_add_between():
    state = ini.begin(ini.set_order(ini.start("manual"), ["a", "b", "c"]))
    state = ini.delay(state, "a", after="b")
    assert state.order() == ["b", "a", "c"]
    state = ini.place(state, "d", 0)  # someone joins first while a is delayed
    assert state.order() == ["d", "b", "a", "c"] and state.current().combatant == "b"
    while state.round == 1:
        state = ini.next_turn(state)
    assert state.order() == ["d", "a", "b", "c"]  # a back before b; d where the GM put them


def test_delay_of_or_after_someone_who_has_acted_is_refused():
    state = ini.next_turn(_three_cards())  # ann has acted; bo's turn
    with pytest.raises(RulesError, match="ann has already acted"):
        ini.delay(state, "ann")
    with pytest.raises(RulesError, match="ann has already acted"):
        ini.delay(state, "bo", after="ann")
    assert ini.delay(state, "bo", after="cy").order() == ["ann", "cy", "bo"]


def test_a_delayed_combatant_brought_in_acts_now_and_is_back_in_place_next_round():
    state = ini.delay(_three_cards())  # ann waits; bo's turn
    state = ini.bring_in(state, "ann")  # after bo, ann steps in before cy
    assert state.order() == ["bo", "ann", "cy"] and state.current().combatant == "ann"
    with pytest.raises(RulesError, match="cy is not delaying"):
        ini.bring_in(state, "cy")
    with pytest.raises(RulesError, match="already ann's turn"):
        ini.bring_in(state, "ann")
    state = ini.next_turn(ini.next_turn(state))
    assert (state.round, state.order()) == (2, ["ann", "bo", "cy"])


def test_R_INIT_3_a_delay_is_over_once_the_delayed_combatant_acts():
    state = ini.delay(_three_cards())  # ann waits; bo's turn
    brought = ini.bring_in(state, "ann")
    assert not any(s.delayed for s in brought.slots)  # she acts now: no longer delayed
    state = ini.delay(_three_cards(), after="bo")  # ann waits until after bo
    state = ini.next_turn(ini.next_turn(state))  # bo, then ann acts; cy's turn
    assert state.current().combatant == "cy" and not any(s.delayed for s in state.slots)


def test_R_INIT_2_a_new_draw_each_round_keepers_keep_their_card():
    from gmconsole.rules import initiative_rounds as rounds

    state = ini.start("cards")
    state, _ = ini.draw(state, "ann", cards=[6])
    state, _ = ini.draw(state, "bo", cards=[3, 9], keep_best_of=2)
    state, _ = ini.draw(state, "cy", cards=[4])
    state = rounds.set_keeper(ini.begin(state), "ann", True)
    assert rounds.drawers(state) == [("bo", 2), ("cy", 1)]
    for _ in range(3):
        state = ini.next_turn(state)
    state, info = rounds.redraw(state, cards={"bo": [10, 7], "cy": [2]})
    assert info["kept"] == {"ann": [6]} and info["draws"]["bo"]["kept"] == [7]
    assert [(s.combatant, s.value) for s in state.slots] == [("cy", 2), ("ann", 6), ("bo", 7)]
    assert (state.round, state.turn) == (2, 0)
    assert sorted(state.deck) == [1, 3, 4, 5, 8, 9, 10]  # a fresh deck less ann's kept 6 and the two kept
    with pytest.raises(RulesError, match=r"^cy's cards: card 6 is already ann's$"):
        rounds.redraw(state, cards={"cy": [6]})
    with pytest.raises(RulesError, match="2 cards given"):
        rounds.redraw(state, cards={"cy": [1, 2]})
    with pytest.raises(RulesError, match="ann does not draw"):
        rounds.redraw(state, cards={"ann": [1]})
    again, _ = rounds.redraw(state, random.Random(3))
    assert sorted(again.combatants()) == ["ann", "bo", "cy"] and len(again.slots) == 3
    assert ini.Initiative.from_dict(again.to_dict()) == again
    with pytest.raises(RulesError, match="needs cards initiative"):
        rounds.set_keeper(ini.begin(ini.set_order(ini.start("manual"), ["a"])), "a", True)
