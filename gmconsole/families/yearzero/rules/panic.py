"""The panic roll of `yze` with the `stress-dice` push cost: D6 + current stress on the panic table.

R-PANIC-1: the result says, as data, what reaches other player characters (stress for those at
short range, a chained panic roll for those who hear or see) so the GM can pick who is in range.
R-PANIC-2 (setting, default off): escalation, a new total not above the character's current panic
result becomes current + 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.i18n import _
from gmconsole.rules.data import load_table, system_table
from gmconsole.rules.dice import MAX_DICE, DiceSource, Die, DieKind
from gmconsole.rules.errors import RulesError

PANIC_DIE = Die(DieKind.DICE, 6, "panic")
"""The D6 of a panic roll; typed in by hand as ``dice=N``."""


@dataclass(frozen=True)
class PanicOthers:
    """What the panic does to other player characters (R-PANIC-1).

    ``stress`` is the stress each PC at ``stress_range`` gains; ``panic_roll`` is who must make a
    panic roll at once: ``"hear"`` (those who hear the character), ``"see"`` (those who see it) or None.
    """

    stress: int = 0
    stress_range: str | None = None
    panic_roll: str | None = None

    @property
    def any(self) -> bool:
        return bool(self.stress or self.panic_roll)

    def as_dict(self) -> dict[str, Any]:
        return {"stress": self.stress, "stress_range": self.stress_range, "panic_roll": self.panic_roll}


@dataclass(frozen=True)
class PanicResult:
    """One panic roll: the die, the total, the table row (both languages) and its effects as data."""

    face: int
    stress: int
    total: int
    escalated: bool
    row: dict[str, Any]
    others: PanicOthers
    stress_change: int

    @property
    def effect(self) -> str:
        """The row's id, e.g. ``"scream"``."""
        row_id: str = self.row["id"]
        return row_id

    @property
    def lose_action(self) -> bool:
        return bool(self.row.get("lose_action"))

    @property
    def spreads(self) -> bool:
        """True when the row reaches other PCs (:func:`row_spreads`): only then is "who is in range" asked."""
        return self.others.any

    def as_dict(self) -> dict[str, Any]:
        return {
            "face": self.face,
            "stress": self.stress,
            "total": self.total,
            "escalated": self.escalated,
            "effect": self.effect,
            "name": dict(self.row["name"]),
            "text": dict(self.row["text"]),
            "others": self.others.as_dict(),
            "stress_change": self.stress_change,
            "lose_action": self.lose_action,
            "spreads": self.spreads,
            "agility_modifier": self.row.get("agility_modifier", 0),
        }


def has_panic_table(system: str) -> bool:
    """True when ``system``'s table has a panic table (yze and yze-step read the SRD's; myz, exploding
    and tiered keep no stress): panic rolls and rest (R-PANIC-1) belong to it."""
    return bool(system_table(system).get("panic"))


def panic_table() -> tuple[dict[str, Any], ...]:
    """The panic table rows from ``data/yze.toml``, lowest total first."""
    return tuple(load_table("yze")["panic"])


def row_spreads(row: dict[str, Any]) -> bool:
    """True when a panic table row reaches other PCs (R-PANIC-1). The data marks it with two fields:
    ``others_stress`` (stress for every PC at short range: Nervous twitch, Seek cover) and
    ``others_panic`` (a panic roll for those who hear or see: Scream, Flee, Berserk). Every other row
    touches only the panicking character, so the console asks "who is in range" for none of them."""
    return bool(int(row.get("others_stress", 0)) or row.get("others_panic"))


def panic_row(total: int) -> dict[str, Any]:
    """The table row a panic total falls on (totals below 1 read as 1-6, 15 and above as Catatonic)."""
    rows = panic_table()
    for row in rows:
        if row["min"] <= total <= row["max"]:
            return row
    return rows[0] if total < rows[0]["min"] else rows[-1]


def panic_roll(
    stress: int,
    source: DiceSource,
    current_panic: int | None = None,
    escalation: bool = False,
) -> PanicResult:
    """Roll D6 + ``stress`` on the panic table (R-PANIC-1), with R-PANIC-2 escalation when asked.

    ``current_panic`` is the total of the panic the character is already in (None when calm);
    with ``escalation`` on, a new total not above it becomes ``current_panic + 1``.
    """
    if isinstance(stress, bool) or not isinstance(stress, int) or not 0 <= stress <= MAX_DICE:
        raise RulesError(_("stress must be a whole number from 0 to {most}, not {value!r}").format(
            most=MAX_DICE, value=stress))
    face = source.face(PANIC_DIE)
    source.finish()
    total = face + stress
    escalated = False
    if escalation and current_panic is not None and total <= current_panic:
        total = current_panic + 1
        escalated = True
    row = panic_row(total)
    others_stress = int(row.get("others_stress", 0))
    others = PanicOthers(
        stress=others_stress,
        stress_range="short" if others_stress else None,
        panic_roll=row.get("others_panic") or None,
    )
    return PanicResult(
        face=face,
        stress=stress,
        total=total,
        escalated=escalated,
        row=row,
        others=others,
        stress_change=int(row.get("stress_change", 0)),
    )


class YearZeroPanicTable:
    """The SRD's panic table (``data/yze.toml``) as a :class:`~gmconsole.systems.panic_table.PanicTable`: what
    ``GameSystem.panic_table`` of yze and yze-step hands the campaign."""

    die: Die = PANIC_DIE

    def rows(self) -> tuple[dict[str, Any], ...]:
        return panic_table()

    def row(self, total: int) -> dict[str, Any]:
        return panic_row(total)

    def roll(self, stress: int, source: DiceSource, current_panic: int | None = None,
             escalation: bool = False) -> PanicResult:
        return panic_roll(stress, source, current_panic, escalation)


PANIC_TABLE = YearZeroPanicTable()
"""The one Year Zero panic table."""
