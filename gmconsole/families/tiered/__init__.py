"""The tiered 2d6 family (a check read as its tier) as one object."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from gmconsole.families.tiered.rules.system import TIERED

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem
    from gmconsole.systems.roll_detail import RollDetail

__all__ = ["FAMILY", "TieredFamily"]


class TieredFamily:
    """The family's systems and parts (:class:`gmconsole.systems.family.GameFamily`); each part is imported
    when first asked for."""

    name = "tiered"
    order = 30

    @property
    def systems(self) -> tuple[GameSystem, ...]:
        return (TIERED,)

    @property
    def quick_pool(self) -> ModuleType:
        from gmconsole.families.tiered.rules import quick_pool

        return quick_pool

    @property
    def stats(self) -> ModuleType:
        from gmconsole.families.tiered.rules import stats

        return stats

    @property
    def recorded(self) -> None:
        """Every field of a roll entry is recorded as rolled."""
        return None

    @property
    def second_chance(self) -> ModuleType:
        from gmconsole.families.tiered.rules import push_odds

        return push_odds

    @property
    def detail_record(self) -> type[RollDetail]:
        """The fields only the family's roll entries carry."""
        from gmconsole.families.tiered.rules.detail import TieredDetail

        return TieredDetail

    @property
    def push_record(self) -> type[RollDetail]:
        """The fields only the family's push entries carry."""
        from gmconsole.families.tiered.rules.detail import TieredPushDetail

        return TieredPushDetail

    @property
    def special_record(self) -> type[RollDetail]:
        """The fields only the family's special-roll entries carry (a roll's and more)."""
        from gmconsole.families.tiered.rules.detail import TieredSpecialDetail

        return TieredSpecialDetail

    @property
    def engine(self) -> ModuleType:
        from gmconsole.families.tiered import engine

        return engine

    @property
    def console(self) -> ModuleType:
        from gmconsole.families.tiered import console

        return console

    @property
    def cli(self) -> ModuleType:
        from gmconsole.families.tiered import cli

        return cli


FAMILY = TieredFamily()
