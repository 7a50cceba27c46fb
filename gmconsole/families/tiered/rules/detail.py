"""What only a tiered roll entry carries: the tier it reached and the consequences a Mixed or Limited
result offers (:attr:`gmconsole.campaign.entries.RollEntry.detail`, a special roll's too), and what a Push
Yourself entry carries: the tier before and after (:attr:`gmconsole.campaign.entries.PushEntry.detail`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.systems.roll_detail import MISSING, RollDetail

__all__ = ["TieredDetail", "TieredPushDetail", "TieredSpecialDetail"]


@dataclass(frozen=True)
class TieredDetail(RollDetail):
    """A tiered roll's own fields, under the keys the history stores them by."""

    tier: str = MISSING
    """The tier the check reached (``great``, ``good``, ``mixed``, ``limited``, ``failure``)."""
    highest: int = MISSING
    """The highest total behind the tier."""
    consequences: str = MISSING
    """Whether the tier offers consequences to choose (``offered``) or not (``none``)."""
    consequences_chosen: list[Any] = MISSING
    """The consequences the GM already applied to a Mixed or Limited roll."""


@dataclass(frozen=True)
class TieredPushDetail(RollDetail):
    """A Push Yourself die's own fields, under the keys the history stores them by (a push's differ from a roll's)."""

    tier: str = MISSING
    """The tier the check reached with the Push Yourself die (the push's ``push_dice``: the die marked ``added``)."""
    tier_before: str = MISSING
    """The tier the check had before the die was added."""
    highest: int = MISSING
    """The highest total behind the tier reached."""


@dataclass(frozen=True)
class TieredSpecialDetail(TieredDetail):
    """A tiered special roll's own fields (contested roll, saving throw, attack): a roll's, and the opponent's,
    the save's or the attack's, under the keys the history stores them by (a roll's record to its readers)."""

    opponent: str = MISSING
    """Contested roll: the opponent's name, id and attribute, and each round in ``rounds``."""
    opponent_id: str = MISSING
    opponent_attribute: str | None = MISSING
    rounds: list[Any] = MISSING
    save: str = MISSING
    """Saving throw: which save, the score to beat and the total rolled."""
    score: int = MISSING
    total: int = MISSING
    damage: int = MISSING
    """Attack: the damage dealt, the weapon (``gear``) and its damage, melee or reckless, the tier rolled
    before any change, and notes."""
    gear: Any = MISSING
    weapon_damage: Any = MISSING
    melee: bool = MISSING
    reckless: bool = MISSING
    rolled_tier: str = MISSING
    notes: list[Any] = MISSING
