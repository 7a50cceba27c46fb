"""The ``exploding`` system's checks with more than one character: assisted, group and opposed
checks, and the retry rule (one try unless the circumstances change)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gmconsole.families.exploding.rules.check import CheckResult, check_dice, roll_die
from gmconsole.families.exploding.rules.target import TargetNumber
from gmconsole.i18n import _, ngettext
from gmconsole.rules.dice import DiceSource, DieKind
from gmconsole.rules.errors import RulesError

# --------------------------------------------------------------------------- assisted check


@dataclass(frozen=True)
class AssistStep:
    """One participant's turn in an assisted check: their top, the points spent, and the outcome."""

    name: str
    top: int
    critical_failure: bool
    spent: int
    success: bool
    pool_after: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "top": self.top,
            "critical_failure": self.critical_failure,
            "spent": self.spent,
            "success": self.success,
            "pool_after": self.pool_after,
        }


@dataclass(frozen=True)
class AssistedCheck:
    """An assisted untrained check, walked one step at a time (each step returns a new state).

    The one trained leader rolls first against the TN +1 per other participant; the points above
    the TN form a shared pool. Each other participant rolls their trait die against the same TN
    (no untrained +4: they are assisted) and spends pool points to close the gap (TN - their top).
    A participant who cannot close the gap spends nothing; a critical failure cannot be rescued
    (R-EXP-2). A leader who fails leaves an empty pool.
    """

    tn: TargetNumber
    participants: tuple[str, ...]
    pool: int = 0
    leader: AssistStep | None = None
    steps: tuple[AssistStep, ...] = field(default_factory=tuple)

    @classmethod
    def start(cls, base: TargetNumber, leader: str, others: Sequence[str]) -> AssistedCheck:
        """Open the check: ``base`` TN (without untrained +4) plus 1 per other participant."""
        others = tuple(others)
        if not others:
            raise RulesError(_("an assisted check needs at least one untrained participant besides the leader"))
        if len(set(others)) != len(others) or leader in others:
            raise RulesError(_("each participant of an assisted check must be named once"))
        assisting = ngettext("assisting {n} other participant (+1 each)",
                             "assisting {n} other participants (+1 each)", len(others))
        tn = base.plus(assisting.format(n=len(others)), len(others))
        return cls(tn=tn, participants=(leader,) + others)

    @property
    def next_up(self) -> str | None:
        """Who rolls next (the leader first), or ``None`` when everyone has rolled."""
        done = (1 if self.leader else 0) + len(self.steps)
        return self.participants[done] if done < len(self.participants) else None

    @property
    def finished(self) -> bool:
        return self.next_up is None

    @property
    def successes(self) -> int:
        return sum(s.success for s in ((self.leader,) if self.leader else ()) + self.steps)

    def leader_rolled(self, result: CheckResult) -> AssistedCheck:
        """Record the leader's trained check; points above the TN become the shared pool."""
        if self.leader is not None:
            raise RulesError(_("the leader of this assisted check has already rolled"))
        if not any(d.die.kind is DieKind.SKILL for d in result.dice):
            raise RulesError(_("the leader of an assisted check must be trained (roll skill dice)"))
        success = result.top >= self.tn.value and not result.critical_failure
        pool = result.top - self.tn.value if success else 0
        step = AssistStep(self.participants[0], result.top, result.critical_failure, 0, success, pool)
        return replace(self, leader=step, pool=pool)

    def participant_rolled(self, result: CheckResult, spend: bool = True) -> AssistedCheck:
        """Record the next participant's trait roll; with ``spend`` they use pool points to close the gap."""
        name = self.next_up
        if self.leader is None:
            raise RulesError(_("the leader rolls first in an assisted check"))
        if name is None:
            raise RulesError(_("everyone in this assisted check has already rolled"))
        gap = self.tn.value - result.top
        spent = 0
        if result.critical_failure:
            success = False
        elif gap <= 0:
            success = True
        elif spend and gap <= self.pool:
            spent, success = gap, True
        else:
            success = False
        pool = self.pool - spent
        step = AssistStep(name, result.top, result.critical_failure, spent, success, pool)
        return replace(self, pool=pool, steps=self.steps + (step,))

    def as_dict(self) -> dict[str, Any]:
        return {
            "tn": self.tn.value,
            "tn_lines": [line.as_dict() for line in self.tn.lines],
            "pool": self.pool,
            "leader": None if self.leader is None else self.leader.as_dict(),
            "steps": [s.as_dict() for s in self.steps],
            "successes": self.successes,
            "next_up": self.next_up,
        }


# --------------------------------------------------------------------------- group check


@dataclass(frozen=True)
class Participant:
    """A character taking part in a group or opposed check: a name, skill dice sizes and trait die."""

    name: str
    skill_dice: tuple[int, ...]
    trait_die: int


