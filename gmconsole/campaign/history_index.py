"""The history held in memory for the history screen's filters.

The screen used to ask ``service.history.filtered`` again at every key typed in a filter, which
parsed every chunk of the history on the console's one thread (about 180 ms at 50,000 small entries;
seconds with real ones, which carry their undo records).
Now the history is parsed once into a :class:`HistoryIndex`; a filter is a pass over it in memory.

- What is kept per entry is what the table shows (:data:`SHOWN_FIELDS`) and what the filters compare,
  worked out once (:class:`Row`): session, id, kind, skill, character id, the character's name
  case-folded, and whether it is done; and, per filter, the rows of each value. A query is the same
  test :func:`gmconsole.campaign.history.query` makes, in the same order (newest first by session,
  then id), so the screen shows the same rows as before; ``tests/campaign/test_history_index.py``
  holds the two side by side.
- Entries are kept by chunk file, with the signature the store gives each chunk (it changes
  whenever the file does). :func:`plan` compares signatures without reading a chunk, and
  :meth:`Plan.read` reads only the new or changed chunks, reusing the rest: after a roll, one
  chunk. A plan can be read in a worker thread: it touches no index in use, and builds a new one.
  What it reads of a chunk is its summary's rows (:mod:`gmconsole.campaign.history_summary`), not
  its entries: a few KiB per chunk, made again from a chunk that changed. A long read hands over
  its first page (the newest chunks) before it has read the rest.
- A damaged chunk is kept as its error. A query meets it exactly where reading the history did:
  the first damaged chunk of the sessions asked for (all of them, or the one in the session
  filter), so the screen names the same file and offers the same backup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from gmconsole.store.errors import CorruptFile, StoreError

__all__ = ["FIRST_PAGE", "SHOWN_FIELDS", "Chunks", "HistoryIndex", "Plan", "Row", "plan"]


class Row(NamedTuple):
    """One entry and what the filters compare, worked out once."""

    session: int
    id: int
    kind: object
    skill: object
    character_id: object
    character: str  # the name case-folded, as the character filter compares it
    done: bool
    entry: dict  # its :data:`SHOWN_FIELDS`


@dataclass(frozen=True)
class _Chunk:
    signature: tuple
    rows: tuple[Row, ...] = ()
    error: StoreError | None = None


SHOWN_FIELDS = frozenset((
    "id", "session", "at", "kind", "character", "character_id", "skill", "summary", "status", "costs_status",
    "roll_id", "successes", "pushes", "by_hand", "by_hand_steps", "tier", "damage", "winner_name", "top",
    "margin", "outcome", "total", "score", "system", "source",
))
"""The fields of an entry the history table shows (:func:`gmconsole.campaign.history.result_text`
included) and its keys act on; only these are kept, not the undo record, the pool, the dice and the
odds, which make up nine tenths of an entry (at 50,000 entries: tens of MB, not hundreds). A column
or a row action that reads another field adds it here; the detail view reads the whole entry afresh. A roll's
``system`` says whose family's fields its tier or top die are (:attr:`gmconsole.campaign.entries.RollEntry.detail`)."""


def _row(entry: dict) -> Row:
    entry = {key: value for key, value in entry.items() if key in SHOWN_FIELDS}
    return Row(entry.get("session", 0), entry.get("id", 0), entry.get("kind"), entry.get("skill"),
               entry.get("character_id"), (entry.get("character") or "").casefold(),
               entry.get("status", "done") == "done", entry)


FIRST_PAGE = 500
"""Rows read before a long read shows its first page (:meth:`Plan.read`): the history screen's page."""


