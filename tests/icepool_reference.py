"""Independent reference models in icepool for gmconsole's exact odds, shared by tests and benches.

icepool is a well-kept dice-probability library; these models restate the rules (docs/RULES.md) die
by die in it, so our own fast engines (gmconsole.families.yearzero.rules.odds, exploding_odds, tiered_odds) can be
checked figure by figure and timed against it in the same run (bench/odds.py).

Year Zero: each die's first face decides its first-roll successes, whether it is a stress 1
(R-PUSH-3), and whether a push keeps it (a success, or a 1 on any die, R-PUSH-1; with R-PUSH-5
``skill_ones="blank"`` a skill 1 rerolls) or rerolls it to a new face. A failed roll whose push
would roll no die at all is not pushed (R-PUSH-6); a stress-dice push always rolls its own new
stress die. The pool's joint outcome is folded die by die with ``icepool.map``; once the first
roll has a success or a stress 1 there is no push, so the push fields are set to zero there to
keep the number of outcomes small (this changes no figure).
"""

from __future__ import annotations

import math
from fractions import Fraction

import icepool

from gmconsole.rules.dice import Die, DieKind

_BANE_KINDS = ("base", "skill", "gear", "stress", "step")
_STAYS_ON_ONE = {DieKind.BASE, DieKind.SKILL, DieKind.GEAR, DieKind.STRESS, DieKind.ARTIFACT, DieKind.STEP}
"""R-PUSH-1 as the seeds word it: a die showing 1 never rerolls, whatever its kind."""


def stays_on_one(kind: DieKind, skill_ones: str = "stay") -> bool:
    """R-PUSH-1 with R-PUSH-5: a 1 stays, except on a skill die when ``skill_ones`` is ``blank``."""
    return kind in _STAYS_ON_ONE and not (kind is DieKind.SKILL and skill_ones == "blank")


def _successes(face: int) -> int:
    """R-ART-1 read straight from the rules table: 6-9 one success, 10+ two."""
    if face >= 10:
        return 2
    if face >= 6:
        return 1
    return 0


def _state(kind: DieKind, first_face: int, final_face: int, rolled: bool) -> tuple[int, ...]:
    """(first successes, stress 1 first, success after push, base 1, skill 1, gear 1, stress 1,
    step 1 after push, the push rolls this die)."""
    return (
        _successes(first_face),
        int(kind is DieKind.STRESS and first_face == 1),
        int(_successes(final_face) > 0),
        *(int(kind.value == bane and final_face == 1) for bane in _BANE_KINDS),
        int(rolled),
    )


def _icepool_die(die: Die, skill_ones: str) -> icepool.Die:
    """One die's first face and, for that face, what it shows after a push (R-PUSH-1, R-PUSH-5)."""

    def after_first(face: int):
        if _successes(face) > 0 or (face == 1 and stays_on_one(die.kind, skill_ones)):
            return _state(die.kind, face, face, False)
        return icepool.d(die.sides).map(lambda new_face: _state(die.kind, face, new_face, True))

    return icepool.d(die.sides).map(after_first)


def _push_stress_die() -> icepool.Die:
    """The stress die a `stress-dice` push adds: absent from the first roll, rolled in the push."""
    return icepool.d(6).map(lambda face: (0, 0, int(_successes(face) > 0), 0, 0, 0, int(face == 1), 0, 1))


_NO_PUSH = (0, 0, 0, 0, 0, 0, 0)
_STRESS_ONE_AFTER_PUSH = 3 + _BANE_KINDS.index("stress")


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    first, stress_one = a[0] + b[0], a[1] | b[1]
    if first or stress_one:
        return (first, stress_one, *_NO_PUSH)
    return (first, stress_one, *(x | y for x, y in zip(a[2:], b[2:])))


