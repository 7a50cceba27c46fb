"""The ``exploding`` system (seed 003): two skill dice and one trait die, the top die only counts.

A check rolls two skill dice (their size from the skill's rating) and one trait die; an untrained
character rolls the trait die alone against a TN 4 higher. A die showing its maximum explodes:
it is rolled again and the new face added, again and again (R-EXP-1: only when a target number
or an opposed test is set). The single highest die total is compared with the target number.

Everything here is pure: faces come from a :class:`~gmconsole.rules.dice.DiceSource` (a seeded
``random.Random`` or faces typed in from physical dice, R-MANUAL-1), and the tables come from
``data/exploding.toml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Sequence

from gmconsole.rules.data import load_table
from gmconsole.rules.dice import DIE_SIZES, DiceSource, Die, DieKind
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import split_spec, to_int
from gmconsole.wording import counted, quoted

UNTRAINED_TN = 4
"""Untrained: the trait die alone and TN +4, unless assisted by a skilled character."""

SKILL_DICE = 2
"""A trained character rolls this many skill dice."""

FACE_KINDS = ("skill", "trait")
"""The kinds a typed faces SPEC may name (``skill=8+3,2 trait=4``)."""


def _table() -> dict:
    return load_table("exploding")


def _text(value, lang: str) -> str:
    """A name or rules text from the data folder in ``lang`` (English when that language is missing)."""
    if isinstance(value, dict):
        return value.get(lang) or value["en"]
    return str(value)


def _check_size(sides: int, what: str) -> int:
    if isinstance(sides, bool) or sides not in DIE_SIZES:
        raise RulesError(f"the {what} die must be a d4, d6, d8, d10 or d12, not d{sides}")
    return sides


# --------------------------------------------------------------------------- target number


@dataclass(frozen=True)
class Difficulty:
    """One row of the difficulty table: its key, name and base TN."""

    key: str
    tn: int
    name: dict


def difficulties() -> tuple[Difficulty, ...]:
    """The difficulty table of seed 003 in order (Basic 2 ... Esoteric 12)."""
    return tuple(Difficulty(d["key"], d["tn"], d["name"]) for d in _table()["difficulty"]["levels"])


def default_difficulty() -> str:
    """The difficulty a TN starts from when the GM names none (Moderate, TN 4)."""
    return _table()["difficulty"]["default"]


def difficulty(key: str) -> Difficulty:
    """The difficulty named ``key`` (case-insensitive), or a clear error listing the choices."""
    wanted = str(key).strip().lower()
    for level in difficulties():
        if level.key == wanted:
            return level
    names = ", ".join(d.key for d in difficulties())
    raise RulesError(f"unknown difficulty {key!r}: choose one of {names}")


@dataclass(frozen=True)
class TnModifier:
    """One entry of a modifier table (social, other, situational, environmental).

    Exactly one shape applies: a fixed ``modifier``; a range ``low``..``high`` the GM picks from
    (the seed's "+1-4"); ``per`` a unit the GM counts (+1 each, e.g. per threat level); or a
    ``note`` only (no TN change of its own). ``automatic`` entries are applied by the builder itself.
    """

    table: str
    key: str
    name: dict
    group: dict | None = None
    modifier: int | None = None
    low: int | None = None
    high: int | None = None
    per: dict | None = None
    note: dict | None = None
    automatic: bool = False
    description: dict | None = None

    @property
    def full_key(self) -> str:
        """``table.key``, e.g. ``social.hostile``."""
        return f"{self.table}.{self.key}"

    @property
    def pickable(self) -> bool:
        """True when the GM can add this entry to a TN by hand."""
        return self.note is None and not self.automatic

    def range_text(self) -> str:
        """How the seed writes the change: ``+4``, ``-2``, ``+1-4``, ``+1 per threat level`` or ``-``."""
        if self.modifier is not None:
            return f"{self.modifier:+d}"
        if self.low is not None:
            return f"+{self.low}-{self.high}"
        if self.per is not None:
            return f"+1 per {_text(self.per, 'en')}"
        return "-"

    def value(self, chosen: int | None) -> int:
        """The TN change when picked with ``chosen`` (required for ranges and per-unit entries)."""
        label = _text(self.name, "en")
        if not self.pickable:
            why = _text(self.note, "en") if self.note else "the console applies it by itself"
            raise RulesError(f"{quoted(label)} is not picked by hand: {why}")
        if self.modifier is not None:
            if chosen is not None and chosen != self.modifier:
                raise RulesError(f"{quoted(label)} is always {self.modifier:+d}, not {chosen:+d}")
            return self.modifier
        if self.low is not None:
            if chosen is None:
                raise RulesError(f"{quoted(label)} ranges {self.range_text()}: say how much (e.g. {self.full_key}={self.low})")
            if not self.low <= chosen <= self.high:
                raise RulesError(f"{quoted(label)} ranges {self.range_text()}, so {chosen:+d} is out of range")
            return chosen
        if chosen is None or chosen < 0:
            raise RulesError(f"{quoted(label)} is +1 per {_text(self.per, 'en')}: give a count of 0 or more")
        return chosen


def modifier_tables() -> dict[str, tuple[TnModifier, ...]]:
    """Every modifier table of seed 003 by key, each entry as a :class:`TnModifier`."""
    out: dict[str, tuple[TnModifier, ...]] = {}
    for table in _table()["modifier_tables"]:
        entries = []
        for e in table["entries"]:
            entries.append(
                TnModifier(
                    table=table["key"],
                    key=e["key"],
                    name=e["name"],
                    group=e.get("group"),
                    modifier=e.get("modifier"),
                    low=e.get("min"),
                    high=e.get("max"),
                    per=e.get("per"),
                    note=e.get("note"),
                    automatic=bool(e.get("automatic", False)),
                    description=e.get("description"),
                )
            )
        out[table["key"]] = tuple(entries)
    return out


def find_modifier(key: str) -> TnModifier:
    """The entry named ``table.key``, or a bare ``key`` when only one table has it."""
    wanted = str(key).strip().lower()
    matches = [e for entries in modifier_tables().values() for e in entries if wanted in (e.full_key, e.key)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        names = ", ".join(m.full_key for m in matches)
        raise RulesError(f"modifier {key!r} is in several tables: write one of {names}")
    error = RulesError(f"unknown TN modifier {key!r}; the TN modifiers are: {modifier_names()}")
    error.limit = len(str(error)) + 40  # the list is the help: a one-line error printer shows it whole
    raise error


def modifier_names() -> str:
    """Every TN modifier a GM may type, by the name that finds it (:func:`find_modifier`): its bare key
    where only one table has that key, else ``table.key``; ``(=N)`` marks one that takes an amount."""
    entries = [e for table in modifier_tables().values() for e in table if not e.automatic]
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.key] = counts.get(e.key, 0) + 1
    return ", ".join((e.key if counts[e.key] == 1 else e.full_key) + ("=N" if e.modifier is None else "")
                     for e in entries)


def parse_modifier(text: str) -> tuple[str, int | None]:
    """Read ``KEY`` or ``KEY=N`` (``N`` for ranges and per-unit entries) as ``(key, N or None)``."""
    match = re.fullmatch(r"\s*([a-z][a-z.-]*)\s*(?:=\s*([+-]?[0-9]{1,3}))?\s*", str(text).lower())
    if not match:
        raise RulesError(f"cannot read modifier {text!r}: write it as table.key or table.key=N")
    key, amount = match.groups()
    return key, (int(amount) if amount is not None else None)


@dataclass(frozen=True)
class TnLine:
    """One line of a TN's explanation: what it is and how much it adds (the first line is the base)."""

    label: str
    amount: int

    def as_dict(self) -> dict:
        return {"label": self.label, "amount": self.amount}


@dataclass(frozen=True)
class TargetNumber:
    """A target number and the lines that built it, so the GM can see why it is what it is."""

    value: int
    lines: tuple[TnLine, ...]

    def explain(self) -> list[str]:
        """The TN line by line: the base, each modifier signed, and the total."""
        out = [f"{self.lines[0].label}: {self.lines[0].amount}"]
        out += [f"{line.label}: {line.amount:+d}" for line in self.lines[1:]]
        out.append(f"TN = {self.value}")
        return out

    def plus(self, label: str, amount: int) -> "TargetNumber":
        """This TN with one more line (used by assisted and group checks)."""
        return TargetNumber(self.value + amount, self.lines + (TnLine(label, amount),))

    def as_dict(self) -> dict:
        return {"value": self.value, "lines": [line.as_dict() for line in self.lines]}


def given_target_number(value: int) -> TargetNumber:
    """A TN the GM states outright (used as given)."""
    if isinstance(value, bool) or not isinstance(value, int) or not -100 <= value <= 100:
        raise RulesError(f"a target number must be a whole number from -100 to 100, not {value!r}")
    return TargetNumber(value, (TnLine("target number (as given)", value),))


def build_target_number(
    difficulty_key: str | None = None,
    modifiers: Sequence[str | tuple[str, int | None]] = (),
    wounds: int = 0,
    strain: int = 0,
    untrained: bool = False,
    assisted: bool = False,
    adjustments: Sequence[int] = (),
    lang: str = "en",
) -> TargetNumber:
    """Build a TN: the difficulty's base, each picked table modifier, Wound/Strain +1 each,
    untrained +4 (unless ``assisted``), and any free GM ``adjustments``.

    ``modifiers`` holds keys (``"social.hostile"``) or ``(key, amount)`` pairs for the entries
    whose seed value is a range (``("other.cramped", 3)``) or per unit (``("other.threat-level", 2)``).
    """
    level = difficulty(difficulty_key or default_difficulty())
    tn = TargetNumber(level.tn, (TnLine(f"{_text(level.name, lang)} difficulty", level.tn),))
    for item in modifiers:
        key, chosen = (item, None) if isinstance(item, str) else item
        entry = find_modifier(key)
        amount = entry.value(chosen)
        label = _text(entry.name, lang)
        if entry.group:
            label = f"{_text(entry.group, lang)}: {label}"
        tn = tn.plus(label, amount)
    for what, count in (("Wound", wounds), ("Strain", strain)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RulesError(f"{what} must be a count of 0 or more, not {count!r}")
        if count:
            tn = tn.plus(f"{what} x{count} (+1 each)", count)
    if untrained and not assisted:
        tn = tn.plus("Untrained", UNTRAINED_TN)
    for amount in adjustments:
        tn = tn.plus("GM modifier", int(amount))
    return tn


# --------------------------------------------------------------------------- dice and faces


@dataclass(frozen=True)
class ExplodedDie:
    """One die after it was rolled: every face of its explosion chain, e.g. ``(8, 8, 3)`` = 19."""

    die: Die
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def natural(self) -> int:
        """The first face, before any explosion (R-EXP-2 looks at this)."""
        return self.faces[0]

    def as_dict(self) -> dict:
        return {"kind": self.die.kind.value, "sides": self.die.sides, "faces": list(self.faces), "total": self.total}


def check_dice(skill_dice: Sequence[int], trait_die: int) -> tuple[Die, ...]:
    """The dice of a check: the skill dice (none when untrained) and the trait die."""
    if len(skill_dice) > SKILL_DICE:
        raise RulesError(f"a check rolls at most {SKILL_DICE} skill dice, not {len(skill_dice)}")
    dice = [Die(DieKind.SKILL, _check_size(s, "skill")) for s in skill_dice]
    dice.append(Die(DieKind.TRAIT, _check_size(trait_die, "trait")))
    return tuple(dice)


def roll_die(die: Die, source: DiceSource, explode: bool) -> ExplodedDie:
    """Roll one die; if ``explode`` (R-EXP-1) a maximum face is followed by another, without limit."""
    faces = [source.face(die)]
    while explode and faces[-1] == die.sides:
        faces.append(source.face(die))
    return ExplodedDie(die, tuple(faces))


def parse_faces(spec: str, dice: Sequence[Die], explode: bool) -> DiceSource:
    """Turn a typed SPEC like ``"skill=8+3,2 trait=4"`` into a :class:`DiceSource` for ``dice``.

    A ``+`` chains an explosion. It may follow only the die's maximum face, and a maximum face
    must be followed by one when dice explode; without a TN or opposed test no chain is allowed
    (R-EXP-1). Each face must be within 1..sides, and there must be one chain per die.
    """
    groups = split_spec(spec, FACE_KINDS)
    flat: dict[str, list[int]] = {}
    for kind in FACE_KINDS:
        kind_dice = [d for d in dice if d.kind.value == kind]
        chains = groups.get(kind, [])
        if len(chains) != len(kind_dice):
            raise RulesError(f"{counted(len(chains), kind + ' face')} given but the check has "
                             f"{counted(len(kind_dice), kind + ' die', kind + ' dice')}")
        faces: list[int] = []
        for die, chain in zip(kind_dice, chains):
            parts = [to_int(p, kind) for p in chain.split("+")]
            if len(parts) > 1 and not explode:
                raise RulesError(f"{kind} {chain!r}: dice explode only against a target number or in an opposed test")
            for i, face in enumerate(parts):
                if not 1 <= face <= die.sides:
                    raise RulesError(f"a {kind} d{die.sides} cannot show {face} (faces run 1-{die.sides})")
                last = i == len(parts) - 1
                if not last and face != die.sides:
                    raise RulesError(f"{kind} {chain!r}: a d{die.sides} explodes only on its maximum ({die.sides}), so nothing may follow {face}")
                if last and explode and face == die.sides:
                    raise RulesError(f"{kind} {chain!r}: a d{die.sides} showing {face} explodes; type the next face as {chain}+N")
            faces += parts
        flat[kind] = faces
    return DiceSource(faces={k: v for k, v in flat.items() if v or k in groups})


# --------------------------------------------------------------------------- a check


@dataclass(frozen=True)
class CheckResult:
    """One check: every die with its chain, the top total, and how it compares with the TN.

    R-EXP-2: a critical failure (every die a natural 1) is a failure whatever the TN.
    Without a TN (no explosions, R-EXP-1) ``success`` and ``margin`` are ``None``.
    """

    dice: tuple[ExplodedDie, ...]
    tn: TargetNumber | None
    by_hand: bool = False

    @property
    def top(self) -> int:
        """Top die only counts: the single highest die total."""
        return max(d.total for d in self.dice)

    @property
    def critical_failure(self) -> bool:
        """R-EXP-2: every die shows a natural 1."""
        return all(d.natural == 1 for d in self.dice)

    @property
    def success(self) -> bool | None:
        if self.tn is None:
            return None
        return self.top >= self.tn.value and not self.critical_failure

    @property
    def margin(self) -> int | None:
        """Top minus TN (negative when short)."""
        return None if self.tn is None else self.top - self.tn.value

    def as_dict(self) -> dict:
        return {
            "success": self.success,
            "top": self.top,
            "tn": None if self.tn is None else self.tn.value,
            "margin": self.margin,
            "critical_failure": self.critical_failure,
            "dice": [d.as_dict() for d in self.dice],
            "tn_lines": [] if self.tn is None else [line.as_dict() for line in self.tn.lines],
            "by_hand": self.by_hand,
        }


def roll_check(
    skill_dice: Sequence[int],
    trait_die: int,
    tn: TargetNumber | int | None,
    source: DiceSource,
    opposed: bool = False,
) -> CheckResult:
    """Roll a check: ``skill_dice`` sizes (empty when untrained) and the trait die.

    Dice explode only when ``tn`` is set or ``opposed`` is true (R-EXP-1). An ``int`` TN is used
    as given. Typed faces must be used up exactly.
    """
    if isinstance(tn, int) and not isinstance(tn, bool):
        tn = given_target_number(tn)
    dice = check_dice(skill_dice, trait_die)
    explode = tn is not None or opposed
    rolled = tuple(roll_die(d, source, explode) for d in dice)
    source.finish()
    return CheckResult(rolled, tn, source.by_hand)


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

    def as_dict(self) -> dict:
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
    def start(cls, base: TargetNumber, leader: str, others: Sequence[str]) -> "AssistedCheck":
        """Open the check: ``base`` TN (without untrained +4) plus 1 per other participant."""
        others = tuple(others)
        if not others:
            raise RulesError("an assisted check needs at least one untrained participant besides the leader")
        if len(set(others)) != len(others) or leader in others:
            raise RulesError("each participant of an assisted check must be named once")
        tn = base.plus(f"assisting {counted(len(others), 'other participant')} (+1 each)", len(others))
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

    def leader_rolled(self, result: CheckResult) -> "AssistedCheck":
        """Record the leader's trained check; points above the TN become the shared pool."""
        if self.leader is not None:
            raise RulesError("the leader of this assisted check has already rolled")
        if not any(d.die.kind is DieKind.SKILL for d in result.dice):
            raise RulesError("the leader of an assisted check must be trained (roll skill dice)")
        success = result.top >= self.tn.value and not result.critical_failure
        pool = result.top - self.tn.value if success else 0
        step = AssistStep(self.participants[0], result.top, result.critical_failure, 0, success, pool)
        return replace(self, leader=step, pool=pool)

    def participant_rolled(self, result: CheckResult, spend: bool = True) -> "AssistedCheck":
        """Record the next participant's trait roll; with ``spend`` they use pool points to close the gap."""
        name = self.next_up
        if self.leader is None:
            raise RulesError("the leader rolls first in an assisted check")
        if name is None:
            raise RulesError("everyone in this assisted check has already rolled")
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

    def as_dict(self) -> dict:
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
        return sum(1 for _, r in self.results if r.success)

    def as_dict(self) -> dict:
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
        raise RulesError("a group check needs at least two trained participants")
    untrained = [p.name for p in participants if not p.skill_dice]
    if untrained:  # all named at once: one at a time took a refusal per name
        names = untrained[0] if len(untrained) == 1 else ", ".join(untrained[:-1]) + f" and {untrained[-1]}"
        raise RulesError(f"{names} {'is' if len(untrained) == 1 else 'are'} untrained: a group check is for "
                         "trained characters (use an assisted check)")
    tn = base.plus(f"group check: {len(participants)} trained participants (-1 each)", -len(participants))
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

    def as_dict(self) -> dict:
        return {"active": self.active.as_dict(), "defender": self.defender.as_dict(), "winner": self.winner}


def opposed(active: Participant, defender: Participant, source: DiceSource, tie_goes_to: str = "defender") -> OpposedResult:
    """Roll an opposed test (R-EXP-4). ``tie_goes_to`` is the *setting*: ``"defender"`` (default) or ``"active"``."""
    if tie_goes_to not in ("defender", "active"):
        raise RulesError(f"a tie goes to 'defender' or 'active', not {tie_goes_to!r}")
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

    def _count(self, table, key) -> int:
        return sum(n for k, n in table if k == key)

    def may_try(self, character: str, skill: str, goal: str) -> bool:
        key = (character, skill, goal)
        return self._count(self.attempts, key) < 1 + self._count(self.allowances, key)

    def attempt(self, character: str, skill: str, goal: str) -> "RetryTracker":
        """Record an attempt, or refuse it when this check was already tried without a recorded change."""
        if not self.may_try(character, skill, goal):
            raise RulesError(
                f"{character} already tried {skill} for {goal!r}: record a change of circumstances to try again"
            )
        return replace(self, attempts=self.attempts + (((character, skill, goal), 1),))

    def change_of_circumstances(self, character: str, skill: str, goal: str, reason: str) -> "RetryTracker":
        """Allow one more attempt, recording why (e.g. "found the right tools")."""
        if not str(reason).strip():
            raise RulesError("say what changed: a retry needs a recorded change of circumstances")
        key = (character, skill, goal)
        return replace(self, allowances=self.allowances + ((key, 1),), reasons=self.reasons + ((key, reason.strip()),))

    def why(self, character: str, skill: str, goal: str) -> tuple[str, ...]:
        """The recorded changes of circumstances for this check, oldest first."""
        return tuple(r for k, r in self.reasons if k == (character, skill, goal))
