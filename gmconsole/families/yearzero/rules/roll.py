"""The Year Zero family (`myz`, `yze`, `yze-step`): rolling, pushing, what a push costs, opposed rolls.

Pool building lives in :mod:`gmconsole.families.yearzero.rules.pool` and is re-exported here, so callers
import everything from this module. Faces come from a :class:`~gmconsole.rules.dice.DiceSource`:
a seeded ``random.Random`` or faces typed in from physical dice (R-MANUAL-1, R-PUSH-4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from gmconsole.families.yearzero.rules.odds import YearZeroOdds, year_zero_odds
from gmconsole.families.yearzero.rules.pool import (
    ATTRIBUTES,
    DEFAULT_PUSH_COST,
    MAX_HELPERS,
    PUSH_COSTS,
    SKILL_ONES,
    Pool,
    PoolRequest,
    build_pool,
    check_skill_ones,
    difficulty_modifier,
    find_skill,
    ones_that_stay,
    skill_attribute,
    step_dice,
    step_die_for_rating,
)
from gmconsole.families.yearzero.rules.sixes import every_six
from gmconsole.families.yearzero.rules.system import MYZ_PUSH_COST, game_of
from gmconsole.i18n import _
from gmconsole.rules.data import load_table
from gmconsole.rules.dice import DiceSource, Die, DieKind, RolledDie, roll_dice, year_zero_successes
from gmconsole.rules.errors import RulesError

ONES_STAY = ones_that_stay("stay")
"""R-PUSH-1: kinds whose 1s stay on the table when a roll is pushed — every kind (with the default
``skill_ones = stay``; R-PUSH-5 ``blank`` rerolls skill 1s, see :func:`ones_that_stay`)."""

_COST_KINDS = (DieKind.BASE, DieKind.GEAR, DieKind.STRESS, DieKind.STEP)
"""Kinds whose 1s may cost something after a push in every option (``banes``); `myz` adds skill
dice while their 1s stay (R-MYZ-TRAUMA). Artifact 1s never cost anything."""

_KIND_ORDER = (DieKind.BASE, DieKind.SKILL, DieKind.GEAR, DieKind.STRESS, DieKind.ARTIFACT, DieKind.STEP)


@dataclass(frozen=True)
class Cost:
    """One consequence of a push, as data the campaign layer applies (and undoes).

    Names: ``trauma`` (target: attribute, or ``dog``), ``mutation_points``, ``gear_damage``
    (target: item), ``broken`` (target: attribute or ``dog``), ``damage`` (target: attribute),
    ``stress``, ``willpower``, ``condition``, ``doom``.
    """

    name: str
    amount: int
    target: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "amount": self.amount}
        if self.target is not None:
            out["target"] = self.target
        return out


def trauma_kind(attribute: str) -> dict[str, Any]:
    """The `myz` trauma a push puts on ``attribute`` (Strength: damage, Agility: fatigue, ...), both languages."""
    for row in load_table("myz")["attributes"]:
        if row["id"] == attribute:
            trauma: dict[str, Any] = row["trauma"]
            return trauma
    raise RulesError(_("unknown attribute {attribute!r}").format(attribute=attribute))


def stunt_list(pool: Pool) -> tuple[dict[str, Any], ...]:
    """The `myz` skill's own stunt list (or the one its use names: Sic a Dog fighting offers Fight's), or the
    `yze` bonus-effect suggestions (English and Chinese)."""
    if not game_of(pool.system).lists_stunts:
        return tuple(row["name"] for row in load_table("yze").get("bonus_effects", ()))
    if pool.skill_id is None:
        return ()
    row = find_skill("myz", pool.request.stunts_of or pool.skill_id)
    return tuple(row.get("stunts", ())) if row else ()


def would_reroll(rolled: RolledDie, skill_ones: str = "stay") -> bool:
    """R-PUSH-1: a die is rerolled when it shows neither a success nor a 1, whatever its kind;
    with R-PUSH-5 ``skill_ones = blank`` a skill die showing 1 is rerolled too."""
    if year_zero_successes(rolled.sides, rolled.face) > 0:
        return False
    return not (rolled.face == 1 and rolled.kind in ones_that_stay(skill_ones))


def _myz_trauma_kinds(request: PoolRequest) -> tuple[DieKind, ...]:
    """R-MYZ-TRAUMA: the kinds whose 1s after a `myz` push are trauma and mutation points — base and
    skill dice (seed 000: "for every 1 you have rolled"); with R-PUSH-5 ``blank`` base dice only."""
    if DieKind.SKILL in ones_that_stay(request.skill_ones):
        return (DieKind.BASE, DieKind.SKILL)
    return (DieKind.BASE,)


def pool_odds(pool: Pool, can_push: bool = True) -> YearZeroOdds:
    """Exact odds of ``pool`` under every reading it was built with: its push cost (a stress-dice
    push rolls one more stress die), R-PUSH-5 ``skill_ones``, and in `myz` the skill 1s that cost
    trauma (R-MYZ-TRAUMA) shown among the bane figures. ``can_push`` is False for a reactive roll
    or a campaign that allows no push (R-PUSH-2)."""
    return year_zero_odds(
        pool.dice,
        stress_dice_push=pool.push_cost == "stress-dice",
        can_push=can_push,
        skill_ones=pool.request.skill_ones,
        skill_banes=pool.push_cost == MYZ_PUSH_COST and DieKind.SKILL in _myz_trauma_kinds(pool.request),
    )


@dataclass(frozen=True)
class YearZeroRoll:
    """A rolled (and maybe pushed) Year Zero pool. ``first_dice`` keeps the faces before any push.

    ``owned`` is False for a roll no character owns (the GM's own roll): R-PUSH-7, its push charges
    nobody — no costs, and under `stress-dice` no stress die of its own (the GM has no stress, R-STRESS-1);
    the stress dice in its pool are pushed like any other die (R-PUSH-1)."""

    pool: Pool
    dice: tuple[RolledDie, ...]
    first_dice: tuple[RolledDie, ...]
    pushes: int = 0
    by_hand: bool = False
    owned: bool = True

    @property
    def push_adds_stress_die(self) -> bool:
        """Whether a push rolls one more stress die: the `stress-dice` cost, paid by the character who
        owns the roll (R-STRESS-1); never for the GM's own roll (R-PUSH-7)."""
        return self.owned and self.pool.push_cost == "stress-dice"

    @property
    def successes(self) -> int:
        """Successes on every die (R-ART-1: 10+ on a D10/D12 counts two)."""
        return sum(year_zero_successes(d.sides, d.face) for d in self.dice)

    @property
    def success(self) -> bool:
        return self.successes >= 1

    @property
    def stunts(self) -> int:
        """Successes beyond the first: stunts (`myz`) or bonus effects (`yze`)."""
        return max(0, self.successes - 1)

    @property
    def skill_ones(self) -> str:
        """R-PUSH-5: the ``skill_ones`` setting this roll was built with."""
        return self.pool.request.skill_ones

    @property
    def banes(self) -> dict[str, int]:
        """How many banes (1s) each kind in the pool shows, kind by kind (R-POOL-1).

        Only the kinds whose 1s may cost something count: base, gear, stress and step dice, and in
        `myz` skill dice too (R-MYZ-TRAUMA, unless R-PUSH-5 ``blank``). A `yze` skill 1 or any
        artifact 1 stays on a push but costs nothing, so it is no bane (seed 002: 「基礎骰顯示 1 稱為厄兆」).
        """
        costing = set(_COST_KINDS)
        if self.pool.push_cost == MYZ_PUSH_COST:
            costing.update(_myz_trauma_kinds(self.pool.request))
        kinds = [k for k in _KIND_ORDER if k in costing and any(d.kind is k for d in self.dice)]
        return {k.value: sum(1 for d in self.dice if d.kind is k and d.face == 1) for k in kinds}

    @property
    def panic(self) -> bool:
        """R-PUSH-3: a stress die showing 1 (first roll or push) triggers a panic roll."""
        return any(d.kind is DieKind.STRESS and d.face == 1 for d in self.dice)

    @property
    def push_refusal(self) -> str | None:
        """Why this roll cannot be pushed (R-PUSH-2, R-PUSH-3), or None when it can."""
        request = self.pool.request
        if request.reactive:
            return _("a reactive roll cannot be pushed (R-PUSH-2)")
        if self.pushes >= request.max_pushes:
            if request.max_pushes == 0:
                return _("pushing is turned off in this campaign (max_pushes = 0, R-PUSH-2)")
            if request.max_pushes == 1:
                return _("this roll was already pushed: a roll can be pushed only once (R-PUSH-2)")
            said = _("this roll was already pushed {count} times, the most allowed (R-PUSH-2)")
            return said.format(count=self.pushes)
        if self.pool.push_cost == "stress-dice" and self.panic:
            return _("a stress die shows 1: panic strikes at once and the roll can no longer be pushed (R-PUSH-3)")
        if not self.push_adds_stress_die and not any(would_reroll(d, self.skill_ones) for d in self.dice):
            return _("the push would roll no die: every die shows a success or a 1, and a 1 never rerolls (R-PUSH-6)")
        return None

    @property
    def can_push(self) -> bool:
        return self.push_refusal is None

    @property
    def costs(self) -> tuple[Cost, ...]:
        """What the pushes cost, as data; empty before a push and for a roll nobody owns (R-PUSH-7).
        Costs land after the action resolves."""
        if not self.pushes or not self.owned:
            return ()
        return tuple(c for c in push_costs(self.pool, self.pushes, count_ones(self.dice)) if c.amount > 0)

    @property
    def broken(self) -> bool:
        """True when the push costs take the attribute (or the dog's Strength) to 0."""
        return any(c.name == "broken" for c in self.costs)

    def every_six(self, marks: Iterable[str] = ()) -> dict[str, int]:
        """R-STUNT-1: ``{key: 6s}`` for a skill whose text counts every 6 (Move: ``friends_helped``), else
        ``{}``; ``marks`` are the ids of the roll's named skill modifiers (a side deal of Make a Deal)."""
        counted = every_six(self.pool.system, self.pool.skill_id, self.successes, marks)
        return {} if counted is None else {counted.key: counted.count}

    def as_dict(self) -> dict[str, Any]:
        """The shape the CLI ``--json`` and the history use."""
        costs: dict[str, int] = {}
        for cost in self.costs:
            costs[cost.name] = costs.get(cost.name, 0) + cost.amount
        out = {
            "system": self.pool.system,
            "success": self.success,
            "successes": self.successes,
            "stunts": self.stunts,
            **self.every_six(),
            "pushed": self.pushes > 0,
            "pushes": self.pushes,
            "can_push": self.can_push,
            "push_refusal": self.push_refusal,
            "dice": [d.as_dict() for d in self.dice],
            "first_dice": [d.as_dict() for d in self.first_dice],
            "banes": self.banes,
            "costs": costs,
            "cost_details": [c.as_dict() for c in self.costs],
            "panic": self.panic,
            "broken": self.broken,
            "push_cost": self.pool.push_cost,
            "skill_ones": self.skill_ones,
            "by_hand": self.by_hand,
            "explanation": list(self.pool.explanation),
        }
        stunt_options = stunt_list(self.pool)
        if stunt_options:
            out["stunt_list"] = [dict(s) for s in stunt_options]
        return out


def roll_counts(pool: Pool) -> dict[str, int]:
    """How many faces of each kind a hand-typed first roll of ``pool`` needs."""
    counts: dict[str, int] = {}
    for die in pool.dice:
        counts[die.kind.value] = counts.get(die.kind.value, 0) + 1
    return counts


def push_counts(previous: YearZeroRoll) -> dict[str, int]:
    """How many faces of each kind a hand-typed push needs: the rerolled dice (+1 stress with stress-dice,
    for a character's roll; none for the GM's own, R-PUSH-7)."""
    counts: dict[str, int] = {}
    for d in previous.dice:
        if would_reroll(d, previous.skill_ones):
            counts[d.kind.value] = counts.get(d.kind.value, 0) + 1
    if previous.push_adds_stress_die:
        counts["stress"] = counts.get("stress", 0) + 1
    return counts


def roll(pool: Pool, source: DiceSource, *, owned: bool = True) -> YearZeroRoll:
    """Roll every die of ``pool`` from ``source``; typed faces must match the pool exactly (R-MANUAL-1).
    ``owned`` False: the GM's own roll, whose push charges nobody (R-PUSH-7, :class:`YearZeroRoll`)."""
    if not pool.can_roll:
        raise RulesError(pool.reason or _("this pool cannot be rolled"))
    dice = tuple(roll_dice(pool.dice, source))
    return YearZeroRoll(pool=pool, dice=dice, first_dice=dice, by_hand=source.by_hand, owned=owned)


def push(previous: YearZeroRoll, source: DiceSource) -> YearZeroRoll:
    """Push a roll (R-PUSH-1): reroll every die showing neither a success nor a 1 (R-PUSH-5 ``blank``:
    skill 1s reroll too).

    With the `stress-dice` push cost the push adds one stress die, rolled with the rerolled dice
    (its face comes last among the stress faces); not for a roll no character owns (R-PUSH-7: the GM
    has no stress). Typed faces give exactly the rerolled dice, per kind, in order (R-PUSH-4). Refused
    with the reason when the roll may not be pushed (R-PUSH-2, R-PUSH-3, R-PUSH-6).
    """
    refusal = previous.push_refusal
    if refusal:
        raise RulesError(refusal)
    rerolled = [d.die for d in previous.dice if would_reroll(d, previous.skill_ones)]
    source.expect(rerolled + ([Die(DieKind.STRESS)] if previous.push_adds_stress_die else []), rerolled=True)
    dice = [d.with_face(source.face(d.die)) if would_reroll(d, previous.skill_ones) else d for d in previous.dice]
    if previous.push_adds_stress_die:
        extra = Die(DieKind.STRESS)
        dice.append(RolledDie(extra, source.face(extra), rerolled=True))
    source.finish()
    return replace(previous, dice=tuple(dice), pushes=previous.pushes + 1, by_hand=previous.by_hand or source.by_hand)


OnesCount = dict[tuple[DieKind, str | None], int]
"""How many dice show 1 after a push, per (kind, source): all a push's costs read (see :func:`push_costs`)."""


def count_ones(dice: Iterable[RolledDie]) -> OnesCount:
    """The 1s among ``dice`` per (kind, source)."""
    ones: OnesCount = {}
    for d in dice:
        if d.face == 1:
            key = (d.kind, d.die.source)
            ones[key] = ones.get(key, 0) + 1
    return ones


def _ones(ones: OnesCount, kind: DieKind, source: str | None = None) -> int:
    return sum(n for (k, s), n in ones.items() if k is kind and (source is None or s == source))


def sic_a_dog_fighting(request: PoolRequest) -> bool:
    """Sic a Dog fighting rolls the dog's Strength (attribute ``strength``); scouting and tracking
    roll the handler's Wits. Seed 000 gives the dog exception to the push only for fighting."""
    return request.sic_a_dog and request.attribute == "strength"


def _gear_damage(ones: OnesCount) -> list[Cost]:
    out: dict[str | None, int] = {}
    for (kind, source), n in ones.items():
        if kind is DieKind.GEAR:
            out[source] = out.get(source, 0) + n
    return [Cost("gear_damage", n, name) for name, n in out.items()]


def push_costs(pool: Pool, pushes: int, ones: OnesCount) -> list[Cost]:
    """Every push cost of the system and option in force (see docs/RULES.md, "What a push costs"),
    from the number of pushes and the 1s the dice show after them: no cost reads any other face, which
    lets :mod:`~gmconsole.families.yearzero.rules.push_odds` ask for the costs of many outcomes cheaply."""
    request = pool.request
    option = pool.push_cost
    attribute = request.attribute
    if option == MYZ_PUSH_COST:
        # R-MYZ-TRAUMA: every base or skill 1 (R-PUSH-5 blank: base only) is trauma and a mutation point.
        count = sum(_ones(ones, kind) for kind in _myz_trauma_kinds(request))
        if sic_a_dog_fighting(request):
            # Seed 000, Sic a Dog fighting: "You can push the roll (risking damage to the dog), but it
            # won't give you any Mutation Points". Scouting and tracking push normally (below).
            costs = [Cost("trauma", count, "dog")]
            dog_strength = request.attribute_value if request.dog_strength is None else request.dog_strength
            if count and dog_strength - count <= 0:
                costs.append(Cost("broken", 1, "dog"))
        else:
            costs = [Cost("trauma", count, attribute), Cost("mutation_points", count)]
            if count and request.attribute_value - count <= 0:
                costs.append(Cost("broken", 1, attribute))
        return costs + _gear_damage(ones)
    if option == "stress-dice":
        return [Cost("stress", pushes)]
    if option == "conditions":
        return [Cost("condition", pushes)]
    if option == "doom":
        return [Cost("doom", pushes)]
    step = game_of(pool.system).step_dice
    if option == "damage-stress":
        # R-PUSH-8: only the attribute's base 1s count (seed 002: 「來自屬性的骰子稱為基礎骰」); skill and gear
        # 1s cost nothing here, and no gear bonus wears down (unless the tool takes the damage instead).
        count = _ones(ones, DieKind.STEP) if step else _ones(ones, DieKind.BASE)
        if request.tool_takes_damage:
            return [Cost("gear_damage", count, request.gear[0][0])]
        if attribute in ("strength", "agility"):
            return [Cost("damage", count, attribute)]
        return [Cost("stress", count)]
    # attribute-damage: only the attribute's own dice count, and gear 1s damage the gear.
    count = _ones(ones, DieKind.STEP, attribute) if step else _ones(ones, DieKind.BASE)
    costs = [Cost("damage", count, attribute), Cost("willpower", count)]
    if count and request.attribute_value and request.attribute_value - count <= 0:
        costs.append(Cost("broken", 1, attribute))
    return costs + _gear_damage(ones)


@dataclass(frozen=True)
class OpposedResult:
    """R-OPP-1: the defender's successes cancel the active side's; the active side wins only with more.

    ``outcome`` is ``"active"`` (the active side wins), ``"defender"`` (it fails, a tie included)
    or ``"reroll"`` (a tie with the reroll-ties setting on: roll the opposed roll again).
    """

    active_successes: int
    defender_successes: int
    outcome: str

    @property
    def net_successes(self) -> int:
        """The active side's successes left after the defender's cancel theirs."""
        return max(0, self.active_successes - self.defender_successes)

    @property
    def success(self) -> bool:
        return self.outcome == "active"

    @property
    def stunts(self) -> int:
        return max(0, self.net_successes - 1)

    def as_dict(self) -> dict[str, Any]:
        return {
            "active_successes": self.active_successes,
            "defender_successes": self.defender_successes,
            "net_successes": self.net_successes,
            "outcome": self.outcome,
            "success": self.success,
        }


def opposed(active: YearZeroRoll, defender: YearZeroRoll, reroll_ties: bool = False) -> OpposedResult:
    """Resolve an opposed roll (R-OPP-1). Only the active side may push, even after the defender rolled.

    A tie is a failure for the active side; with ``reroll_ties`` (a setting) a tie at one success
    or more is rolled again instead (a 0-0 tie stays a failure: the active side never succeeded).
    """
    a, d = active.successes, defender.successes
    if a > d:
        outcome = "active"
    elif a == d and a > 0 and reroll_ties:
        outcome = "reroll"
    else:
        outcome = "defender"
    return OpposedResult(a, d, outcome)


__all__ = [
    "ATTRIBUTES",
    "DEFAULT_PUSH_COST",
    "MAX_HELPERS",
    "MYZ_PUSH_COST",
    "ONES_STAY",
    "PUSH_COSTS",
    "SKILL_ONES",
    "Cost",
    "OpposedResult",
    "Pool",
    "PoolRequest",
    "YearZeroRoll",
    "build_pool",
    "check_skill_ones",
    "difficulty_modifier",
    "find_skill",
    "ones_that_stay",
    "opposed",
    "pool_odds",
    "push",
    "push_counts",
    "roll",
    "roll_counts",
    "sic_a_dog_fighting",
    "skill_attribute",
    "step_dice",
    "step_die_for_rating",
    "stunt_list",
    "trauma_kind",
    "would_reroll",
]
