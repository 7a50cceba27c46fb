"""The ``exploding`` system's target number: the difficulty table, TN modifiers and how they add up.

A check's TN starts at the difficulty's value and collects a line per modifier (untrained +4,
each picked TN modifier); the lines are kept so the roll text can show where the TN came from.
The tables come from ``data/exploding.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gmconsole.i18n import _, language, pick
from gmconsole.phrasing import quoted
from gmconsole.rules.data import load_table
from gmconsole.rules.errors import RulesError

UNTRAINED_TN = 4
"""Untrained: the trait die alone and TN +4, unless assisted by a skilled character."""


def _table() -> dict[str, Any]:
    return load_table("exploding")


def _text(value: object, lang: str) -> str:
    """A name or rules text from the data folder in ``lang`` (English when that language is missing)."""
    if isinstance(value, dict):
        text: str = value.get(lang) or value["en"]
        return text
    return str(value)


# --------------------------------------------------------------------------- target number


@dataclass(frozen=True)
class Difficulty:
    """One row of the difficulty table: its key, name and base TN."""

    key: str
    tn: int
    name: dict[str, Any]


def difficulties() -> tuple[Difficulty, ...]:
    """The difficulty table of seed 003 in order (Basic 2 ... Esoteric 12)."""
    return tuple(Difficulty(d["key"], d["tn"], d["name"]) for d in _table()["difficulty"]["levels"])


def default_difficulty() -> str:
    """The difficulty a TN starts from when the GM names none (Moderate, TN 4)."""
    key: str = _table()["difficulty"]["default"]
    return key


def difficulty(key: str) -> Difficulty:
    """The difficulty named ``key`` (case-insensitive), or a clear error listing the choices."""
    wanted = str(key).strip().lower()
    for level in difficulties():
        if level.key == wanted:
            return level
    names = ", ".join(d.key for d in difficulties())
    raise RulesError(_("unknown difficulty {key!r}: choose one of {names}").format(key=key, names=names))


@dataclass(frozen=True)
class TnModifier:
    """One entry of a modifier table (social, other, situational, environmental).

    Exactly one shape applies: a fixed ``modifier``; a range ``low``..``high`` the GM picks from
    (the seed's "+1-4"); ``per`` a unit the GM counts (+1 each, e.g. per threat level); or a
    ``note`` only (no TN change of its own). ``automatic`` entries are applied by the builder itself.
    """

    table: str
    key: str
    name: dict[str, Any]
    group: dict[str, Any] | None = None
    modifier: int | None = None
    low: int | None = None
    high: int | None = None
    per: dict[str, Any] | None = None
    note: dict[str, Any] | None = None
    automatic: bool = False
    description: dict[str, Any] | None = None

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
            return _("+1 per {unit}").format(unit=pick(self.per))
        return "-"

    def value(self, chosen: int | None) -> int:
        """The TN change when picked with ``chosen`` (required for ranges and per-unit entries)."""
        label = pick(self.name)
        if not self.pickable:
            why = pick(self.note) if self.note else _("the console applies it by itself")
            raise RulesError(_("{label} is not picked by hand: {why}").format(label=quoted(label), why=why))
        if self.modifier is not None:
            if chosen is not None and chosen != self.modifier:
                raise RulesError(_("{label} is always {fixed:+d}, not {chosen:+d}").format(
                    label=quoted(label), fixed=self.modifier, chosen=chosen))
            return self.modifier
        if self.low is not None:
            if chosen is None:
                raise RulesError(
                    _("{label} ranges {range}: say how much (e.g. {key}={low})").format(
                        label=quoted(label), range=self.range_text(), key=self.full_key, low=self.low)
                )
            assert self.high is not None  # a range has both ends (the table's min and max)
            if not self.low <= chosen <= self.high:
                raise RulesError(_("{label} ranges {range}, so {chosen:+d} is out of range").format(
                    label=quoted(label), range=self.range_text(), chosen=chosen))
            return chosen
        if chosen is None or chosen < 0:
            raise RulesError(_("{label} is +1 per {unit}: give a count of 0 or more").format(
                label=quoted(label), unit=pick(self.per)))
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
        raise RulesError(_("modifier {key!r} is in several tables: write one of {names}").format(key=key, names=names))
    error = RulesError(_("unknown TN modifier {key!r}; the TN modifiers are: {names}").format(
        key=key, names=modifier_names()))
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
        raise RulesError(_("cannot read modifier {text!r}: write it as table.key or table.key=N").format(text=text))
    key, amount = match.groups()
    return key, (int(amount) if amount is not None else None)


@dataclass(frozen=True)
class TnLine:
    """One line of a TN's explanation: what it is and how much it adds (the first line is the base)."""

    label: str
    amount: int

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "amount": self.amount}


