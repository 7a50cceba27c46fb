"""The ``tiered`` system (seed 004): Luck + attribute + skill d6, read the highest die.

Results come in four tiers: two or more 6s Critical, one 6 Great, 4-5 Mixed, 1-3 Limited
(a failure that still gives +1 XP). Saving throws roll 2d6 against a save score, attacks are
read as skill checks and deal damage by tier, contested rolls are 2d6 + attribute each.

Pure: faces come from a :class:`~gmconsole.rules.dice.DiceSource`. Costs and effects
(XP +1 on Limited, stamina -2 for Push Yourself) are returned as :class:`Effect` data for the
campaign layer to apply and undo; nothing here changes a character.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from gmconsole.i18n import _, ngettext, pick
from gmconsole.rules.data import load_table
from gmconsole.rules.dice import MAX_DICE, DiceSource, Die, DieKind, RolledDie
from gmconsole.rules.errors import RulesError

MAX_BONUS_DICE = 2
"""R-TIER-1: at most +2 bonus dice from items, magic, allies or other help."""

PUSH_YOURSELF_STAMINA = 2
"""Push Yourself: 2 stamina for +1 die."""

LUCK = 1
"""Every skill check starts with one Luck die."""

D6 = Die(DieKind.DICE, 6)


def _table() -> dict[str, Any]:
    return load_table("tiered")


def _text(value: dict[str, Any], lang: str) -> str:
    text: str = value.get(lang) or value["en"]
    return text


def _whole(value: object, what: str, low: int = -100, high: int = 100) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(_("{what} must be a whole number from {low} to {high}, not {value!r}").format(
            what=what, low=low, high=high, value=value))
    return value


class Tier(str, Enum):
    """The four results of a skill check or attack roll, best first."""

    CRITICAL = "critical"
    GREAT = "great"
    MIXED = "mixed"
    LIMITED = "limited"

    def name_in(self, lang: str = "en") -> str:
        """The tier's name from ``data/tiered.toml``."""
        for row in _table()["tiers"]:
            if row["key"] == self.value:
                return _text(row["name"], lang)
        return self.value

    def raised(self) -> Tier:
        """One tier better (Critical stays Critical); used by Reckless attacks."""
        order = list(Tier)
        return order[max(0, order.index(self) - 1)]


@dataclass(frozen=True)
class Effect:
    """A change the campaign layer applies to a character (and can undo): ``target`` +``amount``."""

    target: str
    amount: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"target": self.target, "amount": self.amount, "reason": self.reason}


@dataclass(frozen=True)
class Consequence:
    """One entry of the consequence menu offered on a Mixed or Limited result."""

    key: str
    name: dict[str, Any]
    reads: dict[str, Any]
    effects: tuple[Effect, ...]


def consequences() -> tuple[Consequence, ...]:
    """The consequence menu of seed 004 (Damage, Reduced effect, Complication, Lost gear)."""
    out = []
    for row in _table()["consequences"]:
        effects = []
        if "stamina" in row:
            effects.append(Effect("stamina", row["stamina"], pick(row["name"])))
        if "clock" in row:
            effects.append(Effect("clock", row["clock"], pick(row["name"])))
        out.append(Consequence(row["key"], row["name"], row["reads"], tuple(effects)))
    return tuple(out)


# --------------------------------------------------------------------------- the pool


@dataclass(frozen=True)
class Pool:
    """A skill check pool: how many d6 (may be 0 or negative), the lines that built it, and its costs."""

    dice: int
    lines: tuple[tuple[str, int], ...]
    costs: tuple[Effect, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "dice": self.dice,
            "lines": [{"label": label, "amount": n} for label, n in self.lines],
            "costs": [c.as_dict() for c in self.costs],
        }


