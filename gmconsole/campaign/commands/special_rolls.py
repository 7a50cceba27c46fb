"""Rolls beyond a character's own check (an opposed roll, a group check, a saving throw...), found in the family
that offers them.

Which special rolls a game offers is its system's ``special_rolls``; how each is rolled and recorded is its
family engine's part (:mod:`gmconsole.campaign.engine_parts`). This module refuses, in one wording, a special
roll the campaign's game does not offer, naming the game that does, and hands over the part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from gmconsole import systems
from gmconsole.campaign.commands.roll_fields import offered_by
from gmconsole.campaign.engine_parts import part_of
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["offered"]

P = TypeVar("P")


def offered(ledger: Ledger, kind: str, part: type[P], what: str | None = None,
            refusal: str | None = None) -> P:
    """The engine part that rolls the special roll ``kind`` (``"group"``, ``"save"``...) in the campaign's game;
    where the game does not offer it, RulesError: ``refusal`` when given, else ``{what} belongs to {systems}, not
    {system}``."""
    system = ledger.campaign.system
    if kind not in systems.get(system).special_rolls:
        raise RulesError(refusal or _("{what} belongs to {systems}, not {system}").format(
            what=what, systems=offered_by(kind), system=system))
    return part_of(system, part)
