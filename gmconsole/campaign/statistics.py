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

Fast on long histories: each step adds one to a count per pool shape (the system's cached
:class:`~gmconsole.rules.fairness.Expected`), and the exact sums are made once per group at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from importlib import import_module

from gmconsole.rules.fairness import Expected, fairness_verdict, luck

__all__ = ["Tally", "campaign_statistics", "statistics"]

SOURCES = ("console", "typed")


class Tally:
    """What one group of rolls (and one source of dice) did: counts, and how often each expectation came up."""

    __slots__ = ("bands", "chance", "costs", "first_successes", "observed", "pushes", "rolls", "shapes",
                 "stress_gained", "turned")

    def __init__(self) -> None:
        self.rolls = 0
        self.observed = 0
        self.first_successes = 0
        self.shapes: Counter = Counter()
        self.chance: Counter = Counter()
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
        self.shapes.update(other.shapes)
        self.chance.update(other.chance)
        self.pushes += other.pushes
        self.turned += other.turned
        self.stress_gained += other.stress_gained
        self.costs.update(other.costs)
        self.bands.update(other.bands)

    def expected(self) -> Expected:
        """The exact expectation of every step counted, as one sum."""
        mean, variance = Fraction(0), Fraction(0)
        for shape, n in self.shapes.items():
            mean += n * shape.mean
            variance += n * shape.variance
        return Expected(mean, variance)

    def figures(self, *, detail: bool = True) -> dict:
        """The figures as the CLI's ``--json`` prints them."""
        expected = self.expected()
        score = luck(self.observed, expected)
        odds = sum((n * p for p, n in self.chance.items()), Fraction(0))
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
            out["bands"] = dict(sorted(self.bands.items()))
        return out


class _Group:
    """One group's tallies, one per source of dice."""

    __slots__ = ("console", "typed")

    def __init__(self) -> None:
        self.console = Tally()
        self.typed = Tally()

    def figures(self) -> dict:
        both = Tally()
        both.add(self.console)
        both.add(self.typed)
        out = both.figures()
        out["console"] = self.console.figures(detail=False)
        out["typed"] = self.typed.figures(detail=False)
        return out


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _first_typed(roll: dict) -> bool:
    """Whether the first roll's faces were typed by hand (``by_hand_steps[0]``, else ``by_hand``)."""
    steps = roll.get("by_hand_steps")
    if isinstance(steps, list) and steps:
        return bool(steps[0])
    return bool(roll.get("by_hand"))


