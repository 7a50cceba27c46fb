"""Exact odds of pushing *this* roll: the dice already on the table decide what a push can do.

Before a roll the builder shows the odds of the pool; after it, the question at the table is "should I
push?". A push rerolls only the dice showing neither a success nor a 1 (R-PUSH-1; R-PUSH-5 ``blank``:
skill 1s too), adds a stress die with the ``stress-dice`` cost (R-STRESS-1; not for the GM's own roll,
whose push charges nobody, R-PUSH-7), and keeps the rest. So the
answer is a distribution over the rerolled dice alone, shifted by what stays:

- successes: the kept dice's successes plus a convolution of each rerolled die's 0 / 1 / 2 success
  faces (R-ART-1) — exact whole-number counts over the product of the rerolled dice's sides;
- panic (R-PUSH-3): any stress die showing 1 after the push (a first-roll stress 1 forbids the push, so
  every stress die is rerolled), and the panic table's rows for D6 + the stress the push leaves
  (R-STRESS-1: stress dice = current stress; R-PANIC-2 escalation is not modelled: it needs the
  character's current panic);
- costs: the rules' own :func:`~gmconsole.families.yearzero.rules.roll.push_costs`, which read only how many
  dice of each kind and source show 1. Every cost option counts 1s (R-MYZ-TRAUMA; ``damage-stress``, its
  base 1s only, R-PUSH-8; ``attribute-damage``) or is fixed per push (``stress-dice``, ``conditions``,
  ``doom``), so what a rerolled die adds depends only on whether it shows 1. Dice that add the same costs
  when they show 1 form a class, and each class's count of 1s has an exact distribution. The rules are
  asked along each class's counts; a cost is then what the kept dice cost plus what each class adds (a convolution) —
  and where a cost would cross a threshold fed by two classes, once per combination of their counts
  (see :func:`_costs`). Thresholds such as "broken" come out right because the real rules decide them.

Every probability is an exact :class:`~fractions.Fraction`; :meth:`PushOdds.as_dict` gives floats and
the fractions as strings for the CLI's ``--json``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, TypeVar

from gmconsole.families.yearzero.rules.odds import convolve, group_success_counts
from gmconsole.families.yearzero.rules.panic import PANIC_DIE, panic_row
from gmconsole.families.yearzero.rules.roll import OnesCount, Pool, YearZeroRoll, count_ones, push_costs, would_reroll
from gmconsole.rules.dice import Die, DieKind, RolledDie, year_zero_successes
from gmconsole.rules.errors import RulesError

CostKey = tuple[str, str | None]
"""A cost as the rules charge it: its name and its target (a gear item, an attribute; ``None`` for none)."""

_Key = TypeVar("_Key")

__all__ = ["PushOdds", "push_odds"]

_BLANK_FACE = 2
"""A face that is neither a success nor a 1: what the push's own stress die stands at before it is rolled."""