def build_pool(
    attribute: int,
    skill: int,
    luck: int = LUCK,
    bonus: int = 0,
    push_yourself: bool = False,
    stamina: int | None = None,
    penalty: int = 0,
) -> Pool:
    """Build a skill check pool: Luck (1) + attribute + skill, bonus dice (R-TIER-1: at most +2),
    +1 die for Push Yourself (2 stamina, refused below 2; returned as a cost), minus ``penalty`` dice.
    """
    attribute = _whole(attribute, _("the attribute"), -20, 20)
    skill = _whole(skill, _("the skill"), -20, 20)
    luck = _whole(luck, _("luck"), 0, 1)
    bonus = _whole(bonus, _("bonus dice"), 0, 100)
    penalty = _whole(penalty, _("the penalty"), 0, 100)
    if bonus > MAX_BONUS_DICE:
        raise RulesError(_("at most +{most} bonus dice can help a check (R-TIER-1), not +{bonus}").format(
            most=MAX_BONUS_DICE, bonus=bonus))
    lines = [(_("Luck"), luck), (_("attribute"), attribute), (_("skill"), skill)]
    if bonus:
        lines.append((_("bonus dice"), bonus))
    costs: tuple[Effect, ...] = ()
    if push_yourself:
        if stamina is None:
            raise RulesError(_("Push Yourself costs 2 stamina: say how much stamina the character has"))
        stamina = _whole(stamina, _("stamina"), 0, 1000)
        if stamina < PUSH_YOURSELF_STAMINA:
            raise RulesError(
                _("Push Yourself costs {cost} stamina and the character has only {stamina}").format(
                    cost=PUSH_YOURSELF_STAMINA, stamina=stamina)
            )
        lines.append((_("Push Yourself"), 1))
        costs = (Effect("stamina", -PUSH_YOURSELF_STAMINA, _("Push Yourself")),)
    if penalty:
        lines.append((_("penalty"), -penalty))
    dice = sum(n for _label, n in lines)
    if dice > MAX_DICE:
        raise RulesError(_("a pool of {count} dice is too many (at most {most})").format(count=dice, most=MAX_DICE))
    return Pool(dice, tuple(lines), costs)


def read_tier(faces: Sequence[int], pool: int) -> tuple[Tier, int]:
    """Read rolled faces as ``(tier, highest counted face)``.

    ``pool >= 1``: the highest die; two or more 6s are Critical. R-TIER-2: ``pool <= 0`` rolled
    2d6 and keeps the lowest, which is never Critical (a kept 6 is Great).
    """
    if pool >= 1:
        kept = max(faces)
        if faces.count(6) >= 2:
            return Tier.CRITICAL, kept
    else:
        kept = min(faces)
    if kept == 6:
        return Tier.GREAT, kept
    if kept >= 4:
        return Tier.MIXED, kept
    return Tier.LIMITED, kept


def dice_to_roll(pool: int) -> int:
    """How many d6 a pool rolls: the pool itself, or 2 for a pool of 0 or fewer (R-TIER-2)."""
    _whole(pool, _("the pool"), -100, MAX_DICE)
    return pool if pool >= 1 else 2


@dataclass(frozen=True)
class CheckResult:
    """A skill check: the dice, the tier, the face read, and the effects (+1 XP on Limited, pool costs)."""

    pool: int
    dice: tuple[RolledDie, ...]
    tier: Tier
    highest: int
    effects: tuple[Effect, ...]
    by_hand: bool = False

    @property
    def xp(self) -> int:
        return sum(e.amount for e in self.effects if e.target == "xp")

    @property
    def keeps_lowest(self) -> bool:
        """True when the pool was 0 or fewer and the lowest of 2d6 was kept (R-TIER-2)."""
        return self.pool <= 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "tier": self.tier.value,
            "highest": self.highest,
            "xp": self.xp,
            "pool": self.pool,
            "keeps_lowest": self.keeps_lowest,
            "dice": [d.as_dict() for d in self.dice],
            "effects": [e.as_dict() for e in self.effects],
            "by_hand": self.by_hand,
        }


def _roll(count: int, source: DiceSource) -> tuple[RolledDie, ...]:
    source.expect([D6] * count)  # R-MANUAL-1: one typed face per die, or how to type them
    return tuple(RolledDie(D6, source.face(D6)) for _die in range(count))


def roll_check(pool: Pool | int, source: DiceSource) -> CheckResult:
    """Roll a skill check for ``pool`` (a :class:`Pool` or a number of dice, 0 or fewer allowed)."""
    size = pool.dice if isinstance(pool, Pool) else pool
    costs = pool.costs if isinstance(pool, Pool) else ()
    dice = _roll(dice_to_roll(size), source)
    source.finish()
    tier, highest = read_tier([d.face for d in dice], size)
    effects = tuple(costs)
    if tier is Tier.LIMITED:
        effects += (Effect("xp", 1, _("Limited result")),)
    return CheckResult(size, dice, tier, highest, effects, source.by_hand)


