"""The roll builder's draft (:class:`RollDraft`) and what each system tells the builder, without a console."""

from __future__ import annotations

from dataclasses import fields

import pytest

from gmconsole import systems
from gmconsole.campaign.sheet_rolls import RollRequest
from gmconsole.ui.roll_builder import RollBuilder, RollDraft
from gmconsole.ui.roll_builder.draft import PER_ROLL, keywords


def test_a_recorded_roll_resets_the_options_not_pinned_and_keeps_what_the_roll_is_of():
    draft = RollDraft(skill="ranged", gear=("g1",), modifier=-2, difficulty="hard", pinned=frozenset({"difficulty"}))
    after = draft.after_roll()
    assert (after.skill, after.gear, after.modifier, after.difficulty) == ("ranged", ("g1",), 0, "hard")


def test_moving_to_another_character_and_back_brings_back_their_draft_with_the_pins_carried():
    draft = RollDraft(skill="ranged", modifier=-7, reactive=True, helpers=("c2",), pinned=frozenset({"reactive"}))
    other = draft.moved("c1", "c2")
    assert (other.skill, other.modifier, other.reactive, other.helpers) == (None, 0, True, ())
    back = other.changed(modifier=1).moved("c2", "c1")
    assert (back.skill, back.modifier, back.reactive, back.helpers) == ("ranged", -7, True, ("c2",))


def test_pin_then_unpin_says_what_it_did():
    named = {"modifier": "mod −1"}.get
    pinned, said = RollDraft(modifier=-1).toggle_pins(named)
    assert (pinned.pinned, said) == (frozenset({"modifier"}), "pinned: mod −1")
    unpinned, said = pinned.toggle_pins(named)
    assert (unpinned.pinned, said) == (frozenset(), "unpinned: mod −1")
    assert RollDraft().toggle_pins(named)[1].startswith("Nothing to pin")


@pytest.mark.parametrize("system", systems.all_systems(), ids=lambda s: s.id)
def test_each_system_asks_only_for_the_options_and_keys_the_builder_has(system):
    request_fields = {f.name for f in fields(RollRequest)}
    assert set(system.builder_options) <= set(PER_ROLL) <= request_fields
    assert all(callable(getattr(RollBuilder, f"action_{name}", None)) for name in system.builder_actions)
    draft = RollDraft(skill="s", tn_modifiers=("x",), bonus_dice=1, reactive=True)
    asked = keywords(draft.request("c1", None, system.builder_options), system.builder_options)
    assert set(asked) == {"character_id", "attribute", "skill", "gear", "difficulty", "helpers", "modifier",
                          *system.builder_options}
    assert all(asked[name] == getattr(draft, name) for name in system.builder_options)
