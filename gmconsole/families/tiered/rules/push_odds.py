"""Push Yourself after the roll: what adding the Push Yourself die to *these* dice can give.

A `tiered` check reads the highest die (two 6s are Critical). Push Yourself spends 2 stamina for +1 die
(seed 004: "Expend 2 stamina to add +1 bonus dice to a check"); asked after the roll, the dice on the
table stay and one d6 joins them, so the answer is the six faces of that one die read with the others —
exact, by enumeration. Refused (with the reason) when the pool kept the lowest of 2d6 (R-TIER-2: one more
die does not join a keep-lowest roll), when Push Yourself was already spent on the check, when the
character has less than 2 stamina, and when the roll is already Critical (nothing better to reach): the
refusals of :mod:`.push_after`, which adds the die.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from gmconsole.families.tiered.rules.roll import PUSH_YOURSELF_STAMINA, Tier, read_tier
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError

__all__ = ["PushYourselfOdds", "push_yourself_odds"]

_RANK = (Tier.LIMITED, Tier.MIXED, Tier.GREAT, Tier.CRITICAL)
_SUCCESS = (Tier.GREAT, Tier.CRITICAL)


@dataclass(frozen=True)
class PushYourselfOdds:
    """The tier the check has now and the chance of each tier once the Push Yourself die is added."""

    current: Tier
    tiers: dict[Tier, Fraction]

    @property
    def p_better(self) -> Fraction:
        """The chance the added die raises the tier."""
        return sum((p for tier, p in self.tiers.items() if _RANK.index(tier) > _RANK.index(self.current)), Fraction(0))

    @property
    def p_success(self) -> Fraction:
        """Great or Critical after the die is added (a `tiered` success, as the statistics count it)."""
        return sum((self.tiers[t] for t in _SUCCESS), Fraction(0))

    def as_dict(self) -> dict[str, Any]:
        """The CLI's JSON: the push odds' keys every family shares (a success counts 1, so the expectation is
        the chance) and the tiers."""
        out = {
            "current_tier": self.current.value,
            "p_success_after_push": float(self.p_success),
            "p_success_after_push_exact": str(self.p_success),
            "expected_successes_after_push": float(self.p_success),
            "expected_successes_after_push_exact": str(self.p_success),
            "p_better_tier_after_push": float(self.p_better),
            "p_better_tier_after_push_exact": str(self.p_better),
            "cost_distribution": {"stamina": {str(PUSH_YOURSELF_STAMINA): 1.0}},
            "cost_distribution_exact": {"stamina": {str(PUSH_YOURSELF_STAMINA): "1"}},
        }
        for tier, p in self.tiers.items():
            out[f"p_{tier.value}_after_push"] = float(p)
        return out


def push_yourself_odds(faces: list[int], pool: int, *, pushed_yourself: bool = False,
                       stamina: int | None = None) -> PushYourselfOdds:
    """The odds of adding the Push Yourself die to a check of ``pool`` dice that shows ``faces``."""
    from gmconsole.families.tiered.rules.push_after import refusal

    why = refusal(faces, pool, pushed_yourself=pushed_yourself, stamina=stamina)
    if why is not None:
        raise RulesError(why)
    current = read_tier(faces, pool)[0]
    tiers = {tier: Fraction(0) for tier in reversed(_RANK)}
    for face in range(1, 7):
        tier = read_tier([*faces, face], pool + 1)[0]
        tiers[tier] += Fraction(1, 6)
    return PushYourselfOdds(current, tiers)


def after_roll_line(roll: dict[str, Any], stamina: int | None) -> str | None:
    """The roll builder's line after a check: what the Push Yourself die would add to the dice on the table,
    or ``None`` when it cannot be added (see the module docstring; a roll nobody owns has no stamina to spend,
    a roll pushed already or whose consequence was applied is not pushed). ``roll`` is the recorded roll as
    stored (read from the campaign file: every field is checked)."""
    outcome = roll.get("outcome")
    outcome = outcome if isinstance(outcome, dict) else {}
    request = roll.get("request")
    request = request if isinstance(request, dict) else {}
    dice = roll.get("dice")
    dice = dice if isinstance(dice, list) else []
    faces = [d.get("face") if isinstance(d, dict) else None for d in dice]
    pool = outcome.get("pool")
    if (not isinstance(pool, int) or isinstance(pool, bool) or not faces
            or not all(type(f) is int and 1 <= f <= 6 for f in faces)):
        return None
    if roll.get("character_id") is None or roll.get("consequences_chosen"):
        return None
    pushed = bool(request.get("push_yourself")) or bool(roll.get("pushes"))
    try:  # every face is a whole number from 1 to 6, checked above
        odds = push_yourself_odds(cast(list[int], faces), pool, pushed_yourself=pushed, stamina=stamina)
    except RulesError:
        return None

    if odds.p_better == odds.p_success:
        return _("Push Yourself die now ({stamina} stamina): {great} Great or better").format(
            stamina=PUSH_YOURSELF_STAMINA, great=_percent(odds.p_success))
    return _("Push Yourself die now ({stamina} stamina): {better} a better tier ({great} Great or better)").format(
        stamina=PUSH_YOURSELF_STAMINA, better=_percent(odds.p_better), great=_percent(odds.p_success))


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.0f} %"
