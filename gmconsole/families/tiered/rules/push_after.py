"""Push Yourself after the roll: one d6 joins the dice on the table and the check's tier is read again.

Seed 004: "Push Yourself: Expend 2 stamina to add +1 bonus dice to a check". Asked after the roll (the
reading "Push Yourself after the roll" of the rules help; the rules reference does not pin its timing), the
dice already rolled stay, one d6 is rolled (or typed, R-MANUAL-1) and the whole check is read again: two or
more 6s Critical, one 6 Great, 4-5 Mixed, 1-3 Limited. It is refused, with the reason, when:

- the pool kept the lowest of 2d6 (R-TIER-2: one more die does not join a keep-lowest roll);
- Push Yourself was already spent on the check (before the roll, or after it);
- the character has less than 2 stamina (the stamina is spent when the die is added);
- the check is already Critical (no better tier to reach).

What it costs is returned as :class:`~gmconsole.families.tiered.rules.roll.Effect` data for the campaign layer: 2
stamina, and the +1 XP a Limited result gave taken back when the tier rises above Limited (a tier never
falls when a die is added, so no XP is ever given here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gmconsole.families.tiered.rules.roll import D6, PUSH_YOURSELF_STAMINA, Effect, Tier, read_tier
from gmconsole.i18n import _
from gmconsole.rules.dice import DiceSource, RolledDie
from gmconsole.rules.errors import RulesError

__all__ = ["PushedYourself", "push_yourself_after", "refusal"]


def refusal(faces: Sequence[int], pool: int, *, pushed_yourself: bool, stamina: int | None) -> str | None:
    """Why the Push Yourself die cannot join a check of ``pool`` dice showing ``faces``, or ``None``.
    ``stamina`` ``None``: not known (the odds of a roll without a sheet), so not checked."""
    if pool <= 0:
        return _("a pool of 0 or fewer dice keeps the lowest of 2d6 (R-TIER-2): "
                 "Push Yourself adds no die to it after the roll")
    if pushed_yourself:
        return _("Push Yourself was already spent on this check")
    if stamina is not None and stamina < PUSH_YOURSELF_STAMINA:
        return _("Push Yourself costs {cost} stamina and the character has only {stamina}").format(
            cost=PUSH_YOURSELF_STAMINA, stamina=stamina)
    if read_tier(list(faces), pool)[0] is Tier.CRITICAL:
        return _("the check is already Critical: another die cannot make it better")
    return None


@dataclass(frozen=True)
class PushedYourself:
    """A check after the Push Yourself die joined it: the tier before and after, the die added, what it cost."""

    before: Tier
    tier: Tier
    highest: int
    pool: int
    """The pool after the die joined it (one more than the check rolled)."""
    die: RolledDie
    effects: tuple[Effect, ...]
    by_hand: bool

    @property
    def xp(self) -> int:
        """The XP the push changes (−1 when a Limited result becomes a better one, else 0)."""
        return sum(e.amount for e in self.effects if e.target == "xp")


def push_yourself_after(faces: Sequence[int], pool: int, source: DiceSource, *, pushed_yourself: bool,
                        stamina: int | None) -> PushedYourself:
    """Add the Push Yourself die to a check of ``pool`` dice showing ``faces`` (``source``: the console's dice
    or one typed face, R-MANUAL-1), or raise :class:`RulesError` with why it cannot be added (:func:`refusal`)."""
    why = refusal(faces, pool, pushed_yourself=pushed_yourself, stamina=stamina)
    if why is not None:
        raise RulesError(why)
    before = read_tier(list(faces), pool)[0]
    source.expect([D6])  # R-MANUAL-1: exactly one typed face, or how to type it
    die = RolledDie(D6, source.face(D6))
    source.finish()
    tier, highest = read_tier([*faces, die.face], pool + 1)
    effects = [Effect("stamina", -PUSH_YOURSELF_STAMINA, _("Push Yourself"))]
    if before is Tier.LIMITED and tier is not Tier.LIMITED:
        effects.append(Effect("xp", -1, _("no longer a Limited result")))
    return PushedYourself(before, tier, highest, pool + 1, die, tuple(effects), source.by_hand)
