"""The exploding-dice family (the top die against a target number) as one object."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from gmconsole.families.exploding.rules.system import EXPLODING

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem
    from gmconsole.systems.roll_detail import RollDetail

__all__ = ["FAMILY", "ExplodingFamily"]


class ExplodingFamily:
    """The family's systems and parts (:class:`gmconsole.systems.family.GameFamily`); each part is imported
    when first asked for."""

    name = "exploding"
    order = 20

    @property
    def systems(self) -> tuple[GameSystem, ...]:
        return (EXPLODING,)

    @property
    def quick_pool(self) -> ModuleType:
        from gmconsole.families.exploding.rules import quick_pool

        return quick_pool

    @property
    def stats(self) -> ModuleType:
        from gmconsole.families.exploding.rules import stats

        return stats

    @property
    def recorded(self) -> None:
        """Every field of a roll entry is recorded as rolled."""
        return None

    @property
    def second_chance(self) -> ModuleType:
        from gmconsole.families.exploding.rules import retry

        return retry

    @property
    def detail_record(self) -> type[RollDetail]:
        """The fields only the family's roll entries carry."""
        from gmconsole.families.exploding.rules.detail import ExplodingDetail

        return ExplodingDetail

    @property
    def push_record(self) -> type[RollDetail]:
        """None: exploding dice are rerolled with a grant, a roll of its own, never pushed."""
        from gmconsole.systems.roll_detail import RollDetail

        return RollDetail

    @property
    def special_record(self) -> type[RollDetail]:
        """The fields only the family's special-roll entries carry (a roll's and more)."""
        from gmconsole.families.exploding.rules.detail import ExplodingSpecialDetail

        return ExplodingSpecialDetail

    @property
    def engine(self) -> ModuleType:
        from gmconsole.families.exploding import engine

        return engine

    @property
    def console(self) -> ModuleType:
        from gmconsole.families.exploding import console

        return console

    @property
    def cli(self) -> ModuleType:
        from gmconsole.families.exploding import cli

        return cli


FAMILY = ExplodingFamily()
