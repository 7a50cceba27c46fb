"""The Year Zero family (Mutant: Year Zero, the Year Zero Engine with a dice pool or step dice) as one object."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from gmconsole.families.yearzero.rules.system import MYZ, YZE, YZE_STEP

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem
    from gmconsole.systems.roll_detail import RollDetail

__all__ = ["FAMILY", "YearZeroFamily"]


class YearZeroFamily:
    """The family's systems and parts (:class:`gmconsole.systems.family.GameFamily`); each part is imported
    when first asked for."""

    name = "yearzero"
    order = 10

    @property
    def systems(self) -> tuple[GameSystem, ...]:
        return (MYZ, YZE, YZE_STEP)

    @property
    def quick_pool(self) -> ModuleType:
        from gmconsole.families.yearzero.rules import quick_pool

        return quick_pool

    @property
    def stats(self) -> ModuleType:
        from gmconsole.families.yearzero.rules import stats

        return stats

    @property
    def recorded(self) -> ModuleType:
        """A roll from the sheet stores its pool request; its pool, odds and stunts follow from it."""
        from gmconsole.families.yearzero.rules import recorded

        return recorded

    @property
    def second_chance(self) -> None:
        """The second chance is a push: the campaign's push odds answer."""
        return None

    @property
    def detail_record(self) -> type[RollDetail]:
        """The fields only the family's roll entries carry."""
        from gmconsole.families.yearzero.rules.detail import YearZeroDetail

        return YearZeroDetail

    @property
    def push_record(self) -> type[RollDetail]:
        """The fields only the family's push entries carry."""
        from gmconsole.families.yearzero.rules.detail import YearZeroPushDetail

        return YearZeroPushDetail

    @property
    def actor_reader(self) -> ModuleType:
        """Reads Foundry VTT actors of the Year Zero games (:class:`gmconsole.systems.actors.ActorReaderPart`)."""
        from gmconsole.families.yearzero.rules import foundry

        return foundry

    @property
    def engine(self) -> ModuleType:
        from gmconsole.families.yearzero import engine

        return engine

    @property
    def console(self) -> ModuleType:
        from gmconsole.families.yearzero import console

        return console

    @property
    def cli(self) -> ModuleType:
        from gmconsole.families.yearzero import cli

        return cli


FAMILY = YearZeroFamily()
