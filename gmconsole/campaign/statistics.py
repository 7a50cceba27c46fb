"""Luck and statistics from a campaign's history: what the dice did against what the odds said (issue 15).

Each recorded roll is read by its system's stats module (``system.stats_module``): the exact expectation
of its successes for the pool as rolled, the successes it showed and its chance of any success. A push
is one more step: its expectation given the dice it kept. What the GM sees as ``expected_successes``
is the sum of what the odds said at each step, so observed minus expected is the sum of each step's
surprise, and the luck score divides it by the steps' standard deviations added in quadrature.

Figures are kept per campaign, session, scene and character, with the console's dice and the dice the
GM typed by hand (``by_hand``) apart as well as together. Dice fairness looks at typed dice only (the
console's generator is not on trial): the face counts of each kind and size, and a chi-square test.
Undone entries are left out.

What is counted: checks from the sheet and the GM's quick rolls (``roll`` entries, the GM's under
``GM``), pushes, panic rolls (by table row), and the rolls inside special rolls that have an
expectation, as the system's ``special_rolls`` says: a Year Zero opposed roll's defender, each
participant of an exploding group check, an assisted check's leader. Left out of the expectations,
their typed faces still counted for fairness: an exploding opposed test (no TN, the tops are compared),
an assisted check's helpers (they spend pool points), a tiered saving throw and attack (the entry does
not record the strict-over setting or the pool). Not read: a tiered contested roll (only its totals are
recorded), initiative draws (an order, not a success), and what follows a roll (consequences, repairs).

Fast on long histories: each step adds one to a count per pool shape (the system's cached
:class:`~gmconsole.rules.fairness.Expected`), and the exact sums are made once per group at the end.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from importlib import import_module

from gmconsole.rules.fairness import Expected, fairness_verdict, luck

__all__ = ["Tally", "campaign_statistics", "statistics"]

class Tally:
    """What one group of rolls (and one source of dice) did: counts, and how often each expectation came up.

    ``firsts`` counts each first roll's expectation (a cached :class:`Expected` object); ``pushes_by``
    each push's ``(expectation given the kept dice, kept successes)``. The exact sums are made by
    :meth:`figures`, once, over the :class:`_Scale` of every expectation met."""

    __slots__ = ("bands", "costs", "first_successes", "firsts", "observed", "pushes", "pushes_by",
                 "rolls", "stress_gained", "turned")

    def __init__(self) -> None:
        self.rolls = 0
        self.observed = 0
        self.first_successes = 0
        self.firsts: Counter = Counter()
        self.pushes_by: Counter = Counter()
        self.pushes = 0
        self.turned = 0
        self.stress_gained = 0
        self.costs: Counter = Counter()
        self.bands: Counter = Counter()

    def add(self, other: Tally) -> None:
        """Add ``other``'s figures to these."""
        self.rolls += other.rolls
        self.observed += other.observed
        self.first_successes += other.first_successes
        self.firsts.update(other.firsts)
        self.pushes_by.update(other.pushes_by)
        self.pushes += other.pushes
        self.turned += other.turned
        self.stress_gained += other.stress_gained
        self.costs.update(other.costs)
        self.bands.update(other.bands)

    def expected(self, scale: _Scale) -> Expected:
        """The exact expectation of every step counted, as one sum: each first roll's, and what each push
        was expected to add to the successes it kept."""
        mean = variance = 0
        for key, n in self.firsts.items():
            m, v, _c = scale.numerators[key]
            mean += n * m
            variance += n * v
        for key, n in self.pushes_by.items():
            m, v, _c = scale.numerators[key]
            mean += n * m
            variance += n * v
        return Expected(Fraction(mean, scale.mean), Fraction(variance, scale.variance))

    def figures(self, scale: _Scale, *, detail: bool = True) -> dict:
        """The figures as the CLI's ``--json`` prints them."""
        expected = self.expected(scale)
        score = luck(self.observed, expected)
        odds = Fraction(sum(n * scale.numerators[key][2] for key, n in self.firsts.items()), scale.chance)
        out = {
            "rolls": self.rolls,
            "observed_successes": self.observed,
            "expected_successes": float(expected.mean),
            "expected_exact": str(expected.mean),
            "luck": None if score is None else round(score, 3),
            "success_rate": self.first_successes / self.rolls if self.rolls else None,
            "expected_success_rate": float(odds / self.rolls) if self.rolls else None,
        }
        if detail:
            out["pushes"] = {"count": self.pushes, "turned_failure_into_success": self.turned,
                             "stress_gained": self.stress_gained, "costs": dict(sorted(self.costs.items()))}
            out["bands"] = dict(sorted(self.bands.items(), key=lambda item: scale.band_key(item[0])))
        return out