# --------------------------------------------------------------------------- saving throws


@dataclass(frozen=True)
class SaveScores:
    """R-TIER-3 save scores computed from the character."""

    phys: int
    ment: int
    perc: int

    def as_dict(self) -> dict[str, Any]:
        return {"phys": self.phys, "ment": self.ment, "perc": self.perc}


def save_scores(dex: int, str_: int, int_: int, cha: int, per: int, level: int) -> SaveScores:
    """PHYS = 10 - DEX - STR - floor(Level/2); MENT = 10 - INT - CHA - floor(Level/2);
    PERC = 10 - PER - floor(Level/2).
    """
    for value, what in ((dex, "DEX"), (str_, "STR"), (int_, "INT"), (cha, "CHA"), (per, "PER")):
        _whole(value, what, -20, 20)
    _whole(level, _("the level"), 0, 100)
    half = level // 2
    return SaveScores(10 - dex - str_ - half, 10 - int_ - cha - half, 10 - per - half)


class SaveOutcome(str, Enum):
    CRITICAL = "critical"
    SUCCESS = "success"
    FAILURE = "failure"


def read_save(total: int, save: int, strict_over: bool = False) -> SaveOutcome:
    """R-TIER-3: total >= 2 x save is a critical success, total >= save a success, else a failure.

    ``strict_over`` (*setting*) reads the seed's "over" literally: total > 2 x save, total > save.
    """
    if strict_over:
        if total > 2 * save:
            return SaveOutcome.CRITICAL
        return SaveOutcome.SUCCESS if total > save else SaveOutcome.FAILURE
    if total >= 2 * save:
        return SaveOutcome.CRITICAL
    return SaveOutcome.SUCCESS if total >= save else SaveOutcome.FAILURE


@dataclass(frozen=True)
class SaveResult:
    save: str
    score: int
    dice: tuple[RolledDie, ...]
    outcome: SaveOutcome

    @property
    def total(self) -> int:
        return sum(d.face for d in self.dice)

    def as_dict(self) -> dict[str, Any]:
        return {
            "save": self.save,
            "score": self.score,
            "total": self.total,
            "outcome": self.outcome.value,
            "dice": [d.as_dict() for d in self.dice],
        }


SAVES = ("phys", "ment", "perc")
"""The three saves, in the order the seed lists them (their names are in ``data/tiered.toml``)."""


def save_table() -> list[dict[str, Any]]:
    """The saves' names, formulas and uses from ``data/tiered.toml``, in the order of :data:`SAVES`."""
    return list(_table()["saves"])


def saving_throw(save: str, score: int, source: DiceSource, strict_over: bool = False) -> SaveResult:
    """Roll a saving throw: 2d6 against the ``save`` score (R-TIER-3)."""
    if save not in SAVES:
        raise RulesError(_("unknown save {save!r}: choose phys, ment or perc").format(save=save))
    _whole(score, _("the save score"), -100, 100)
    dice = _roll(2, source)
    source.finish()
    return SaveResult(save, score, dice, read_save(sum(d.face for d in dice), score, strict_over))


# --------------------------------------------------------------------------- attacks


def attack_damage(tier: Tier, weapon: int, melee: bool, strength: int) -> int:
    """R-TIER-4: Critical 2 x weapon, Great 1 x weapon, Mixed floor(weapon/2), Limited 0;
    melee always adds +STR, even on a Limited result (never below 0)."""
    base = {Tier.CRITICAL: 2 * weapon, Tier.GREAT: weapon, Tier.MIXED: weapon // 2, Tier.LIMITED: 0}[tier]
    return max(0, base + (strength if melee else 0))


@dataclass(frozen=True)
class AttackResult:
    """An attack: the roll (read as a skill check), the tier after Reckless, the damage, and notes."""

    roll: CheckResult
    tier: Tier
    damage: int
    reckless: bool
    notes: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "tier": self.tier.value,
            "rolled_tier": self.roll.tier.value,
            "highest": self.roll.highest,
            "damage": self.damage,
            "reckless": self.reckless,
            "notes": list(self.notes),
            "dice": [d.as_dict() for d in self.roll.dice],
        }