def icepool_year_zero_odds(
    dice: list[Die],
    *,
    stress_dice_push: bool = False,
    can_push: bool = True,
    skill_ones: str = "stay",
    skill_banes: bool = False,
) -> dict:
    """Every figure of ``year_zero_odds`` as exact fractions, from the icepool model.

    ``skill_banes`` (`myz`, R-MYZ-TRAUMA): a skill 1 after the push costs, so it gets a bane
    figure — while skill 1s stay (``skill_ones="stay"``)."""
    parts = [_icepool_die(d, skill_ones) for d in dice]
    if stress_dice_push:
        parts.append(_push_stress_die())
    joint = icepool.Die([(0, 0, *_NO_PUSH)])
    for part in parts:
        joint = icepool.map(_combine, joint, part)
    total = joint.denominator()
    items = list(joint.items())

    def prob(event) -> Fraction:
        return Fraction(sum(count for outcome, count in items if event(*outcome)), total)

    def pushed(first, stress_one, *rest):
        # R-PUSH-3: no push after a stress 1; R-PUSH-6: none that would roll no die.
        return first == 0 and not stress_one and rest[-1] == 1

    def may_push(*o):
        return can_push and pushed(*o)

    size = max(o[0] for o, _ in items) + 1
    distribution = [prob(lambda first, *_, k=k: first == k) for k in range(size)]
    kinds_in_push = {d.kind.value for d in dice} | ({"stress"} if stress_dice_push else set())
    p_pushed = prob(pushed)
    figures = {
        "p_success": prob(lambda first, *_: first > 0),
        "p_success_with_push": prob(lambda *o: o[0] > 0 or (may_push(*o) and o[2])),
        "distribution": distribution,
        "expected_successes": sum(k * p for k, p in enumerate(distribution)),
        "p_bane_after_push": {
            kind: prob(lambda *o, i=i: pushed(*o) and o[3 + i]) / p_pushed
            for i, kind in enumerate(_BANE_KINDS)
            if kind in kinds_in_push and (kind != "skill" or (skill_banes and skill_ones == "stay"))
        },
    }
    if stress_dice_push or "stress" in kinds_in_push:
        figures["p_panic"] = prob(lambda first, stress_one, *_: stress_one == 1)
        figures["p_panic_with_push"] = prob(lambda *o: o[1] == 1 or (may_push(*o) and o[_STRESS_ONE_AFTER_PUSH]))
    return figures


def icepool_tiers(n: int) -> dict:
    """The four tier chances of a ``tiered`` pool of ``n`` d6 (read highest; n <= 0: lowest of 2d6).

    Keys are the :class:`gmconsole.families.tiered.rules.roll.Tier` members; values exact fractions.
    """
    from gmconsole.families.tiered.rules.roll import Tier

    if n <= 0:
        kept = icepool.lowest(icepool.d6, icepool.d6)
        critical = Fraction(0)
    else:
        pool = icepool.d6.pool(n)
        kept = pool.highest(1).sum()
        critical = Fraction(pool.highest(2).sum().probability(12)) if n >= 2 else Fraction(0)
    six = Fraction(kept.probability(6))
    return {
        Tier.CRITICAL: critical,
        Tier.GREAT: six - critical,
        Tier.MIXED: Fraction(kept.probability(">=", 4)) - six,
        Tier.LIMITED: Fraction(kept.probability("<=", 3)),
    }


def icepool_exploding(dice: tuple[int, ...], tn: int) -> tuple[Fraction, Fraction]:
    """P(success), P(critical failure) of exploding dice at ``tn``, exploded deep enough to be exact.

    R-EXP-2: a critical failure (every die a natural 1) fails whatever the TN.
    """
    depth = max(1, max(math.ceil(tn / s) for s in dice))
    exploded = [icepool.d(s).explode(depth=depth) for s in dice]
    top = exploded[0] if len(exploded) == 1 else icepool.highest(*exploded)
    critical = math.prod((Fraction(1, s) for s in dice), start=Fraction(1))
    p = Fraction(top.probability(">=", tn))
    return (p - critical if tn <= 1 else p), critical
