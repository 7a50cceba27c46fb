"""Dice shared by every system: die kinds, dice, rolled dice, and where faces come from.

R-POOL-1: a roll's dice are always kept apart by kind (and, for gear and artifact dice, by
the item they come from), so every die carries its kind and an optional ``source``.
R-ART-1: dice bigger than a D6 (artifact and step dice) count 6-9 as one success and 10+ as two.
R-MANUAL-1: every roll accepts faces typed in from physical dice; they are validated here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from gmconsole.i18n import N_, _, ngettext, verbatim
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import Typed, check_counts, face_refusal

MAX_DICE = 100
"""No pool may hold more dice than this: beyond it a typo is far likelier than a real roll."""

DIE_SIZES = (4, 6, 8, 10, 12)


class DieKind(str, Enum):
    """Where a die in a Year Zero pool comes from (R-POOL-1). Exploding and tiered reuse the names they need."""

    BASE = "base"
    SKILL = "skill"
    GEAR = "gear"
    STRESS = "stress"
    ARTIFACT = "artifact"
    STEP = "step"
    TRAIT = "trait"
    DICE = "dice"


@dataclass(frozen=True)
class Die:
    """One die before it is rolled: its kind, its number of sides, and what it comes from.

    ``source`` names the gear item or artifact for gear/artifact dice, the attribute or skill
    for step dice, and is ``None`` otherwise.
    """

    kind: DieKind
    sides: int = 6
    source: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape a pool's dice take before the roll: ``{kind, sides}`` (+ ``source``)."""
        out: dict[str, Any] = {"kind": self.kind.value, "sides": self.sides}
        if self.source is not None:
            out["source"] = self.source
        return out

    def __post_init__(self) -> None:
        if self.sides not in DIE_SIZES:
            raise RulesError(_("a d{sides} is not a die gmconsole knows (use d4, d6, d8, d10 or d12)").format(
                sides=self.sides))


@dataclass(frozen=True)
class RolledDie:
    """A die after it was rolled: the face it shows, and whether a push rerolled it."""

    die: Die
    face: int
    rerolled: bool = False

    @property
    def kind(self) -> DieKind:
        return self.die.kind

    @property
    def sides(self) -> int:
        return self.die.sides

    def with_face(self, face: int) -> RolledDie:
        """The same die rerolled by a push to show ``face``."""
        return replace(self, face=face, rerolled=True)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape the CLI and the history use: ``{kind, sides, face, rerolled}`` (+ ``source``)."""
        out = {"kind": self.die.kind.value, "sides": self.die.sides, "face": self.face, "rerolled": self.rerolled}
        if self.die.source is not None:
            out["source"] = self.die.source
        return out


def year_zero_successes(sides: int, face: int) -> int:
    """Successes one Year Zero die shows: 6+ is one, 10+ is two (R-ART-1; a D6 tops out at one)."""
    if face >= 10:
        return 2
    if face >= 6:
        return 1
    return 0


KIND_DIE = {"base": N_("base d{sides}"), "skill": N_("skill d{sides}"), "gear": N_("gear d{sides}"),
            "stress": N_("stress d{sides}"), "artifact": N_("artifact d{sides}"), "step": N_("step d{sides}"),
            "trait": N_("trait d{sides}"), "dice": N_("d{sides}")}
"""One die of a kind as a message names it, in the GM's language (the kind keeps its English value)."""


def die_name(die: Die) -> str:
    """How a message names one die: ``base d6``, ``artifact d12``; a plain tiered die is just ``d6``."""
    return _(KIND_DIE[die.kind.value]).format(sides=die.sides)


def check_face(die: Die, face: int) -> int:
    """Return ``face`` if ``die`` can show it, else raise a clear :class:`RulesError` (R-MANUAL-1):
    ``skill: 7 is not a face of a d6``."""
    if isinstance(face, bool) or not isinstance(face, int):
        raise RulesError(_("a {die} face must be a whole number, not {face!r}").format(die=die_name(die), face=face))
    if not 1 <= face <= die.sides:
        raise face_refusal(die.kind.value, face, die.sides)
    return face