@dataclass(frozen=True)
class PushOdds:
    """What pushing one roll can give and cost, exactly.

    ``distribution[k]`` is the chance of k successes after the push; ``cost_distribution`` maps each
    cost name (as the roll's ``costs`` JSON names them, summed over targets) to ``{amount: chance}``
    with every amount that can happen; ``cost_details`` is the same per cost and target (a gear item,
    an attribute). ``p_panic`` and ``panic_rows`` (row id → chance of a panic on that row) are ``None``
    when the push rolls no stress die. ``rerolled`` counts the dice the push rolls. ``to_beat`` is the
    defender's successes when the roll is opposed (R-OPP-1), else ``None``.
    """

    rerolled: int
    kept_successes: int
    distribution: tuple[Fraction, ...]
    p_panic: Fraction | None
    panic_rows: dict[str, Fraction] | None
    cost_distribution: dict[str, dict[int, Fraction]]
    cost_details: tuple[tuple[str, str | None, dict[int, Fraction]], ...]
    gear_ruined: dict[str, Fraction] = field(default_factory=dict)
    """Each item whose bonus the push's gear damage can take to 0 (it cannot be used, R-ART-2), with the chance."""
    to_beat: int | None = None

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

    @property
    def p_win(self) -> Fraction | None:
        """R-OPP-1: the chance the pushed roll beats the defender (more successes than ``to_beat``; a tie is
        no win); ``None`` for a roll that is not opposed."""
        return None if self.to_beat is None else self.p_at_least(self.to_beat + 1)

    def as_dict(self) -> dict[str, Any]:
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
        if self.to_beat is not None:  # R-OPP-1: beside the chance of one success, which is not a win here
            p_win = self.p_at_least(self.to_beat + 1)  # p_win of an opposed roll
            out["defender_successes"] = self.to_beat
            out["p_win_opposed_after_push"] = float(p_win)
            out["p_win_opposed_after_push_exact"] = str(p_win)
        if self.gear_ruined:
            out["p_gear_unusable_after_push"] = {item: float(p) for item, p in self.gear_ruined.items()}
        if self.p_panic is not None:
            out["p_panic_after_push"] = float(self.p_panic)
            out["p_panic_after_push_exact"] = str(self.p_panic)
            out["panic_rows_after_push"] = {row: float(p) for row, p in (self.panic_rows or {}).items()}
        return out


def _floats(costs: dict[str, dict[int, Fraction]]) -> dict[str, dict[str, float]]:
    return {name: {str(a): float(p) for a, p in dist.items()} for name, dist in costs.items()}


def _strings(costs: dict[str, dict[int, Fraction]]) -> dict[str, dict[str, str]]:
    return {name: {str(a): str(p) for a, p in dist.items()} for name, dist in costs.items()}


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