class HistoryIndex:
    """Every history entry the last read found, newest first, and the chunks that did not read.

    Never changed once built (a later read builds a new one), so a worker thread may build the next
    while the screen queries this one. ``partial``: only the newest chunks are read yet (the first page
    of a long read, :meth:`Plan.read`)."""

    def __init__(self, chunks: dict[tuple[int, int], _Chunk] | None = None, *, partial: bool = False) -> None:
        self.partial = partial
        self._chunks = dict(sorted((chunks or {}).items()))
        rows: list[Row] = []
        for chunk in self._chunks.values():  # sessions, then chunks, ascending: the store's order
            rows.extend(chunk.rows)
        rows.sort(key=lambda row: (row.session, row.id), reverse=True)  # stable, as the query's sort
        self.rows = rows
        self._sessions: dict[int, range] = {}
        self._kinds: dict[str, list[int]] = {}
        self._skills: dict[str, list[int]] = {}
        self._character_ids: dict[str, list[int]] = {}
        self._names: dict[str, list[int]] = {}
        self._done: list[int] = []
        for at, row in enumerate(rows):
            span = self._sessions.get(row.session)
            self._sessions[row.session] = range(span.start if span else at, at + 1)
            for found, value in ((self._kinds, row.kind), (self._skills, row.skill),
                                 (self._character_ids, row.character_id), (self._names, row.character)):
                if isinstance(value, str):  # a filter is text: nothing else can equal it
                    found.setdefault(value, []).append(at)
            if row.done:
                self._done.append(at)

    def __len__(self) -> int:
        return len(self.rows)

    def query(self, *, session: int | None = None, character: str | None = None, skill: str | None = None,
              kind: str | None = None, include_undone: bool = False,
              limit: int | None = None) -> tuple[list[dict], int]:
        """``(the first limit entries that match, how many match)``, newest first, as
        ``service.history.filtered`` would give them for the same filters, character and skill
        already resolved (``service.history.filter_ids``). Raises the error of the first
        chunk of the sessions asked for that did not read, as reading them would have.

        Each filter has its rows listed in advance (by kind, skill, character id, name, done); the
        shortest list of those asked for is walked and its rows tested against the other filters,
        so one filter costs nothing but the slice, and several cost the fewest rows."""
        for (number, _first), chunk in self._chunks.items():
            if chunk.error is not None and session in (None, number):
                raise chunk.error
        folded = character.casefold() if character is not None else None
        lists: list = []
        if session is not None:
            lists.append(self._sessions.get(session, range(0)))
        if kind is not None:
            lists.append(self._kinds.get(kind, ()))
        if skill is not None:
            lists.append(self._skills.get(skill, ()))
        if character is not None:
            by_id, by_name = self._character_ids.get(character, ()), self._names.get(folded or "", ())
            lists.append(sorted({*by_id, *by_name}) if by_id and by_name else by_id or by_name)
        if not include_undone:
            lists.append(self._done)
        matched: Sequence[int]
        if not lists:
            matched = range(len(self.rows))
        else:
            lists.sort(key=len)
            matched = lists[0]
            if len(lists) > 1:
                rows = self.rows
                matched = [at for at in matched
                           if (session is None or rows[at].session == session)
                           and (include_undone or rows[at].done)
                           and (kind is None or rows[at].kind == kind)
                           and (skill is None or rows[at].skill == skill)
                           and (character is None or rows[at].character_id == character
                                or rows[at].character == folded)]
        shown = matched if limit is None else matched[:limit]
        return [self.rows[at].entry for at in shown], len(matched)


class Chunks(Protocol):
    """What a read of the history asks of the campaign's history
    (:class:`~gmconsole.campaign.facades.history.History`, ``service.history``)."""

    def chunks(self) -> dict[tuple[int, int], tuple]: ...

    def chunk_rows(self, session: int, first: int) -> list[dict]: ...


class Plan(NamedTuple):
    """What a read of the history has to do: the chunks to parse, and the index to reuse the rest of."""

    signatures: dict[tuple[int, int], tuple]
    to_read: list[tuple[int, int]]
    previous: HistoryIndex | None

    def read(self, history: Chunks, between=None, first_page=None) -> HistoryIndex:
        """Read the rows of the chunks to read (each chunk's summary, through ``history.chunk_rows``:
        :mod:`~gmconsole.campaign.history_summary`) and build the new index.

        Safe in a worker thread: see the module docstring. A chunk that does not read is kept as its
        error (a damaged one until its file changes; any other is tried again at the next read).
        ``between()``, when given, is called after each chunk read (a worker thread sleeps there,
        handing the interpreter back to the console's thread: see ``HistoryScreen``). Chunks are read
        newest first; ``first_page(index)``, when given, is called once with the index of what is read
        so far as soon as it holds :data:`FIRST_PAGE` rows (or every chunk), so a screen shows the
        newest entries while the older ones are read."""
        old = self.previous._chunks if self.previous is not None else {}
        chunks: dict[tuple[int, int], _Chunk] = {}
        wanted = set(self.to_read)
        for key in self.signatures:
            if key not in wanted:
                chunks[key] = old[key]
        count = sum(len(chunk.rows) for chunk in chunks.values())
        for key in sorted(wanted, reverse=True):
            signature = self.signatures[key]
            try:
                chunks[key] = _Chunk(signature, tuple(_row(e) for e in history.chunk_rows(*key)))
            except CorruptFile as error:
                chunks[key] = _Chunk(signature, error=error)
            except StoreError as error:
                chunks[key] = _Chunk((), error=error)  # an empty signature never matches: read again
            count += len(chunks[key].rows)
            if first_page is not None and count >= FIRST_PAGE:
                first_page(HistoryIndex(chunks, partial=len(chunks) < len(self.signatures)))
                first_page = None
            if between is not None:
                between()
        return HistoryIndex(chunks)


def plan(history: Chunks, previous: HistoryIndex | None) -> Plan:
    """Which chunks changed since ``previous`` was read (all of them without one); reads no chunk."""
    signatures = history.chunks()
    old = previous._chunks if previous is not None else {}
    to_read = [key for key, signature in signatures.items() if key not in old or old[key].signature != signature]
    return Plan(signatures, to_read, previous)
