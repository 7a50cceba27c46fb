"""One campaign on disk: its state, its history, its lock and its backups.

Layout of a campaign folder (``<data root>/<campaign name>/``)::

    campaign.json                         the campaign document (roster, settings, sessions ...)
    lock                                  flock'ed by the console that has the campaign open
    closed-cleanly                        there when the last writer closed with every write done
    history/session-0003/entries-000000412.json
                                          a chunk of session 3's history; 412 is its first entry id
    backups/campaign.json.1 ... .5        the previous good versions of campaign.json, newest first
    backups/history/session-0003/entries-000000412.json.1
                                          the previous good version of that chunk

Why chunks. TinyDB keeps a whole file in memory and rewrites all of it on every change; its stock
``JSONStorage`` takes about 43 ms per insert at 10,000 entries once each write is synced (see
``bench/store.py``). One file per session is not enough on its own: nothing stops a GM from
recording 10,000 rolls in one long session. So a session's history is cut into chunks of at most
:data:`CHUNK_SIZE` entries, each chunk its own small TinyDB file. Recording a roll rewrites only
the newest chunk of that session, so its cost is bounded by ``CHUNK_SIZE`` whatever the size of the
history or how it spreads over sessions. Full chunks are only rewritten to mark an entry undone or
redone (:meth:`CampaignStore.update_entry`), which is rare and costs the same bounded amount.

Entry ids are unique in the campaign and increasing. A chunk is named after its first id, so the
chunk holding an id is found by bisecting the chunk names of its session, without parsing any
file. The next id is the largest id in the newest chunk of each session, plus one; it is worked out
on the first append, which parses one chunk per session.

Loading is lazy: opening a campaign parses ``campaign.json`` only; ``entries(session)`` parses that
session's chunks only. Reads always come from disk, so a read-only console sees what the writer
saved, and callers get fresh objects they may change freely.

Clean close. A writer that closes with every write completed leaves ``closed-cleanly`` behind;
the next writer sees it at open (:attr:`CampaignStore.closed_cleanly`), so the service can skip
the crash recovery that reads the newest history chunks, and removes it durably before its own
first write. A writer that is killed, or whose write failed, or that restored a backup, leaves
no marker, so the next open checks the history as before. Only writers create or remove it.

Not thread-safe: use a store from one thread (the console's worker) at a time.
"""

from __future__ import annotations

import bisect
import contextlib
import copy
import datetime as _dt
import json
import os
import re
from pathlib import Path
from typing import Iterator

from tinydb import TinyDB
from tinydb.table import Document

from gmconsole.store import schema
from gmconsole.store.atomic import (
    atomic_write,
    backup_names,
    ensure_folder,
    fsync_folder,
    remove_stray_temp_files,
)
from gmconsole.store.errors import (
    CampaignExists,
    CampaignNotFound,
    CorruptFile,
    EntryNotFound,
    InvalidCampaignName,
    ReadOnly,
    StoreError,
    WriteFailed,
)
from gmconsole.store.lock import CampaignLock
from gmconsole.store.names import check_existing_name, check_new_name
from gmconsole.store.storage import AtomicJSONStorage

CHUNK_SIZE = 256
"""Most entries in one history chunk: bounds the bytes rewritten to record one roll."""
STATE_BACKUPS = 5
"""Previous versions of ``campaign.json`` kept in ``backups/``."""
CHUNK_BACKUPS = 1
"""Previous versions of each history chunk kept in ``backups/``."""
OPEN_CHUNKS = 16
"""History chunks kept open (parsed, in memory) for writing at once."""

CAMPAIGN_FILE = "campaign.json"
LOCK_FILE = "lock"
CLEAN_CLOSE_FILE = "closed-cleanly"
HISTORY = "history"
BACKUPS = "backups"
_SESSION_DIR = re.compile(r"^session-(\d+)$")
_CHUNK_FILE = re.compile(r"^entries-(\d+)\.json$")
_RESERVED_FIELDS = ("id", "session")


def session_folder(campaign: Path, session: int) -> Path:
    """The folder holding the history chunks of ``session``."""
    return campaign / HISTORY / f"session-{session:04d}"


