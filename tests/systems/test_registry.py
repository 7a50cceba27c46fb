"""The systems registry: every system gmconsole knows answers the GameSystem protocol."""

from __future__ import annotations

import pytest

from gmconsole import systems
from gmconsole.rules.errors import RulesError
from gmconsole.systems.base import GameSystem


@pytest.mark.parametrize("system_id", systems.SYSTEM_IDS)
def test_every_system_answers_the_protocol(system_id):
    system = systems.get(system_id)
    assert isinstance(system, GameSystem)
    assert system.id == system_id


def test_the_registry_lists_the_five_systems_in_readme_order():
    assert systems.SYSTEM_IDS == ("myz", "yze", "yze-step", "exploding", "tiered")


def test_an_unknown_system_is_refused_naming_the_choices():
    with pytest.raises(RulesError, match=r"unknown system 'd20'.*myz, yze, yze-step, exploding, tiered"):
        systems.get("d20")


@pytest.mark.parametrize("system", systems.all_systems(), ids=lambda s: s.id)
def test_a_system_that_pushes_starts_with_one_of_its_own_push_costs(system):
    if system.pushes:
        assert system.default_push_cost in system.push_costs
    else:
        assert system.push_costs == () and system.default_push_cost is None
