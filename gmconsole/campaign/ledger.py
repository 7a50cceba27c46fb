"""The ledger of one open campaign: every change recorded, persisted, undoable.

A change is a ``mutate(campaign)`` function run on a *copy* of the campaign. The ledger

1. runs it (it raises to refuse the change: nothing is written),
2. records the history entry it returns, with what undo needs (the before/after of the campaign parts
   it changed, :mod:`gmconsole.campaign.undo`),
3. persists (``append_entry`` for the entry, then ``save_state`` for the campaign),
4. and only then swaps the copy in — a failed write leaves the campaign in memory as it was — and
   updates earlier entries the change touches (a roll marked pushed or its costs applied).

Undo and redo walk a linear stack over the campaign's entries, marking them ``undone`` / ``done`` in
the store (never deleting); a new change clears redo. A crash between the writes is repaired when the
campaign is next opened (:meth:`Ledger.recover`). The command modules (:mod:`gmconsole.campaign.commands`)
change the campaign only through :meth:`Ledger.commit`, and read the history through the ledger.

Many writers. The console, the command line, another console and the players' pages write the same
campaign, each in turns (:meth:`~gmconsole.store.campaign_store.CampaignStore.turn`). A change, an undo or a
redo first reads what the others committed since (:meth:`Ledger._catch_up`), so it is made on top of the
latest state; what no longer fits is refused saying what happened (an earlier entry it would change is
no longer as it was: "the costs of roll 52 were already applied from the command line"), never made
twice. Each entry says where it was made (``source``: ``console``, ``cli``, ``player:<character id>``;
:mod:`gmconsole.campaign.sources`), and the others' entries are told to listeners as they arrive.
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime

from gmconsole.campaign import character_lookup, counters, pending_costs, reconcile
from gmconsole.campaign import entries as entry_records
from gmconsole.campaign import undo as undo_parts
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character, Session
from gmconsole.campaign.other_writers import OtherWriters
from gmconsole.i18n import _
from gmconsole.store.errors import EntryNotFound, StoreError
from gmconsole.store.shape import ShapeError, check_campaign

_log = logging.getLogger(__name__)

MAX_UNDO = 1000
"""Undo reaches back this many changes; older ones stay in the history but can no longer be undone."""

Clock_ = Callable[[], datetime]
Listener = Callable[[dict], None]
Mutate = Callable[[Campaign], "dict | None"]
EntryUpdate = tuple[int, int, dict, dict]

SCENE_KINDS = ("roll", "scene", "session", "circumstances")
"""Entries whose undo or redo changes which rolls are in force in the scene ("only one chance")."""


def _one_after_another(*sentences: str) -> str:
    """The sentences of one notice (the empty ones left out), each following the one before."""
    said = ""
    for sentence in filter(None, sentences):
        # Translators: one whole sentence after another in a notice; {said} is the ones so far, {sentence}
        # the next one (a language writing no space between sentences may leave it out)
        said = _("{said} {sentence}").format(said=said, sentence=sentence) if said else sentence
    return said


def utc_now() -> datetime:
    return datetime.now(UTC)


class Ledger:
    """The campaign in force, its undo/redo stacks and the history behind them.

    ``clock`` stamps entries (tests freeze it); ``rng`` rolls the dice of every roll not given its own
    ``random.Random`` or typed faces.
    """

    def __init__(self, store, *, clock: Clock_ | None = None, rng: random.Random | None = None,
                 source: str | None = None):
        self._store = store
        self.source = source
        """Where this ledger's changes are made (``console``, ``cli``, ``player:<id>``), written on each
        entry; ``None`` writes none (see :meth:`acting_as`)."""
        self.others = OtherWriters(store, lambda: self.source)
        """What the other writers of the campaign did, as this ledger read it in its turns."""
        self._clock = clock or utc_now
        self.rng = rng or random.Random()
        """The dice of every roll not given its own generator or typed faces."""
        self._listeners: list[Listener] = []
        self.read_only_why: tuple[str, str] | None = None
        """``(reason, advice)`` a refused change gives when the opener knows why it is read-only."""
        if store.read_only:
            self.load(recover=True, thorough=not store.left_clean)
        else:
            with store.turn() as turn:  # read and, after a crash, settled in one turn: no writer between
                self.load(recover=turn.crashed or not store.history_settled,  # nothing to recover after a clean close
                          thorough=not store.left_clean)
                if self.history_problem is not None:
                    turn.leave_unchecked()

    # ------------------------------------------------------------------ state
    def load(self, *, recover: bool, thorough: bool = True) -> None:
        """Read the state document and, when ``recover``, make the history agree with it; ``thorough``
        also looks for entries lost from the middle of the history (:meth:`recover`)."""
        state = self._store.load_state()
        self._campaign = Campaign.from_dict(state["campaign"])
        self._undo: list[tuple[int, int]] = [tuple(x) for x in state.get("undo", [])]
        self._redo: list[tuple[int, int]] = [tuple(x) for x in state.get("redo", [])]
        self._last_entry: int | None = state.get("last_entry")
        self._scene_cache: tuple[int, int, set] | None = None
        self._overlay: dict = {}  # a reader's view of what the next writer's recovery will write
        self.history_gap: str | None = None
        """One sentence when the state names entries missing from the history."""
        self.history_problem: StoreError | None = None
        """The store's error when the history could not be checked at open (e.g. a damaged chunk)."""
        self._store.keep_ids_above(reconcile.highest_known_id(self._last_entry, self._undo, self._redo))
        if recover:
            try:
                with self._store.change():  # a history that could not be checked leaves no clean-close marker
                    self.recover(thorough)
            except StoreError as exc:  # e.g. a history file that does not parse: the history view says so
                self.history_problem = exc  # not logged: a log line would be written over the console

    _LOADED = ("_campaign", "_undo", "_redo", "_last_entry", "_scene_cache", "_overlay", "history_gap",
               "history_problem")

    def reload(self) -> bool:
        """A reader's :meth:`load` again, after a writer changed the files; True when it read them.

        A writer may be between its writes (the entry saved, the state not yet) or a file may not read
        (damaged, or a half-written chunk copied in by hand): then everything stays as it was,
        :attr:`reload_problem` says why, and False says to try again on the next change (the follower,
        :mod:`gmconsole.ui.live_follow`, says it to the GM). Never raises a store error."""
        kept = {name: getattr(self, name) for name in self._LOADED}
        try:
            self.load(recover=True, thorough=False)
            if self.history_problem is not None and kept["history_problem"] is None:
                raise self.history_problem
        except (StoreError, ShapeError, ValueError, KeyError, TypeError) as exc:
            for name, value in kept.items():
                setattr(self, name, value)
            self.reload_problem = exc
            return False
        self.reload_problem = None
        return True

    reload_problem: Exception | None = None
    """Why the last :meth:`reload` could not read the campaign (``None`` when it could): a damaged file is
    the store's ``CorruptFile``, naming it."""

    @property
    def campaign(self) -> Campaign:
        """The campaign in force. Read it, never change it: changes go through :meth:`commit`."""
        return self._campaign

    @property
    def read_only(self) -> bool:
        """True when opened read-only (a second window): every change is refused."""
        return bool(self._store.read_only)

    @property
    def session(self) -> Session:
        """The current (last) session of the campaign in force."""
        return self._campaign.current_session

    def character(self, id_or_name: str) -> Character:
        """The roster member the GM typed (an id or a name), or a ValidationError naming what was typed."""
        return character_lookup.character_in(self._campaign, id_or_name)

    def now(self) -> str:
        """The time stamped on an entry, to the second."""
        return self._clock().isoformat(timespec="seconds")

    def today(self) -> str:
        """Today's date by the ledger's clock (``YYYY-MM-DD``)."""
        return self._clock().date().isoformat()

    def version(self) -> tuple:
        """Changes whenever an entry is recorded, undone or redone: a key for answers read from the history."""
        return (self._last_entry, len(self._undo), len(self._redo), tuple(self._undo[-1:]),
                tuple(self._redo[-1:]), self._campaign.current_session.number)

    def highest_known_id(self) -> int:
        """The highest entry id the state names (the entries of a file set aside are still named)."""
        return reconcile.highest_known_id(self._last_entry, self._undo, self._redo)

    # ------------------------------------------------------------------ listeners
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(entry)`` after every change, undo and redo; returns an unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def notify(self, entry: dict) -> None:
        """Tell every listener of ``entry`` (a change, an undo, a restored file)."""
        for listener in list(self._listeners):
            listener(entry)

    # ------------------------------------------------------------------ many writers
    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        """Hold the campaign for one change (a turn of the store): what other writers committed since
        this ledger's last turn is read first (:meth:`_catch_up`), so the change is made on the latest
        state. A turn inside a turn is the same one. A reader's ledger takes none."""
        if self.read_only:
            yield
            return
        with self._store.turn() as turn:
            if turn.others_wrote and not getattr(turn, "caught_up", False):
                turn.caught_up = True
                self._catch_up(turn)
            yield

    def _catch_up(self, turn) -> None:
        """Read the state another writer left and the entries it recorded since; after a writer died
        half-way through a change (``turn.crashed``), settle the history as an open after a crash does."""
        known = self.highest_known_id()
        self.load(recover=turn.crashed, thorough=False)
        if self.history_problem is not None:
            turn.leave_unchecked()
        self.others.arrived_since(known, self.session.number)

    def refresh(self) -> bool:
        """For a writer following the others: read what they committed, when the lock's note says anyone
        did (one small read when nobody did: no turn taken). True when something was read; listeners
        then hear a ``reloaded`` notice naming the entries that arrived. Never raises a store error:
        :attr:`reload_problem` says why the campaign could not be read (the next change tries again)."""
        if self.read_only or not self._store.others_wrote():
            return False
        try:
            with self.turn():
                pass
        except (StoreError, ShapeError, ValueError, KeyError, TypeError) as exc:
            self.reload_problem = exc
            return False
        self.reload_problem = None
        told = self.others.pending
        self.others.tell(self.notify)
        return told

    @contextlib.contextmanager
    def acting_as(self, source: str) -> Iterator[None]:
        """Changes made inside are marked as made from ``source`` (a player's page: ``player:<id>``)."""
        kept, self.source = self.source, source
        try:
            yield
        finally:
            self.source = kept

    # ------------------------------------------------------------------ recording a change
    def check_writable(self) -> None:
        """Refuse a change to a campaign opened read-only, saying why when the opener knows."""
        if self.read_only:
            from gmconsole.store.errors import ReadOnly

            raise ReadOnly(self._campaign.name, *(self.read_only_why or ()))

    def commit(self, kind: str, mutate: Mutate, *, character_id: str | None = None,
               entry_updates: Sequence[EntryUpdate] = ()) -> dict:
        """Apply ``mutate`` to a copy, record the entry, persist, then swap the copy in.

        ``mutate(copy)`` raises to refuse the change; it returns the entry's own fields
        (``summary`` and kind-specific data). ``entry_updates`` are ``(session, id, before, after)``
        field changes to earlier entries (e.g. a roll's costs marked applied); undo reverts them.
        """
        self.check_writable()
        try:
            with self.turn():
                entry = self._commit(kind, mutate, character_id, entry_updates)
        finally:
            self.others.tell(self.notify)
        self.notify(entry)
        return entry

    def _commit(self, kind: str, mutate: Mutate, character_id: str | None,
                entry_updates: Sequence[EntryUpdate]) -> dict:
        """:meth:`commit`'s work, in a turn: the campaign in memory is the latest one on disk."""
        self.others.check_still_as_was(entry_updates, self._campaign, self.session.number)
        # one document of the campaign before the change serves both to build the copy to change and
        # as the undo record's "before" (from_dict copies every list and dict, so nothing is shared)
        before_doc = self._campaign.to_dict()
        new = Campaign.from_dict(before_doc)
        try:
            info = mutate(new) or {}
        except ValueError as refusal:  # a ValidationError or a RulesError: say what came in first, if anything
            self.others.refused_after(refusal, self._campaign)
            raise
        counters.end_panics_at_zero_stress(new)
        session = new.current_session
        who = (new.character(character_id) or self._campaign.character(character_id)) if character_id else None
        pending_costs.follow(new.pending_costs, info, entry_updates, session=session.number,
                             character_id=character_id, character=who.name if who else "",
                             next_id=self._store.next_entry_id)
        after_doc = new.to_dict()
        header = {
            "at": self.now(),
            "session": session.number,
            "scene": session.scene,
            "kind": kind,
            "character": who.name if who else "",
            "character_id": character_id,
            "summary": "",
            "status": "done",
            **({"source": self.source} if self.source else {}),
        }
        entry = entry_records.build(header, info).to_dict()
        entry["undo"] = undo_parts.diff(before_doc, after_doc)
        entry["undo"]["entries"] = [
            {"session": s, "id": i, "before": b, "after": a} for s, i, b, a in entry_updates
        ]
        with self._store.change():
            entry_id = self._store.append_entry(session.number, entry)
            entry["id"] = entry_id
            undo_stack = (self._undo + [(session.number, entry_id)])[-MAX_UNDO:]
            self._persist(new, undo_stack, [], entry_id, failed_entry=(session.number, entry_id), document=after_doc)
            self._campaign, self._undo, self._redo, self._last_entry = new, undo_stack, [], entry_id
            for s, i, _before, after in entry_updates:
                self._store.update_entry(s, i, after)
        return entry

    def _persist(self, campaign: Campaign, undo_stack, redo_stack, last_entry, *, failed_entry=None,
                 document: dict | None = None) -> None:
        """Save the state document; when it fails, mark the just-appended entry ``failed`` (best effort).

        ``document``: ``campaign.to_dict()`` when the caller has it already (saving copies it)."""
        state = {
            "campaign": campaign.to_dict() if document is None else document,
            "undo": [list(x) for x in undo_stack],
            "redo": [list(x) for x in redo_stack],
            "last_entry": last_entry,
        }
        try:
            self._store.save_state(state)
        except Exception:
            if failed_entry is not None:
                with contextlib.suppress(Exception):  # the write error below is the one the GM needs to see
                    self._store.update_entry(failed_entry[0], failed_entry[1], {"status": "failed"})
            raise

    def recover(self, thorough: bool = True) -> None:
        """Make the history agree with the state after a crash (:mod:`gmconsole.campaign.reconcile`).

        A writer writes the fixes; a reader (read-only) only lays them over what it reads, so it shows
        what the next writer will show. Either way, a gap in the history is said and undo/redo are
        kept from reaching into it. Skipped for a writer when the last one closed cleanly: then
        nothing was left half-written and the newest history files are as it left them, so opening
        reads no history at all.

        ``thorough``: also read every chunk the undo and redo stacks and the pending costs name, for
        entries lost from the middle (a chunk set aside, an older backup restored). That reads up to a few chunks more,
        so a reader of a campaign whose last writer closed cleanly skips it (a writer opening it checks
        nothing either); a crash, a restored backup and a file set aside are always checked."""
        pending = [(i["session"], i["roll_id"]) for i in self._campaign.pending_costs
                   if isinstance(i.get("session"), int) and isinstance(i.get("roll_id"), int)]
        result = reconcile.plan(self._store, self._campaign.name, self._campaign.current_session.number,
                                self._last_entry, self._undo, self._redo, pending, thorough=thorough)
        if self.read_only:
            self._overlay = result.overlay()
        else:
            for session, entry_id, fields in result.updates:
                self._store.update_entry(session, entry_id, fields)
        if result.gap is not None:
            dropped = pending_costs.drop_lost(self._campaign.pending_costs, result.missing, written=not self.read_only)
            # a reader writes nothing: it says so, and names the command that settles it, in the same line
            self.history_gap = _one_after_another(result.gap, dropped,
                                                  reconcile.reader_note(self._campaign.name) if self.read_only else "")
            self._undo = reconcile.trim(self._undo, result.newest_on_disk, result.missing)
            self._redo = reconcile.trim(self._redo, result.newest_on_disk, result.missing)
            if not self.read_only:  # saved, so the next open neither trips on them nor says it again
                with self._store.change():
                    self._persist(self._campaign, self._undo, self._redo, self._last_entry)

    # ------------------------------------------------------------------ reading the history
    def seen(self, entries: list[dict]) -> list[dict]:
        """Entries as the next writer will show them (a reader's overlay applied; a writer has none)."""
        if self._overlay:
            for entry in entries:
                reconcile.seen(entry, self._overlay)
        return entries

    def entries(self, session: int | None = None) -> list[dict]:
        """Every stored entry of ``session`` (all when ``None``), oldest first, as the next writer shows them."""
        return self.seen(self._store.entries(session))

    def entry(self, entry_id: int, session: int | None = None) -> dict:
        """One entry by id (in the current session unless ``session`` is given)."""
        return self.find_entry(self.session.number if session is None else session, entry_id)

    def highest_entry_id(self) -> int:
        """The highest entry id the campaign knows, in its history files or named by its state (the
        entries of a file set aside are still named by the state): where a recap's gap ends."""
        return max(self._store.newest_id(), self.highest_known_id())

    def chunk_signatures(self) -> dict[tuple[int, int], tuple]:
        """Every history chunk, ``(session, first id)`` → a signature that changes with the file; reads
        none (:meth:`~gmconsole.store.history_reader.HistoryReader.chunk_signatures`)."""
        return self._store.chunk_signatures()

    def chunk_entries(self, session: int, first: int) -> list[dict]:
        """The entries of one history chunk, oldest first, as the next writer shows them; may run in a
        worker thread (the history screen's first read)."""
        return self.seen(self._store.chunk_entries(session, first))

    def entries_newest_first(self, session: int) -> Iterator[dict]:
        """The entries of one session, newest first, as stored, read lazily (a search stops at what it
        wants)."""
        return self._store.entries_newest_first(session)

    def sessions(self) -> list[int]:
        """The numbers of the sessions that have a history, oldest first."""
        return list(self._store.sessions())

    def chunk_summary(self, session: int, first: int, part: str, forms: dict, build, check):
        """The summary of one history chunk (:meth:`~gmconsole.store.chunk_summaries.ChunkSummaries.chunk_summary`),
        as the next writer will show it: a reader whose overlay changes entries of that session makes it
        from the entries with the overlay laid over them, and keeps none."""
        entries = None
        if any(s == session and i >= first for s, i in self._overlay):
            def entries():
                return self.seen(self._store.chunk_entries(session, first))
        return self._store.chunk_summary(session, first, part, forms, build, check, entries=entries)

    def chunk_files(self):
        """The history chunk files, as the store lists them (a session list counts their entries)."""
        return self._store.chunk_files()

    def find_entry(self, session: int, entry_id: int) -> dict:
        """One entry of ``session`` by id, or a ValidationError naming it."""
        try:
            return reconcile.seen(self._store.entry(session, entry_id), self._overlay)
        except EntryNotFound:
            raise ValidationError(_("there is no history entry {id} in session {session}").format(
                id=entry_id, session=session)) from None

    def entry_anywhere(self, entry_id: int) -> dict:
        """An entry by id (ids are unique in the campaign): the current session first, then all."""
        current = self._campaign.current_session.number
        sessions = [current] + [n for n in reversed(self._store.sessions()) if n != current]
        for number in sessions:
            try:
                return reconcile.seen(self._store.entry(number, entry_id), self._overlay)
            except EntryNotFound:
                continue
        raise ValidationError(_("there is no history entry {id}").format(id=entry_id))

    def scene_rolls(self) -> set:
        """``(character_id, skill, goal)`` of the rolls still in force in the current scene (cached)."""
        session = self._campaign.current_session
        if self._scene_cache is None or self._scene_cache[:2] != (session.number, session.scene):
            scene_entries: list[dict] = []
            try:
                for e in self._store.entries_newest_first(session.number):
                    reconcile.seen(e, self._overlay)
                    if (e.get("scene") or 0) < session.scene:
                        break  # scenes only grow within a session: the rest is history
                    scene_entries.append(e)
            except StoreError:
                scene_entries = []  # an unreadable history only costs the "only one chance" warning
            keys: set = set()
            for e in reversed(scene_entries):
                if e.get("status", "done") != "done" or e.get("scene") != session.scene:
                    continue
                key = (e.get("character_id"), e.get("skill"), e.get("goal") or "")
                if e.get("kind") == "roll":
                    keys.add(key)
                elif e.get("kind") == "circumstances":
                    keys.discard(key)
            self._scene_cache = (session.number, session.scene, keys)
        return self._scene_cache[2]

    def remember_roll(self, entry: dict) -> None:
        """A roll just recorded is in force in the scene ("only one chance")."""
        self.scene_rolls().add((entry.get("character_id"), entry.get("skill"), entry.get("goal") or ""))

    def forget_roll(self, character_id: str, skill: str | None, goal: str | None) -> None:
        """A change of circumstances: that roll may be tried again this scene."""
        self.scene_rolls().discard((character_id, skill, goal or ""))

    # ------------------------------------------------------------------ undo / redo
    @property
    def undo_count(self) -> int:
        """How many changes undo can take back, one by one."""
        return len(self._undo)

    @property
    def redo_count(self) -> int:
        """How many undone changes redo can make again."""
        return len(self._redo)

    def undo_label(self) -> str | None:
        """The summary of the change undo would take back, or ``None``."""
        return self._label(self._undo)

    def redo_label(self) -> str | None:
        """The summary of the change redo would make again, or ``None``."""
        return self._label(self._redo)

    def next_undo_kind(self, *, redo: bool = False) -> str | None:
        """The ``kind`` of the entry undo (or, with ``redo``, redo) would take up next, or ``None``."""
        stack = self._redo if redo else self._undo
        if not stack:
            return None
        try:
            return self.find_entry(*stack[-1]).get("kind")
        except (ValidationError, StoreError):
            return None

    def _label(self, stack: list[tuple[int, int]]) -> str | None:
        """The summary of the entry on top of ``stack``; an entry missing or unreadable reads as one
        line saying so (it may be in a chunk lost from the middle): a label never raises into a screen."""
        if not stack:
            return None
        try:
            return self.find_entry(*stack[-1]).get("summary")
        except (ValidationError, StoreError) as exc:
            return _("(entry #{id} cannot be read: {error})").format(id=stack[-1][1], error=exc)

    def undo(self, expected: int | None = None) -> dict:
        """Take back the campaign's newest change still in force, whoever made it; returns its entry (now
        marked ``undone``). ``expected``: the id of the entry the GM was asked about; when another
        writer's change has come on top meanwhile, nothing is undone and the refusal names it."""
        self.check_writable()
        try:
            with self.turn():
                if not self._undo:
                    raise ValidationError(_("there is nothing to undo") if expected is None else _(
                        "nothing was done: another writer's change came meanwhile, and there is nothing to undo now"))
                session, entry_id = self._undo[-1]
                entry = self.find_entry(session, entry_id)
                self.others.check_expected(entry, expected, _("undo"), self._campaign)
                done = self._walk(entry, "before", "undone", self._undo[:-1], self._redo + [(session, entry_id)])
        finally:
            self.others.tell(self.notify)
        self.notify(done)
        return done

    def redo(self, expected: int | None = None) -> dict:
        """Make the newest undone change again; returns its entry (marked ``done`` again); ``expected`` as
        for :meth:`undo`."""
        self.check_writable()
        try:
            with self.turn():
                if not self._redo:
                    raise ValidationError(_("there is nothing to redo") if expected is None else _(
                        "nothing was done: another writer's change came meanwhile, and there is nothing to redo now"))
                session, entry_id = self._redo[-1]
                entry = self.find_entry(session, entry_id)
                self.others.check_expected(entry, expected, _("redo"), self._campaign)
                done = self._walk(entry, "after", "done", self._undo + [(session, entry_id)], self._redo[:-1])
        finally:
            self.others.tell(self.notify)
        self.notify(done)
        return done

    def top_of(self, *, redo: bool = False) -> dict | None:
        """The entry undo (or redo) would take up next, after reading what other writers committed (a
        turn, when the lock's note says anyone did), or ``None``: what the console asks about first."""
        self.refresh()
        stack = self._redo if redo else self._undo
        if not stack:
            return None
        try:
            return self.find_entry(*stack[-1])
        except (ValidationError, StoreError):
            return None

    def _walk(self, entry: dict, side: str, status: str, undo_stack, redo_stack) -> dict:
        record = entry.get("undo") or {"before": {}, "after": {}, "entries": []}
        try:  # the record is untrusted text from a history file: what it rebuilds must be a campaign
            document = undo_parts.apply(self._campaign.to_dict(), record.get(side, {}))
            check_campaign(document, _("the campaign its undo record rebuilds"))
            new = Campaign.from_dict(document)
        except (ShapeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise self._store.damaged_entry(entry["session"], entry["id"], str(exc)) from None
        stamp = {"status": status, f"{status}_at": self.now()}
        with self._store.change():
            self._persist(new, undo_stack, redo_stack, self._last_entry)
            self._campaign, self._undo, self._redo = new, list(undo_stack), list(redo_stack)
            if entry.get("kind") in SCENE_KINDS:
                self._scene_cache = None
            self._store.update_entry(entry["session"], entry["id"], stamp)
            for update in record.get("entries", []):
                self._store.update_entry(update["session"], update["id"], update[side])
        return dict(entry, **stamp)
