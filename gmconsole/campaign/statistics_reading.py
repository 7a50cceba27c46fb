"""The statistics' reading of history entries: what each entry adds, kept apart by who made it, before
anything is added up (:class:`Partial`).

:mod:`gmconsole.campaign.statistics` turns partials into figures. A partial is made once per history
chunk and kept in the chunk's summary (:mod:`gmconsole.campaign.history_summary`), so ``gmconsole stats``,
the recap and the statistics screen add up a few hundred small partials instead of reading every entry.
A partial therefore cannot know the filter it will be read with: every count is kept under a key
``(session, scene, who, typed, character_id, character, own)``, where the first four are the cell the
figures group by (:func:`cell_key`), ``character_id`` and ``character`` the entry's own (the character
filter compares them), and ``own`` whether the roll is the entry's character's own (a special roll holds
other characters' rolls: a filtered count leaves them out). Undone entries are left out here already.

A partial read back from a summary file is untrusted: :func:`from_json` checks every field's type and
range before anything is believed (``ValueError`` otherwise), so a damaged summary is rebuilt from its
chunk, never counted. Its reasons are ``verbatim``: nobody reads them (the summary is made again).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from gmconsole.i18n import verbatim
from gmconsole.rules.fairness import Expected

__all__ = ["Partial", "cell_key", "from_json", "read_entries"]

Key = tuple[int, int, str, bool, "str | None", "str | None", bool]


def _text_or_none(value) -> str | None:
    return value if type(value) is str else None


def cell_key(entry: dict, typed: bool, who=None, own: bool = True) -> Key:
    """The key an entry's count goes under: its session, scene and character (``GM`` for nobody's), typed
    or not, then the entry's character id and name and whether the roll is that character's own."""
    session, scene = entry.get("session"), entry.get("scene")
    name = entry.get("character") if who is None else who
    return (session if type(session) is int else 0, scene if type(scene) is int else 0,
            name if type(name) is str and name else "GM", typed,
            _text_or_none(entry.get("character_id")), _text_or_none(entry.get("character")), own)


class PushTally:
    """What the pushes of one key did (:class:`~gmconsole.campaign.statistics.Tally`'s push half)."""

    __slots__ = ("costs", "observed", "pushes", "pushes_by", "stress_gained", "turned")

    def __init__(self) -> None:
        self.observed = 0
        self.pushes_by: Counter = Counter()
        self.pushes = 0
        self.turned = 0
        self.stress_gained = 0
        self.costs: Counter = Counter()


class Partial:
    """Everything the statistics count in a run of entries, by :func:`cell_key` (see the module docstring).

    ``reads``: each key's first rolls, their expectations (cached :class:`Expected` objects) and the
    successes they showed, as two lists (counted in C when added up); ``chance``: each expectation's
    chance of any success; ``pushes``: each key's :class:`PushTally`; ``order``: the keys counted, in the
    order the history met them (the order of ``by_scene``); ``stress``: each roll's stress dice in order,
    with its key; ``faces``, ``panics``, ``bands``, ``unread``: counts by key."""

    def __init__(self) -> None:
        self.reads: dict[Key, tuple[list[Expected], list[int]]] = {}
        self.chance: dict[Expected, Fraction] = {}
        self.bands: dict[Key, Counter] = {}
        self.pushes: dict[Key, PushTally] = {}
        self.order: dict[Key, None] = {}
        self.stress: list[tuple[Key, int]] = []
        self.faces: dict[Key, dict[tuple[str, int], Counter]] = {}
        self.panics: dict[Key, Counter] = {}
        self.unread: Counter = Counter()
        self.counted: dict[Key, tuple[int, int, int, Counter]] = {}
        """First rolls read back from a summary, already counted (as :meth:`first_counts` gives them)."""

    def first_counts(self):
        """``(key, rolls, successes, rolls with a success, Counter of expectations)`` of each key's first
        rolls: those read here, counted in C from their lists, and those read back from a summary."""
        for key, (expectations, observed) in self.reads.items():
            yield key, (len(observed), sum(observed), len(observed) - observed.count(0), Counter(expectations))
        yield from self.counted.items()

    def to_json(self) -> dict:
        """The partial as JSON data (what a chunk's summary keeps): keys and expectations listed once,
        counts referring to them by position."""
        keys: dict[Key, int] = {}
        exps: dict[int, int] = {}
        exp_list: list[list] = []

        def k(key: Key) -> int:
            at = keys.get(key)
            if at is None:
                at = keys[key] = len(keys)
            return at

        def e(expected: Expected) -> int:
            at = exps.get(id(expected))
            if at is None:
                at = exps[id(expected)] = len(exp_list)
                chance = self.chance.get(expected)
                exp_list.append([_fraction_text(expected.mean), _fraction_text(expected.variance),
                                 None if chance is None else _fraction_text(chance)])
            return at

        firsts = [[k(key), rolls, observed, nonzero, [[e(expected), n] for expected, n in counts.items()]]
                  for key, (rolls, observed, nonzero, counts) in self.first_counts()]
        pushes = [[k(key), t.observed, t.pushes, t.turned, t.stress_gained,
                   [[e(expected), kept, n] for (expected, kept), n in t.pushes_by.items()],
                   [[name, amount] for name, amount in t.costs.items()]] for key, t in self.pushes.items()]
        out = {
            "order": [k(key) for key in self.order],
            "firsts": firsts,
            "pushes": pushes,
            "bands": [[k(key), band, n] for key, counts in self.bands.items() for band, n in counts.items()],
            "stress": [[k(key) for key, _n in self.stress], [n for _key, n in self.stress]],
            "faces": [[k(key), kind, sides, [list(item) for item in sorted(counts.items())]]
                      for key, by_die in self.faces.items() for (kind, sides), counts in by_die.items()],
            "panics": [[k(key), effect, n] for key, counts in self.panics.items() for effect, n in counts.items()],
            "unread": [[k(key), n] for key, n in self.unread.items()],
        }
        out["keys"] = [list(key) for key in keys]
        out["exps"] = exp_list
        return out


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


class _EntryReader:
    """Reads entries one by one into a :class:`Partial` (its family's ``stats`` reads each roll)."""

    def __init__(self, system) -> None:
        from gmconsole import systems

        self.stats = systems.family_of(system.id).stats
        self.first_roll = self.stats.first_roll
        self.band = self.stats.band
        self.partial = Partial()
        special = dict.fromkeys(self.stats.SPECIAL_KINDS, self.special)
        self.handlers = {**special, "roll": self.roll, "push": self.push, "panic": self.panic_entry,
                         "costs": self.costs_entry}

    def roll(self, entry: dict) -> None:
        read = self.first_roll(entry)
        if read is None:
            self.partial.unread[cell_key(entry, False)] += 1
            return
        steps = entry.get("by_hand_steps")
        typed = bool(steps[0]) if type(steps) is list and steps else bool(entry.get("by_hand"))
        key = cell_key(entry, typed)
        self.count(key, read, entry)
        if typed:
            self.count_faces(key, self.stats.rolled_faces(entry.get("first_dice") or entry.get("dice")))
        if "opposed" in entry:  # a Year Zero opposed roll: the defender rolled too (R-OPP-1)
            self.special(entry)

    def count(self, key: Key, read: tuple, roll: dict, *, stress: bool = True) -> None:
        """Count one roll ``read`` by the system's ``first_roll`` under ``key``."""
        partial = self.partial
        expected, observed, chance, stresses = read
        if expected not in partial.chance:
            partial.chance[expected] = chance
        reads = partial.reads.get(key)
        if reads is None:
            reads = partial.reads[key] = ([], [])
            partial.order[key] = None
        reads[0].append(expected)
        reads[1].append(observed)
        band = self.band(roll)
        if band is not None:
            bands = partial.bands.get(key)
            if bands is None:
                bands = partial.bands[key] = Counter()
            bands[band] += 1
        if stress and stresses is not None:
            partial.stress.append((key, stresses))

    def special(self, entry: dict) -> None:
        """The rolls inside a special roll, as the system's ``special_rolls`` gives them: each with an
        expectation counted as a roll of its own roller, the faces of each typed by hand counted for dice
        fairness. ``own`` marks the entry's own character's roll (a filtered count keeps only those)."""
        for who, roll in self.stats.special_rolls(entry):
            typed = bool(roll.get("by_hand"))
            key = cell_key(entry, typed, who=who if type(who) is str and who else "GM",
                           own=who == entry.get("character"))
            if roll.get("expected", True):
                read = self.first_roll(roll)
                if read is None:
                    self.partial.unread[key] += 1
                else:
                    self.count(key, read, roll, stress=False)
            if typed:
                self.count_faces(key, self.stats.rolled_faces(roll.get("dice")))

    def push(self, entry: dict) -> None:
        read = self.stats.push(entry)
        if read is None:
            self.partial.unread[cell_key(entry, False)] += 1
            return
        expected, observed, kept = read
        typed = bool(entry.get("by_hand"))
        key = cell_key(entry, typed)
        tally = self.partial.pushes.get(key)
        if tally is None:
            tally = self.partial.pushes[key] = PushTally()
            self.partial.order[key] = None
        tally.observed += observed - kept
        tally.pushes_by[(expected, kept)] += 1
        tally.pushes += 1
        tally.turned += kept == 0 and observed > 0
        gained = entry.get("stress_gained")
        tally.stress_gained += gained if type(gained) is int else 0
        costs = entry.get("costs")
        for cost in costs if isinstance(costs, list) else []:
            if isinstance(cost, dict) and isinstance(cost.get("name"), str):
                amount = cost.get("amount")
                tally.costs[cost["name"]] += amount if type(amount) is int else 0
        if typed:
            self.count_faces(key, self.stats.rolled_faces(entry.get("push_dice"), push_step=True))

    def panic_entry(self, entry: dict) -> None:
        self.panic(entry, entry.get("panic"))

    def costs_entry(self, entry: dict) -> None:
        """A roll's costs applied: the panic rolls they brought (the defender's too, R-OPP-1)."""
        self.panic(entry, entry.get("panic"))
        self.panic(entry, entry.get("defender_panic"))

    def panic(self, entry: dict, panic) -> None:
        """Count each panic roll in ``panic`` (a panic entry's or a costs entry's) by the table row it hit."""
        rolls = panic.get("rolls") if isinstance(panic, dict) else None
        for row in rolls if isinstance(rolls, list) else []:
            effect = row.get("effect") if isinstance(row, dict) else None
            if isinstance(effect, str) and effect:
                key = cell_key(entry, False)
                counts = self.partial.panics.get(key)
                if counts is None:
                    counts = self.partial.panics[key] = Counter()
                counts[effect] += 1

    def count_faces(self, key: Key, faces: list[tuple[str, int, int]]) -> None:
        by_die = self.partial.faces.get(key)
        if by_die is None:
            by_die = self.partial.faces[key] = {}
        for kind, sides, face in faces:
            counts = by_die.get((kind, sides))
            if counts is None:
                counts = by_die[(kind, sides)] = Counter()
            counts[face] += 1


def read_entries(entries: Iterable[dict], system) -> Partial:
    """The :class:`Partial` of ``entries`` (stored history entries, oldest first) of a campaign of ``system``;
    undone and failed entries, and kinds the statistics do not read, are passed over."""
    reader = _EntryReader(system)
    handlers = reader.handlers
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        kind = entry.get("kind")
        handle = handlers.get(kind) if type(kind) is str else None
        if handle is None or entry.get("status", "done") != "done":
            continue
        handle(entry)
    return reader.partial


# -- reading a partial back (from a summary file: untrusted) ------------------------------------------

_FRACTION = re.compile(r"-?[0-9]{1,400}/[0-9]{1,400}")
_BIG = 10**9
"""The largest count a partial may hold (a chunk holds a few hundred entries)."""


def _int(value, low: int = 0, high: int = _BIG) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(verbatim(f"not a whole number from {low} to {high}"))
    return value


def _text(value) -> str:
    """``value`` when it is text (a name a partial must hold), else a ValueError."""
    if type(value) is not str:
        raise ValueError(verbatim("not text"))
    return value


def _str(value, *, none: bool = False) -> str | None:
    if value is None and none:
        return None
    if type(value) is not str:
        raise ValueError(verbatim("not text"))
    return value


def _list(value, length: int | None = None) -> list:
    if type(value) is not list or (length is not None and len(value) != length):
        raise ValueError(verbatim(f"not a list of {length}" if length else "not a list"))
    return value


def _fraction(text) -> Fraction:
    if type(text) is not str or not _FRACTION.fullmatch(text):
        raise ValueError(verbatim("not an exact fraction"))
    value = Fraction(text)
    return value


def from_json(data, interned: dict) -> Partial:
    """The :class:`Partial` a summary kept (:meth:`Partial.to_json`), every field checked: ``ValueError``
    names the first that is wrong. ``interned`` maps ``(mean, variance, chance)`` to one :class:`Expected`
    shared by every partial read in the same count, so equal expectations add up under one key (and the
    same three texts to what they were read as: each is parsed once per count)."""
    if type(data) is not dict:
        raise ValueError(verbatim("not an object"))
    keys: list[Key] = []
    for raw in _list(data.get("keys")):
        session, scene, who, typed, cid, name, own = _list(raw, 7)
        if type(typed) is not bool or type(own) is not bool:
            raise ValueError(verbatim("a key's flags are not true or false"))
        keys.append((_int(session), _int(scene), _text(who), typed, _str(cid, none=True), _str(name, none=True), own))
    exps: list[tuple[Expected, Fraction | None]] = []
    for raw in _list(data.get("exps")):
        texts = tuple(_list(raw, 3))
        known = interned.get(texts)
        if known is None:
            mean, variance, chance = texts
            exact = (_fraction(mean), _fraction(variance), None if chance is None else _fraction(chance))
            expected = interned.get(exact)
            if expected is None:
                expected = interned[exact] = Expected(exact[0], exact[1])
            known = interned[texts] = (expected, exact[2])
        exps.append(known)

    def key(at) -> Key:
        return keys[_int(at, 0, len(keys) - 1)]

    def exp(at) -> tuple[Expected, Fraction | None]:
        return exps[_int(at, 0, len(exps) - 1)]

    partial = Partial()
    for at in _list(data.get("order")):
        partial.order[key(at)] = None
    for raw in _list(data.get("firsts")):
        at, rolls, observed, nonzero, by = _list(raw, 5)
        if key(at) in partial.counted:
            raise ValueError(verbatim("a key's first rolls are listed twice"))
        rolls, observed, nonzero = _int(rolls, 1), _int(observed), _int(nonzero)
        if nonzero > rolls or (observed and not nonzero) or nonzero > observed:
            raise ValueError(verbatim("the first rolls' successes do not add up"))
        counts: Counter = Counter()
        for item in _list(by):
            which, n = _list(item, 2)
            expected, chance = exp(which)
            if chance is None:
                raise ValueError(verbatim("a first roll's expectation has no chance"))
            partial.chance.setdefault(expected, chance)
            counts[expected] += _int(n, 1)
        if sum(counts.values()) != rolls:
            raise ValueError(verbatim("the first rolls' expectations do not add up to the rolls"))
        partial.counted[key(at)] = (rolls, observed, nonzero, counts)
    for raw in _list(data.get("pushes")):
        at, observed, pushes, turned, gained, by, costs = _list(raw, 7)
        tally = partial.pushes.setdefault(key(at), PushTally())
        tally.observed += _int(observed, -_BIG)
        tally.pushes += _int(pushes)
        tally.turned += _int(turned)
        tally.stress_gained += _int(gained, -_BIG)
        for item in _list(by):
            which, kept, n = _list(item, 3)
            tally.pushes_by[(exp(which)[0], _int(kept))] += _int(n, 1)
        for item in _list(costs):
            name, amount = _list(item, 2)
            tally.costs[_str(name)] += _int(amount, -_BIG)
    for raw in _list(data.get("bands")):
        at, band, n = _list(raw, 3)
        partial.bands.setdefault(key(at), Counter())[_str(band)] += _int(n, 1)
    at, counts = _list(data.get("stress"), 2)
    if len(_list(at)) != len(_list(counts)):
        raise ValueError(verbatim("the stress dice and their keys do not pair up"))
    if at and (set(map(type, at)) != {int} or min(at) < 0 or max(at) >= len(keys)):
        raise ValueError(verbatim("a stress count's key is not listed"))
    if counts and (set(map(type, counts)) != {int} or min(counts) < 0 or max(counts) > _BIG):
        raise ValueError(verbatim("a stress count is not a whole number"))
    partial.stress = list(zip(map(keys.__getitem__, at), counts))  # one per roll: read in C
    for raw in _list(data.get("faces")):
        at, kind, sides, counts = _list(raw, 4)
        _int(sides, 1, 1000)
        by_die = partial.faces.setdefault(key(at), {}).setdefault((_text(kind), sides), Counter())
        for item in _list(counts):
            face, n = _list(item, 2)
            by_die[_int(face, 1, sides)] += _int(n, 1)
    for raw in _list(data.get("panics")):
        at, effect, n = _list(raw, 3)
        partial.panics.setdefault(key(at), Counter())[_str(effect)] += _int(n, 1)
    for raw in _list(data.get("unread")):
        at, n = _list(raw, 2)
        partial.unread[key(at)] += _int(n, 1)
    if not set(partial.counted) | set(partial.pushes) | set(partial.bands) <= set(partial.order):
        raise ValueError(verbatim("a key counted is not in the order met"))
    return partial
