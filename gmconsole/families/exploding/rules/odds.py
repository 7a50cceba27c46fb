"""Exact odds for the ``exploding`` system, as fractions (closed forms, never sampled).

One exploding dN: the total is ``k*N + r`` with ``k >= 0`` maxima rolled and a last face
``1 <= r <= N-1``; each such total has probability ``N**-(k+1)``. So for a target ``t >= 1``,
with ``k0, r0 = divmod(t - 1, N)``::

    P(total >= t) = (N - r0) / N**(k0 + 1)

R-EXP-3 falls out of it: ``t = N`` and ``t = N + 1`` give the same ``1/N`` (no total equals N).
The top die only counts, and the dice are independent, so
``P(top >= TN) = 1 - prod(1 - P(die_i >= TN))``. R-EXP-2: a critical failure is every die
showing a natural 1, ``prod(1/N_i)``; it is a failure whatever the TN, so it is taken out of
the success chance when the TN is 1 or less.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import TYPE_CHECKING, Any

from gmconsole.i18n import _, verbatim
from gmconsole.rules.dice import DIE_SIZES
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.families.exploding.rules.check import CheckResult


def _sizes(dice: Sequence[int]) -> tuple[int, ...]:
    dice = tuple(dice)
    if not dice:
        raise RulesError(_("the odds need at least one die"))
    for sides in dice:
        if isinstance(sides, bool) or sides not in DIE_SIZES:
            raise RulesError(_("d{sides} is not a die gmconsole knows (use d4, d6, d8, d10 or d12)").format(
                sides=sides))
    return dice


def p_die_at_least(sides: int, target: int, explode: bool = True) -> Fraction:
    """P(one dN totals ``target`` or more), exploding (R-EXP-1) or plain."""
    if target <= 1:
        return Fraction(1)
    if not explode:
        return Fraction(max(0, sides - target + 1), sides)
    k0, r0 = divmod(target - 1, sides)
    return Fraction(sides - r0, sides ** (k0 + 1))


def p_top_at_least(dice: Sequence[int], tn: int, explode: bool = True) -> Fraction:
    """P(the top die total >= ``tn``) for dice of the given sizes (top die only counts)."""
    sizes = _sizes(dice)
    return 1 - prod((1 - p_die_at_least(s, tn, explode) for s in sizes), start=Fraction(1))


def p_critical_failure(dice: Sequence[int]) -> Fraction:
    """R-EXP-2: P(every die shows a natural 1)."""
    return prod((Fraction(1, s) for s in _sizes(dice)), start=Fraction(1))


def p_success(dice: Sequence[int], tn: int, explode: bool = True) -> Fraction:
    """P(success): top >= TN and not a critical failure (R-EXP-2 fails whatever the TN)."""
    p = p_top_at_least(dice, tn, explode)
    if tn <= 1:
        p -= p_critical_failure(dice)
    return p


@dataclass(frozen=True)
class TopDistribution:
    """P(top total = v) for v = 1..bound, plus the mass above the bound (so everything sums to 1)."""

    probabilities: dict[int, Fraction]
    above: Fraction

    def as_dict(self) -> dict[str, Any]:
        return {"probabilities": {str(v): float(p) for v, p in self.probabilities.items()}, "above": float(self.above)}


def top_distribution(dice: Sequence[int], bound: int, explode: bool = True) -> TopDistribution:
    """The exact distribution of the top total up to ``bound`` (inclusive); ``above`` = P(top > bound)."""
    sizes = _sizes(dice)
    if isinstance(bound, bool) or not isinstance(bound, int) or not 1 <= bound <= 1000:
        raise RulesError(verbatim("the distribution bound must be a whole number from 1 to 1000, not {bound!r}").format(
            bound=bound))

    def at_most(v: int) -> Fraction:
        return prod((1 - p_die_at_least(s, v + 1, explode) for s in sizes), start=Fraction(1))

    probabilities = {v: at_most(v) - at_most(v - 1) for v in range(1, bound + 1)}
    return TopDistribution(probabilities, 1 - at_most(bound))


@dataclass(frozen=True)
class CheckOdds:
    """The odds of one check: success and critical failure, exact."""

    dice: tuple[int, ...]
    tn: int
    p_success: Fraction
    p_critical_failure: Fraction

    def as_dict(self) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "tn": self.tn,
            "p_success": float(self.p_success),
            "p_critical_failure": float(self.p_critical_failure),
            "p_success_exact": str(self.p_success),
            "p_critical_failure_exact": str(self.p_critical_failure),
        }


def check_odds(skill_dice: Sequence[int], trait_die: int, tn: int) -> CheckOdds:
    """Odds of a check against a final TN (dice explode, R-EXP-1): skill dice sizes plus the trait die."""
    dice = _sizes(tuple(skill_dice) + (trait_die,))
    return CheckOdds(dice, tn, p_success(dice, tn), p_critical_failure(dice))


def p_opposed_win(active: Sequence[int], defender: Sequence[int], tie_goes_to: str = "defender") -> Fraction:
    """R-EXP-4: P(the active side wins an opposed test), to within 1e-30.

    The sum over the active top runs until the active side's remaining mass is below 1e-30;
    that truncation is the only error (far below anything a float shows).
    """
    a_sizes, d_sizes = _sizes(active), _sizes(defender)
    if tie_goes_to not in ("defender", "active"):
        raise RulesError(_("a tie goes to 'defender' or 'active', not {value!r}").format(value=tie_goes_to))

    def at_least(sizes: Sequence[int], v: int) -> Fraction:
        return 1 - prod((1 - p_die_at_least(s, v) for s in sizes), start=Fraction(1))

    # Sum over v of P(top_a = v) * P(top_d < v) (or <= v when ties go to the active side).
    bound = 1
    while at_least(a_sizes, bound) > Fraction(1, 10**30):
        bound += 1
    total = Fraction(0)
    for v in range(1, bound + 1):
        p_a = at_least(a_sizes, v) - at_least(a_sizes, v + 1)
        below = 1 - at_least(d_sizes, v)
        if tie_goes_to == "active":
            below = 1 - at_least(d_sizes, v + 1)
        total += p_a * below
    return total


def retry_odds(result: CheckResult, skill_dice: Sequence[int], trait_die: int, tn: int) -> dict[str, Any]:
    """The odds for a check already rolled (``result``): a retry after a change of circumstances
    rolls every die again, so the chance of success is the check's own (R-EXP-1..3 as for any check) and it
    costs nothing; only a failed check is retried. The CLI's JSON keys, with exact fractions as strings."""
    if result.success:
        raise RulesError(_("the check succeeded: there is nothing to retry"))
    p = check_odds(skill_dice, trait_die, tn).p_success
    return {
        "current_top": result.top, "current_success": bool(result.success),
        "current_critical_failure": result.critical_failure,
        "p_success_after_push": float(p), "p_success_after_push_exact": str(p),
        "expected_successes_after_push": float(p), "expected_successes_after_push_exact": str(p),
        "cost_distribution": {}, "cost_distribution_exact": {},
    }