@dataclass(frozen=True)
class TargetNumber:
    """A target number and the lines that built it, so the GM can see why it is what it is."""

    value: int
    lines: tuple[TnLine, ...]

    def explain(self) -> list[str]:
        """The TN line by line: the base, each modifier signed, and the total."""
        out = [_("{label}: {amount}").format(label=self.lines[0].label, amount=self.lines[0].amount)]
        out += [_("{label}: {amount:+d}").format(label=line.label, amount=line.amount) for line in self.lines[1:]]
        out.append(_("TN = {value}").format(value=self.value))
        return out

    def plus(self, label: str, amount: int) -> TargetNumber:
        """This TN with one more line (used by assisted and group checks)."""
        return TargetNumber(self.value + amount, self.lines + (TnLine(label, amount),))

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "lines": [line.as_dict() for line in self.lines]}


def given_target_number(value: int) -> TargetNumber:
    """A TN the GM states outright (used as given)."""
    if isinstance(value, bool) or not isinstance(value, int) or not -100 <= value <= 100:
        raise RulesError(_("a target number must be a whole number from -100 to 100, not {value!r}").format(
            value=value))
    return TargetNumber(value, (TnLine(_("target number (as given)"), value),))


def build_target_number(
    difficulty_key: str | None = None,
    modifiers: Sequence[str | tuple[str, int | None]] = (),
    wounds: int = 0,
    strain: int = 0,
    untrained: bool = False,
    assisted: bool = False,
    adjustments: Sequence[int] = (),
    lang: str | None = None,
) -> TargetNumber:
    """Build a TN: the difficulty's base, each picked table modifier, Wound/Strain +1 each,
    untrained +4 (unless ``assisted``), and any free GM ``adjustments``.

    ``modifiers`` holds keys (``"social.hostile"``) or ``(key, amount)`` pairs for the entries
    whose seed value is a range (``("other.cramped", 3)``) or per unit (``("other.threat-level", 2)``).
    """
    level = difficulty(difficulty_key or default_difficulty())
    lang = lang or language()
    tn = TargetNumber(level.tn, (TnLine(_("{name} difficulty").format(name=_text(level.name, lang)), level.tn),))
    for item in modifiers:
        key, chosen = (item, None) if isinstance(item, str) else item
        entry = find_modifier(key)
        amount = entry.value(chosen)
        label = _text(entry.name, lang)
        if entry.group:
            label = _("{group}: {name}").format(group=_text(entry.group, lang), name=label)
        tn = tn.plus(label, amount)
    for what, count in ((_("Wound"), wounds), (_("Strain"), strain)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RulesError(_("{what} must be a count of 0 or more, not {count!r}").format(what=what, count=count))
        if count:
            tn = tn.plus(_("{what} x{count} (+1 each)").format(what=what, count=count), count)
    if untrained and not assisted:
        tn = tn.plus(_("Untrained"), UNTRAINED_TN)
    for amount in adjustments:
        tn = tn.plus(_("GM modifier"), int(amount))
    return tn
