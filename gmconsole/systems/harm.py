"""What harm is in a game system: the one number the console's harm key (``H`` on the roster and the
tracker) and ``gmconsole harm`` change when a character is hurt.

Each family's ``system.py`` names its :class:`Harm` (:attr:`GameSystem.harm`); the campaign applies it
(:mod:`gmconsole.campaign.harm`) without asking which system it is:

- Year Zero Engine (``yze``, ``yze-step``): damage lowers Strength's current value (a point, or a die
  size for step dice); at 0 the character is broken.
- Mutant: Year Zero (``myz``, R-MYZ-TRAUMA): trauma lowers the attribute the GM picks (Strength: damage,
  Agility: fatigue, Wits: confusion, Empathy: doubt), by default the one of the character's last roll.
- exploding: harm adds wounds.
- tiered: harm takes stamina away.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

__all__ = ["Harm", "damage_taken"]


class Harm(NamedTuple):
    """What a point of harm changes on a sheet: an attribute's current value, or a counter."""

    word: str
    """What a point of harm is called in a summary (``damage``, ``trauma``), marked for the catalogue."""
    label: str
    """The harm form's amount field (``Damage``, ``Stamina lost``), marked for the catalogue."""
    title: str
    """The harm form's title with a ``{name}`` placeholder (``{name} takes damage``), marked for the catalogue."""
    attribute: str | None = None
    """The attribute whose current value harm lowers; with :attr:`picks_attribute`, the one offered when
    the character has no roll to take it from. ``None`` when harm goes to a counter."""
    picks_attribute: bool = False
    """True when the GM says which attribute takes the harm (R-MYZ-TRAUMA: trauma has a kind per
    attribute); the form offers the attribute of the character's last roll first."""
    counter: str | None = None
    """The counter harm changes (``wounds``, ``stamina``) when it is not an attribute."""
    lowers_counter: bool = False
    """True when harm takes the counter down (stamina, never below 0); False when it adds (wounds)."""


class Steps(Protocol):
    """What :func:`damage_taken` asks of a game system (every :class:`~gmconsole.systems.base.GameSystem`):
    named here so harm needs nothing of the protocol that names :class:`Harm`."""

    def attribute_step(self, value: int, delta: int) -> int: ...


def damage_taken(system: Steps, current: int, maximum: int) -> int:
    """The points of harm an attribute shows (the roster's Dmg column): how many of ``system``'s steps down
    (:meth:`~gmconsole.systems.base.GameSystem.attribute_step`) lead from ``maximum`` to ``current`` — a point
    each, or a die size each for step dice (R-STEP-2: d8 → d6 → 0 is 2)."""
    value, taken = maximum, 0
    while value > max(current, 0):
        value = system.attribute_step(value, -1)
        taken += 1
    return taken