class _Reader:
    """Reads entries one by one into the groups they belong to."""

    def __init__(self, system) -> None:
        self.stats = import_module(system.stats_module)
        self.has_stress = system.has_stress
        self.campaign = _Group()
        self.sessions: dict[int, _Group] = {}
        self.scenes: dict[str, _Group] = {}
        self.characters: dict[str, _Group] = {}
        self.faces: dict[tuple[str, int], Counter] = {}
        self.panics: Counter = Counter()
        self.stress: dict[int, list[int]] = {}
        self.unread = 0

    def groups(self, entry: dict) -> list[_Group]:
        session, scene = _int(entry.get("session")) or 0, _int(entry.get("scene")) or 0
        who = entry.get("character")
        who = who if isinstance(who, str) and who else "GM"
        scene_key = f"{session}.{scene}"
        return [self.campaign,
                self.sessions.get(session) or self.sessions.setdefault(session, _Group()),
                self.scenes.get(scene_key) or self.scenes.setdefault(scene_key, _Group()),
                self.characters.get(who) or self.characters.setdefault(who, _Group())]

    def roll(self, entry: dict) -> None:
        read = self.stats.first_roll(entry)
        if read is None:
            self.unread += 1
            return
        expected, observed, chance = read
        typed = _first_typed(entry)
        band = self.stats.band(entry)
        for group in self.groups(entry):
            tally = group.typed if typed else group.console
            tally.rolls += 1
            tally.observed += observed
            tally.first_successes += observed > 0
            tally.shapes[expected] += 1
            tally.chance[chance] += 1
            if band is not None:
                tally.bands[band] += 1
        if typed:
            dice = entry.get("first_dice") or entry.get("dice")
            self.count_faces(self.stats.rolled_faces(dice))
        if self.has_stress:
            pool = entry.get("pool")
            dice = pool.get("dice") if isinstance(pool, dict) else None
            stress = sum(1 for d in dice if isinstance(d, dict) and d.get("kind") == "stress") \
                if isinstance(dice, list) else 0
            self.stress.setdefault(_int(entry.get("session")) or 0, []).append(stress)

    def push(self, entry: dict) -> None:
        read = self.stats.push(entry)
        if read is None:
            self.unread += 1
            return
        expected, observed, kept = read
        typed = bool(entry.get("by_hand"))
        # The step's own expectation: what the rerolled dice were expected to add to the kept successes.
        step = Expected(expected.mean - kept, expected.variance)
        costs = entry.get("costs") if isinstance(entry.get("costs"), list) else []
        for group in self.groups(entry):
            tally = group.typed if typed else group.console
            tally.observed += observed - kept
            tally.shapes[step] += 1
            tally.pushes += 1
            tally.turned += kept == 0 and observed > 0
            tally.stress_gained += _int(entry.get("stress_gained")) or 0
            for cost in costs:
                if isinstance(cost, dict) and isinstance(cost.get("name"), str):
                    tally.costs[cost["name"]] += _int(cost.get("amount")) or 0
        if typed:
            self.count_faces(self.stats.rolled_faces(entry.get("push_dice"), push_step=True))

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

    ``character`` keeps only the entries of that character (an id or a name, as recorded). The result
    has ``rolls``, ``observed_successes``, ``expected_successes`` (and ``expected_exact``), ``luck``,
    ``success_rate`` against ``expected_success_rate`` (of the first roll), ``pushes``, ``bands``
    (tiers or margins), ``console`` and ``typed`` apart, then ``by_session``, ``by_scene``
    (``"session.scene"``), ``by_character``, ``panics`` (how often each panic table row came up, by
    its effect), ``stress`` (the stress dice of each roll, per session, where the system has stress),
    ``dice_fairness`` and ``unread`` (rolls whose entry could not be read)."""
    reader = _Reader(system)
    for entry in entries:
        if not isinstance(entry, dict) or entry.get("status", "done") != "done":
            continue
        if character is not None and character not in (entry.get("character_id"), entry.get("character")):
            continue
        kind = entry.get("kind")
        if kind == "roll":
            reader.roll(entry)
        elif kind == "push":
            reader.push(entry)
        elif kind == "panic":
            reader.panic(entry.get("panic"))
        elif kind == "costs":
            reader.panic(entry.get("panic"))
            reader.panic(entry.get("defender_panic"))
    out = reader.campaign.figures()
    out["by_session"] = {str(k): g.figures() for k, g in sorted(reader.sessions.items())}
    out["by_scene"] = {k: g.figures() for k, g in reader.scenes.items()}
    out["by_character"] = {k: g.figures() for k, g in sorted(reader.characters.items())}
    out["panics"] = dict(sorted(reader.panics.items(), key=lambda item: (-item[1], item[0])))
    if system.has_stress:
        out["stress"] = {str(k): v for k, v in sorted(reader.stress.items())}
    out["dice_fairness"] = reader.fairness()
    out["unread"] = reader.unread
    return out


def statistics(service, session: int | None = None, character: str | None = None) -> dict:
    """The statistics of the campaign ``service`` holds: every session, or ``session`` alone; every
    character, or the one ``character`` names (on the roster, or named by its history after leaving it).
    A session the campaign does not have, or a name nobody answers to, is a ValidationError."""
    from gmconsole import systems
    from gmconsole.campaign.character_lookup import not_found
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.safe_text import shown

    campaign = service.campaign
    if session is not None and campaign.session(session) is None:
        have = ", ".join(str(s.number) for s in campaign.sessions)
        raise ValidationError(f"{shown(campaign.name)} has no session {session} (it has {have})")
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
