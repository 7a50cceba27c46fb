"""A tiny game family installed as its own package: roll one d20, succeed at or under attribute + skill.

It proves what ``docs/adding-a-family.md`` says: a family is one object registered in the
``gmconsole.families`` entry-point group (this package's ``entry_points.txt``), and gmconsole finds
it, lists its system in ``gmconsole new --system``, rolls it in the console's roll builder and answers
``gmconsole odds`` for it, with no file of gmconsole changed.
"""

from __future__ import annotations

from types import ModuleType

from d20test.system import D20_TEST

__all__ = ["FAMILY"]


class D20TestFamily:
    """The family's one system and its parts, each imported when first asked for."""

    name = "d20test"
    order = 100

    @property
    def systems(self):
        return (D20_TEST,)

    @property
    def quick_pool(self) -> ModuleType:
        from d20test import quick_pool

        return quick_pool

    @property
    def stats(self) -> ModuleType:
        from d20test import stats

        return stats

    @property
    def recorded(self) -> None:
        return None

    @property
    def second_chance(self) -> None:
        return None

    @property
    def detail_record(self) -> type:
        from d20test.detail import D20Detail

        return D20Detail

    @property
    def engine(self) -> ModuleType:
        from d20test import engine

        return engine

    @property
    def console(self) -> ModuleType:
        from d20test import console

        return console

    @property
    def cli(self) -> ModuleType:
        from d20test import cli

        return cli


FAMILY = D20TestFamily()
