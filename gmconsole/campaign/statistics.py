"""Luck and statistics from a campaign's history: what the dice did against what the odds said.

Each recorded roll is read by its family's ``stats`` part: the exact expectation
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

from gmconsole.campaign.statistics_reading import Partial, read_entries
from gmconsole.rules.fairness import Expected, fairness_verdict, luck

__all__ = ["Tally", "campaign_statistics", "figures_of", "statistics"]

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
        steps: dict[Expected | tuple[Expected, int], tuple[Fraction, Fraction, Fraction]] = {
            key: (key.mean, key.variance, chances[key]) for key in chances}
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


def _merge(partials: Iterable[Partial], character: str | None) -> tuple:
    """The partials added up, keeping only ``character``'s counts when one is named (the entries whose
    character id or name it is, and in a special roll only that character's own roll): each cell's
    :class:`Tally` in the order the history met them, every expectation's chance, the stress dice per
    session, the typed dice's faces, the panics and the rolls left unread."""

    def kept(key) -> bool:
        return character is None or (character in (key[4], key[5]) and key[6])

    cells: dict[tuple, Tally] = {}
    chance: dict[Expected, Fraction] = {}
    stress: dict[int, list[int]] = {}
    faces: dict[tuple[str, int], Counter] = {}
    panics: Counter = Counter()
    unread = 0
    for partial in partials:
        for key in partial.order:
            if kept(key) and key[:4] not in cells:
                cells[key[:4]] = Tally()
        for key, (rolls, observed, nonzero, counts) in partial.first_counts():
            if kept(key):
                tally = cells[key[:4]]
                tally.rolls += rolls
                tally.observed += observed
                tally.first_successes += nonzero
                tally.firsts.update(counts)
        for expected, odds in partial.chance.items():
            chance.setdefault(expected, odds)
        for key, counts in partial.bands.items():
            if kept(key):
                cells[key[:4]].bands.update(counts)
        for key, pushed in partial.pushes.items():
            if kept(key):
                tally = cells[key[:4]]
                tally.observed += pushed.observed
                tally.pushes_by.update(pushed.pushes_by)
                tally.pushes += pushed.pushes
                tally.turned += pushed.turned
                tally.stress_gained += pushed.stress_gained
                tally.costs.update(pushed.costs)
        for key, n in partial.stress:
            if kept(key):
                stress.setdefault(key[0], []).append(n)
        for key, by_die in partial.faces.items():
            if kept(key):
                for die, counts in by_die.items():
                    faces.setdefault(die, Counter()).update(counts)
        for key, counts in partial.panics.items():
            if kept(key):
                panics.update(counts)
        unread += sum(n for key, n in partial.unread.items() if kept(key))
    return cells, chance, stress, faces, panics, unread


def _grouped(cells: dict[tuple, Tally]) -> dict:
    """The cells added up: ``{"campaign": ..., "session": {n: ...}, "scene": {"n.m": ...},
    "character": {name: ...}}``, each ``{typed: Tally}``."""
    groups: dict = {"campaign": {}, "session": {}, "scene": {}, "character": {}}
    for (session, scene, who, typed), tally in cells.items():
        for kind, key in (("campaign", None), ("session", session), ("scene", f"{session}.{scene}"),
                          ("character", who)):
            both = groups[kind].get(key)
            if both is None:
                both = groups[kind][key] = {False: Tally(), True: Tally()}
            both[typed].add(tally)
    if not groups["campaign"]:
        groups["campaign"][None] = {False: Tally(), True: Tally()}
    return groups


def _fairness(faces: dict[tuple[str, int], Counter]) -> list[dict]:
    out = []
    for (kind, sides), counts in sorted(faces.items()):
        faces_seen = [counts.get(f, 0) for f in range(1, sides + 1)]
        row = {"kind": kind, "sides": sides, "faces": faces_seen}
        row.update(fairness_verdict(faces_seen))
        out.append(row)
    return out


def figures_of(partials: Iterable[Partial], system, *, character: str | None = None) -> dict:
    """The statistics of a history read into ``partials`` (:mod:`~gmconsole.campaign.statistics_reading`,
    oldest first) of a campaign of ``system``: :func:`campaign_statistics`' figures, from partials a chunk's
    summary kept as well as from entries read now."""
    cells, chance, stress, faces, panics, unread = _merge(partials, character)
    from gmconsole import systems

    stats = systems.family_of(system.id).stats
    groups = _grouped(cells)
    scale = _Scale(chance, {key for tally in cells.values() for key in tally.pushes_by},
                   getattr(stats, "BAND_ORDER", ()))
    out = _figures(groups["campaign"][None], scale)
    out["by_session"] = {str(k): _figures(g, scale) for k, g in sorted(groups["session"].items())}
    out["by_scene"] = {k: _figures(g, scale) for k, g in groups["scene"].items()}
    out["by_character"] = {k: _figures(g, scale) for k, g in sorted(groups["character"].items())}
    out["band_name"] = getattr(stats, "BAND_NAME", "result")
    out["panics"] = dict(sorted(panics.items(), key=lambda item: (-item[1], item[0])))
    if system.has_stress:
        out["stress"] = {str(k): v for k, v in sorted(stress.items())}
    out["dice_fairness"] = _fairness(faces)
    out["unread"] = unread
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
    return figures_of([read_entries(entries, system)], system, character=character)


def statistics(ledger, session: int | None = None, character: str | None = None, *,
               entries: list[dict] | None = None) -> dict:
    """The statistics of the campaign ``ledger`` holds: every session, or ``session`` alone; every
    character, or the one ``character`` names (on the roster, or named by its history after leaving it).
    A session the campaign does not have, or a name nobody answers to, is a ValidationError.

    Read from the chunks' summaries (:mod:`~gmconsole.campaign.history_summary`: each chunk's partial,
    made again from a chunk that changed), not from every entry; ``entries``: a history already read by
    the caller, counted instead."""
    from gmconsole import systems
    from gmconsole.campaign.character_lookup import not_found
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.i18n import _
    from gmconsole.safe_text import shown

    campaign = ledger.campaign
    system = systems.get(campaign.system)
    if session is not None and campaign.session(session) is None:
        have = ", ".join(str(s.number) for s in campaign.sessions)
        raise ValidationError(_("{campaign} has no session {number} (it has {have})").format(
            campaign=shown(campaign.name), number=session, have=have))
    found = campaign.find_character(character) if character is not None else None
    if entries is not None:
        partials, named = [read_entries(entries, system)], entries
    else:
        from gmconsole.campaign.history_summary import summaries

        partials = [chunk.partial for chunk in summaries(ledger, session) if chunk.partial is not None]
        named = []
        if character is not None and found is None:  # a name only the history knows: the rows say
            named = [row for chunk in summaries(ledger, session, rows=True) for row in chunk.rows or ()]
    who = None
    if character is not None:
        if found is not None:
            who = found.id
        else:
            wanted = character.strip().casefold()
            who = next((e["character"] for e in named if isinstance(e.get("character"), str)
                        and e["character"].casefold() == wanted), None)
            if who is None:
                raise ValidationError(not_found(campaign, character))
    out = figures_of(partials, system, character=who)
    out["campaign"] = campaign.name
    out["session"] = session
    out["character"] = character if who is None else (found.name if found is not None else who)
    return out
