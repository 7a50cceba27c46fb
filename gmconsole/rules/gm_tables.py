"""The dice of the GM's own tables: a die expression, rolling it, and the row a total reads.

A table the GM supplies names its die as the books do: ``d6``, ``2d6`` (the faces added), ``d10``,
``d100``, ``d66`` (two D6 read tens then units: 3 then 5 reads 35; ``d666`` three of them). The dice come
from a ``random.Random`` or are typed from physical dice (R-MANUAL-1: the right count, each face on its
die), and the total names one row: rows carry a range of totals, and a table's rows cover every total its
die can give, once. Pure: no campaign, no files.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gmconsole.i18n import _, ngettext
from gmconsole.rules.errors import RulesError

__all__ = ["DIE_SIDES", "MAX_DICE", "DieExpression", "Range", "check_rows", "parse_die", "parse_faces",
           "parse_range", "row_for"]

DIE_SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
"""The dice a table may name (``d66``/``d666`` are D6s read as digits)."""
MAX_DICE = 10
"""The most dice an ``NdS`` expression adds (``10d6``)."""

_SUM = re.compile(r"([1-9][0-9]?)?d([0-9]{1,3})", re.I)
_DIGITS = re.compile(r"d(66|666)", re.I)


@dataclass(frozen=True)
class DieExpression:
    """A table's die: ``count`` dice of ``sides`` faces, added (``2d6``) or read as digits (``d66``)."""

    count: int
    sides: int
    digits: bool = False

    @property
    def text(self) -> str:
        """The expression as a table names it (``d66``, ``2d6``, ``d10``)."""
        if self.digits:
            return "d" + "6" * self.count
        return f"{self.count if self.count > 1 else ''}d{self.sides}"

    def total(self, faces: Sequence[int]) -> int:
        """The number the faces read: their sum, or for ``d66`` the faces as digits (3, 5 → 35)."""
        if self.digits:
            return int("".join(str(f) for f in faces))
        return sum(faces)

    def roll(self, rng: random.Random) -> list[int]:
        """The faces of one roll with the console's dice."""
        return [rng.randint(1, self.sides) for _n in range(self.count)]

    def check_faces(self, faces: Sequence[int]) -> list[int]:
        """Faces typed from physical dice (R-MANUAL-1): one per die, each on its die; refused saying why."""
        if len(faces) != self.count:
            raise RulesError(ngettext("{die} needs {count} face, one per die, but {typed} were typed",
                                      "{die} needs {count} faces, one per die, but {typed} were typed",
                                      self.count).format(die=self.text, count=self.count, typed=len(faces)))
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.sides:
                raise RulesError(_("a D{sides} cannot show {face} (it shows 1 to {sides})").format(
                    sides=self.sides, face=face))
        return list(faces)

    def totals(self) -> dict[int, Fraction]:
        """Every total the die can give and its exact probability."""
        counts: dict[int, int] = {}
        if self.digits:  # at most 6 × 6 × 6 readings
            for faces in itertools.product(range(1, 7), repeat=self.count):
                counts[self.total(faces)] = 1
        else:  # the sums, one die at a time (10d20 would be 20¹⁰ rolls to list)
            counts = {0: 1}
            for _die in range(self.count):
                added: dict[int, int] = {}
                for total, n in counts.items():
                    for face in range(1, self.sides + 1):
                        added[total + face] = added.get(total + face, 0) + n
                counts = added
        every = self.sides ** self.count
        return {total: Fraction(n, every) for total, n in sorted(counts.items())}


def parse_die(text: object) -> DieExpression:
    """``d6``, ``2d6``, ``d66`` ... as a :class:`DieExpression`; anything else refused naming what is allowed."""
    written = text.strip() if isinstance(text, str) else ""
    digits = _DIGITS.fullmatch(written)
    if digits:
        return DieExpression(len(digits.group(1)), 6, digits=True)
    found = _SUM.fullmatch(written)
    if found:
        count, sides = int(found.group(1) or 1), int(found.group(2))
        if sides in DIE_SIDES and 1 <= count <= MAX_DICE and (count == 1 or sides <= 20):
            return DieExpression(count, sides)
    raise RulesError(_("{die} is not a table's die: write d6, 2d6, d10, d20, d66, d100 (up to {most} dice of "
                       "2, 3, 4, 6, 8, 10, 12 or 20 sides added, one d100, or d66/d666 read as digits)").format(
        die=repr(text), most=MAX_DICE))


def parse_faces(spec: str, die: DieExpression) -> list[int]:
    """Faces typed for ``die``: whole numbers between spaces or commas (``3 5``, ``3,5``); for dice of
    fewer than ten sides one digit per face also reads (``35`` for a D66). Checked by the die."""
    tokens = [t for t in re.split(r"[\s,]+", spec.strip()) if t]
    if len(tokens) == 1 and die.count > 1 and die.sides < 10 and len(tokens[0]) == die.count:
        tokens = list(tokens[0])
    if not tokens or not all(t.isdigit() and len(t) <= 4 for t in tokens):
        raise RulesError(_("{spec} are not faces: type one whole number per die, e.g. {example}").format(
            spec=repr(spec), example=" ".join(["3"] * die.count)))
    return die.check_faces([int(t) for t in tokens])


@dataclass(frozen=True)
class Range:
    """The totals a row reads: ``low`` to ``high``, both included."""

    low: int
    high: int


def parse_range(value: object) -> Range:
    """A row's range: a whole number (``7``) or text ``11-16`` (``–`` reads as ``-``); refused saying how."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Range(value, value)
    if isinstance(value, str):
        parts = [p.strip() for p in value.replace("–", "-").split("-")]
        if 1 <= len(parts) <= 2 and all(p.isdigit() and len(p) <= 6 for p in parts):
            low, high = int(parts[0]), int(parts[-1])
            if low <= high:
                return Range(low, high)
    raise RulesError(_("{range} is not a range: write a number (7) or two joined by a dash (\"11-16\")").format(
        range=repr(value)))


def check_rows(die: DieExpression, ranges: Sequence[Range]) -> list[tuple[int | None, str]]:
    """What is wrong with rows of these ranges for ``die``: ``(row number or None, sentence)`` each (empty: each
    total the die can give is in exactly one row). A row reaching totals the die cannot give, two rows sharing
    a total and a total no row reads are each named."""
    possible = die.totals()
    wrong: list[tuple[int | None, str]] = []
    taken: dict[int, int] = {}
    for n, span in enumerate(ranges, 1):
        inside = [t for t in possible if span.low <= t <= span.high]
        if not inside or span.low < min(possible) or span.high > max(possible):
            wrong.append((n, _("row {n} ({low}-{high}) is outside what {die} gives ({lowest}-{highest})").format(
                n=n, low=span.low, high=span.high, die=die.text, lowest=min(possible), highest=max(possible))))
        shared = [t for t in inside if t in taken]
        if shared:
            wrong.append((n, _("rows {first} and {second} both read {total}").format(
                first=taken[shared[0]], second=n, total=shared[0])))
        taken.update((t, n) for t in inside if t not in taken)
    missing = [t for t in possible if t not in taken]
    if missing:
        shown = ", ".join(str(t) for t in missing[:8]) + (" ..." if len(missing) > 8 else "")
        wrong.append((None, _("no row reads {totals}").format(totals=shown)))
    return wrong


def row_for(ranges: Sequence[Range], total: int) -> int:
    """The index of the row whose range holds ``total`` (the rows were checked by :func:`check_rows`)."""
    for n, span in enumerate(ranges):
        if span.low <= total <= span.high:
            return n
    raise RulesError(_("no row reads {totals}").format(totals=total))