def push_odds(previous: YearZeroRoll, to_beat: int | None = None) -> PushOdds:
    """The exact odds and costs of pushing ``previous`` from the faces it shows; ``to_beat``: the
    defender's successes when ``previous`` is the active side of an opposed roll (R-OPP-1).

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
    if previous.push_adds_stress_die:  # not for the GM's own roll (R-PUSH-7)
        rolled.append(RolledDie(Die(DieKind.STRESS), _BLANK_FACE))
    kept_successes = sum(year_zero_successes(d.sides, d.face) for d in kept)

    by_sides: dict[int, int] = {}
    outcomes = 1
    for die in rolled:
        by_sides[die.sides] = by_sides.get(die.sides, 0) + 1
        outcomes *= die.sides
    counts = [1]
    for sides, n in by_sides.items():
        counts = convolve(counts, group_success_counts(sides, n))
    distribution = tuple([Fraction(0)] * kept_successes + [Fraction(c, outcomes) for c in counts])

    stress_after = sum(1 for d in kept if d.kind is DieKind.STRESS) + sum(1 for d in rolled if d.kind is DieKind.STRESS)
    p_panic, panic_rows = _panic(stress_after, rolled)
    # R-PUSH-7: the push of a roll nobody owns charges nobody
    cost_distribution, cost_details = (_costs(previous.pool, previous.pushes + 1, count_ones(kept), rolled)
                                       if previous.owned else ({}, ()))
    bonus = dict(previous.pool.request.gear)
    ruined = {target: sum((p for amount, p in dist.items() if amount >= bonus[target]), Fraction(0))
              for name, target, dist in cost_details
              if name == "gear_damage" and target is not None and bonus.get(target, 0) > 0}
    return PushOdds(
        gear_ruined={item: p for item, p in ruined.items() if p},
        rerolled=len(rolled),
        kept_successes=kept_successes,
        distribution=distribution,
        p_panic=p_panic,
        panic_rows=panic_rows,
        cost_distribution=cost_distribution,
        cost_details=cost_details,
        to_beat=to_beat,
    )


def _panic(stress: int, rolled: list[RolledDie]) -> tuple[Fraction | None, dict[str, Fraction] | None]:
    """R-PUSH-3: the chance that a stress die the push rolls shows 1, and where the panic roll lands:
    D6 + the stress after the push (R-STRESS-1: the number of stress dice it rolled)."""
    stress_rolled = sum(1 for d in rolled if d.kind is DieKind.STRESS)
    if not stress_rolled:
        return None, None
    p_panic = 1 - Fraction(5, 6) ** stress_rolled
    rows: dict[str, Fraction] = {}
    for face in range(1, PANIC_DIE.sides + 1):
        row = panic_row(face + stress)["id"]
        rows[row] = rows.get(row, Fraction(0)) + p_panic / PANIC_DIE.sides
    return p_panic, rows


def _costs(pool: Pool, pushes: int, kept_ones: OnesCount, rolled: list[RolledDie]
           ) -> tuple[dict[str, dict[int, Fraction]], tuple[tuple[str, str | None, dict[int, Fraction]], ...]]:
    """Cost distributions (see the module docstring), per cost name and per (name, target).

    The rolled dice are grouped by what the costs read of them (kind and source) and groups merged in
    classes by what one of their 1s adds. The rules' :func:`~gmconsole.families.yearzero.rules.roll.push_costs`
    are asked along each class's axis (its count of 1s from 0 to all, the other classes showing none):
    every cost option charges each class apart — trauma and broken read the base and skill dice, gear
    damage each item's own dice — so a cost is the kept dice's cost plus what each class adds, and its
    distribution a convolution over the classes. Where one cost's increase along two classes is not a
    straight line (a threshold such as "broken" fed by two classes), that reading would not hold, and
    the rules are asked once for every combination of the classes' counts instead.
    """

    def costs(ones: OnesCount) -> dict[CostKey, int]:
        out: dict[CostKey, int] = {}
        for cost in push_costs(pool, pushes, ones):
            if cost.amount > 0:
                key = (cost.name, cost.target)
                out[key] = out.get(key, 0) + cost.amount
        return out

    base = costs(kept_ones)
    groups: dict[tuple[DieKind, str | None], list[int]] = {}
    for die in rolled:
        groups.setdefault((die.kind, die.die.source), []).append(die.sides)
    classes: dict[tuple[tuple[CostKey, int], ...], list[tuple[tuple[DieKind, str | None], list[int]]]] = {}
    for key, sides in groups.items():
        one = costs({**kept_ones, key: kept_ones.get(key, 0) + 1})
        delta = tuple(sorted((k, v) for k, v in one.items() if v != base.get(k, 0)))
        if delta:
            classes.setdefault(delta, []).append((key, sides))
    members = list(classes.values())
    weights = [_ones_weights([s for _, sides in group for s in sides]) for group in members]
    outcomes = 1
    for w in weights:
        outcomes *= sum(w)

    def with_ones(counts: list[int]) -> OnesCount:
        ones = dict(kept_ones)
        for group, k in zip(members, counts):
            for key, sides in group:  # a class's k ones, spread over its groups in order
                take = min(k, len(sides))
                if take:
                    ones[key] = ones.get(key, 0) + take
                k -= take
        return ones

    axes: list[list[dict[CostKey, int]]] = []
    for j, w in enumerate(weights):
        counts = [0] * len(members)
        axis = []
        for k in range(len(w)):
            counts[j] = k
            axis.append(costs(with_ones(counts)))
        axes.append(axis)
    # in the order the rules name them (a set's order changes from run to run with string hashing)
    keys = list(dict.fromkeys([*base, *(key for axis in axes for c in axis for key in c)]))
    moves = {key: _moves(key, base, axes) for key in keys}
    if all(_straight(moving) for moving in moves.values() if len(moving) > 1):
        details = {key: _convolved(base.get(key, 0), moves[key], weights, outcomes) for key in keys}
        totals: dict[str, dict[int, int]] = {}
        for name in dict.fromkeys(name for name, _ in keys):
            mine = [key for key in keys if key[0] == name]
            if len(mine) == 1:
                totals[name] = details[mine[0]]
                continue
            summed = {j: [sum(moves[key].get(j, [base.get(key, 0)] * len(weights[j]))[k] for key in mine)
                          for k in range(len(weights[j]))] for key in mine for j in moves[key]}
            totals[name] = _convolved(sum(base.get(key, 0) for key in mine), summed, weights, outcomes)
    else:
        details, totals = _joint(members, weights, lambda counts: costs(with_ones(counts)))
    ordered = sorted(details, key=lambda key: (key[0], key[1] or ""))
    return _chances(totals, outcomes), tuple((n, t, dist) for (n, t), dist in _chances(
        {key: details[key] for key in ordered}, outcomes).items())


def _moves(key: CostKey, base: dict[CostKey, int], axes: list[list[dict[CostKey, int]]]) -> dict[int, list[int]]:
    """The classes along which the cost ``key`` moves, with its amount at each count of 1s."""
    start = base.get(key, 0)
    moving: dict[int, list[int]] = {}
    for j, axis in enumerate(axes):
        values = [c.get(key, 0) for c in axis]
        if any(v != start for v in values):
            moving[j] = values
    return moving


def _straight(moving: dict[int, list[int]]) -> bool:
    """True when the cost grows in a straight line along every class it moves with (see :func:`_costs`)."""
    return all(values[k] - values[0] == k * (values[1] - values[0])
               for values in moving.values() for k in range(len(values)))


def _convolved(start: int, moving: dict[int, list[int]], weights: list[list[int]], outcomes: int) -> dict[int, int]:
    """Weights (out of ``outcomes``) of each amount: ``start`` plus what each class it moves with adds,
    the classes being independent; the classes it does not move with only scale the weights."""
    dist = {start: 1}
    scale = outcomes
    for j, values in moving.items():
        step: dict[int, int] = {}
        for value, weight in zip(values, weights[j]):
            step[value - start] = step.get(value - start, 0) + weight
        scale //= sum(weights[j])
        nxt: dict[int, int] = {}
        for a, v in dist.items():
            for b, u in step.items():
                nxt[a + b] = nxt.get(a + b, 0) + v * u
        dist = nxt
    return {a: v * scale for a, v in dist.items()}


def _joint(members: list[list[tuple[tuple[DieKind, str | None], list[int]]]], weights: list[list[int]],
           costs_of: Callable[[list[int]], dict[CostKey, int]]
           ) -> tuple[dict[CostKey, dict[int, int]], dict[str, dict[int, int]]]:
    """Weights of each amount over every combination of the classes' counts of 1s, the rules asked each time."""
    details: dict[tuple[str, str | None], dict[int, int]] = {}
    totals: dict[str, dict[int, int]] = {}
    for counts in product(*(range(len(w)) for w in weights)):
        weight = 1
        for w, k in zip(weights, counts):
            weight *= w[k]
        names: dict[str, int] = {}
        for (name, target), amount in costs_of(list(counts)).items():
            cell = details.setdefault((name, target), {})
            cell[amount] = cell.get(amount, 0) + weight
            names[name] = names.get(name, 0) + amount
        for name, amount in names.items():
            cell = totals.setdefault(name, {})
            cell[amount] = cell.get(amount, 0) + weight
    return details, totals


def _chances(weights: dict[_Key, dict[int, int]], outcomes: int) -> dict[_Key, dict[int, Fraction]]:
    """Weights out of ``outcomes`` as exact chances, amounts in order; outcomes in which a cost does not
    arise are an amount of 0."""
    out: dict[_Key, dict[int, Fraction]] = {}
    for key, dist in weights.items():
        missing = outcomes - sum(dist.values())
        if missing:
            dist = {**dist, 0: dist.get(0, 0) + missing}
        out[key] = {amount: Fraction(w, outcomes) for amount, w in sorted(dist.items()) if w}
    return out