def _number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


class _Scale:
    """Every expectation the history met, over common denominators: adding whole numbers per group is
    exact and far cheaper than adding fractions (a history has a few dozen pool shapes, hundreds of groups).

    ``numerators`` maps a first roll's expectation to ``(mean, variance, chance)`` and a push's
    ``(expectation, kept)`` to ``(mean added, variance, 0)``, over ``mean``, ``variance`` and ``chance``."""

    def __init__(self, chances: dict[Expected, Fraction], pushes: set[tuple[Expected, int]],
                 band_order: tuple[str, ...] = ()) -> None:
        self.band_order = band_order
        steps = {key: (key.mean, key.variance, chances[key]) for key in chances}
        steps.update({key: (key[0].mean - key[1], key[0].variance, Fraction(0)) for key in pushes})
        self.mean = math.lcm(1, *(m.denominator for m, _v, _c in steps.values()))
        self.variance = math.lcm(1, *(v.denominator for _m, v, _c in steps.values()))
        self.chance = math.lcm(1, *(c.denominator for _m, _v, c in steps.values()))
        self.numerators = {key: (m.numerator * (self.mean // m.denominator),
                                 v.numerator * (self.variance // v.denominator),
                                 c.numerator * (self.chance // c.denominator)) for key, (m, v, c) in steps.items()}

    def band_key(self, band: str) -> tuple:
        """Bands in the system's order (tiers best first, ``BAND_ORDER`` of its stats module), margins
        by number (``-1`` before ``+2`` before ``+10``), anything else after them by name."""
        if band in self.band_order:
            return (0, self.band_order.index(band), "")
        number = _number(band)
        return (1, 0, band) if number is None else (0, number, "")


def _figures(tallies: dict[bool, Tally], scale: _Scale) -> dict:
    """One group's figures: both sources together, then the console's and the typed dice apart."""
    both = Tally()
    both.add(tallies[False])
    both.add(tallies[True])
    out = both.figures(scale)
    out["console"] = tallies[False].figures(scale, detail=False)
    out["typed"] = tallies[True].figures(scale, detail=False)
    return out


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _cell_key(entry: dict, typed: bool) -> tuple[int, int, str, bool]:
    """The cell an entry counts in: its session, scene and character (``GM`` for nobody's), typed or not."""
    session, scene, who = entry.get("session"), entry.get("scene"), entry.get("character")
    return (session if type(session) is int else 0, scene if type(scene) is int else 0,
            who if type(who) is str and who else "GM", typed)


class _Reader:
    """Reads entries one by one into cells (session, scene, character, typed or not), which
    :meth:`grouped` adds up per campaign, session, scene and character at the end.

    A first roll's expectation and successes are only appended to its cell's two lists; the counts are
    made from those lists once, at the end, in C (``Counter``, ``sum``, ``list.count``)."""

    def __init__(self, system, *, own_rolls_only: bool = False) -> None:
        self.stats = import_module(system.stats_module)
        self.own_rolls_only = own_rolls_only
        """With a character filter: a special roll counts only its own character's roll, not the others'
        inside it (the figures are that character's)."""
        self.first_roll = self.stats.first_roll
        self.band = self.stats.band
        self.reads: dict[tuple[int, int, str, bool], tuple[list[Expected], list[int]]] = {}
        """Each cell's first rolls: their expectations (cached objects) and the successes they showed,
        two lists of objects that exist anyway, so a long history leaves nothing new for the collector."""
        self.chance: dict[Expected, Fraction] = {}
        self.bands: dict[tuple[int, int, str, bool], Counter] = {}
        self.cells: dict[tuple[int, int, str, bool], Tally] = {}
        self.order: dict[tuple[int, int, str, bool], None] = {}
        """Every cell in the order the history first met it (the order of ``by_scene``)."""
        self.faces: dict[tuple[str, int], Counter] = {}
        self.panics: Counter = Counter()
        self.stress: dict[int, list[int]] = {}
        self.unread = 0

    def cell(self, entry: dict, typed: bool) -> Tally:
        """The push tally of the entry's session, scene and character, for typed dice or the console's."""
        key = _cell_key(entry, typed)
        tally = self.cells.get(key)
        if tally is None:
            tally = self.cells[key] = Tally()
            self.order[key] = None
        return tally

    def roll(self, entry: dict) -> None:
        read = self.first_roll(entry)
        if read is None:
            self.unread += 1
            return
        steps = entry.get("by_hand_steps")
        typed = bool(steps[0]) if type(steps) is list and steps else bool(entry.get("by_hand"))
        self.count(_cell_key(entry, typed), read, entry)
        if typed:
            self.count_faces(self.stats.rolled_faces(entry.get("first_dice") or entry.get("dice")))
        if "opposed" in entry:  # a Year Zero opposed roll: the defender rolled too (R-OPP-1)
            self.special(entry)

    def count(self, key: tuple[int, int, str, bool], read: tuple, roll: dict, *, stress: bool = True) -> None:
        """Count one roll ``read`` by the system's ``first_roll`` in the cell ``key``."""
        expected, observed, chance, stresses = read
        if expected not in self.chance:
            self.chance[expected] = chance
        reads = self.reads.get(key)
        if reads is None:
            reads = self.reads[key] = ([], [])
            self.order[key] = None
        reads[0].append(expected)
        reads[1].append(observed)
        band = self.band(roll)
        if band is not None:
            bands = self.bands.get(key)
            if bands is None:
                bands = self.bands[key] = Counter()
            bands[band] += 1
        if stress and stresses is not None:
            per_session = self.stress.get(key[0])
            if per_session is None:
                per_session = self.stress[key[0]] = []
            per_session.append(stresses)

    def special(self, entry: dict) -> None:
        """The rolls inside a special roll (a group check's participants, an opposed roll's defender...),
        as the system's ``special_rolls`` gives them: each with an expectation counted as a roll of its
        own roller, and the faces of each typed by hand counted for dice fairness. Their stress dice are
        not added to the session's (those are the checks' own)."""
        for who, roll in self.stats.special_rolls(entry):
            if self.own_rolls_only and who != entry.get("character"):
                continue
            typed = bool(roll.get("by_hand"))
            if roll.get("expected", True):
                read = self.first_roll(roll)
                if read is None:
                    self.unread += 1
                else:
                    self.count(_cell_key({**entry, "character": who}, typed), read, roll, stress=False)
            if typed:
                self.count_faces(self.stats.rolled_faces(roll.get("dice")))

    def tallies(self) -> dict[tuple[int, int, str, bool], Tally]:
        """Every cell's tally: its first rolls counted from their reads, its pushes as :meth:`push` left them."""
        out = {key: self.cells.get(key) or Tally() for key in self.order}
        for key, (expectations, observed) in self.reads.items():
            tally = out[key]
            tally.rolls += len(observed)
            tally.observed += sum(observed)
            tally.first_successes += len(observed) - observed.count(0)
            tally.firsts.update(Counter(expectations))
            tally.bands.update(self.bands.get(key, ()))
        return out

    def push(self, entry: dict) -> None:
        read = self.stats.push(entry)
        if read is None:
            self.unread += 1
            return
        expected, observed, kept = read
        typed = bool(entry.get("by_hand"))
        tally = self.cell(entry, typed)
        tally.observed += observed - kept
        tally.pushes_by[(expected, kept)] += 1
        tally.pushes += 1
        tally.turned += kept == 0 and observed > 0
        tally.stress_gained += _int(entry.get("stress_gained")) or 0
        costs = entry.get("costs")
        for cost in costs if isinstance(costs, list) else []:
            if isinstance(cost, dict) and isinstance(cost.get("name"), str):
                tally.costs[cost["name"]] += _int(cost.get("amount")) or 0
        if typed:
            self.count_faces(self.stats.rolled_faces(entry.get("push_dice"), push_step=True))

    def grouped(self) -> dict:
        """The cells added up: ``{"campaign": ..., "session": {n: ...}, "scene": {"n.m": ...},
        "character": {name: ...}}``, each ``{typed: Tally}``."""
        groups: dict = {"campaign": {}, "session": {}, "scene": {}, "character": {}}
        for (session, scene, who, typed), tally in self.tallies().items():
            for kind, key in (("campaign", None), ("session", session), ("scene", f"{session}.{scene}"),
                              ("character", who)):
                both = groups[kind].get(key)
                if both is None:
                    both = groups[kind][key] = {False: Tally(), True: Tally()}
                both[typed].add(tally)
        if not groups["campaign"]:
            groups["campaign"][None] = {False: Tally(), True: Tally()}
        return groups

    def handlers(self) -> dict:
        """What reads each kind of entry the statistics count (the others are passed over)."""
        special = dict.fromkeys(self.stats.SPECIAL_KINDS, self.special)
        return {**special, "roll": self.roll, "push": self.push, "panic": self.panic_entry, "costs": self.costs_entry}

    def panic_entry(self, entry: dict) -> None:
        self.panic(entry.get("panic"))

    def costs_entry(self, entry: dict) -> None:
        """A roll's costs applied: the panic rolls they brought (the defender's too, R-OPP-1)."""
        self.panic(entry.get("panic"))
        self.panic(entry.get("defender_panic"))

    def panic(self, panic) -> None:
        """Count each panic roll in ``panic`` (a panic entry's or a costs entry's) by the table row it hit."""
        rolls = panic.get("rolls") if isinstance(panic, dict) else None
        for row in rolls if isinstance(rolls, list) else []:
            effect = row.get("effect") if isinstance(row, dict) else None
            if isinstance(effect, str) and effect:
                self.panics[effect] += 1

    def count_faces(self, faces: list[tuple[str, int, int]]) -> None:
        for kind, sides, face in faces:
            counts = self.faces.get((kind, sides))
            if counts is None:
                counts = self.faces[(kind, sides)] = Counter()
            counts[face] += 1

    def fairness(self) -> list[dict]:
        out = []
        for (kind, sides), counts in sorted(self.faces.items()):
            row = {"kind": kind, "sides": sides, "faces": [counts.get(f, 0) for f in range(1, sides + 1)]}
            row.update(fairness_verdict(row["faces"]))
            out.append(row)
        return out

def campaign_statistics(entries: Iterable[dict], system, *, character: str | None = None) -> dict:
    """The statistics of ``entries`` (stored history entries, oldest first) of a campaign of ``system``.

    ``character`` keeps only the entries of that character (an id or a name, as recorded) and, inside a
    special roll, only that character's roll (a defender's roll of an opposed roll made by someone else
    is left out: the entry is the other character's). The result
    has ``rolls``, ``observed_successes``, ``expected_successes`` (and ``expected_exact``), ``luck``,
    ``success_rate`` against ``expected_success_rate`` (of the first roll), ``pushes``, ``bands``
    (tiers or margins), ``console`` and ``typed`` apart, then ``by_session``, ``by_scene``
    (``"session.scene"``), ``by_character``, ``panics`` (how often each panic table row came up, by
    its effect), ``stress`` (the stress dice of each roll, per session, where the system has stress),
    ``dice_fairness`` and ``unread`` (rolls whose entry could not be read)."""
    reader = _Reader(system, own_rolls_only=character is not None)
    handlers = reader.handlers()
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        kind = entry.get("kind")
        handle = handlers.get(kind) if type(kind) is str else None
        if handle is None or entry.get("status", "done") != "done":
            continue
        if character is not None and character not in (entry.get("character_id"), entry.get("character")):
            continue
        handle(entry)
    groups = reader.grouped()
    scale = _Scale(reader.chance, {key for tally in reader.cells.values() for key in tally.pushes_by},
                   getattr(reader.stats, "BAND_ORDER", ()))
    out = _figures(groups["campaign"][None], scale)
    out["by_session"] = {str(k): _figures(g, scale) for k, g in sorted(groups["session"].items())}
    out["by_scene"] = {k: _figures(g, scale) for k, g in groups["scene"].items()}
    out["by_character"] = {k: _figures(g, scale) for k, g in sorted(groups["character"].items())}
    out["band_name"] = getattr(reader.stats, "BAND_NAME", "result")
    out["panics"] = dict(sorted(reader.panics.items(), key=lambda item: (-item[1], item[0])))
    if system.has_stress:
        out["stress"] = {str(k): v for k, v in sorted(reader.stress.items())}
    out["dice_fairness"] = reader.fairness()
    out["unread"] = reader.unread
    return out


def statistics(service, session: int | None = None, character: str | None = None, *,
               entries: list[dict] | None = None) -> dict:
    """The statistics of the campaign ``service`` holds: every session, or ``session`` alone; every
    character, or the one ``character`` names (on the roster, or named by its history after leaving it).
    A session the campaign does not have, or a name nobody answers to, is a ValidationError.
    ``entries``: that history, already read by the caller (the recap), so it is not read twice."""
    from gmconsole import systems
    from gmconsole.campaign.character_lookup import not_found
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.i18n import _
    from gmconsole.safe_text import shown

    campaign = service.campaign
    if session is not None and campaign.session(session) is None:
        have = ", ".join(str(s.number) for s in campaign.sessions)
        raise ValidationError(_("{campaign} has no session {number} (it has {have})").format(
            campaign=shown(campaign.name), number=session, have=have))
    if entries is None:
        entries = service.entries(session)
    who = None
    if character is not None:
        found = campaign.find_character(character)
        if found is not None:
            who = found.id
        else:
            wanted = character.strip().casefold()
            who = next((e["character"] for e in entries if isinstance(e.get("character"), str)
                        and e["character"].casefold() == wanted), None)
            if who is None:
                raise ValidationError(not_found(campaign, character))
    out = campaign_statistics(entries, systems.get(campaign.system), character=who)
    out["campaign"] = campaign.name
    out["session"] = session
    out["character"] = character if who is None else (found.name if found is not None else who)
    return out
