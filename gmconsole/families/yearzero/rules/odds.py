"""Exact odds of a Year Zero pool (`myz`, `yze`, `yze-step`): first roll, push, push costs, panic.

The roll builder shows these figures and refreshes them on every keypress, so they must be
exact and fast. Dice in a pool are independent and a push is decided from the whole first
roll only through "no success anywhere" (and "no stress 1 anywhere"), so every figure is a
product of per-die factors or a polynomial convolution of per-die success counts. All of them
are built from whole-number face counts and turned into floats by one division each, which
keeps them exact up to the last bit of a float.

Rules modelled here (see docs/RULES.md):

- R-ART-1: a face of 6-9 is one success, 10+ is two (a D10 or D12 can show two).
- R-PUSH-1: a push rerolls every die that shows neither a success nor a 1: a 1 never rerolls,
  whatever its kind; after the push every die counts. R-PUSH-5 (``skill_ones="blank"``): skill 1s
  are rerolled too.
- R-PUSH-3: a stress die showing 1 on the first roll is panic at once and the roll can no
  longer be pushed. With push cost ``stress-dice`` the push rolls one more stress die.
- The push strategy behind the "with push" figures: push exactly when the first roll has no
  success and may be pushed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gmconsole.families.yearzero.rules.pool import ones_that_stay
from gmconsole.i18n import _
from gmconsole.rules.dice import MAX_DICE, Die, DieKind
from gmconsole.rules.errors import RulesError

YEAR_ZERO_KINDS = frozenset(
    {DieKind.BASE, DieKind.SKILL, DieKind.GEAR, DieKind.STRESS, DieKind.ARTIFACT, DieKind.STEP}
)
"""The die kinds a Year Zero pool may hold."""

BANE_KINDS = (DieKind.BASE, DieKind.GEAR, DieKind.STRESS, DieKind.STEP)
"""Kinds whose 1s after a push get a ``p_bane_after_push`` figure (skill dice too with ``skill_banes``)."""

_BANE_ORDER = (DieKind.BASE, DieKind.SKILL, DieKind.GEAR, DieKind.STRESS, DieKind.STEP)

_YEAR_ZERO_SIDES = (6, 8, 10, 12)


@dataclass(frozen=True)
class YearZeroOdds:
    """Exact odds of one Year Zero pool.

    ``p_bane_after_push`` maps each kind among base, gear, stress and step that the pushed roll
    holds (stress also when the push adds a stress die) to the chance of at least one 1 on that
    kind after the push, given the first roll failed and was pushed. It is given even when
    ``can_push`` is False, as the cost a push would carry.
    """

    p_success: float
    p_success_with_push: float
    distribution: tuple[float, ...]
    expected_successes: float
    p_bane_after_push: dict[str, float]
    p_panic: float | None
    p_panic_with_push: float | None

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of the CLI's ``--json`` output; panic figures only when they apply."""
        out = {
            "p_success": self.p_success,
            "p_success_with_push": self.p_success_with_push,
            "distribution": list(self.distribution),
            "expected_successes": self.expected_successes,
            "p_bane_after_push": dict(self.p_bane_after_push),
        }
        if self.p_panic is not None:
            out["p_panic"] = self.p_panic
        if self.p_panic_with_push is not None:
            out["p_panic_with_push"] = self.p_panic_with_push
        return out


def _success_faces(sides: int) -> tuple[int, int, int]:
    """How many faces of a die show 0, 1 and 2 successes (R-ART-1: 6-9 one, 10+ two)."""
    return 5, min(sides, 9) - 5, max(sides - 9, 0)


