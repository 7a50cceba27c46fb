"""The table a system rolls on when stress breaks through: the :class:`PanicTable` protocol.

A system with a panic table (``GameSystem.panic_table``; yze and yze-step read the SRD's) hands over an object
that rolls on it (D6 + stress, R-PANIC-1, with R-PANIC-2 escalation as set) and lists its rows; a system without
one answers ``None``. The campaign (the tracker's panic roll, a push's panic cost, the statistics' row names)
asks it through this protocol and never names the family whose table it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from gmconsole.rules.dice import DiceSource, Die

__all__ = ["PanicOutcome", "PanicReach", "PanicTable"]


class PanicReach(Protocol):
    """What a row does to other player characters (R-PANIC-1)."""

    @property
    def stress(self) -> int:
        """The stress each PC in range gains (0 for none)."""
        ...

    @property
    def panic_roll(self) -> str | None:
        """Who must make a panic roll at once (``"hear"``, ``"see"``), or ``None``."""
        ...


class PanicOutcome(Protocol):
    """One roll on the table: the total, the row's id and what it does, as data."""

    @property
    def total(self) -> int:
        """The die + stress (escalated where R-PANIC-2 raised it)."""
        ...

    @property
    def effect(self) -> str:
        """The row's id (``"scream"``)."""
        ...

    @property
    def row(self) -> dict[str, Any]:
        """The table row it fell on (its ``id``, and ``name`` and ``text`` in both languages)."""
        ...

    @property
    def stress_change(self) -> int:
        """The stress the row adds to (or takes from) the character who panics."""
        ...

    @property
    def spreads(self) -> bool:
        """True when the row reaches other PCs: only then is "who is in range" asked."""
        ...

    @property
    def others(self) -> PanicReach:
        """What the row does to the PCs in range."""
        ...

    def as_dict(self) -> dict[str, Any]:
        """The roll as the history records it (``face``, ``total``, ``effect``, ``name``, ``text``...)."""
        ...


@runtime_checkable
class PanicTable(Protocol):
    """A system's panic table and its roll."""

    @property
    def die(self) -> Die:
        """The die rolled on the table (typed in by hand as ``dice=N``)."""
        ...

    def rows(self) -> tuple[dict[str, Any], ...]:
        """The table's rows, lowest total first, each with its ``id`` and ``name`` in both languages."""
        ...

    def row(self, total: int) -> dict[str, Any]:
        """The row a total falls on."""
        ...

    def roll(self, stress: int, source: DiceSource, current_panic: int | None = None,
             escalation: bool = False) -> PanicOutcome:
        """Roll the die + ``stress`` on the table; ``current_panic``: the total of the panic the character is
        already in (``None`` when calm), which R-PANIC-2 ``escalation`` raises a new total above."""
        ...

