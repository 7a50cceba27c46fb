"""What a game family gives gmconsole: the :class:`GameFamily` protocol and the parts the lower layers read.

A family (Year Zero, exploding dice, tiered 2d6, or one installed as its own package) is one object found
through the ``gmconsole.families`` entry-point group (:func:`gmconsole.systems.family_of`). It names its
game systems and hands over its parts, each imported only when first asked for:

- parts read by ``systems``, ``store`` and ``campaign`` are typed here (quick pool, statistics, what a
  recorded roll leaves out, the second chance after a roll, the record of a roll's own fields);
- parts that live above ``systems`` (the roll engine, the console's forms and words, the CLI) are typed by
  the layer that reads them (:class:`gmconsole.campaign.sheet_rolls.RollEngine`,
  :class:`gmconsole.ui.family_console.ConsoleParts`, :class:`gmconsole.cli.dice_commands.FamilyCli`),
  which checks the object it is handed against its protocol; this module cannot name them without
  importing upwards.

Every part is an object or a module with the functions its protocol names; no caller imports a family's
module by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from gmconsole.rules.fairness import Expected
    from gmconsole.systems.base import GameSystem
    from gmconsole.systems.roll_detail import RollDetail

__all__ = ["GROUP", "GameFamily", "QuickPool", "QuickPoolPart", "RecordedPart", "RerollGrantPart", "SecondChancePart",
           "StatsPart"]

GROUP = "gmconsole.families"
"""The entry-point group a family registers its object in (``name = "package.module:OBJECT"``)."""


@dataclass(frozen=True)
class QuickPool:
    """A parsed quick pool: the system's own pool object (``core``) and the text as the GM typed it,
    tidied (``text``, shown in the history: "GM rolls 5b 3s")."""

    system: str
    text: str
    core: Any


@runtime_checkable
class QuickPoolPart(Protocol):
    """Reads the GM's quick pools in the family's syntax (:mod:`gmconsole.systems.quick_pool` asks it)."""

    def parse(self, system: Any, text: str, push_cost: str | None = None) -> QuickPool:
        """The quick pool ``text`` means for ``system``; a :class:`RulesError` naming the syntax otherwise."""
        ...

    def counted(self, system: Any, counts: dict[str, int]) -> str:
        """The quick pool of ``counts`` d6 per face kind (the dice typed faces name)."""
        ...


@runtime_checkable
class StatsPart(Protocol):
    """Reads the family's recorded rolls for ``gmconsole stats`` (:mod:`gmconsole.campaign.statistics`)."""

    SPECIAL_KINDS: tuple[str, ...]
    """The entry kinds of the family's special rolls, read by :meth:`special_rolls`."""

    def first_roll(self, roll: dict[str, Any]) -> tuple[Expected, int, Any, int | None] | None:
        """The first roll's exact expectation, the successes it showed, its chance of any success and the
        stress dice it rolled (``None`` without stress); ``None`` when the roll cannot be read."""
        ...

    def push(self, entry: dict[str, Any]) -> tuple[Expected, int, int] | None:
        """The push's expectation given the dice it kept, the successes it showed and those it kept."""
        ...

    def band(self, roll: dict[str, Any]) -> str | None:
        """The roll's tier or margin band, or ``None``."""
        ...

    def rolled_faces(self, dice: object, *, push_step: bool = False) -> list[tuple[str, int, int]]:
        """``(kind, sides, face)`` of each die a step rolled, for dice fairness."""
        ...

    def special_rolls(self, entry: dict[str, Any]) -> list[tuple[str | None, dict[str, Any]]]:
        """The rolls inside a special roll's entry as ``(who, roll)``."""
        ...


@runtime_checkable
class RecordedPart(Protocol):
    """What a roll entry of the family need not write in the history (:mod:`gmconsole.store.lean_entries`)."""

    DERIVED: Mapping[str, Callable[[dict[str, Any]], Any]]
    """The fields worked out again from the entry when it is read."""

    STORED_DEFAULTS: Mapping[str, dict[str, Any]]
    """The values of a stored object's fields when nothing was asked for, which the history leaves out."""


@runtime_checkable
class SecondChancePart(Protocol):
    """What a second chance would give for a roll already made, where it is not a push."""

    def after_roll_line(self, roll: dict[str, Any], stamina: int | None) -> str | None:
        """One line for the roll builder, or ``None`` when no second chance applies."""
        ...


@runtime_checkable
class RerollGrantPart(SecondChancePart, Protocol):
    """The second chance of a family whose characters hold reroll grants (``GameSystem.reroll_grants``)."""

    def grant_line(self, roll: dict[str, Any], grants: str) -> str | None:
        """The line offering a reroll with the character's grants named (R-EXP-5), or ``None``."""
        ...


@runtime_checkable
class GameFamily(Protocol):
    """One rules family: its systems and its parts, each imported when first asked for."""

    name: str
    """The family's name (``"yearzero"``), as its entry point is called; for messages and grouping."""

    order: int
    """Where the family's systems come in every list of systems (``gmconsole new --system``, the CLI's
    sub-commands): lower first, families of the same order by name. gmconsole's own: 10, 20, 30."""

    @property
    def systems(self) -> tuple[GameSystem, ...]:
        """The game systems the family plays, in the order ``gmconsole new --system`` lists them."""
        ...

    @property
    def quick_pool(self) -> QuickPoolPart:
        """Reads the GM's quick pools."""
        ...

    @property
    def stats(self) -> StatsPart:
        """Reads recorded rolls for the statistics."""
        ...

    @property
    def recorded(self) -> RecordedPart | None:
        """What a roll entry need not write, or ``None`` where every field is recorded as rolled."""
        ...

    @property
    def second_chance(self) -> SecondChancePart | None:
        """The second chance after a roll, or ``None`` where it is a push (the campaign answers)."""
        ...

    @property
    def detail_record(self) -> type[RollDetail]:
        """The record of the fields only this family's roll entries carry (a frozen dataclass subclassing
        :class:`gmconsole.systems.roll_detail.RollDetail`), read from and written to the entry's own keys
        (:attr:`gmconsole.campaign.entries.RollEntry.detail`); ``RollDetail`` itself where they carry none.

        Two members a family may add, not required (an installed family without them still is one):
        ``special_record``, the record of what its special-roll entries carry (opposed test, assisted or group
        check, contested roll, saving throw, attack: :attr:`gmconsole.campaign.entries.SpecialRollEntry.detail`),
        a subclass of this one with what only special rolls carry (this one where it has none); and
        ``push_record``, the record of what its push entries carry
        (:attr:`gmconsole.campaign.entries.PushEntry.detail`; a push's fields differ from a roll's), ``RollDetail``
        where it has none. A push names no system: its keys say its family, so no two families' push records
        may name the same key. A third, ``actor_reader``, reads other programs' characters (Foundry VTT actors)
        into the family's sheets (:class:`gmconsole.systems.actors.ActorReaderPart`); a family without one
        imports none."""
        ...

    @property
    def engine(self) -> object:
        """Builds, rolls and quick-rolls the family's checks (:class:`gmconsole.campaign.sheet_rolls.RollEngine`)."""
        ...

    @property
    def console(self) -> object:
        """The console's special-roll forms and result words
        (:class:`gmconsole.ui.family_console.ConsoleParts`)."""
        ...

    @property
    def cli(self) -> object:
        """The flags and commands of ``gmconsole odds`` and ``roll`` (:class:`gmconsole.cli.dice_commands.FamilyCli`),
        and the family's own commands where it adds any (:class:`gmconsole.cli.dice_commands.FamilyCommands`)."""
        ...
