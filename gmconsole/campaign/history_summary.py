"""What the readers of a long history need from each chunk of it, kept beside the chunk (its summary).

``gmconsole stats`` used to parse every entry of the campaign (50,000 entries: 155 MB of JSON, seconds)
to add up a few numbers per roll; the recap parsed a whole session and the history screen every chunk
for a handful of fields per entry. Each chunk now has a summary (kept fresh by the store,
:mod:`gmconsole.store.chunk_summaries`: made again from the chunk whenever the chunk changes, never
believed when stale or damaged) holding:

- ``stats``: the statistics' reading of the chunk (:mod:`gmconsole.campaign.statistics_reading`), added
  up with the other chunks' by :func:`gmconsole.campaign.statistics.figures_of`;
- ``rows``: each entry's :data:`ROW_FIELDS` (what the history table shows and filters on, what the session
  list counts) and the groups of its dice (``dice_groups``, :func:`gmconsole.campaign.history.dice_groups`: what
  :func:`~gmconsole.campaign.history.dice_text` writes, before it names the kinds in the console's language);
- ``recap``: each entry's :data:`RECAP_FIELDS`, what the session's recap reads of it
  (:mod:`gmconsole.campaign.recap_lines`): a row's fields, the panics a costs or panic entry carries and, for
  a push, only what its undo record says the roll's summary was before it (``first_summary``); the dice as
  groups, as a row keeps them. Data only, no words: the recap writes them when it is read, in the reader's
  language, from the same records as it would from the whole entries (:func:`recap_records`).

Each part is its own file beside the chunk, so ``gmconsole stats`` reads a few KiB per chunk, and the recap
of a 2,000-entry session tens of KiB per chunk instead of its megabyte of dice, odds and undo records.

Summaries are untrusted input like every campaign file: :func:`rows_of` and
:func:`~gmconsole.campaign.statistics_reading.from_json` check what they read, and the store makes a
summary they refuse again from its chunk (the reasons of a refusal are ``verbatim``: nobody reads them).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from gmconsole.campaign.entries import Entry, from_dict
from gmconsole.campaign.history import dice_groups, shown_dice, shown_groups
from gmconsole.campaign.history_index import SHOWN_FIELDS
from gmconsole.campaign.statistics_reading import Partial, from_json, read_entries
from gmconsole.i18n import verbatim
from gmconsole.store.bounds import MAX_DEPTH
from gmconsole.user_files import deeper_than

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["RECAP_FIELDS", "ROW_FIELDS", "ChunkSummary", "build", "chunk_rows", "form", "recap_records",
           "recaps_of", "rows_of", "summaries"]

ROW_FIELDS = SHOWN_FIELDS | {"scene", "costs", "values"}
"""The fields of an entry its summary row keeps: the history table's (``SHOWN_FIELDS``) and the recap's (the
scene, a roll's costs, a sheet change's values); an ``outcome`` only when it is text (a result's words)."""

_TEXT, _INT, _BOOL, _LIST = (str,), (int,), (bool,), (list,)
_ROW_TYPES: dict[str, tuple] = {
    "id": _INT, "session": _INT, "at": _TEXT, "kind": _TEXT, "character": (str, type(None)),
    "character_id": (str, type(None)), "skill": (str, type(None)), "summary": _TEXT, "status": _TEXT,
    "costs_status": _TEXT, "roll_id": _INT, "successes": _INT, "pushes": _INT, "by_hand": _BOOL,
    "by_hand_steps": _LIST, "tier": _TEXT, "damage": _INT, "winner_name": _TEXT, "top": _INT,
    "margin": (int, type(None)), "outcome": _TEXT, "total": _INT, "score": _INT, "costs": (list, type(None)),
    "values": _LIST, "scene": (int, type(None)), "dice_groups": _LIST, "system": _TEXT,
}
"""What each field of a row may hold (the entry shape's types, :mod:`gmconsole.store.shape`); a row
holding anything else makes the summary damaged."""


def _row(entry: dict) -> dict:
    row = {key: value for key, value in entry.items() if key in ROW_FIELDS}
    if not isinstance(row.get("outcome", ""), str):
        del row["outcome"]
    groups = dice_groups(shown_dice(entry))
    if groups:
        row["dice_groups"] = groups
    return row


RECAP_FIELDS = frozenset((
    "id", "kind", "scene", "character", "skill", "summary", "status", "costs", "costs_status", "roll_id",
    "successes", "pushes", "by_hand", "by_hand_steps", "tier", "damage", "winner_name", "top", "margin", "outcome",
    "total", "score", "values", "system",
))
"""The fields of an entry its recap record keeps as they are: what a recap line says (:func:`~gmconsole.campaign.
history.result_text` included), where it goes (the kind, a sheet change's ``values``) and how a roll, its pushes
and its costs are tied (``roll_id``, the costs and their state, which steps were typed); an ``outcome`` only
when it is text; a roll's ``system``, which says whose family's fields its tier or top die are. Besides these,
a record keeps a costs or panic entry's panics (``panic``, ``defender_panic``: objects only), a push's ``undo``
cut to what it says of the entries it changed (:func:`_undo_said`) and the dice's groups (``dice_groups``)."""

_RECAP_TYPES: dict[str, tuple] = {
    **{key: allowed for key, allowed in _ROW_TYPES.items() if key in RECAP_FIELDS},
    "panic": (dict,), "defender_panic": (dict,), "undo": (dict,), "dice_groups": _LIST,
    "values": (list, dict, str, int, float, bool, type(None)),
}
"""What each field of a recap record may hold (the entry shape's types, as for a row; a sheet change's
``values``, which the entry shape leaves alone, anything JSON holds: the recap only asks whether it has any)."""


def _undo_said(undo) -> dict:
    """What a push's undo record says the recap reads: for each entry it changed, in order, its id and the
    summary it had before, when that was text (:func:`gmconsole.campaign.recap_lines.roll_lines`: what the
    pushed roll said before its first push)."""
    said = []
    for change in (undo.get("entries") or ()) if isinstance(undo, dict) else ():
        if isinstance(change, dict):
            before = change.get("before")
            summary = before.get("summary") if isinstance(before, dict) else None
            said.append({"id": change.get("id"), "before": {"summary": summary} if isinstance(summary, str) else {}})
    return {"entries": said}


def _recap_record(entry: dict) -> dict:
    """What the recap reads of ``entry`` (see :data:`RECAP_FIELDS`): read back as a record, it gives the recap
    the lines the whole entry gives."""
    record = {key: value for key, value in entry.items() if key in RECAP_FIELDS}
    if not isinstance(record.get("outcome", ""), str):
        del record["outcome"]
    for key in ("panic", "defender_panic"):
        if isinstance(entry.get(key), dict):
            record[key] = entry[key]
    if entry.get("kind") == "push" and "undo" in entry:
        record["undo"] = _undo_said(entry["undo"])
    groups = shown_groups(entry)
    if groups:
        record["dice_groups"] = groups
    return record


@cache
def form(system_id: str) -> str:
    """The name of the summary format for a campaign of the system ``system_id``: it changes with the code that makes a
    summary (this module, the statistics' reading, the family's ``stats`` part), so a summary made by
    another version of gmconsole is made again rather than read (``history``: the dice groups a row keeps)."""
    digest = hashlib.blake2b(digest_size=8)
    from gmconsole import systems

    modules = [sys.modules.get(name) or __import__(name, fromlist=["_"])
               for name in (__name__, "gmconsole.campaign.statistics_reading", "gmconsole.campaign.history_index",
                            "gmconsole.campaign.history")]
    for module in [*modules, systems.family_of(system_id).stats]:
        try:
            with open(getattr(module, "__file__", None) or "", "rb") as source:
                digest.update(source.read())
        except (OSError, TypeError, AttributeError):
            from gmconsole import __version__

            digest.update(__version__.encode())
    return f"history-1/{system_id}/{digest.hexdigest()}"


def build(entries: list[dict], system) -> dict:
    """A chunk's summary from its entries (oldest first): its parts, ``stats``, ``rows`` and ``recap``."""
    return {"stats": read_entries(entries, system).to_json(), "rows": [_row(e) for e in entries],
            "recap": [_recap_record(e) for e in entries]}


def _check_dice_groups(kept: dict, refusal: str) -> None:
    """A row's or a recap record's dice: ``[kind, faces]`` pairs of text (``ValueError`` with ``refusal`` else)."""
    for group in kept.get("dice_groups", ()):
        if type(group) is not list or len(group) != 2 or type(group[0]) is not str or type(group[1]) is not str:
            raise ValueError(refusal)


def rows_of(rows) -> list[dict]:
    """The rows a summary keeps, checked (``ValueError`` for anything a row may not hold)."""
    if type(rows) is not list or deeper_than(rows, MAX_DEPTH):
        raise ValueError(verbatim("rows of the wrong shape"))
    types = _ROW_TYPES
    for row in rows:
        if type(row) is not dict or type(row.get("id")) is not int or type(row.get("kind")) is not str:
            raise ValueError(verbatim("a row without an id or a kind"))
        for key, value in row.items():
            allowed = types.get(key)
            if allowed is not None and type(value) not in allowed:
                raise ValueError(verbatim(f"a row's {key} is of the wrong type"))
        _check_dice_groups(row, verbatim("a row's dice are of the wrong shape"))
    return rows


def recaps_of(records) -> list[Entry]:
    """The recap records a summary keeps, checked (``ValueError`` for anything a record may not hold), each read
    into its kind's record (:func:`~gmconsole.campaign.entries.from_dict`), as the whole entry would be."""
    if type(records) is not list or deeper_than(records, MAX_DEPTH):
        raise ValueError(verbatim("recap records of the wrong shape"))
    types = _RECAP_TYPES
    for record in records:
        if type(record) is not dict or type(record.get("id")) is not int or type(record.get("kind")) is not str:
            raise ValueError(verbatim("a recap record without an id or a kind"))
        for key, value in record.items():
            allowed = types.get(key)
            if allowed is None or type(value) not in allowed:
                raise ValueError(verbatim(f"a recap record's {key} is not what a record holds"))
        _check_dice_groups(record, verbatim("a recap record's dice are of the wrong shape"))
        for cost in record.get("costs") or ():
            if type(cost) is not dict:
                raise ValueError(verbatim("a recap record's cost is not an object"))
        changes = record["undo"].get("entries") if "undo" in record else []
        if type(changes) is not list or not all(type(c) is dict and type(c.get("id")) is int
                                                 and type(c.get("before")) is dict for c in changes):
            raise ValueError(verbatim("a recap record's undo is of the wrong shape"))
    return [from_dict(record) for record in records]


@dataclass(frozen=True)
class ChunkSummary:
    """One chunk's summary as read: where it is, and its rows or its partial (the part asked for)."""

    session: int
    first: int
    rows: list[dict] | None
    partial: Partial | None


class _Reading:
    """What reading a campaign's summaries needs: its system, the formats' names, how to make a summary
    and the expectations already read (shared by every partial of one count)."""

    def __init__(self, ledger: Ledger) -> None:
        from gmconsole import systems

        self.ledger = ledger
        self.system = systems.get(ledger.campaign.system)
        name = form(self.system.id)
        self.forms = {"stats": f"{name}/stats", "rows": f"{name}/rows", "recap": f"{name}/recap"}
        self.interned: dict = {}

    def made(self, entries: list[dict]) -> dict:
        return build(entries, self.system)

    def partial(self, data) -> Partial:
        return from_json(data, self.interned)

    def read(self, session: int, first: int, rows: bool):
        part, check = ("rows", rows_of) if rows else ("stats", self.partial)
        return self.ledger.chunk_summary(session, first, part, self.forms, self.made, check)

    def recap(self, session: int, first: int) -> list[Entry] | None:
        return self.ledger.chunk_summary(session, first, "recap", self.forms, self.made, recaps_of)


def chunk_rows(ledger: Ledger, session: int, first: int) -> list[dict]:
    """The rows of one chunk's summary (empty when the chunk is gone): what the history screen reads of
    each chunk, in a worker thread for a long history (like
    :meth:`~gmconsole.campaign.facades.history.History.chunk_entries`)."""
    return _Reading(ledger).read(session, first, rows=True) or []


def summaries(ledger: Ledger, session: int | None = None, *, rows: bool = False,
              newest_first: bool = False) -> Iterator[ChunkSummary]:
    """The summary of every chunk of ``session`` (every session when ``None``), oldest first (or newest
    first): its rows when ``rows``, else its statistics' partial. Each is read from beside its chunk, or
    made from the chunk (and kept) when it is missing, stale or damaged. Raises the chunk's
    :class:`~gmconsole.store.errors.CorruptFile` for a damaged chunk whose summary had to be made again."""
    reading = _Reading(ledger)
    chunks = sorted(ledger.chunk_signatures())
    if session is not None:
        chunks = [key for key in chunks if key[0] == session]
    for number, first in reversed(chunks) if newest_first else chunks:
        read = reading.read(number, first, rows)
        if read is not None:
            yield ChunkSummary(number, first, read if rows else None, None if rows else read)


def recap_records(ledger: Ledger, session: int) -> list[Entry]:
    """Every entry of ``session``, oldest first, as its recap record (:data:`RECAP_FIELDS`), read from the
    summaries beside its chunks (or made from a chunk, and kept, when its summary is missing, stale or
    damaged): what :func:`gmconsole.campaign.recaps.recap` reads instead of every whole entry. Undone and
    failed entries are included, as :meth:`~gmconsole.campaign.facades.history.History.entries` includes
    them. The records are shared with the open campaign's memory of its summaries: a reader does not
    change them."""
    reading = _Reading(ledger)
    records: list[Entry] = []
    for number, first in sorted(key for key in ledger.chunk_signatures() if key[0] == session):
        records += reading.recap(number, first) or ()
    return records
