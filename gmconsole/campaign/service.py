"""The one service that changes a campaign.

Every change — a roll, a push, a cost applied, stress +1, a card drawn, a character added —
goes through :class:`CampaignService`, which:

1. validates (a :class:`~gmconsole.rules.errors.RulesError` or a campaign
   :class:`~gmconsole.campaign.errors.ValidationError`, one clear sentence, nothing changed),
2. computes the result through the rules core,
3. applies it to a *copy* of the campaign,
4. persists (``append_entry`` for the history entry, then ``save_state`` for the campaign),
5. and only then swaps the copy in — so a failed write (``WriteFailed``) leaves the campaign
   in memory exactly as it was, and the UI can show the error and carry on — and finally updates
   earlier entries the change touches (a roll marked pushed or its costs applied).
   A crash between these writes is repaired when the campaign is next opened.

The recording itself, undo and redo are the :class:`~gmconsole.campaign.ledger.Ledger`'s, and each
change is made by a command module (:mod:`gmconsole.campaign.commands`) that takes the ledger. This
service is what the console and the command line hold: what is about the open campaign as a whole
(opening and closing, reading, following a writer, undo and redo, repairs) is here; the rest is in
small facades over the same ledger, one per job (:mod:`gmconsole.campaign.facades`):
``service.rolls``, ``service.outcomes``, ``service.trackers``, ``service.roster``, ``service.conflict``,
``service.setup``, ``service.sessions`` and ``service.history``.

Each history entry carries what undo needs (the before/after of the campaign parts it changed,
see :mod:`gmconsole.campaign.undo`). Undo and redo walk a linear stack over this campaign's
entries, marking them ``undone`` / ``done`` in the store (never deleting); a new change clears redo.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from gmconsole.campaign.facades.conflict import Conflict
from gmconsole.campaign.facades.history import History
from gmconsole.campaign.facades.outcomes import Outcomes
from gmconsole.campaign.facades.rolls import Rolls
from gmconsole.campaign.facades.roster import Roster
from gmconsole.campaign.facades.sessions import Sessions
from gmconsole.campaign.facades.setup import Setup
from gmconsole.campaign.facades.trackers import Trackers
from gmconsole.campaign.ledger import Clock_, Ledger, Listener, utc_now
from gmconsole.campaign.model import Campaign, Character, Session, Settings
from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.store.shape import GMCONSOLE


class CampaignService:
    """One open campaign: read its state, change it (validated, persisted, recorded), undo/redo.

    Build one with :meth:`open` or :meth:`create`; ``clock`` gives the time stamped on entries
    (tests freeze it) and ``rng`` the dice of every roll that is not given its own
    ``random.Random`` or typed faces.
    """

    def __init__(self, store, *, clock: Clock_ | None = None, rng: random.Random | None = None,
                 source: str | None = None):
        self._store = store
        self._stamp = store.stamp() if store.read_only else None  # before reading: a change meanwhile shows
        self.ledger = Ledger(store, clock=clock, rng=rng, source=source)
        """Records every change, undo and redo (:class:`~gmconsole.campaign.ledger.Ledger`); the
        command modules change the campaign through it."""
        self.rolls = Rolls(self.ledger)
        """Preview, roll, push, quick and special rolls (:class:`~gmconsole.campaign.facades.rolls.Rolls`)."""
        self.outcomes = Outcomes(self.ledger)
        """What a recorded roll leads to: costs, consequences, attack damage, role outcomes."""
        self.trackers = Trackers(self.ledger)
        """Stress, counters, harm, panic, doom and clocks."""
        self.roster = Roster(self.ledger)
        """Characters, their attributes, skill levels and gear."""
        self.conflict = Conflict(self.ledger)
        """The conflict: initiative, turns, actions."""
        self.setup = Setup(self.ledger)
        """Settings and the campaign's skill list."""
        self.sessions = Sessions(self.ledger)
        """Sessions and scenes, the session list and a recap."""
        self.history = History(self.ledger)
        """Entries, filtered views, chunks, export and statistics (reads only)."""

    @property
    def read_only_why(self) -> tuple[str, str] | None:
        """``(reason, advice)`` a refused change gives when the opener knows why it is read-only."""
        return self.ledger.read_only_why

    @read_only_why.setter
    def read_only_why(self, why: tuple[str, str] | None) -> None:
        self.ledger.read_only_why = why

    @property
    def history_gap(self) -> str | None:
        """One sentence when the state names entries missing from the history."""
        return self.ledger.history_gap

    @property
    def history_problem(self):
        """The store's error when the history could not be checked at open (e.g. a damaged chunk);
        the console and the CLI say it in their own way (:attr:`history_warning`), never on a raw log."""
        return self.ledger.history_problem

    @property
    def history_warning(self) -> str | None:
        """One line for the GM when the history could not be checked at open, else ``None``; the name
        and the message may hold text from the files, so both are escaped."""
        if self.history_problem is None:
            return None
        return _("could not check the history of {name}: {problem}").format(name=shown(self.ledger.campaign.name),
                                                                             problem=shown(self.history_problem))

    def restore_backup(self, path: Path) -> dict:
        """Put the newest backup of a damaged file of this campaign in its place (the damaged file is
        kept aside, :meth:`CampaignStore.restore_backup`), read the state again and make the history
        agree with it; listeners hear of it like a change. Returns ``{"kind", "summary"}``."""
        self.ledger.check_writable()
        with self.ledger.turn():
            self._store.restore_backup(Path(path))
            self.ledger.load(recover=True)
        summary = _("restored {file} from its newest backup").format(file=Path(path).name)
        if self.history_gap:  # what the backup lacks is said now, not at the next open, where it would surprise
            summary = f"{summary}. {self.history_gap}"
        done = {"kind": "restore", "summary": summary}
        self.ledger.notify(done)
        return done

    def set_aside(self, path: Path) -> dict:
        """Rename the damaged history chunk ``path`` beside itself (never deleted,
        :meth:`CampaignStore.set_aside`) so the campaign goes on without it, read the state again and
        check the history; the entries it held are then said missing (:attr:`history_gap`) and their
        ids never given again. Listeners hear of it like a change. Returns ``{"kind", "summary", "aside"}``."""
        from gmconsole.store.set_aside import first_id

        self.ledger.check_writable()
        with self.ledger.turn():
            aside = self._store.set_aside(Path(path))
            self.ledger.load(recover=True)
        summary = _("set {file} aside as {aside}; the entries it held (from #{first} on) are no longer in the "
                    "history").format(file=Path(path).name, aside=aside.name, first=first_id(Path(path)))
        if self.history_gap:
            summary = f"{summary}. {self.history_gap}"
        done = {"kind": "set-aside", "summary": summary, "aside": str(aside)}
        self.ledger.notify(done)
        return done

    def settle_history(self) -> dict:
        """Check the whole history against the state, as after a crash (every entry the undo and redo
        stacks and the pending costs name looked up), and save what that settles: undo and redo cut
        short of missing entries, the costs of lost rolls dropped. What a reader can only say
        (:attr:`history_gap`), a writer settles here once. Returns ``{"kind", "summary"}``."""
        self.ledger.check_writable()
        said = self.history_gap  # what opening this writer found and saved already
        with self.ledger.turn():
            self.ledger.load(recover=True)
        gap = said or self.history_gap
        summary = (_("{gap} Saved: the campaign now agrees with its history.").format(gap=gap) if gap
                   else _("The history of {name} agrees with the campaign; nothing to repair.").format(
                       name=shown(self.campaign.name)))
        done = {"kind": "settle", "summary": summary}
        self.ledger.notify(done)
        return done

    # ------------------------------------------------------------------ opening and closing
    @classmethod
    def open(
        cls,
        root: Path,
        name: str,
        *,
        read_only: bool = False,
        clock: Clock_ | None = None,
        rng: random.Random | None = None,
        wait: float | None = 0.0,
        console: bool = False,
        source: str | None = None,
    ) -> CampaignService:
        """Open the campaign ``name`` under ``root`` (store errors such as CampaignLocked pass through);
        ``wait``: seconds each change waits for another writer's change in progress (``None``: the default
        wait, :mod:`gmconsole.store.lock`); ``source``: where this service's changes are made, written on
        each entry (:mod:`gmconsole.campaign.sources`); ``console``: the console opens it (its source)."""
        from gmconsole.campaign.sources import CONSOLE, default_source
        from gmconsole.store.campaign_store import CampaignStore

        store = CampaignStore.open(Path(root), name, read_only=read_only, wait=wait, shapes=GMCONSOLE)
        return cls(store, clock=clock, rng=rng, source=source or (CONSOLE if console else default_source()))

    @classmethod
    def create(
        cls,
        root: Path,
        name: str,
        system: str,
        *,
        settings: Settings | None = None,
        clock: Clock_ | None = None,
        rng: random.Random | None = None,
        wait: float | None = 0.0,
    ) -> CampaignService:
        """Create a new, empty campaign of ``system`` with session 1 open, and open it."""
        from gmconsole.store.campaign_store import CampaignStore
        from gmconsole.systems import check_system

        check_system(system)
        now = (clock or utc_now)()
        campaign = Campaign.new(name, system, now.date().isoformat(), settings)
        store = CampaignStore.create(Path(root), name, initial_state(campaign), wait=wait, shapes=GMCONSOLE)
        return cls(store, clock=clock, rng=rng)

    @classmethod
    def from_campaign(
        cls,
        root: Path,
        campaign: Campaign,
        *,
        clock: Clock_ | None = None,
        rng: random.Random | None = None,
        wait: float | None = 0.0,
    ) -> CampaignService:
        """Create a campaign on disk from a ready :class:`Campaign` (demo install, import) and open it."""
        from gmconsole.store.campaign_store import CampaignStore

        store = CampaignStore.create(Path(root), campaign.name, initial_state(campaign), wait=wait, shapes=GMCONSOLE)
        return cls(store, clock=clock, rng=rng)

    def close(self) -> None:
        """Release the campaign (its lock file); the service must not be used afterwards."""
        self._store.close()

    def __enter__(self) -> CampaignService:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ reading
    @property
    def campaign(self) -> Campaign:
        """The current campaign. Read it, never change it: changes go through this service."""
        return self.ledger.campaign

    @property
    def data_folder(self) -> Path:
        """The folder holding the campaigns (``--data-dir``, ``GMCONSOLE_HOME`` or the user data folder)."""
        return Path(self._store.root)

    @property
    def read_only(self) -> bool:
        """True when opened read-only (a second window): every change is refused."""
        return bool(self._store.read_only)

    @property
    def session(self) -> Session:
        """The current (last) session."""
        return self.ledger.campaign.current_session

    def character(self, id_or_name: str) -> Character:
        """The roster member with this id (or name), or a ValidationError naming it."""
        return self.ledger.character(id_or_name)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(entry)`` after every change, undo and redo; returns an unsubscribe function."""
        return self.ledger.subscribe(listener)

    # ------------------------------------------------------------------ following a writer
    def reload(self) -> bool:
        """Read the campaign and its history again when a writer changed them; True when what this
        service holds changed, and then every subscriber is told with a ``{"kind": "reloaded"}`` notice
        (no summary: the reader did nothing itself). Only a read-only service follows; a writer's is
        always up to date and gets False.

        Cheap when nothing changed (a few ``stat`` calls, :meth:`CampaignStore.stamp`). A writer caught
        between its writes or a file that does not read keeps the service as it was and gives False;
        the next change is read again. Never raises a store error into the console.

        A writer follows the others too (:meth:`Ledger.refresh`): when the lock's note says another
        writer committed, it reads their changes in a turn; the notice then names the entries that
        arrived (``{"kind": "reloaded", "arrived": [...]}``)."""
        if not self.read_only:
            return self.ledger.refresh()
        stamp, seen = self._store.stamp(), self._stamp
        if stamp == seen:
            return False
        before = (self.ledger.version(), self.ledger.campaign.to_dict())
        self._store.forget_listings()
        if not self.ledger.reload():
            return False
        self._stamp = stamp
        history_changed = seen is None or stamp[1] != seen[1]  # an entry marked undone, say
        if not history_changed and before == (self.ledger.version(), self.ledger.campaign.to_dict()):
            return False
        self.ledger.notify({"kind": "reloaded"})
        return True

    def is_campaign_file(self, path: str | Path) -> bool:
        """Whether a change to ``path`` can change what a reader holds (``campaign.json``, a history
        chunk; not the lock, the backups or a temporary file): what a follower watches."""
        from gmconsole.store.layout import read_from

        return read_from(self._store.path, Path(path))

    @property
    def campaign_folder(self) -> Path:
        """The folder holding this campaign's files (what a follower watches)."""
        return Path(self._store.path)

    # ------------------------------------------------------------------ undo / redo
    @property
    def can_undo(self) -> bool:
        return bool(self.ledger.undo_count)

    @property
    def can_redo(self) -> bool:
        return bool(self.ledger.redo_count)

    @property
    def undo_count(self) -> int:
        """How many changes undo can take back, one by one."""
        return self.ledger.undo_count

    @property
    def redo_count(self) -> int:
        """How many undone changes redo can make again."""
        return self.ledger.redo_count

    def undo_label(self) -> str | None:
        """The summary of the change undo would take back, or ``None``."""
        return self.ledger.undo_label()

    def redo_label(self) -> str | None:
        """The summary of the change redo would make again, or ``None``."""
        return self.ledger.redo_label()

    def next_undo_kind(self, *, redo: bool = False) -> str | None:
        """The ``kind`` of the entry undo (or, with ``redo``, redo) would take up next — ``settings``,
        ``roll``, ... — or ``None`` when there is none or it cannot be read. A screen that undoes only
        its own changes (the settings screen) asks this first."""
        return self.ledger.next_undo_kind(redo=redo)

    def undo(self, expected: int | None = None) -> dict:
        """Take back the campaign's newest change still in force, whoever made it; returns its entry (now
        marked ``undone``). ``expected``: the id of the entry the GM agreed to undo (:meth:`next_undo`);
        another writer's change come on top meanwhile is refused, naming it, and nothing is undone.

        Undoing a roll's applied costs is its own step (the costs entry is newer than the roll);
        undoing the roll itself then also takes back anything the roll changed.
        """
        return self.ledger.undo(expected)

    def redo(self, expected: int | None = None) -> dict:
        """Make the newest undone change again; returns its entry (marked ``done`` again)."""
        return self.ledger.redo(expected)

    def next_undo(self, *, redo: bool = False) -> tuple[int, str, str | None] | None:
        """What undo (or redo) would take up now, after reading the other writers' changes: ``(entry id,
        summary, where it was made)``, the last ``None`` when this writer made it (or its kind of writer,
        or an entry that does not say); ``None`` when there is nothing. The console asks first when it
        was made elsewhere."""
        from gmconsole.campaign.sources import is_elsewhere, made_where

        entry = self.ledger.top_of(redo=redo)
        if entry is None or not isinstance(entry.get("id"), int):
            return None
        source, here = entry.get("source"), self.ledger.source
        elsewhere = is_elsewhere(source, here) or entry["id"] in self.ledger.others.made
        where = made_where(source, self.campaign, here) if elsewhere else None
        return entry["id"], str(entry.get("summary", "")), where

    def acting_as(self, source: str):
        """A context in which the changes made are marked as made from ``source`` (a player's page,
        :func:`gmconsole.campaign.sources.player_source`)."""
        return self.ledger.acting_as(source)


def initial_state(campaign: Campaign) -> dict:
    """The state document of a campaign with no history (what ``CampaignStore.create`` is given)."""
    return {"campaign": campaign.to_dict(), "undo": [], "redo": [], "last_entry": None}

