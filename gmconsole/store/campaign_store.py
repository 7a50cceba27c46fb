"""One campaign on disk: its state, its history, its lock and its backups.

The files of a campaign folder are pictured in :mod:`gmconsole.store.layout`.

Why chunks. TinyDB keeps a whole file in memory and rewrites all of it on every change; its stock
``JSONStorage`` takes about 43 ms per insert at 10,000 entries once each write is synced (see
``bench/store.py``). One file per session is not enough on its own: nothing stops a GM from
recording 10,000 rolls in one long session. So a session's history is cut into chunks of at most
:data:`CHUNK_SIZE` entries, each chunk its own small TinyDB file; a chunk whose file has reached
:data:`~gmconsole.store.bounds.CHUNK_BYTES` takes no more either, so large entries (a roll recording
many pending costs) never grow one near the size a read refuses (:mod:`gmconsole.store.bounds`).
Recording a roll rewrites only the newest chunk of that session, so its cost is bounded by
``CHUNK_SIZE`` whatever the size of the history or how it spreads over sessions. Full chunks are
only rewritten to mark an entry undone or redone (:meth:`CampaignStore.update_entry`), which is rare
and costs the same bounded amount.

Entry ids are unique in the campaign and increasing. A chunk is named after its first id, so the
chunk holding an id is found by bisecting the chunk names of its session, without parsing any
file. The next id is the largest id in the newest chunk of each session, plus one; it is worked out
on the first append, which parses one chunk per session.

Loading is lazy: opening a campaign parses ``campaign.json`` only; ``entries(session)`` parses that
session's chunks only. Reads always come from disk, so a read-only console sees what the writer
saved, and callers get fresh objects they may change freely.

Clean close. A writer that closes with every write completed leaves ``closed-cleanly`` behind,
naming the newest history chunk; the next writer sees it at open
(:attr:`CampaignStore.closed_cleanly`: the marker is there and the chunk it names still is), so
the service can skip the crash recovery that reads the newest history chunks, and removes it
durably before its own first write. A writer that is killed, or whose write failed, or that
restored a backup, leaves no marker, and a newest chunk deleted since the close makes the marker
stale, so the next open checks the history as before. Only writers create or remove it.

Ids are never given twice, even when the newest chunk is lost: the campaign's state names the
entries it knows, and :meth:`CampaignStore.keep_ids_above` keeps new ids above them.

Many writers. The console, the command line, a second console and the players' pages all write one
campaign; none holds it for its lifetime. Each change is one *turn* (:meth:`CampaignStore.turn`): the
campaign lock is taken, what other writers committed since this store's last turn is noticed from the
lock's note (:mod:`.lock`) and everything kept in memory about the files (the state, the chunk listings,
open chunks, the next id) is dropped so it is read again, the change is written, and the lock goes. A
turn whose change escaped half-written leaves the note busy, so the next writer (this one or another)
checks the history as after a crash. Outside a turn a writer only reads.

Not thread-safe: use a store from one thread (the console's worker) at a time.
"""

from __future__ import annotations

import bisect
import contextlib
import copy
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.table import Document

import gmconsole.store.schema as schema
from gmconsole.i18n import _, verbatim
from gmconsole.store.atomic import ensure_folder, remove_stray_temp_files
from gmconsole.store.bounds import CHUNK_BYTES
from gmconsole.store.chunk_summaries import ChunkSummaries
from gmconsole.store.clean_close import drop_marker, leave_marker, newest_chunk, newest_still_there, read_marker
from gmconsole.store.errors import (
    CampaignExists,
    CampaignNotFound,
    EntryNotFound,
    NotSaved,
    ReadOnly,
    StoreError,
)
from gmconsole.store.history_reader import ChunkSignature, HistoryReader
from gmconsole.store.layout import (  # noqa: F401  (names callers and tests use from here)
    BACKUPS,
    CAMPAIGN_FILE,
    CHUNK_BACKUPS,
    CLEAN_CLOSE_FILE,
    HISTORY,
    LOCK_FILE,
    STATE_BACKUPS,
    backup_base,
    check_name,
    check_session,
    chunk_file,
    chunks_in,
    session_folder,
    sessions_in,
)
from gmconsole.store.lock import CampaignLock
from gmconsole.store.names import check_new_name
from gmconsole.store.repairs import Repairs
from gmconsole.store.safe_open import refuse_links
from gmconsole.store.shape import ShapeError, Shapes
from gmconsole.store.storage import AtomicJSONStorage, replaced_by
from gmconsole.store.turns import Turn, Turns