def group_success_counts(sides: int, n: int) -> list[int]:
    """Ways ``n`` dice of ``sides`` sides show k successes, for k = 0..2n (exact integers)."""
    zero, one, two = _success_faces(sides)
    if n == 0:
        return [1]
    if two == 0:
        zero_pows = [1] * (n + 1)
        one_pows = [1] * (n + 1)
        for i in range(1, n + 1):
            zero_pows[i] = zero_pows[i - 1] * zero
            one_pows[i] = one_pows[i - 1] * one
        return [math.comb(n, k) * one_pows[k] * zero_pows[n - k] for k in range(n + 1)]
    counts = [1]
    for _die in range(n):
        nxt = [0] * (len(counts) + 2)
        for k, c in enumerate(counts):
            nxt[k] += c * zero
            nxt[k + 1] += c * one
            nxt[k + 2] += c * two
        counts = nxt
    return counts


def convolve(a: list[int], b: list[int]) -> list[int]:
    """Product of two count polynomials (two independent groups of dice)."""
    if len(a) == 1:
        return [a[0] * c for c in b]
    if len(b) == 1:
        return [b[0] * c for c in a]
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _check_pool(dice: Sequence[Die]) -> None:
    """Refuse dice that cannot be in a Year Zero pool, with one clear sentence."""
    if len(dice) > MAX_DICE:
        raise RulesError(_("a pool of {count} dice is more than the {most} gmconsole allows").format(
            count=len(dice), most=MAX_DICE))
    for die in dice:
        if die.kind not in YEAR_ZERO_KINDS:
            raise RulesError(_("a {kind} die has no place in a Year Zero pool").format(kind=die.kind.value))
        if die.sides not in _YEAR_ZERO_SIDES:
            raise RulesError(_("a Year Zero pool uses d6 to d12 dice, not a d{sides}").format(sides=die.sides))
        if die.kind is DieKind.STRESS and die.sides != 6:
            raise RulesError(_("stress dice are always d6, not d{sides}").format(sides=die.sides))


