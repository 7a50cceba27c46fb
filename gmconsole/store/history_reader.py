"""Reading a campaign's history: the half of :class:`~gmconsole.store.campaign_store.CampaignStore`
that finds entries in the chunk files and never writes.

Only the chunks asked for are parsed; a chunk is found by bisecting the first ids its name gives.
Every entry read is checked against the store's shapes (:mod:`.shape`), so a damaged or wrong-shaped
chunk raises :class:`~gmconsole.store.errors.CorruptFile` naming it, and a symlink where a chunk
belongs raises :class:`~gmconsole.store.errors.UnsafeLink`.
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gmconsole.store.schema as schema
from gmconsole.i18n import _
from gmconsole.store.atomic import newest_backup
from gmconsole.store.errors import CorruptFile, EntryNotFound
from gmconsole.store.layout import backup_base, check_session, chunk_file, chunks_in, session_folder, sessions_in

if TYPE_CHECKING:
    from gmconsole.store.shape import Shapes


ChunkSignature = tuple[int, int, int, int]
"""A history chunk's signature (see :meth:`HistoryReader.chunk_signatures`): this store's writes to it, and
the file's inode, size and modification time (ns)."""


class HistoryReader:
    """Mixed into ``CampaignStore``: uses its ``path``, ``shapes``, ``_chunk_index`` and ``_usable``."""

    if TYPE_CHECKING:  # CampaignStore's, which this is mixed into
        path: Path
        shapes: Shapes | None
        _chunk_index: dict[int, list[int]]
        _chunk_writes: dict[Path, int]

        def _usable(self, *, write: bool) -> None: ...

    def sessions(self) -> list[int]:
        """Numbers of the sessions that have history, ascending."""
        self._usable(write=False)
        return sessions_in(self.path)

    def entries(self, session: int | None = None) -> list[dict[str, Any]]:
        """The history of ``session`` (all sessions when ``None``), oldest first.

        Each entry is the dict given to :meth:`append_entry` (with later :meth:`update_entry`
        changes) plus ``"id"`` and ``"session"``. Only the files of the sessions asked for are read.
        Raises :class:`CorruptFile` naming the first chunk that does not parse.
        """
        self._usable(write=False)
        sessions = sessions_in(self.path) if session is None else [check_session(session)]
        found: list[dict[str, Any]] = []
        for number in sessions:
            for first in chunks_in(session_folder(self.path, number)):
                found.extend(self._read_chunk(number, first))
        found.sort(key=lambda entry: entry["id"])
        return found

    def entry(self, session: int, entry_id: int) -> dict[str, Any]:
        """One entry of ``session`` by id, reading only the chunk that holds it.

        Undo, redo and the roll builder look entries up one at a time; reading the whole
        session for each would grow with the history. Raises :class:`EntryNotFound`.
        """
        self._usable(write=False)
        session = check_session(session)
        chunks = self._chunks(session)
        at = bisect.bisect_right(chunks, entry_id) - 1
        if at >= 0:
            for document in self._read_chunk(session, chunks[at]):
                if document["id"] == entry_id:
                    return document
        raise EntryNotFound(session, entry_id)

    def present(self, keys: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
        """Which of the ``(session, id)`` pairs ``keys`` are entries on disk, reading each chunk that
        could hold one of them once (the state's undo stack names up to a thousand entries)."""
        self._usable(write=False)
        wanted: dict[tuple[int, int], set[int]] = {}
        for session, entry_id in keys:
            chunks = self._chunks(check_session(session))
            at = bisect.bisect_right(chunks, entry_id) - 1
            if at >= 0:
                wanted.setdefault((session, chunks[at]), set()).add(entry_id)
        found: set[tuple[int, int]] = set()
        for (session, first), ids in wanted.items():
            found.update((session, e["id"]) for e in self._read_chunk(session, first) if e["id"] in ids)
        return found

    def chunk_files(self) -> list[tuple[int, int, Path | None]]:
        """Every history chunk, in place or set aside: ``(session, first id, set-aside file or None)``
        by first id (:func:`gmconsole.store.set_aside.chunk_files`); reads no chunk."""
        from gmconsole.store.set_aside import chunk_files

        self._usable(write=False)
        return chunk_files(self.path)

    def chunk_signatures(self) -> dict[tuple[int, int], ChunkSignature]:
        """Every history chunk in place, ``(session, first id)`` → a signature that changes whenever
        the file does: how often this store wrote it, and the file's inode, size and modification time.

        Lets a reader keep what it parsed and re-read only the chunks changed since (the history
        screen's index, :mod:`gmconsole.campaign.history_index`). Reads no chunk: it lists the
        folders and ``lstat``s each file. The write count is there because a rewrite in the same
        clock tick, of the same size, may get back the inode of the version before last.

        Safe in another thread beside this store's writes: it reads only folder listings and
        counters, and every chunk is replaced whole by a rename."""
        self._usable(write=False)
        found: dict[tuple[int, int], ChunkSignature] = {}
        for session in sessions_in(self.path):
            for first in chunks_in(session_folder(self.path, session)):
                path = chunk_file(self.path, session, first)
                try:
                    status = os.lstat(path)
                except FileNotFoundError:
                    continue  # set aside since the listing
                found[(session, first)] = (self._chunk_writes.get(path, 0), status.st_ino, status.st_size,
                                           status.st_mtime_ns)
        return found

    def chunk_entries(self, session: int, first: int) -> list[dict[str, Any]]:
        """The entries of the chunk of ``session`` whose first id is ``first``, oldest first (each
        with ``id`` and ``session``); empty when it is gone. Raises :class:`CorruptFile` naming it.
        Safe in another thread beside this store's writes, as :meth:`chunk_signatures`."""
        self._usable(write=False)
        return self._read_chunk(check_session(session), first)

    def entries_newest_first(self, session: int) -> Iterator[dict[str, Any]]:
        """The history of ``session``, newest first, read one chunk at a time as it is consumed.

        Lets a caller that only needs the tail of a session (the last roll, the current scene,
        what a crash left half-written) stop early instead of parsing the whole session.
        """
        self._usable(write=False)
        session = check_session(session)
        for first in reversed(chunks_in(session_folder(self.path, session))):
            yield from reversed(self._read_chunk(session, first))

    def _read_chunk(self, session: int, first: int) -> list[dict[str, Any]]:
        """The entries of one chunk file, oldest first, each with ``id`` and ``session``."""
        path = chunk_file(self.path, session, first)
        loaded = schema.read(path, "history", self._backup_base(path))
        if loaded is None:
            return []
        found = []
        for key, document in loaded[0]["entries"].items():
            where = _("entry {key}").format(key=key)
            try:  # each entry read back from its chunk file's form, then checked (as schema.read would)
                entry = self.shapes.unpack(document, where) if self.shapes else document
                if self.shapes:
                    self.shapes.entry(entry, where)
            except ValueError as error:  # ShapeError, UnreadableEntry
                raise CorruptFile(path, str(error), newest_backup(self._backup_base(path))) from None
            entry["id"] = int(key)
            entry["session"] = session
            found.append(entry)
        found.sort(key=lambda entry: entry["id"])
        return found

    def damaged_entry(self, session: int, entry_id: int, detail: str) -> CorruptFile:
        """The error for an entry found unusable after it was loaded (e.g. an undo record that does
        not rebuild a campaign): names the chunk holding it and offers that chunk's newest backup."""
        chunks = self._chunks(check_session(session))
        at = max(0, bisect.bisect_right(chunks, entry_id) - 1)
        path = chunk_file(self.path, session, chunks[at] if chunks else entry_id)
        return CorruptFile(path, f"entry {entry_id}: {detail}", newest_backup(self._backup_base(path)))

    def _backup_base(self, path: Path) -> Path:
        return backup_base(self.path, path)

    def _chunks(self, session: int) -> list[int]:
        chunks = self._chunk_index.get(session)
        if chunks is None:
            chunks = self._chunk_index[session] = chunks_in(session_folder(self.path, session))
        return chunks

    def newest_id(self, enough: int | None = None) -> int:
        """The highest entry id in the history files (0 for none).

        Parses the newest chunk of each session, the session whose newest chunk starts highest first;
        with ``enough``, stops as soon as an id of at least ``enough`` is found (usually after one
        chunk: the one the last change was written to)."""
        self._usable(write=False)
        newest_chunks = {s: chunks_in(session_folder(self.path, s))[-1] for s in sessions_in(self.path)}
        newest = 0
        for session, first in sorted(newest_chunks.items(), key=lambda item: item[1], reverse=True):
            entries = self._read_chunk(session, first)
            newest = max(newest, first, *(entry["id"] for entry in entries[-1:]))
            if enough is not None and newest >= enough:
                break
        return newest
