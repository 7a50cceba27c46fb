"""Exact odds of pushing *this* roll: the dice already on the table decide what a push can do (issue 17).

Before a roll the builder shows the odds of the pool; after it, the question at the table is "should I
push?". A push rerolls only the dice showing neither a success nor a 1 (R-PUSH-1; R-PUSH-5 ``blank``:
skill 1s too), adds a stress die with the ``stress-dice`` cost (R-STRESS-1), and keeps the rest. So the
answer is a distribution over the rerolled dice alone, shifted by what stays:

- successes: the kept dice's successes plus a convolution of each rerolled die's 0 / 1 / 2 success
  faces (R-ART-1) — exact whole-number counts over the product of the rerolled dice's sides;
- panic (R-PUSH-3): any stress die showing 1 after the push (a first-roll stress 1 forbids the push, so
  every stress die is rerolled), and the panic table's rows for D6 + the stress the push leaves
  (R-STRESS-1: stress dice = current stress; R-PANIC-2 escalation is not modelled: it needs the
  character's current panic);
- costs: the rules' own :func:`push costs <gmconsole.systems.yearzero.roll.YearZeroRoll.costs>` read
  on representative outcomes. Every cost option counts 1s (R-MYZ-TRAUMA; ``damage-stress``,
  ``attribute-damage``) or is fixed per push (``stress-dice``, ``conditions``, ``doom``), so what a
  rerolled die adds depends only on whether it shows 1. Dice that add the same costs when they show 1
  form a class; the costs depend only on how many 1s each class shows, and each class's count of 1s
  has an exact distribution. The cost function is asked once per combination of counts — thresholds
  such as "broken" come out right because the real rules decide them.

Every probability is an exact :class:`~fractions.Fraction`; :meth:`PushOdds.as_dict` gives floats and
the fractions as strings for the CLI's ``--json``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from gmconsole.rules.dice import Die, DieKind, RolledDie, year_zero_successes
from gmconsole.rules.errors import RulesError
from gmconsole.systems.yearzero.panic import PANIC_DIE, panic_row
from gmconsole.systems.yearzero.roll import OnesCount, YearZeroRoll, count_ones, push_costs, would_reroll

__all__ = ["PushOdds", "push_odds"]

_BLANK_FACE = 2
"""A face that is neither a success nor a 1 on every Year Zero die (d6 to d12): what a rerolled die
shows in the representative outcomes when it is not counted as a 1."""


@dataclass(frozen=True)
class PushOdds:
    """What pushing one roll can give and cost, exactly.

    ``distribution[k]`` is the chance of k successes after the push; ``cost_distribution`` maps each
    cost name (as the roll's ``costs`` JSON names them, summed over targets) to ``{amount: chance}``
    with every amount that can happen; ``cost_details`` is the same per cost and target (a gear item,
    an attribute). ``p_panic`` and ``panic_rows`` (row id → chance of a panic on that row) are ``None``
    when the push rolls no stress die. ``rerolled`` counts the dice the push rolls.
    """

    rerolled: int
    kept_successes: int
    distribution: tuple[Fraction, ...]
    p_panic: Fraction | None
    panic_rows: dict[str, Fraction] | None
    cost_distribution: dict[str, dict[int, Fraction]]
    cost_details: tuple[tuple[str, str | None, dict[int, Fraction]], ...]

    @property
    def p_success(self) -> Fraction:
        """The chance of at least one success after the push."""
        return 1 - self.distribution[0]

    @property
    def expected_successes(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.distribution)), Fraction(0))

    def p_at_least(self, successes: int) -> Fraction:
        """The chance of at least ``successes`` successes (two is one stunt / bonus effect, and so on)."""
        return sum(self.distribution[successes:], Fraction(0))

    def as_dict(self) -> dict:
        """The CLI's JSON: floats, with the exact fractions beside them as strings (``"91/216"``)."""
        out = {
            "rerolled_dice": self.rerolled,
            "kept_successes": self.kept_successes,
            "p_success_after_push": float(self.p_success),
            "p_success_after_push_exact": str(self.p_success),
            "expected_successes_after_push": float(self.expected_successes),
            "expected_successes_after_push_exact": str(self.expected_successes),
            "distribution_after_push": [float(p) for p in self.distribution],
            "distribution_after_push_exact": [str(p) for p in self.distribution],
            "cost_distribution": _floats(self.cost_distribution),
            "cost_distribution_exact": _strings(self.cost_distribution),
            "cost_details": [
                {"name": name, "target": target, "distribution": {str(a): float(p) for a, p in dist.items()}}
                for name, target, dist in self.cost_details
            ],
        }
        if self.p_panic is not None:
            out["p_panic_after_push"] = float(self.p_panic)
            out["p_panic_after_push_exact"] = str(self.p_panic)
            out["panic_rows_after_push"] = {row: float(p) for row, p in (self.panic_rows or {}).items()}
        return out


def _floats(costs: dict[str, dict[int, Fraction]]) -> dict[str, dict[str, float]]:
    return {name: {str(a): float(p) for a, p in dist.items()} for name, dist in costs.items()}


def _strings(costs: dict[str, dict[int, Fraction]]) -> dict[str, dict[str, str]]:
    return {name: {str(a): str(p) for a, p in dist.items()} for name, dist in costs.items()}


def _success_counts(sides: int) -> tuple[int, int, int]:
    """Faces of a die showing 0, 1 and 2 successes (R-ART-1: 6-9 one, 10+ two)."""
    return 5, min(sides, 9) - 5, max(sides - 9, 0)


def _convolve(a: list[int], b: Iterable[int]) -> list[int]:
    b = list(b)
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _ones_weights(sides: list[int]) -> list[int]:
    """Outcomes (out of the product of ``sides``) in which exactly k of these dice show 1: the
    coefficients of the product of (sides - 1 + x)."""
    weights = [1]
    for s in sides:
        nxt = [0] * (len(weights) + 1)
        for k, w in enumerate(weights):
            nxt[k] += w * (s - 1)
            nxt[k + 1] += w
        weights = nxt
    return weights


def _cost_key(roll_: YearZeroRoll) -> dict[tuple[str, str | None], int]:
    out: dict[tuple[str, str | None], int] = {}
    for cost in roll_.costs:
        key = (cost.name, cost.target)
        out[key] = out.get(key, 0) + cost.amount
    return out


def push_odds(previous: YearZeroRoll) -> PushOdds:
    """The exact odds and costs of pushing ``previous`` from the faces it shows.

    Raises :class:`RulesError` with the rules' reason when it cannot be pushed (R-PUSH-2, R-PUSH-3,
    R-PUSH-6).
    """
    refusal = previous.push_refusal
    if refusal:
        raise RulesError(refusal)
    skill_ones = previous.skill_ones
    kept: list[RolledDie] = []
    rolled: list[RolledDie] = []
    for die in previous.dice:
        (rolled if would_reroll(die, skill_ones) else kept).append(die)
    if previous.pool.push_cost == "stress-dice":
        rolled.append(RolledDie(Die(DieKind.STRESS), _BLANK_FACE))
    kept_successes = sum(year_zero_successes(d.sides, d.face) for d in kept)

    counts = [1]
    outcomes = 1
    for die in rolled:
        counts = _convolve(counts, _success_counts(die.sides))
        outcomes *= die.sides
    distribution = tuple([Fraction(0)] * kept_successes + [Fraction(c, outcomes) for c in counts])

    blank = replace(
        previous, dice=tuple(kept) + tuple(d.with_face(_BLANK_FACE) for d in rolled), pushes=previous.pushes + 1
    )
    p_panic, panic_rows = _panic(blank, rolled)
    cost_distribution, cost_details = _costs(blank, count_ones(kept), rolled)
    return PushOdds(
        rerolled=len(rolled),
        kept_successes=kept_successes,
        distribution=distribution,
        p_panic=p_panic,
        panic_rows=panic_rows,
        cost_distribution=cost_distribution,
        cost_details=cost_details,
    )


def _panic(blank: YearZeroRoll, rolled: list[RolledDie]) -> tuple[Fraction | None, dict[str, Fraction] | None]:
    """R-PUSH-3: the chance that a stress die the push rolls shows 1, and where the panic roll lands:
    D6 + the stress after the push (R-STRESS-1: the number of stress dice it rolled)."""
    stress_rolled = sum(1 for d in rolled if d.kind is DieKind.STRESS)
    if not stress_rolled:
        return None, None
    p_panic = 1 - Fraction(5, 6) ** stress_rolled
    stress = sum(1 for d in blank.dice if d.kind is DieKind.STRESS)
    rows: dict[str, Fraction] = {}
    for face in range(1, PANIC_DIE.sides + 1):
        row = panic_row(face + stress)["id"]
        rows[row] = rows.get(row, Fraction(0)) + p_panic / PANIC_DIE.sides
    return p_panic, rows


def _costs(blank: YearZeroRoll, kept_ones: OnesCount, rolled: list[RolledDie]):
    """Cost distributions (see the module docstring): the rolled dice grouped by what the costs read of
    them (kind and source), groups merged in classes by what one of their 1s adds, and the rules'
    :func:`~gmconsole.systems.yearzero.roll.push_costs` asked once per combination of each class's
    count of 1s."""
    pool, pushes = blank.pool, blank.pushes

    def costs(ones: OnesCount) -> dict[tuple[str, str | None], int]:
        out: dict[tuple[str, str | None], int] = {}
        for cost in push_costs(pool, pushes, ones):
            if cost.amount > 0:
                key = (cost.name, cost.target)
                out[key] = out.get(key, 0) + cost.amount
        return out

    base = costs(kept_ones)
    groups: dict[tuple[DieKind, str | None], list[int]] = {}
    for die in rolled:
        groups.setdefault((die.kind, die.die.source), []).append(die.sides)
    classes: dict[tuple, list[tuple[tuple[DieKind, str | None], list[int]]]] = {}
    for key, sides in groups.items():
        one = costs({**kept_ones, key: kept_ones.get(key, 0) + 1})
        delta = tuple(sorted(
            (k, v - base.get(k, 0)) for k, v in one.items() if v != base.get(k, 0) and k[0] != "broken"
        ))
        if delta:
            classes.setdefault(delta, []).append((key, sides))
    members = list(classes.values())
    weights = [_ones_weights([s for _, sides in group for s in sides]) for group in members]
    outcomes = 1
    for group in members:
        for _, sides in group:
            for s in sides:
                outcomes *= s
    details: dict[tuple[str, str | None], dict[int, int]] = {}
    totals: dict[str, dict[int, int]] = {}
    for counts in product(*(range(len(w)) for w in weights)):
        weight = 1
        ones = dict(kept_ones)
        for group, w, k in zip(members, weights, counts):
            weight *= w[k]
            for key, sides in group:  # a class's k ones, spread over its groups in order
                take = min(k, len(sides))
                if take:
                    ones[key] = ones.get(key, 0) + take
                k -= take
        names: dict[str, int] = {}
        for (name, target), amount in costs(ones).items():
            cell = details.setdefault((name, target), {})
            cell[amount] = cell.get(amount, 0) + weight
            names[name] = names.get(name, 0) + amount
        for name, amount in names.items():
            cell = totals.setdefault(name, {})
            cell[amount] = cell.get(amount, 0) + weight
    return _chances(totals, outcomes), tuple((n, t, dist) for (n, t), dist in _chances(details, outcomes).items())


def _chances(weights: dict, outcomes: int) -> dict:
    """Weights out of ``outcomes`` as exact chances, amounts in order; outcomes in which a cost does not
    arise are an amount of 0."""
    out = {}
    for key, dist in weights.items():
        missing = outcomes - sum(dist.values())
        if missing:
            dist = {**dist, 0: dist.get(0, 0) + missing}
        out[key] = {amount: Fraction(w, outcomes) for amount, w in sorted(dist.items())}
    return out
