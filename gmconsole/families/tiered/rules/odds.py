"""Exact odds for the ``tiered`` system, as fractions.

Skill check, pool ``n >= 1`` d6 read highest: Limited = (1/2)^n (every die 1-3), Mixed =
(5/6)^n - (1/2)^n (no 6, not all 1-3), Great = n (1/6)(5/6)^(n-1) (exactly one 6), Critical =
the rest (two or more 6s). R-TIER-2: ``n <= 0`` keeps the lowest of 2d6: Great 1/36, Mixed 8/36,
Limited 27/36, never Critical.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from gmconsole.families.tiered.rules.roll import SaveOutcome, Tier, attack_damage, read_save
from gmconsole.i18n import _
from gmconsole.rules.dice import MAX_DICE
from gmconsole.rules.errors import RulesError

_TWO_D6 = tuple(a + b for a, b in product(range(1, 7), repeat=2))
"""All 36 equally likely totals of 2d6."""


def tier_odds(pool: int) -> dict[Tier, Fraction]:
    """P(each tier) for a pool of ``pool`` d6 (0 or negative allowed, R-TIER-2)."""
    if isinstance(pool, bool) or not isinstance(pool, int) or not -100 <= pool <= MAX_DICE:
        raise RulesError(_("a pool must be a whole number from -100 to {most}, not {value!r}").format(
            most=MAX_DICE, value=pool))
    if pool <= 0:
        return {
            Tier.CRITICAL: Fraction(0),
            Tier.GREAT: Fraction(1, 36),
            Tier.MIXED: Fraction(8, 36),
            Tier.LIMITED: Fraction(27, 36),
        }
    no_six = Fraction(5, 6) ** pool
    limited = Fraction(1, 2) ** pool
    great = pool * Fraction(1, 6) * Fraction(5, 6) ** (pool - 1)
    return {
        Tier.CRITICAL: 1 - no_six - great,
        Tier.GREAT: great,
        Tier.MIXED: no_six - limited,
        Tier.LIMITED: limited,
    }


@dataclass(frozen=True)
class SaveOdds:
    """R-TIER-3: the chances of a saving throw's three outcomes (they add up to 1)."""

    score: int
    p_critical: Fraction
    p_success: Fraction
    p_failure: Fraction

    @property
    def p_saved(self) -> Fraction:
        """Critical or plain success."""
        return self.p_critical + self.p_success

    def as_dict(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "p_critical": float(self.p_critical),
            "p_success": float(self.p_success),
            "p_failure": float(self.p_failure),
            "p_saved": float(self.p_saved),
        }


def save_odds(score: int, strict_over: bool = False) -> SaveOdds:
    """Exact odds of a saving throw against ``score`` (2d6, R-TIER-3; ``strict_over`` the setting)."""
    counts = {o: 0 for o in SaveOutcome}
    for total in _TWO_D6:
        counts[read_save(total, score, strict_over)] += 1
    return SaveOdds(
        score,
        Fraction(counts[SaveOutcome.CRITICAL], 36),
        Fraction(counts[SaveOutcome.SUCCESS], 36),
        Fraction(counts[SaveOutcome.FAILURE], 36),
    )


def contested_odds(attribute_a: int, attribute_b: int) -> Fraction:
    """P(side A wins a contested roll): each 2d6 + attribute, ties rerolled (R-TIER-5),
    so P(win) / (1 - P(tie))."""
    diff = attribute_a - attribute_b
    wins = ties = 0
    for a in _TWO_D6:
        for b in _TWO_D6:
            if a + diff > b:
                wins += 1
            elif a + diff == b:
                ties += 1
    return Fraction(wins, 36 * 36 - ties)


def damage_odds(pool: int, weapon: int, melee: bool, strength: int, reckless: bool = False) -> dict[int, Fraction]:
    """P(each damage total) of an attack with ``pool`` dice (R-TIER-4, Reckless raises one tier)."""
    out: dict[int, Fraction] = {}
    for tier, p in tier_odds(pool).items():
        if reckless:
            tier = tier.raised()
        dmg = attack_damage(tier, weapon, melee, strength)
        out[dmg] = out.get(dmg, Fraction(0)) + p
    return dict(sorted(out.items()))