def chunk_file(campaign: Path, session: int, first_id: int) -> Path:
    """The history chunk of ``session`` whose first entry has id ``first_id``."""
    return session_folder(campaign, session) / f"entries-{first_id:09d}.json"


def _check_name(name: object) -> str:
    """Campaign names are folder names: refuse what would escape or hide the folder (the rules,
    and the stricter ones for a new name, are in :mod:`gmconsole.store.names`)."""
    return check_existing_name(name)


def _check_session(session: object) -> int:
    if type(session) is not int or session < 0:
        raise ValueError(f"A session number is a whole number from 0 up, not {session!r}.")
    return session


def _plain(document: dict, what: str) -> dict:
    """A JSON round trip: refuses what cannot be saved before anything is written, and detaches
    the stored copy from the caller's objects (tuples become lists, keys become text)."""
    if not isinstance(document, dict):
        raise TypeError(f"{what} must be a dict, not {type(document).__name__}.")
    try:
        return json.loads(json.dumps(document, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise TypeError(f"{what} cannot be saved as JSON: {error}.") from error


def _sessions_in(campaign: Path) -> list[int]:
    try:
        names = os.listdir(campaign / HISTORY)
    except FileNotFoundError:
        return []
    found = []
    for name in names:
        match = _SESSION_DIR.match(name)
        if match and _chunks_in(campaign / HISTORY / name):
            found.append(int(match.group(1)))
    return sorted(found)


def _chunks_in(folder: Path) -> list[int]:
    """First ids of the chunks in a session folder, ascending."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    return sorted(int(m.group(1)) for m in map(_CHUNK_FILE.match, names) if m)


class CampaignStore:
    """A campaign opened from disk: see the module docstring for the layout and why.

    Get one with :meth:`create` or :meth:`open`, and :meth:`close` it (or use ``with``). Opened for
    writing, it holds the campaign lock until closed; opened read-only, it holds no lock and every
    write raises :class:`ReadOnly`.
    """

    name: str
    path: Path
    read_only: bool

    def __init__(self, root: Path, name: str, *, read_only: bool, lock: CampaignLock | None):
        """Use :meth:`create` or :meth:`open`."""
        self.root = Path(root)
        self.name = name
        self.path = self.root / name
        self.read_only = read_only
        self._lock = lock
        self._closed = False
        self._state_db = TinyDB(
            self.path / CAMPAIGN_FILE,
            storage=AtomicJSONStorage,
            kind="campaign",
            backup_base=self.path / BACKUPS / CAMPAIGN_FILE,
            keep=STATE_BACKUPS,
            read_only=read_only,
            campaign=name,
        )
        self._chunk_dbs: dict[Path, TinyDB] = {}
        self._chunk_index: dict[int, list[int]] = {}
        self._next_id: int | None = None
        self.closed_cleanly = not read_only and (self.path / CLEAN_CLOSE_FILE).exists()
        """True when the last writer closed with every write done (see the module docstring)."""
        self._marker_removed = not self.closed_cleanly
        self._leave_marker = not read_only

    # -- opening and closing ------------------------------------------------------------------

    @classmethod
    def create(cls, root: Path, name: str, state: dict) -> CampaignStore:
        """Make a new campaign folder under ``root`` holding ``state``; return it open and locked.

        Raises :class:`CampaignExists` when the name is taken, :class:`InvalidCampaignName`,
        :class:`WriteFailed`.
        """
        name = check_new_name(name)
        plain = _plain(state, "The campaign state")
        root = Path(root)
        folder = root / name
        if (folder / CAMPAIGN_FILE).exists():
            raise CampaignExists(root, name)
        ensure_folder(folder)
        lock = CampaignLock(folder / LOCK_FILE, name)
        lock.acquire()
        try:
            if (folder / CAMPAIGN_FILE).exists():
                raise CampaignExists(root, name)
            remove_stray_temp_files(folder)
            store = cls(root, name, read_only=False, lock=lock)
            store._state_db.table("state").insert(Document(plain, doc_id=1))
        except BaseException:
            lock.release()
            raise
        return store

    @classmethod
    def open(cls, root: Path, name: str, *, read_only: bool = False) -> CampaignStore:
        """Open the campaign ``name`` under ``root``.

        For writing (the default) it takes the campaign lock and deletes temporary files a killed
        console left behind; read-only it does neither. ``campaign.json`` is read and checked now
        (and, for writing, saved again in the current schema if it was older); history files are
        read when asked for.

        Raises :class:`CampaignNotFound`, :class:`CampaignLocked` (another console has it: open it
        read-only instead), :class:`CorruptFile`, :class:`SchemaTooNew`.
        """
        name = _check_name(name)
        root = Path(root)
        folder = root / name
        if not (folder / CAMPAIGN_FILE).is_file():
            raise CampaignNotFound(root, name)
        lock = None
        if not read_only:
            lock = CampaignLock(folder / LOCK_FILE, name)
            lock.acquire()
        try:
            if not read_only:
                remove_stray_temp_files(folder)
            store = cls(root, name, read_only=read_only, lock=lock)
            storage = store._state_db.storage
            tables = storage.read()
            if tables is None:
                raise CampaignNotFound(root, name)
            if not read_only and storage.found_schema != schema.SCHEMA:
                with store._writing():
                    storage.write(tables)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return store

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
        """Release the campaign lock; the store cannot be used afterwards. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._chunk_dbs.clear()
        if self._lock is not None:
            if self._leave_marker:
                try:
                    (self.path / CLEAN_CLOSE_FILE).touch()
                except OSError:
                    pass  # no marker only means the next open checks the history
            self._lock.release()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = "read-only" if self.read_only else "writable"
        return f"<CampaignStore {self.name!r} {mode}{' closed' if self._closed else ''}>"

    def _usable(self, *, write: bool) -> None:
        if self._closed:
            raise StoreError(f"Campaign {self.name!r} has been closed; open it again to use it.")
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
        """Around every write: the clean-close marker goes (durably) before the first one, and a write
        that fails, or one that cannot leave the files consistent (``leaves_marker=False``: a restored
        backup), means no marker at close, so the next open runs the crash recovery."""
        if not self._marker_removed:
            _drop_clean_close_marker(self.path)
            self._marker_removed = True
        with self.change():
            yield
        if not leaves_marker:
            self._leave_marker = False

    # -- campaign state -------------------------------------------------------------------------

    def load_state(self) -> dict:
        """The campaign document as last saved (a fresh copy the caller may change)."""
        self._usable(write=False)
        storage = self._state_db.storage
        tables = storage.read()
        if tables is None:
            raise CampaignNotFound(self.root, self.name)
        state = tables["state"]["1"]
        return copy.deepcopy(state) if storage.cache else state

    def save_state(self, state: dict) -> None:
        """Replace the campaign document with ``state``, atomically and durably.

        The previous version is kept as the newest of :data:`STATE_BACKUPS` backups. Raises
        :class:`WriteFailed` (the previous state intact), :class:`ReadOnly`, ``TypeError`` for
        something that is not a JSON-able dict.
        """
        self._usable(write=True)
        plain = _plain(state, "The campaign state")

        def replace(document: dict) -> None:
            document.clear()
            document.update(plain)

        with self._writing():
            self._state_db.table("state").update(replace, doc_ids=[1])

    # -- history --------------------------------------------------------------------------------

    def sessions(self) -> list[int]:
        """Numbers of the sessions that have history, ascending."""
        self._usable(write=False)
        return _sessions_in(self.path)

    def entries(self, session: int | None = None) -> list[dict]:
        """The history of ``session`` (all sessions when ``None``), oldest first.

        Each entry is the dict given to :meth:`append_entry` (with later :meth:`update_entry`
        changes) plus ``"id"`` and ``"session"``. Only the files of the sessions asked for are read.
        Raises :class:`CorruptFile` naming the first chunk that does not parse.
        """
        self._usable(write=False)
        sessions = _sessions_in(self.path) if session is None else [_check_session(session)]
        found: list[dict] = []
        for number in sessions:
            for first in _chunks_in(session_folder(self.path, number)):
                found.extend(self._read_chunk(number, first))
        found.sort(key=lambda entry: entry["id"])
        return found

    def entry(self, session: int, entry_id: int) -> dict:
        """One entry of ``session`` by id, reading only the chunk that holds it.

        Undo, redo and the roll builder look entries up one at a time; reading the whole
        session for each would grow with the history. Raises :class:`EntryNotFound`.
        """
        self._usable(write=False)
        session = _check_session(session)
        chunks = self._chunks(session)
        at = bisect.bisect_right(chunks, entry_id) - 1
        if at >= 0:
            for document in self._read_chunk(session, chunks[at]):
                if document["id"] == entry_id:
                    return document
        raise EntryNotFound(session, entry_id)

    def entries_newest_first(self, session: int) -> Iterator[dict]:
        """The history of ``session``, newest first, read one chunk at a time as it is consumed.

        Lets a caller that only needs the tail of a session (the last roll, the current scene,
        what a crash left half-written) stop early instead of parsing the whole session.
        """
        self._usable(write=False)
        session = _check_session(session)
        for first in reversed(_chunks_in(session_folder(self.path, session))):
            yield from reversed(self._read_chunk(session, first))

    def _read_chunk(self, session: int, first: int) -> list[dict]:
        """The entries of one chunk file, oldest first, each with ``id`` and ``session``."""
        path = chunk_file(self.path, session, first)
        loaded = schema.read(path, "history", self._backup_base(path))
        if loaded is None:
            return []
        found = []
        for key, document in loaded[0]["entries"].items():
            document["id"] = int(key)
            document["session"] = session
            found.append(document)
        found.sort(key=lambda entry: entry["id"])
        return found

    def append_entry(self, session: int, entry: dict) -> int:
        """Record ``entry`` in the history of ``session``; durable when it returns; return its id.

        Ids are unique in the campaign and increase with each append. ``"id"`` and ``"session"``
        keys in ``entry`` are ignored (they are given back by :meth:`entries`). Raises
        :class:`WriteFailed` (nothing recorded, the history intact), :class:`ReadOnly`,
        :class:`CorruptFile` when the chunk it belongs in does not parse (it is left untouched).
        """
        self._usable(write=True)
        session = _check_session(session)
        document = _plain(entry, "A history entry")
        for key in _RESERVED_FIELDS:
            document.pop(key, None)
        try:
            with self._writing():
                entry_id = self._append(session, document)
        except BaseException:
            self._forget(session)
            raise
        self._next_id = entry_id + 1
        return entry_id

    def _append(self, session: int, document: dict) -> int:
        """:meth:`append_entry`'s write: into the newest chunk of ``session``, or a new one when it is full."""
        entry_id = self._allocate_id()
        chunks = self._chunks(session)
        if chunks and len(self._chunk_db(session, chunks[-1]).table("entries")) < CHUNK_SIZE:
            first = chunks[-1]
        else:
            first = entry_id
            ensure_folder(session_folder(self.path, session))
        self._chunk_db(session, first).table("entries").insert(Document(document, doc_id=entry_id))
        if first == entry_id:
            chunks.append(first)
        return entry_id

    def update_entry(self, session: int, entry_id: int, fields: dict) -> None:
        """Set ``fields`` on entry ``entry_id`` of ``session`` (e.g. ``{"undone": True}``), durably.

        Raises :class:`EntryNotFound`, :class:`WriteFailed` (the entry unchanged), :class:`ReadOnly`,
        ``ValueError`` when ``fields`` tries to change ``"id"`` or ``"session"``.
        """
        self._usable(write=True)
        session = _check_session(session)
        changes = _plain(fields, "The entry fields")
        reserved = [key for key in _RESERVED_FIELDS if key in changes]
        if reserved:
            raise ValueError(f"An entry's {' and '.join(reserved)} cannot be changed.")
        try:
            chunks = self._chunks(session)
            at = bisect.bisect_right(chunks, entry_id) - 1
            if at < 0:
                raise EntryNotFound(session, entry_id)
            table = self._chunk_db(session, chunks[at]).table("entries")
            if not table.contains(doc_id=entry_id):
                raise EntryNotFound(session, entry_id)
            with self._writing():
                table.update(changes, doc_ids=[entry_id])
        except EntryNotFound:
            raise
        except BaseException:
            self._forget(session)
            raise

    # -- backups ----------------------------------------------------------------------------------

    def restore_backup(self, path: Path) -> None:
        """Put the newest backup of ``path`` (a file of this campaign) back in its place.

        The file being replaced is never deleted: it is renamed ``<name>.corrupt-<UTC time>`` in
        the same folder. The newest backup that parses is used. Raises :class:`StoreError` when
        there is none, :class:`ReadOnly`, :class:`WriteFailed`.
        """
        self._usable(write=True)
        with self._writing(leaves_marker=False):  # the history must be checked against the restored file
            _restore(self.path, Path(path))
        self._state_db.storage.forget()
        self._chunk_dbs.clear()
        self._chunk_index.clear()
        self._next_id = None

    @classmethod
    def repair(cls, root: Path, name: str, path: Path) -> None:
        """:meth:`restore_backup` for when :meth:`open` itself raised :class:`CorruptFile`
        (a damaged ``campaign.json``), so there is no store yet: takes the campaign lock for the
        time of the restore, then releases it. Raises :class:`CampaignLocked` if another console
        has the campaign open.
        """
        name = _check_name(name)
        folder = Path(root) / name
        if not folder.is_dir():
            raise CampaignNotFound(Path(root), name)
        lock = CampaignLock(folder / LOCK_FILE, name)
        lock.acquire()
        try:
            _drop_clean_close_marker(folder)  # the history is checked against the restored file at open
            _restore(folder, Path(path))
        finally:
            lock.release()

    # -- internals ----------------------------------------------------------------------------------

    def _backup_base(self, path: Path) -> Path:
        return _backup_base(self.path, path)

    def _chunks(self, session: int) -> list[int]:
        chunks = self._chunk_index.get(session)
        if chunks is None:
            chunks = self._chunk_index[session] = _chunks_in(session_folder(self.path, session))
        return chunks

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
            )
        self._chunk_dbs[path] = db  # most recently used last
        while len(self._chunk_dbs) > OPEN_CHUNKS:
            del self._chunk_dbs[next(iter(self._chunk_dbs))]
        return db

    def _allocate_id(self) -> int:
        if self._next_id is None:
            last = 0
            for session in _sessions_in(self.path):
                chunks = self._chunks(session)
                if chunks:
                    tables = self._chunk_db(session, chunks[-1]).storage.read() or {}
                    last = max(last, chunks[-1], *(int(key) for key in tables.get("entries", {})))
            self._next_id = last + 1
        return self._next_id

    def _forget(self, session: int) -> None:
        """After a failed write, trust nothing in memory about ``session``: reread it from disk."""
        self._chunk_index.pop(session, None)
        for path in [p for p in self._chunk_dbs if p.parent == session_folder(self.path, session)]:
            del self._chunk_dbs[path]
        self._next_id = None


def _drop_clean_close_marker(campaign: Path) -> None:
    """Remove the clean-close marker, durably, before the campaign's files change."""
    marker = campaign / CLEAN_CLOSE_FILE
    try:
        marker.unlink(missing_ok=True)
        fsync_folder(campaign)
    except OSError as error:
        raise WriteFailed(marker, error) from error


def _backup_base(campaign: Path, path: Path) -> Path:
    return campaign / BACKUPS / path.relative_to(campaign)


def _restore(campaign: Path, path: Path) -> None:
    """Replace ``path`` with its newest backup that parses; keep the replaced file aside."""
    path = path if path.is_absolute() else campaign / path
    try:
        base = _backup_base(campaign, path)
    except ValueError:
        raise StoreError(f"{path} is not a file of the campaign in {campaign}.") from None
    kind = "campaign" if path.name == CAMPAIGN_FILE else "history"
    chosen = None
    for candidate in backup_names(base, max(STATE_BACKUPS, CHUNK_BACKUPS)):
        try:
            raw = candidate.read_bytes()
        except FileNotFoundError:
            continue
        try:
            schema.decode(candidate, raw, kind)
        except (CorruptFile, StoreError):
            continue
        chosen = raw
        break
    if chosen is None:
        raise StoreError(f"There is no usable backup of {path} to restore.")
    if path.exists():
        stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        try:
            os.replace(path, aside)
        except OSError as error:
            raise WriteFailed(path, error) from error
    atomic_write(path, chosen)