class DiceSource:
    """Where faces come from: the console's seeded random generator, or faces typed in by hand.

    Hand-entered faces are given per kind, in order (R-MANUAL-1); :meth:`expect` checks, before a
    die is read, that there is one face per die of each kind (saying how to type them), and
    :meth:`finish` that every typed face was used, so a miscounted entry is an error rather than
    silently ignored. ``faces`` read by :func:`~gmconsole.rules.spec.parse_int_spec` keep the text the
    GM typed, which the refusals quote.
    """

    def __init__(self, rng: random.Random | None = None, faces: Mapping[str, Sequence[int]] | None = None):
        if (rng is None) == (faces is None):
            raise ValueError(verbatim("give exactly one of rng or faces"))
        self.rng = rng
        self._faces = {k: list(v) for k, v in faces.items()} if faces is not None else None
        self._typed = faces if isinstance(faces, Typed) else None
        self._used: dict[str, int] = {}

    @property
    def by_hand(self) -> bool:
        """True when the faces were typed in from physical dice."""
        return self._faces is not None

    def face(self, die: Die) -> int:
        """The next face for ``die``: rolled, or the next typed face of its kind (validated)."""
        if self._faces is None:
            assert self.rng is not None  # the constructor takes exactly one of rng and faces
            return self.rng.randint(1, die.sides)
        kind = die.kind.value
        typed = self._faces.get(kind, [])
        index = self._used.get(kind, 0)
        if index >= len(typed):
            raise RulesError(_("not enough {kind} faces: the pool needs more than the {count} given").format(
                kind=kind, count=len(typed)))
        self._used[kind] = index + 1
        face = typed[index]
        if self._typed is not None and not isinstance(face, bool) and isinstance(face, int) \
                and not 1 <= face <= die.sides:
            raise face_refusal(self._typed.kind(kind), face, die.sides)
        return check_face(die, face)

    def expect(self, dice: Iterable[Die], rerolled: bool = False) -> None:
        """R-MANUAL-1: typed faces must give one face per die of ``dice`` (the pool's, or the dice a push
        rerolls: ``rerolled``), kind by kind; the first kind that is wrong is refused with how to type it.
        Nothing to check for the console's dice."""
        if self._faces is None:
            return
        sides: dict[str, list[int]] = {}
        for die in dice:
            sides.setdefault(die.kind.value, []).append(die.sides)
        left = {k: v[self._used.get(k, 0):] for k, v in self._faces.items()}
        kinds = self._typed.kinds if self._typed is not None else ()
        quoted = self._typed.typed if self._typed is not None and not self._used else {}
        check_counts(Typed(left, typed=quoted, kinds=kinds), sides, rerolled)

    def left(self, kind: str) -> int:
        """How many typed faces of ``kind`` are not read yet (0 for the console's dice)."""
        if self._faces is None:
            return 0
        return len(self._faces.get(kind, ())) - self._used.get(kind, 0)

    def faces(self, dice: Iterable[Die]) -> list[int]:
        """Faces for every die in order."""
        return [self.face(d) for d in dice]

    def finish(self) -> None:
        """Raise if typed faces were left over (the GM typed more dice than the pool has)."""
        if self._faces is None:
            return
        for kind, typed in self._faces.items():
            used = self._used.get(kind, 0)
            if used != len(typed):
                raise RulesError(_("{faces} given but the pool has {dice}").format(
                    faces=_faces_count(len(typed), kind), dice=_dice_count(used, kind)))


def _faces_count(n: int, kind: str) -> str:
    """``2 faces``, ``1 base face``: typed faces of a kind (the kind as the GM typed it)."""
    if kind == DieKind.DICE.value:
        return ngettext("{n} face", "{n} faces", n).format(n=n)
    return ngettext("{n} {kind} face", "{n} {kind} faces", n).format(n=n, kind=kind)


def _dice_count(n: int, kind: str) -> str:
    """``3 dice``, ``1 skill die``: dice of a kind in the pool."""
    if kind == DieKind.DICE.value:
        return ngettext("{n} die", "{n} dice", n).format(n=n)
    return ngettext("{n} {kind} die", "{n} {kind} dice", n).format(n=n, kind=kind)


def roll_dice(dice: Sequence[Die], source: DiceSource) -> list[RolledDie]:
    """Roll every die in ``dice`` from ``source`` and check typed faces match the pool exactly."""
    source.expect(dice)
    rolled = [RolledDie(d, source.face(d)) for d in dice]
    source.finish()
    return rolled
