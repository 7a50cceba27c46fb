"""R-ACT-1, R-ACT-2 in the rules core: the fast and slow actions of a conflict's combatants (seed 002: help
counts as an action of the same kind, fast or slow, as the action helped)."""

from __future__ import annotations

import pytest

from gmconsole.rules import initiative as ini
from gmconsole.rules import initiative_actions as actions
from gmconsole.rules.errors import RulesError


def _conflict() -> ini.Initiative:
    state = ini.start("cards")
    state, _info = ini.draw(state, "ann", cards=[2])
    state, _info = ini.draw(state, "bo", speed=2, cards=[5, 7])
    state, _info = ini.draw(state, "cy", cards=[9])
    return ini.begin(state)


def test_R_ACT_1_one_of_each_kind_per_place_toggled_and_cleared_when_the_round_ends():
    state = _conflict()
    assert (actions.places(state, "ann"), actions.places(state, "bo")) == (1, 2)
    state = actions.toggle(state, "ann", "fast")
    assert state.actions == {"ann": ["fast"]} and actions.left(state, "ann", "fast") == 0
    state = actions.toggle(state, "ann", "slow")
    assert state.actions == {"ann": ["fast", "slow"]}
    state = actions.toggle(state, "ann", "fast")  # every fast action taken: free again
    assert state.actions == {"ann": ["slow"]}
    for _press in range(2):
        state = actions.toggle(state, "bo", "slow")  # speed 2: two slow actions
    assert actions.taken(state, "bo", "slow") == 2
    assert actions.toggle(state, "bo", "slow").actions.get("bo") is None
    again = ini.Initiative.from_dict(state.to_dict())
    assert again.actions == state.actions
    state = ini.swap(ini.delay(state, "ann"), "ann", "cy")  # marks belong to the combatant
    assert state.actions == {"ann": ["slow"], "bo": ["slow", "slow"]}
    while state.round == 1:
        state = ini.next_turn(state)
    assert state.actions == {} and "actions" not in state.to_dict()


def test_R_ACT_1_a_combatant_leaving_takes_their_marks_and_a_stranger_is_refused():
    state = actions.toggle(_conflict(), "bo", "fast")
    assert ini.remove(state, "bo").actions == {}
    with pytest.raises(RulesError, match="zed is not in the conflict"):
        actions.toggle(state, "zed", "fast")
    with pytest.raises(RulesError, match="fast or slow"):
        actions.toggle(state, "ann", "quick")


def test_R_ACT_2_the_kind_helped_is_slow_unless_the_roller_took_only_the_fast_one():
    state = _conflict()
    assert actions.helped_kind(state, "ann") == "slow"
    fast = actions.toggle(state, "ann", "fast")
    assert actions.helped_kind(fast, "ann") == "fast"
    assert actions.helped_kind(actions.toggle(fast, "ann", "slow"), "ann") == "slow"
    state, had = actions.spend(state, "cy", "slow")
    assert had and state.actions == {"cy": ["slow"]}
    same, had = actions.spend(state, "cy", "slow")  # none left: nothing more to take
    assert not had and same.actions == {"cy": ["slow"]}