@dataclass(frozen=True)
class GroupCheck:
    """A group check: the TN after -1 per trained participant, each participant's result, the successes."""

    tn: TargetNumber
    results: tuple[tuple[str, CheckResult], ...]

    @property
    def successes(self) -> int:
        return sum(1 for _name, r in self.results if r.success)

    def as_dict(self) -> dict[str, Any]:
        return {
            "tn": self.tn.value,
            "tn_lines": [line.as_dict() for line in self.tn.lines],
            "results": [{"name": n, **r.as_dict()} for n, r in self.results],
            "successes": self.successes,
        }


def group_check(base: TargetNumber, participants: Sequence[Participant], source: DiceSource) -> GroupCheck:
    """Group check: TN -1 per trained participant, then everyone rolls their own check.

    Only trained characters join a group check (the untrained are helped by an assisted check).
    Typed faces are read in participant order, skill dice first.
    """
    if len(participants) < 2:
        raise RulesError(_("a group check needs at least two trained participants"))
    untrained = [p.name for p in participants if not p.skill_dice]
    if untrained:  # all named at once: one at a time took a refusal per name
        names = untrained[0] if len(untrained) == 1 else _("{names} and {last}").format(
            names=_(", ").join(untrained[:-1]), last=untrained[-1])
        raise RulesError(ngettext(
            "{names} is untrained: a group check is for trained characters (use an assisted check)",
            "{names} are untrained: a group check is for trained characters (use an assisted check)",
            len(untrained)).format(names=names))
    tn = base.plus(_("group check: {count} trained participants (-1 each)").format(count=len(participants)),
                   -len(participants))
    results = []
    for p in participants:
        dice = check_dice(p.skill_dice, p.trait_die)
        results.append((p.name, CheckResult(tuple(roll_die(d, source, True) for d in dice), tn, source.by_hand)))
    source.finish()
    return GroupCheck(tn, tuple(results))


# --------------------------------------------------------------------------- opposed test


@dataclass(frozen=True)
class OpposedResult:
    """R-EXP-4: both sides roll (exploding); the higher top wins; a tie goes to the defender."""

    active: CheckResult
    defender: CheckResult
    winner: str

    def as_dict(self) -> dict[str, Any]:
        return {"active": self.active.as_dict(), "defender": self.defender.as_dict(), "winner": self.winner}


def opposed(
    active: Participant, defender: Participant, source: DiceSource, tie_goes_to: str = "defender"
) -> OpposedResult:
    """Roll an opposed test (R-EXP-4). ``tie_goes_to`` is the *setting*: ``"defender"`` (default) or ``"active"``."""
    if tie_goes_to not in ("defender", "active"):
        raise RulesError(_("a tie goes to 'defender' or 'active', not {value!r}").format(value=tie_goes_to))
    a_dice = check_dice(active.skill_dice, active.trait_die)
    d_dice = check_dice(defender.skill_dice, defender.trait_die)
    a = CheckResult(tuple(roll_die(d, source, True) for d in a_dice), None, source.by_hand)
    d = CheckResult(tuple(roll_die(x, source, True) for x in d_dice), None, source.by_hand)
    source.finish()
    if a.top > d.top:
        winner = "active"
    elif d.top > a.top:
        winner = "defender"
    else:
        winner = tie_goes_to
    return OpposedResult(a, d, winner)


# --------------------------------------------------------------------------- retries


@dataclass(frozen=True)
class RetryTracker:
    """Retrying: a check may be tried once; the GM allows another only by recording a change of
    circumstances (the reason is kept). Keys are ``(character, skill, goal)``; every method returns
    a new tracker so the campaign layer can store and undo it.
    """

    attempts: tuple[tuple[tuple[str, str, str], int], ...] = ()
    allowances: tuple[tuple[tuple[str, str, str], int], ...] = ()
    reasons: tuple[tuple[tuple[str, str, str], str], ...] = ()

    def _count(self, table: tuple[tuple[tuple[str, str, str], int], ...], key: tuple[str, str, str]) -> int:
        return sum(n for k, n in table if k == key)

    def may_try(self, character: str, skill: str, goal: str) -> bool:
        key = (character, skill, goal)
        return self._count(self.attempts, key) < 1 + self._count(self.allowances, key)

    def attempt(self, character: str, skill: str, goal: str) -> RetryTracker:
        """Record an attempt, or refuse it when this check was already tried without a recorded change."""
        if not self.may_try(character, skill, goal):
            raise RulesError(
                _("{character} already tried {skill} for {goal!r}: record a change of circumstances to try again")
                .format(character=character, skill=skill, goal=goal)
            )
        return replace(self, attempts=self.attempts + (((character, skill, goal), 1),))

    def change_of_circumstances(self, character: str, skill: str, goal: str, reason: str) -> RetryTracker:
        """Allow one more attempt, recording why (e.g. "found the right tools")."""
        if not str(reason).strip():
            raise RulesError(_("say what changed: a retry needs a recorded change of circumstances"))
        key = (character, skill, goal)
        return replace(self, allowances=self.allowances + ((key, 1),), reasons=self.reasons + ((key, reason.strip()),))

    def why(self, character: str, skill: str, goal: str) -> tuple[str, ...]:
        """The recorded changes of circumstances for this check, oldest first."""
        return tuple(r for k, r in self.reasons if k == (character, skill, goal))