def attack(
    class_bonus: int,
    strength: int,
    dexterity: int,
    weapon: int,
    melee: bool,
    source: DiceSource,
    reckless: bool = False,
) -> AttackResult:
    """Roll an attack: class bonus + STR (melee) or DEX (ranged) d6, read as a skill check.

    R-TIER-4 damage by tier; melee adds +STR always. Reckless (melee only) raises the result one
    tier and the target gets a free hit back (a note for the GM). An attack gives no XP.
    """
    _whole(class_bonus, _("the class bonus"), -20, 20)
    _whole(strength, "STR", -20, 20)
    _whole(dexterity, "DEX", -20, 20)
    _whole(weapon, _("weapon damage"), 0, 100)
    if reckless and not melee:
        raise RulesError(_("only a melee attack can be Reckless"))
    pool = class_bonus + (strength if melee else dexterity)
    dice = _roll(dice_to_roll(pool), source)
    source.finish()
    rolled_tier, highest = read_tier([d.face for d in dice], pool)
    roll = CheckResult(pool, dice, rolled_tier, highest, (), source.by_hand)
    tier = rolled_tier.raised() if reckless else rolled_tier
    notes = (_("Reckless: the target gets a free hit back"),) if reckless else ()
    return AttackResult(roll, tier, attack_damage(tier, weapon, melee, strength), reckless, notes)


# --------------------------------------------------------------------------- contested rolls


@dataclass(frozen=True)
class ContestedResult:
    """A contested roll: every round of 2d6 + attribute per side (ties rerolled), and the winner."""

    rounds: tuple[tuple[int, int], ...]
    winner: str

    def as_dict(self) -> dict[str, Any]:
        return {"rounds": [list(r) for r in self.rounds], "winner": self.winner}


def contested(attribute_a: int, attribute_b: int, source: DiceSource, max_rounds: int = 1000) -> ContestedResult:
    """Contested roll: each side 2d6 + attribute, highest wins; R-TIER-5: a tie is rolled again.

    Winner is ``"a"`` or ``"b"``. Typed faces are read a, a, b, b per round (R-MANUAL-1): four a round,
    and four more for each roll-off; typed faces that end in a tie say so and ask for the next four.
    """
    _whole(attribute_a, _("the first attribute"), -20, 20)
    _whole(attribute_b, _("the second attribute"), -20, 20)
    if source.by_hand:
        _check_rounds(source.left(D6.kind.value))
    rounds: list[tuple[int, int]] = []
    for _round in range(max_rounds):
        if source.by_hand and rounds and not source.left(D6.kind.value):
            a, b = rounds[-1]
            raise RulesError(_("tie {a}–{b}: type {count} more faces for the roll-off").format(
                a=a, b=b, count=FACES_A_ROUND))
        a = source.face(D6) + source.face(D6) + attribute_a
        b = source.face(D6) + source.face(D6) + attribute_b
        rounds.append((a, b))
        if a != b:
            if source.by_hand and source.left(D6.kind.value):
                raise RulesError(ngettext(
                    "the contest is decided in round {round} ({a}–{b}), but {count} more face was typed: leave it "
                    "out", "the contest is decided in round {round} ({a}–{b}), but {count} more faces were typed: "
                    "leave them out", source.left(D6.kind.value)).format(
                    round=len(rounds), a=a, b=b, count=source.left(D6.kind.value)))
            source.finish()
            return ContestedResult(tuple(rounds), "a" if a > b else "b")
    raise RulesError(_("{count} tied rounds in a row: roll the contest again").format(count=max_rounds))


FACES_A_ROUND = 4
"""A contested roll reads four typed faces a round: the first side's two, then the other's two."""


def _check_rounds(typed: int) -> None:
    """R-MANUAL-1: typed faces for a contested roll come four a round (``yours, yours, theirs, theirs``)."""
    if typed and typed % FACES_A_ROUND == 0:
        return
    from gmconsole.families.tiered.rules.faces import FACES
    from gmconsole.rules.spec import write_faces

    one, two = (write_faces(FACES, {D6.kind.value: faces}) for faces in ([3, 4, 2, 6], [3, 4, 2, 5, 6, 1, 2, 2]))
    raise RulesError(ngettext(
        "a contested roll reads {round} faces a round (yours, yours, theirs, theirs), and {count} face was typed: "
        "e.g. {one}, or {two} when the first round ties",
        "a contested roll reads {round} faces a round (yours, yours, theirs, theirs), and {count} faces were typed: "
        "e.g. {one}, or {two} when the first round ties", typed).format(round=FACES_A_ROUND, count=typed, one=one,
                                                                         two=two))
