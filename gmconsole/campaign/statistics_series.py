"""The running sums behind the statistics screen's first plot: successes observed against
successes expected, roll after roll.

:mod:`gmconsole.campaign.statistics` gives the totals; a plot needs the way there. This reads the same
entries the same way — each roll by its family's ``stats`` part (the exact
expectation of the pool as rolled), a push as what the odds said it would add to the successes it kept
— and keeps the running sums after each roll (a push adds to its roll's point). Undone entries are left
out, and ``character`` keeps one character's entries, as the totals do, so the last point of the series
is the totals' ``observed_successes`` and ``expected_successes``. Pure reading: nothing is written.

:func:`figures_and_series` is the statistics screen's whole count (the figures and the series) from
entries already read; :func:`main` makes it in a child process for a long history
(``python -m gmconsole.campaign.statistics_series``), opening the campaign read-only there.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["success_series"]


def success_series(entries: Iterable[dict], system, *, character: str | None = None) -> tuple[list[int], list[float]]:
    """``(observed, expected)``: the successes observed and expected so far, after each roll of
    ``entries`` (stored history entries, oldest first), as two lists of the same length (one point per
    roll read; a push moves its roll's point)."""
    from gmconsole import systems

    stats = systems.family_of(system.id).stats
    observed: list[int] = []
    expected: list[float] = []
    seen, odds = 0, 0.0
    for entry in entries:
        if not isinstance(entry, dict) or entry.get("status", "done") != "done":
            continue
        if character is not None and character not in (entry.get("character_id"), entry.get("character")):
            continue
        kind = entry.get("kind")
        if kind == "roll":
            read = stats.first_roll(entry)
            if read is None:
                continue
            seen += read[1]
            odds += float(read[0].mean)
            observed.append(seen)
            expected.append(odds)
        elif kind == "push" and observed:
            pushed = stats.push(entry)
            if pushed is None:
                continue
            want, shown, kept = pushed
            seen += shown - kept
            odds += float(want.mean) - kept
            observed[-1], expected[-1] = seen, odds
    return observed, expected


class Snapshot:
    """What :func:`~gmconsole.campaign.statistics.statistics` reads of a service (``campaign`` and
    ``entries``), held still: a campaign and entries already read (oldest first)."""

    def __init__(self, campaign, entries: list[dict]) -> None:
        self.campaign = campaign
        self._entries = entries

    def entries(self, session: int | None = None) -> list[dict]:
        return self._entries if session is None else [e for e in self._entries if e.get("session") == session]


def figures_and_series(campaign, entries: list[dict], session: int | None,
                       character: str | None) -> tuple[dict, tuple[list[int], list[float]]]:
    """The statistics screen's whole count from entries already read: the figures, as ``gmconsole stats
    --json`` prints them for the same ``session`` and ``character``, and the running successes
    (:func:`success_series`) of the same entries."""
    from gmconsole import systems
    from gmconsole.campaign.statistics import statistics

    snapshot = Snapshot(campaign, entries)
    data = statistics(snapshot, session=session, character=character, entries=snapshot.entries(session))
    who = None
    if character is not None:
        found = campaign.find_character(character)
        who = found.id if found is not None else character
    return data, success_series(snapshot.entries(session), systems.get(campaign.system), character=who)


def main(argv: list[str] | None = None) -> int:
    """``python -m gmconsole.campaign.statistics_series FOLDER SESSION CHARACTER``: the statistics
    screen's count of a long history, made in a child process. Opens the campaign in ``FOLDER``
    read-only, counts (``SESSION``/``CHARACTER``: ``-`` for all) and prints ``{"figures": ...,
    "series": [observed, expected]}`` as JSON on stdout; a failure is one line on stderr and exit 1.
    Reading a long history parses JSON, which holds the interpreter chunk by chunk; in a child it never
    holds the console's."""
    import json
    import sys
    from pathlib import Path

    from gmconsole.campaign.service import CampaignService

    folder, session, character = argv if argv is not None else sys.argv[1:]
    number = None if session == "-" else int(session)
    who = None if character == "-" else character
    try:
        where = Path(folder)
        with CampaignService.open(where.parent, where.name, read_only=True) as service:
            figures, series = figures_and_series(service.campaign, service.history.entries(number), number, who)
    except Exception as exc:  # any failure is said on the screen, never a child's traceback
        print(str(exc) or type(exc).__name__, file=sys.stderr)
        return 1
    sys.stdout.write(json.dumps({"figures": figures, "series": series}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