def year_zero_odds(
    dice: Sequence[Die],
    *,
    stress_dice_push: bool = False,
    can_push: bool = True,
    skill_ones: str = "stay",
    skill_banes: bool = False,
) -> YearZeroOdds:
    """Exact odds of a Year Zero pool on the first roll and under the push-if-failed strategy.

    ``stress_dice_push`` is the `yze` push cost ``stress-dice``: the push rolls one more stress
    die. ``can_push`` is False for rolls that may not be pushed (reactive rolls, pushes used up).
    A stress 1 on the first roll also forbids the push (R-PUSH-3). ``skill_ones`` is the R-PUSH-5
    setting (``stay``: skill 1s stay like every other 1; ``blank``: they reroll). ``skill_banes``
    says a skill 1 after the push costs something (`myz`, R-MYZ-TRAUMA), so ``p_bane_after_push``
    gives skill dice a figure too (only while their 1s stay). An empty pool has no chance: every
    probability is 0 and the distribution is ``(1.0,)``.

    A failed first roll in which every die shows a 1 would roll nothing, so it is not pushed
    (R-PUSH-6) — this changes no figure, since such a push could not succeed; with
    ``stress_dice_push`` it still rolls its new stress die.
    """
    _check_pool(dice)
    # Stress 1s stay too, but a first-roll stress 1 forbids the push (R-PUSH-3), so pushed stress dice reroll.
    ones_stay = ones_that_stay(skill_ones) - {DieKind.STRESS}
    bane_kinds = set(BANE_KINDS) | ({DieKind.SKILL} if skill_banes else set())
    has_stress_figures = stress_dice_push or any(d.kind is DieKind.STRESS for d in dice)
    if not dice:
        panic = 0.0 if has_stress_figures else None
        return YearZeroOdds(0.0, 0.0, (1.0,), 0.0, {}, panic, panic)

    by_sides = {6: 0, 8: 0, 10: 0, 12: 0}
    stress = 0
    # Whole-number products; each figure is (numerator / denominator) of these.
    all_faces = 1  # product of sides: the first roll's equally likely outcomes
    may_push_faces = 1  # first-roll outcomes with no success and no stress 1 (R-PUSH-3)
    push_fail_num = 1  # per die P(no success after the push | pushed) = num / (5 * sides)
    bane_num: dict[DieKind, int] = {}
    bane_den: dict[DieKind, int] = {}
    for die in dice:
        sides = die.sides
        kind = die.kind
        by_sides[sides] += 1
        all_faces *= sides
        if kind is DieKind.STRESS:
            # Pushed only if it showed 2-5 (R-PUSH-3), so it is rerolled: 4 of its 5 failing faces.
            stress += 1
            may_push_faces *= 4
            push_fail_num *= 25
        elif kind in ones_stay:
            # R-PUSH-1: a 1 (one of the 5 failing faces) stays; 2-5 reroll to 5 failing faces of s.
            may_push_faces *= 5
            push_fail_num *= sides + 20
            if kind in bane_kinds:
                # P(a 1 after the push | pushed) = 1/5 + 4/5 * 1/s; keep P(no 1) = 4(s-1) / 5s.
                bane_num[kind] = bane_num.get(kind, 1) * 4 * (sides - 1)
                bane_den[kind] = bane_den.get(kind, 1) * 5 * sides
        else:
            # R-PUSH-5 blank: a skill die rerolls every failing face, 1 included.
            may_push_faces *= 5
            push_fail_num *= 25
    n = len(dice)
    push_fail_den = 5**n * all_faces

    counts = [1]
    for sides, count in by_sides.items():
        if count:
            counts = convolve(counts, group_success_counts(sides, count))
    distribution = tuple(c / all_faces for c in counts)
    failed_faces = counts[0]
    p_success = (all_faces - failed_faces) / all_faces
    expected = sum(k * c for k, c in enumerate(counts)) / all_faces

    pushed_stress = stress + (1 if stress_dice_push else 0)
    if stress_dice_push:
        push_fail_num *= 5
        push_fail_den *= 6
    if can_push:
        # P(fail, then fail the push) = P(first fails) - P(may push) * P(push succeeds | pushed).
        p_success_with_push = (
            all_faces * push_fail_den
            - failed_faces * push_fail_den
            + may_push_faces * (push_fail_den - push_fail_num)
        ) / (all_faces * push_fail_den)
    else:
        p_success_with_push = p_success

    # R-PUSH-6: a failed roll of nothing but 1s that stay would roll no die, so it is not pushed
    # (chance 1 in 5**n among failed rolls; impossible with stress dice, which then show 2-5, and
    # with a stress-dice push, which rolls its own die). Every bane figure is given the push
    # happened: P(bane and pushed) = P(bane) - P(all 1s), over P(pushed) = 1 - P(all 1s).
    all_ones = not stress_dice_push and not stress and all(d.kind in ones_stay for d in dice)
    p_bane: dict[str, float] = {}
    for kind in _BANE_ORDER:
        if kind is DieKind.STRESS:
            if pushed_stress:
                p_bane[kind.value] = (6**pushed_stress - 5**pushed_stress) / 6**pushed_stress
        elif kind in bane_num:
            den, num = bane_den[kind], bane_num[kind]
            if all_ones:
                p_bane[kind.value] = ((den - num) * 5**n - den) / (den * (5**n - 1))
            else:
                p_bane[kind.value] = (den - num) / den

    p_panic = p_panic_with_push = None
    if has_stress_figures:
        # Panic on the first roll: a stress 1 among the first roll's stress dice.
        panic_den = 6**stress
        panic_num = panic_den - 5**stress
        p_panic = panic_num / panic_den
        if can_push:
            # ... or a pushed roll (no stress 1 so far) whose stress dice, the push's own included, show a 1.
            after_den = 6**pushed_stress
            after_num = after_den - 5**pushed_stress
            p_panic_with_push = (panic_num * all_faces * after_den + panic_den * may_push_faces * after_num) / (
                panic_den * all_faces * after_den
            )
        else:
            p_panic_with_push = p_panic

    return YearZeroOdds(
        p_success=p_success,
        p_success_with_push=p_success_with_push,
        distribution=distribution,
        expected_successes=expected,
        p_bane_after_push=p_bane,
        p_panic=p_panic,
        p_panic_with_push=p_panic_with_push,
    )