CHUNK_SIZE = 256
"""Most entries in one history chunk: bounds the bytes rewritten to record one roll."""
OPEN_CHUNKS = 16
"""History chunks kept open (parsed, in memory) for writing at once."""

_RESERVED_FIELDS = ("id", "session")


class CampaignStore(Repairs, HistoryReader, ChunkSummaries):
    """A campaign opened from disk: see the module docstring for why its history is cut into chunks.

    Get one with :meth:`create` or :meth:`open`, and :meth:`close` it (or use ``with``). Opened for
    writing, it takes the campaign lock for each change (:meth:`turn`); opened read-only, it never takes
    it and every write raises :class:`ReadOnly`.
    """

    name: str
    path: Path
    read_only: bool

    def __init__(self, root: Path, name: str, *, read_only: bool, lock: CampaignLock | None,
                 shapes: Shapes | None = None):
        """Use :meth:`create` or :meth:`open`."""
        self.root = Path(root)
        self.shapes = shapes
        self.name = name
        self.path = self.root / name
        self.read_only = read_only
        self._lock = lock
        self._turns = Turns(lock) if lock is not None else None
        self._closed = False
        self._state_db = TinyDB(
            self.path / CAMPAIGN_FILE,
            storage=AtomicJSONStorage,
            kind="campaign",
            backup_base=self.path / BACKUPS / CAMPAIGN_FILE,
            keep=STATE_BACKUPS,
            read_only=read_only,
            campaign=name,
            shape=shapes.state if shapes else None,
        )
        self._chunk_dbs: dict[Path, TinyDB] = {}
        self._chunk_index: dict[int, list[int]] = {}
        self._chunk_writes: dict[Path, int] = {}  # writes to each chunk file (:meth:`chunk_signatures`)
        self._next_id: int | None = None
        held, self._newest, self._marked_last_id = read_marker(self.path) if not read_only else (False, None, None)
        self.closed_cleanly = held
        """True when the last writer closed with every write done (see the module docstring)."""
        self.history_settled = held
        """True when the history is known to agree with the state: the last writer closed cleanly, or
        the last turn of a writer still open ended whole (:mod:`.lock`); the crash recovery is skipped."""
        self.left_clean = held if not read_only else read_marker(self.path)[0]
        """The same seen by a reader too (which never uses the marker otherwise): whether the history
        was left as the state says, so the costly checks for entries lost from its middle can wait."""
        self._appended: tuple[int, int] | None = None  # (first id, session) of the newest chunk appended to
        self._id_floor = 0
        self._marker_removed = not self.closed_cleanly
        self._leave_marker = not read_only

    # -- opening and closing ------------------------------------------------------------------

    @classmethod
    def create(cls, root: Path, name: str, state: dict[str, Any], *, wait: float | None = 0.0,
               shapes: Shapes | None = None) -> CampaignStore:
        """Make a new campaign folder under ``root`` holding ``state``; return it open and locked.

        ``wait``: seconds to wait for the lock when another process holds it (see :mod:`.lock`);
        ``shapes``: what the documents it loads must look like (:mod:`.shape`; ``None``: any object).
        Raises :class:`CampaignExists` when the name is taken, :class:`InvalidCampaignName`,
        :class:`WriteFailed`.
        """
        name = check_new_name(name)
        plain = schema.plain(state, verbatim("The campaign state"))
        root = Path(root)
        folder = root / name
        if (folder / CAMPAIGN_FILE).exists():
            raise CampaignExists(root, name)
        ensure_folder(folder)
        refuse_links(folder)
        lock = CampaignLock(folder / LOCK_FILE, name)
        store = cls(root, name, read_only=False, lock=lock, shapes=shapes)
        store._turns_wait(wait)
        with store.turn():
            if (folder / CAMPAIGN_FILE).exists():
                raise CampaignExists(root, name)
            remove_stray_temp_files(folder)
            with store._writing():
                store._state_db.table("state").insert(Document(plain, doc_id=1))
        return store

    @classmethod
    def open(cls, root: Path, name: str, *, read_only: bool = False, wait: float | None = 0.0,
             shapes: Shapes | None = None) -> CampaignStore:
        """Open the campaign ``name`` under ``root``.

        For writing (the default) it takes one turn (:meth:`turn`: the campaign lock, waiting up to
        ``wait`` seconds while another writer's turn lasts; ``None``: the default wait; later turns wait
        as long) and deletes temporary files a killed writer left behind; read-only it does neither.
        ``campaign.json`` is read and checked now (against ``shapes`` too, when given: :mod:`.shape`),
        and, for writing, saved again in the current schema if it was older; history files are read
        (and checked) when asked for.

        Raises :class:`CampaignNotFound`, :class:`CampaignLocked` (another writer's turn outlasted
        ``wait``), :class:`CorruptFile`, :class:`SchemaTooNew`.
        """
        name = check_name(name)
        root = Path(root)
        folder = root / name
        if not (folder / CAMPAIGN_FILE).is_file():
            raise CampaignNotFound(root, name)
        refuse_links(folder)  # before anything is read or written
        if read_only:
            store = cls(root, name, read_only=True, lock=None, shapes=shapes)
            store._read_state_file()
            return store
        store = cls(root, name, read_only=False, lock=CampaignLock(folder / LOCK_FILE, name), shapes=shapes)
        store._turns_wait(wait)
        with store.turn() as turn:
            remove_stray_temp_files(folder)  # every write is made in a turn: none is under way now
            # the history agrees with the state when the last writer closed cleanly, or when the lock's
            # note says the last turn, in this boot, ended whole (another writer is open and idle)
            store.history_settled = store.closed_cleanly or (not turn.crashed and turn.last_id is not None
                                                             and newest_still_there(folder, turn.newest))
            storage = store._read_state_file()
            if storage.found_schema != schema.SCHEMA:
                with store._writing():
                    tables: dict[str, Any] | None = storage.read()
                    assert tables is not None  # read above
                    storage.write(tables)
        return store

    def _read_state_file(self) -> AtomicJSONStorage:
        """Read (and check) ``campaign.json`` now; its storage, which says which schema it was in."""
        storage = cast(AtomicJSONStorage, self._state_db.storage)  # the storage the file is opened with
        if storage.read() is None:
            raise CampaignNotFound(self.root, self.name)
        return storage

    @staticmethod
    def list_campaigns(root: Path) -> list[str]:
        """Names of the campaigns under ``root`` (folders holding a ``campaign.json``), sorted."""
        try:
            names = os.listdir(root)
        except FileNotFoundError:
            return []
        found = [n for n in names if not n.startswith(".") and (Path(root) / n / CAMPAIGN_FILE).is_file()]
        return sorted(found, key=lambda n: (n.casefold(), n))

    def close(self) -> None:
        """Leave the clean-close marker when every write of this store was whole (a turn of its own,
        given up at once when another writer is in the middle of one: the marker only saves the next
        open some reading); the store cannot be used afterwards. Safe to call twice."""
        if self._closed:
            return
        if self._lock is not None and self._leave_marker:
            # no marker only means the next open checks the history
            with contextlib.suppress(StoreError, OSError), self.turn(wait=0.0) as turn:
                if not turn.crashed:
                    self._mark_closed(turn)
        self._closed = True
        self._chunk_dbs.clear()

    def _mark_closed(self, turn: Turn) -> None:
        # another writer may have started chunks since
        newest = newest_chunk(self.path) if turn.others_wrote or not self.closed_cleanly else self._newest
        if self._appended is not None:
            newest = max(filter(None, (newest, self._appended)))
        leave_marker(self.path, newest, self._last_id_given())

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = "read-only" if self.read_only else "writable"
        return f"<CampaignStore {self.name!r} {mode}{' closed' if self._closed else ''}>"

    # -- turns --------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def turn(self, *, wait: float | bool | None = False) -> Iterator[Turn]:
        """Hold the campaign lock for one change (see the module docstring and :mod:`.turns`); a turn inside
        a turn is the same turn. ``wait``: seconds to wait for another writer's turn to end (default: what
        the store was opened with; ``None``: :data:`~gmconsole.store.lock.DEFAULT_WAIT`). Raises
        :class:`CampaignLocked` when that passes, :class:`ReadOnly` for a read-only store."""
        self._usable(write=True)
        assert self._turns is not None  # a writer's
        with self._turns.take(self._read_again, lambda: self._appended, wait) as turn:
            yield turn

    def _turns_wait(self, wait: float | None) -> None:
        assert self._turns is not None
        self._turns.wait = wait

    def others_wrote(self) -> bool:
        """Whether another writer committed since this store's last turn, without taking the lock (a
        follower's cheap check, :meth:`.turns.Turns.others_wrote`); always False for a reader."""
        return self._turns is not None and not self._closed and self._turns.others_wrote()

    def _read_again(self) -> None:
        """Another writer changed the files: forget what is kept in memory of them."""
        self._chunk_dbs.clear()
        self._chunk_index.clear()
        cast(AtomicJSONStorage, self._state_db.storage).forget()  # the storage the file is opened with
        self._next_id = None
        self._marked_last_id = None
        self._marker_removed = False  # another writer closing may have left a clean-close marker

    def _usable(self, *, write: bool) -> None:
        if self._closed:
            raise StoreError(_("Campaign {name!r} has been closed; open it again to use it.").format(name=self.name))
        if write and self.read_only:
            raise ReadOnly(self.name)

    @contextlib.contextmanager
    def change(self) -> Iterator[None]:
        """Around the writes of one change (an entry, the state, updates to earlier entries). If
        anything escapes it, a failed write or the process being stopped half-way, the files may
        disagree until the next open's crash recovery: no clean-close marker is left at close."""
        try:
            yield
        except BaseException:
            self._leave_marker = False
            raise

    @contextlib.contextmanager
    def _writing(self, *, leaves_marker: bool = True) -> Iterator[None]:
        """Around every write, in a turn (one of its own when the caller is in none): the clean-close
        marker goes (durably) before the first one, and a write that fails, or one that cannot leave the
        files consistent (``leaves_marker=False``: a restored backup), means no marker at close and a
        busy note, so the next open, or the next writer's turn, runs the crash recovery."""
        with self.turn() as turn:
            turn.wrote = True
            if not self._marker_removed:
                drop_marker(self.path)
                self._marker_removed = True
            with self.change():
                yield
            turn.writes += 1
            if not leaves_marker:
                self._leave_marker = False
                turn.leave_unchecked()

    # -- campaign state -------------------------------------------------------------------------

    def load_state(self) -> dict[str, Any]:
        """The campaign document as last saved (a fresh copy the caller may change)."""
        self._usable(write=False)
        storage = cast(AtomicJSONStorage, self._state_db.storage)  # the storage the file is opened with
        tables = storage.read()
        if tables is None:
            raise CampaignNotFound(self.root, self.name)
        state = tables["state"]["1"]
        return copy.deepcopy(state) if storage.cache else state

    def save_state(self, state: dict[str, Any]) -> None:
        """Replace the campaign document with ``state``, atomically and durably.

        The previous version is kept as the newest of :data:`STATE_BACKUPS` backups. Raises
        :class:`WriteFailed` (the previous state intact), :class:`ReadOnly`, ``TypeError`` for
        something that is not a JSON-able dict.
        """
        self._usable(write=True)
        plain = schema.plain(state, verbatim("The campaign state"))
        with self.turn(), self._writing():
            self._state_db.table("state").update(replaced_by(plain), doc_ids=[1])

    def stamp(self) -> tuple[tuple[int, int, int] | None, tuple[tuple[tuple[int, int], ChunkSignature], ...]]:
        """What changes whenever a file this campaign is read from does: ``campaign.json``'s inode, size
        and modification time, and every history chunk's (:meth:`chunk_signatures`). Reads no file.

        A read-only console following a writer takes it before reading and compares it after the next
        change is heard of, so a change to the lock or a backup costs a few ``stat`` calls, not a read."""
        self._usable(write=False)
        try:
            status = os.stat(self.path / CAMPAIGN_FILE)
            state = (status.st_ino, status.st_size, status.st_mtime_ns)
        except OSError:
            state = None
        return state, tuple(sorted(self.chunk_signatures().items()))

    def forget_listings(self) -> None:
        """Forget which history chunks each session has (kept since they were first listed): a reader
        calls this before reading again what a writer changed, which may include a new chunk."""
        self._chunk_index.clear()
        cast(AtomicJSONStorage, self._state_db.storage).forget()  # the storage the file is opened with

    # -- history (reading it: :class:`HistoryReader`) ------------------------------------------------

    def append_entry(self, session: int, entry: dict[str, Any]) -> int:
        """Record ``entry`` in the history of ``session``; durable when it returns; return its id.

        Ids are unique in the campaign and increase with each append. ``"id"`` and ``"session"``
        keys in ``entry`` are ignored (they are given back by :meth:`entries`). Raises
        :class:`WriteFailed` (nothing recorded, the history intact), :class:`ReadOnly`,
        :class:`CorruptFile` when the chunk it belongs in does not parse (it is left untouched).
        """
        self._usable(write=True)
        session = check_session(session)
        document = schema.plain(entry, verbatim("A history entry"))
        for key in _RESERVED_FIELDS:
            document.pop(key, None)
        self._check_entry(session, document, _("the new entry"))
        if self.shapes is not None:
            document = self.shapes.pack(document)
        try:
            with self.turn(), self._writing():
                entry_id = self._append(session, document)
        except BaseException:
            self._forget(session)
            raise
        self._next_id = entry_id + 1
        return entry_id

    def _append(self, session: int, document: dict[str, Any]) -> int:
        """:meth:`append_entry`'s write: into the newest chunk of ``session``, or a new one when it is full."""
        entry_id = self._allocate_id()
        assert self._lock is not None  # appends are made in a turn
        self._lock.give_id(entry_id)  # said before it is written: a writer killed now leaves it given
        chunks = self._chunks(session)
        if chunks and len(self._chunk_db(session, chunks[-1]).table("entries")) < CHUNK_SIZE and not self._chunk_full(
                session, chunks[-1]):
            first = chunks[-1]
        else:
            first = entry_id
            ensure_folder(session_folder(self.path, session))
        self._wrote(session, first)
        self._chunk_db(session, first).table("entries").insert(Document(document, doc_id=entry_id))
        if first == entry_id:
            chunks.append(first)
        self._appended = max(filter(None, (self._appended, (first, session))))
        return entry_id

    def update_entry(self, session: int, entry_id: int, fields: dict[str, Any]) -> None:
        """Set ``fields`` on entry ``entry_id`` of ``session`` (e.g. ``{"undone": True}``), durably.

        Raises :class:`EntryNotFound`, :class:`WriteFailed` (the entry unchanged), :class:`ReadOnly`,
        ``ValueError`` when ``fields`` tries to change ``"id"`` or ``"session"``.
        """
        self._usable(write=True)
        session = check_session(session)
        changes = schema.plain(fields, verbatim("The entry fields"))
        reserved = [key for key in _RESERVED_FIELDS if key in changes]
        if reserved:
            raise ValueError(verbatim("An entry's {fields} cannot be changed.").format(fields=" and ".join(reserved)))
        try:
            with self.turn():
                self._update(session, entry_id, changes)
        except EntryNotFound:
            raise
        except BaseException:
            self._forget(session)
            raise

    def _update(self, session: int, entry_id: int, changes: dict[str, Any]) -> None:
        """:meth:`update_entry`'s write, in a turn."""
        chunks = self._chunks(session)
        at = bisect.bisect_right(chunks, entry_id) - 1
        if at < 0:
            raise EntryNotFound(session, entry_id)
        table = self._chunk_db(session, chunks[at]).table("entries")
        current = table.get(doc_id=entry_id)
        if current is None:
            raise EntryNotFound(session, entry_id)
        where = _("entry {id}").format(id=entry_id)
        # the chunk passed the shape check when read, so its entry unpacks (:mod:`.lean_entries`)
        changed = {**(self.shapes.unpack(dict(current), where) if self.shapes else current), **changes}
        self._check_entry(session, changed, where)
        stored = self.shapes.pack(changed) if self.shapes is not None else changed
        self._wrote(session, chunks[at])
        with self._writing():  # the whole document replaced: a lean form renames or drops keys
            table.update(replaced_by(stored), doc_ids=[entry_id])

    # -- internals ----------------------------------------------------------------------------------

    def _check_entry(self, session: int, document: dict[str, Any], where: str) -> None:
        """Refuse (:class:`NotSaved`) an entry its chunk could not be read back with: one outside the
        entry shape (:mod:`.shape`), as a load would refuse the whole chunk for it."""
        if self.shapes is None:
            return
        try:
            self.shapes.entry(document, where)
        except ShapeError as error:
            raise NotSaved(session_folder(self.path, session), str(error)) from None

    def _chunk_full(self, session: int, first: int) -> bool:
        """Whether the chunk of ``session`` starting at ``first`` takes no more entries by its size
        (:data:`~gmconsole.store.bounds.CHUNK_BYTES`): large entries start a new chunk sooner, so no chunk
        grows anywhere near the size a read refuses. One ``stat``."""
        try:
            return os.stat(chunk_file(self.path, session, first)).st_size >= CHUNK_BYTES
        except OSError:
            return False

    def _chunk_db(self, session: int, first: int) -> TinyDB:
        path = chunk_file(self.path, session, first)
        db = self._chunk_dbs.pop(path, None)
        if db is None:
            db = TinyDB(
                path,
                storage=AtomicJSONStorage,
                kind="history",
                backup_base=self._backup_base(path),
                keep=CHUNK_BACKUPS,
                campaign=self.name,
                shape=self.shapes.stored_entry if self.shapes else None,
            )
        self._chunk_dbs[path] = db  # most recently used last
        while len(self._chunk_dbs) > OPEN_CHUNKS:
            del self._chunk_dbs[next(iter(self._chunk_dbs))]
        return db

    def _wrote(self, session: int, first: int) -> None:
        """Count a write to a chunk (before it, so a reader's signature taken meanwhile is already stale)."""
        path = chunk_file(self.path, session, first)
        self._chunk_writes[path] = self._chunk_writes.get(path, 0) + 1

    def _last_id_given(self) -> int | None:
        """The highest entry id given so far, when known without reading the history (for the marker)."""
        if self._next_id is not None:
            return self._next_id - 1
        return self._marked_last_id if self.closed_cleanly else None

    def _allocate_id(self) -> int:
        given = self._turns.current.last_id if self._turns is not None and self._turns.current is not None else None
        if self._next_id is None and given is not None:
            # The lock's note, left in this boot, says which id was given last (:mod:`.lock`): it is
            # written before each entry, so no scan of every session's newest chunk is needed.
            self._next_id = max(given, self._id_floor) + 1
        if self._next_id is None and self.closed_cleanly and self._marked_last_id is not None:
            # The last writer closed with every write done and said which id it gave last: no other
            # writer has written since (the marker goes, durably, before any write), so the next id
            # follows it without parsing the newest chunk of every session (bench/store.py).
            self._next_id = max(self._marked_last_id, self._id_floor) + 1
        if self._next_id is None:
            last = 0
            for session in sessions_in(self.path):
                chunks = self._chunks(session)
                if chunks:
                    tables = self._chunk_db(session, chunks[-1]).storage.read() or {}
                    last = max(last, chunks[-1], *(int(key) for key in tables.get("entries", {})))
            self._next_id = max(last, self._id_floor) + 1
        return self._next_id

    def next_entry_id(self) -> int:
        """The id the next :meth:`append_entry` will give (the campaign lock keeps it so)."""
        self._usable(write=True)
        return self._allocate_id()

    def keep_ids_above(self, known: int) -> None:
        """New entry ids will be above ``known`` (the highest id the campaign's state names), even
        when the history files that held it are gone."""
        self._id_floor = max(self._id_floor, int(known))

    def _forget(self, session: int) -> None:
        """After a failed write, trust nothing in memory about ``session``: reread it from disk."""
        self._marked_last_id = None  # after a failed write, the next id comes from the files
        self._chunk_index.pop(session, None)
        for path in [p for p in self._chunk_dbs if p.parent == session_folder(self.path, session)]:
            del self._chunk_dbs[path]
        self._next_id = None

