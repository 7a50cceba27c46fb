"""The ``exploding`` system's check: two skill dice and one trait die, the top die only counts.

A die showing its maximum explodes (R-EXP-1: only when a target number or an opposed test is
set): it is rolled again and the new face added. The single highest die total is compared with
the target number (:mod:`.target`); every die a natural 1 fails whatever the TN (R-EXP-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gmconsole.families.exploding.rules.faces import FACES
from gmconsole.families.exploding.rules.target import TargetNumber, given_target_number
from gmconsole.i18n import N_, _
from gmconsole.rules.dice import DIE_SIZES, DiceSource, Die, DieKind
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import count_refusal, face_refusal, split_spec, to_int

SKILL_DICE = 2
"""A trained character rolls this many skill dice."""

FACE_KINDS = tuple(k.name for k in FACES)
"""The kinds a typed faces SPEC may name (``s8+3,2 t4``, ``skill=8+3,2 trait=4``)."""


_SKILL_DIE = N_("the skill die must be a d4, d6, d8, d10 or d12, not d{sides}")
_TRAIT_DIE = N_("the trait die must be a d4, d6, d8, d10 or d12, not d{sides}")


def _check_size(sides: int, refusal: str) -> int:
    if isinstance(sides, bool) or sides not in DIE_SIZES:
        raise RulesError(_(refusal).format(sides=sides))
    return sides


# --------------------------------------------------------------------------- dice and faces


@dataclass(frozen=True)
class ExplodedDie:
    """One die after it was rolled: every face of its explosion chain, e.g. ``(8, 8, 3)`` = 19."""

    die: Die
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def natural(self) -> int:
        """The first face, before any explosion (R-EXP-2 looks at this)."""
        return self.faces[0]

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.die.kind.value, "sides": self.die.sides, "faces": list(self.faces), "total": self.total}


def check_dice(skill_dice: Sequence[int], trait_die: int) -> tuple[Die, ...]:
    """The dice of a check: the skill dice (none when untrained) and the trait die."""
    if len(skill_dice) > SKILL_DICE:
        raise RulesError(_("a check rolls at most {most} skill dice, not {count}").format(
            most=SKILL_DICE, count=len(skill_dice)))
    dice = [Die(DieKind.SKILL, _check_size(s, _SKILL_DIE)) for s in skill_dice]
    dice.append(Die(DieKind.TRAIT, _check_size(trait_die, _TRAIT_DIE)))
    return tuple(dice)


def roll_die(die: Die, source: DiceSource, explode: bool) -> ExplodedDie:
    """Roll one die; if ``explode`` (R-EXP-1) a maximum face is followed by another, without limit."""
    faces = [source.face(die)]
    while explode and faces[-1] == die.sides:
        faces.append(source.face(die))
    return ExplodedDie(die, tuple(faces))


def parse_faces(spec: str, dice: Sequence[Die], explode: bool) -> DiceSource:
    """Turn a typed SPEC like ``"s8+3,2 t4"`` (or ``"skill=8+3,2 trait=4"``) into a :class:`DiceSource`
    for ``dice``.

    A ``+`` chains an explosion. It may follow only the die's maximum face, and a maximum face
    must be followed by one when dice explode; without a TN or opposed test no chain is allowed
    (R-EXP-1). Each face must be within 1..sides, and there must be one chain per die (R-MANUAL-1).
    """
    groups = split_spec(spec, FACES)
    flat: dict[str, list[int]] = {}
    for kind in FACES:
        kind_dice = [d for d in dice if d.kind.value == kind.name]
        chains = groups.get(kind.name, [])
        if len(chains) != len(kind_dice):
            raise count_refusal(kind, [d.sides for d in kind_dice], chains, groups.typed.get(kind.name))
        faces: list[int] = []
        for die, chain in zip(kind_dice, chains):
            parts = [to_int(p, kind.name) for p in chain.split("+")]
            if len(parts) > 1 and not explode:
                raise RulesError(_("{kind} {chain!r}: dice explode only against a target number or in an opposed test")
                                 .format(kind=kind.name, chain=chain))
            for i, face in enumerate(parts):
                if not 1 <= face <= die.sides:
                    raise face_refusal(kind.name, face, die.sides)
                last = i == len(parts) - 1
                if not last and face != die.sides:
                    raise RulesError(
                        _("{kind} {chain!r}: a d{sides} explodes only on its maximum ({sides}), so nothing may "
                          "follow {face}").format(kind=kind.name, chain=chain, sides=die.sides, face=face)
                    )
                if last and explode and face == die.sides:
                    raise RulesError(
                        _("{kind} {chain!r}: a d{sides} showing {face} explodes; type the next face as {chain}+N")
                        .format(kind=kind.name, chain=chain, sides=die.sides, face=face)
                    )
            faces += parts
        flat[kind.name] = faces
    return DiceSource(faces={k: v for k, v in flat.items() if v or k in groups})


# --------------------------------------------------------------------------- a check


@dataclass(frozen=True)
class CheckResult:
    """One check: every die with its chain, the top total, and how it compares with the TN.

    R-EXP-2: a critical failure (every die a natural 1) is a failure whatever the TN.
    Without a TN (no explosions, R-EXP-1) ``success`` and ``margin`` are ``None``.
    """

    dice: tuple[ExplodedDie, ...]
    tn: TargetNumber | None
    by_hand: bool = False

    @property
    def top(self) -> int:
        """Top die only counts: the single highest die total."""
        return max(d.total for d in self.dice)

    @property
    def critical_failure(self) -> bool:
        """R-EXP-2: every die shows a natural 1."""
        return all(d.natural == 1 for d in self.dice)

    @property
    def success(self) -> bool | None:
        if self.tn is None:
            return None
        return self.top >= self.tn.value and not self.critical_failure

    @property
    def margin(self) -> int | None:
        """Top minus TN (negative when short)."""
        return None if self.tn is None else self.top - self.tn.value

    def as_dict(self) -> dict[str, Any]:
        return {
            "success": self.success,
            "top": self.top,
            "tn": None if self.tn is None else self.tn.value,
            "margin": self.margin,
            "critical_failure": self.critical_failure,
            "dice": [d.as_dict() for d in self.dice],
            "tn_lines": [] if self.tn is None else [line.as_dict() for line in self.tn.lines],
            "by_hand": self.by_hand,
        }


def roll_check(
    skill_dice: Sequence[int],
    trait_die: int,
    tn: TargetNumber | int | None,
    source: DiceSource,
    opposed: bool = False,
    last: bool = True,
) -> CheckResult:
    """Roll a check: ``skill_dice`` sizes (empty when untrained) and the trait die.

    Dice explode only when ``tn`` is set or ``opposed`` is true (R-EXP-1). An ``int`` TN is used
    as given. Typed faces must be used up exactly: by this check, or (``last`` false: more checks read
    the same typed faces, an assisted check's turns) by the caller's ``source.finish()``.
    """
    if isinstance(tn, int) and not isinstance(tn, bool):
        tn = given_target_number(tn)
    dice = check_dice(skill_dice, trait_die)
    explode = tn is not None or opposed
    rolled = tuple(roll_die(d, source, explode) for d in dice)
    if last:
        source.finish()
    # a bool is an int but no TN: it is passed on as given, never read as TN 0 or 1
    return CheckResult(rolled, tn, source.by_hand)  # type: ignore[arg-type]
