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

The recording itself, undo and redo are the :class:`~gmconsole.campaign.ledger.Ledger`'s; this
service is the front the console and the command line call.

Each history entry carries what undo needs (the before/after of the campaign parts it changed,
see :mod:`gmconsole.campaign.undo`). Undo and redo walk a linear stack over this campaign's
entries, marking them ``undone`` / ``done`` in the store (never deleting); a new change clears redo.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Iterable, Sequence

from gmconsole.campaign import character_lookup
from gmconsole.campaign import history as history_queries
from gmconsole.campaign import pending_costs
from gmconsole.campaign import skills
from gmconsole.campaign import tracker_values
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.ledger import Clock_, Ledger, Listener, utc_now
from gmconsole.campaign.model import Campaign, Character, Clock, Gear, RollPreview, Session, Settings
from gmconsole.safe_text import shown
from gmconsole.store.shape import GMCONSOLE
from gmconsole.wording import quoted


class CampaignService:
    """One open campaign: read its state, change it (validated, persisted, recorded), undo/redo.

    Build one with :meth:`open` or :meth:`create`; ``clock`` gives the time stamped on entries
    (tests freeze it) and ``rng`` the dice of every roll that is not given its own
    ``random.Random`` or typed faces.
    """

    def __init__(self, store, *, clock: Clock_ | None = None, rng: random.Random | None = None):
        self._store = store
        self.ledger = Ledger(store, clock=clock, rng=rng)
        """Records every change, undo and redo (:class:`~gmconsole.campaign.ledger.Ledger`); the
        command modules change the campaign through it."""

    @property
    def read_only_why(self) -> tuple[str, str] | None:
        """``(reason, advice)`` a refused change gives when the opener knows why it is read-only."""
        return self.ledger.read_only_why

    @read_only_why.setter
    def read_only_why(self, why: tuple[str, str] | None) -> None:
        self.ledger.read_only_why = why

    @property
    def history_gap(self) -> str | None:
        """One sentence when the state names entries missing from the history (issue 10, item 7)."""
        return self.ledger.history_gap

    @property
    def history_problem(self):
        """The store's error when the history could not be checked at open (e.g. a damaged chunk);
        the console and the CLI say it in their own way (:attr:`history_warning`), never on a raw log."""
        return self.ledger.history_problem

    @property
    def history_warning(self) -> str | None:
        """One line for the GM when the history could not be checked at open, else ``None``; the name
        and the message may hold text from the files, so both are escaped (issue 10)."""
        if self.history_problem is None:
            return None
        return f"could not check the history of {shown(self.ledger.campaign.name)}: {shown(self.history_problem)}"

    def restore_backup(self, path: Path) -> dict:
        """Put the newest backup of a damaged file of this campaign in its place (the damaged file is
        kept aside, :meth:`CampaignStore.restore_backup`), read the state again and make the history
        agree with it; listeners hear of it like a change. Returns ``{"kind", "summary"}``."""
        self.ledger.check_writable()
        self._store.restore_backup(Path(path))
        self.ledger.load(recover=True)
        summary = f"restored {Path(path).name} from its newest backup"
        if self.history_gap:  # what the backup lacks is said now, not at the next open (follow-up item 6)
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
        aside = self._store.set_aside(Path(path))
        self.ledger.load(recover=True)
        summary = (f"set {Path(path).name} aside as {aside.name}; the entries it held (from "
                   f"#{first_id(Path(path))} on) are no longer in the history")
        if self.history_gap:
            summary = f"{summary}. {self.history_gap}"
        done = {"kind": "set-aside", "summary": summary, "aside": str(aside)}
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
        wait: float = 0.0,
    ) -> "CampaignService":
        """Open the campaign ``name`` under ``root`` (store errors such as CampaignLocked pass through);
        ``wait``: seconds to wait for another writer to let go of it (command-line writers)."""
        from gmconsole.store.campaign_store import CampaignStore

        store = CampaignStore.open(Path(root), name, read_only=read_only, wait=wait, shapes=GMCONSOLE)
        return cls(store, clock=clock, rng=rng)

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
        wait: float = 0.0,
    ) -> "CampaignService":
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
        wait: float = 0.0,
    ) -> "CampaignService":
        """Create a campaign on disk from a ready :class:`Campaign` (demo install, import) and open it."""
        from gmconsole.store.campaign_store import CampaignStore

        store = CampaignStore.create(Path(root), campaign.name, initial_state(campaign), wait=wait, shapes=GMCONSOLE)
        return cls(store, clock=clock, rng=rng)

    def close(self) -> None:
        """Release the campaign (its lock file); the service must not be used afterwards."""
        self._store.close()

    def __enter__(self) -> "CampaignService":
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
        found = self.ledger.campaign.find_character(id_or_name)
        if found is None:
            raise ValidationError(character_lookup.not_found(self.ledger.campaign, id_or_name))
        return found

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(entry)`` after every change, undo and redo; returns an unsubscribe function."""
        return self.ledger.subscribe(listener)

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

    def undo(self) -> dict:
        """Take back the newest change still in force; returns its entry (now marked ``undone``).

        Undoing a roll's applied costs is its own step (the costs entry is newer than the roll);
        undoing the roll itself then also takes back anything the roll changed.
        """
        return self.ledger.undo()

    def redo(self) -> dict:
        """Make the newest undone change again; returns its entry (marked ``done`` again)."""
        return self.ledger.redo()


    # ------------------------------------------------------------------ history
    def entries(self, session: int | None = None) -> list[dict]:
        """Every stored entry (oldest first), undone and failed ones included, as the next writer shows them."""
        return self.ledger.seen(self._store.entries(session))

    def entry(self, entry_id: int, session: int | None = None) -> dict:
        """One entry by id (in the current session unless ``session`` is given)."""
        return self.ledger.find_entry(self.session.number if session is None else session, entry_id)

    def highest_entry_id(self) -> int:
        """The highest entry id the campaign knows, in its history files or named by its state (the
        entries of a file set aside are still named by the state): where a recap's gap ends."""
        return max(self._store.newest_id(), self.ledger.highest_known_id())

    def entry_anywhere(self, entry_id: int) -> dict:
        """One entry by id in whichever session holds it (ids are unique in the campaign): the roll
        a push, a costs or a dropped-costs entry names may be in an earlier session than they are."""
        return self.ledger.entry_anywhere(entry_id)

    def history(
        self,
        session: int | None = None,
        character: str | None = None,
        skill: str | None = None,
        kind: str | None = None,
        *,
        include_undone: bool = False,
    ) -> list[dict]:
        """History entries, newest first, filtered by session, character (id or name), skill, kind.

        Undone (and failed) entries are left out unless ``include_undone``. ``skill`` is an id or a
        name from the campaign's skill list (issue 11).
        """
        character, skill = self.history_filter(character, skill)
        return history_queries.query(
            self.ledger.seen(self._store.entries(session)),
            character=character,
            skill=skill,
            kind=kind,
            include_undone=include_undone,
        )

    def history_filter(self, character: str | None, skill: str | None) -> tuple[str | None, str | None]:
        """The ``character`` and ``skill`` :meth:`history` filters on: an id for a name the campaign
        knows (``Ripley`` finds Ripley Hale's rolls), else the text as typed."""
        found = skills.find(self.ledger.campaign, skill) if skill else None
        skill = found.id if found is not None else skill
        who = self.ledger.campaign.find_character(character) if character else None
        return (who.id if who is not None else character), skill

    def history_chunks(self) -> dict[tuple[int, int], tuple]:
        """Every history chunk, ``(session, first id)`` → a signature that changes with the file; reads
        none (:meth:`~gmconsole.store.history_reader.HistoryReader.chunk_signatures`)."""
        return self._store.chunk_signatures()

    def chunk_history(self, session: int, first: int) -> list[dict]:
        """The entries of one history chunk, oldest first, as :meth:`entries` shows them. This and
        :meth:`history_chunks` may run in a worker thread (the history screen's first read)."""
        return self.ledger.seen(self._store.chunk_entries(session, first))

    def export_session(self, session: int | None = None, fmt: str = "markdown", *, character: str | None = None,
                       skill: str | None = None, kind: str | None = None, title: str | None = None) -> str:
        """The session's history (oldest first) as ``markdown`` or ``csv`` text (current session by default),
        filtered as :meth:`history` filters (the history screen exports what its table shows); ``title``
        names what was exported (default: the campaign and session)."""
        number = self.session.number if session is None else session
        entries = list(reversed(self.history(session=number, character=character, skill=skill, kind=kind)))
        return history_queries.export(entries, fmt, title=title or f"{self.ledger.campaign.name} — session {number}",
                                      skill_name=lambda skill: skills.name_of(self.ledger.campaign, skill))

    # ------------------------------------------------------------------ settings and sessions
    def update_settings(self, changes: dict) -> dict:
        """Change campaign settings (push cost, max pushes, R-… settings, initiative mode)."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.update_settings(self, changes)

    def new_session(self, date: str | None = None, title: str | None = None) -> Session:
        """Open the next session (number + 1, today's date unless given, an optional typed ``title``);
        doom, clocks and a running conflict carry over (a fight stopped at the end of an evening goes on
        the next); scenes start again at 1 (:mod:`gmconsole.campaign.sessions`)."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.new_session(self, date, title)

    def new_scene(self) -> dict:
        """Start a new scene (the "only one chance" warning looks at rolls in the same scene)."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.new_scene(self)

    # ------------------------------------------------------------------ the campaign's own skills
    def add_skill(self, name: str, attribute: str, text: str = "") -> dict:
        """Add a skill to the campaign's list (:mod:`gmconsole.campaign.skills`); undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.add_skill(self, name, attribute, text)

    def edit_skill(self, skill: str, *, name: str | None = None, attribute: str | None = None,
                   text: str | None = None) -> dict:
        """Rename a skill, re-link its attribute or change its text (its id stays); undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.edit_skill(self, skill, name=name, attribute=attribute, text=text)

    def remove_skill(self, skill: str) -> dict:
        """Remove a skill no character has (refused, naming them, otherwise); undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.remove_skill(self, skill)

    def load_skills(self, text: str, source: str = "the skill list") -> dict:
        """Replace the campaign's skills with a list read from TOML text; undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.load_skills(self, text, source)

    def change_skill_list(self, *, load: tuple[str, str] | None = None, add: Sequence[tuple[str, str]] = (),
                          rename: Sequence[tuple[str, str]] = (), remove: Sequence[str] = ()) -> dict:
        """Several changes at once, in one undoable entry (all or nothing): ``load`` ``(TOML text,
        source)`` first, then ``add`` ``(name, attribute)``, ``rename`` ``(skill, new name)``, ``remove``."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.change_skill_list(self, load=load, add=add, rename=rename, remove=remove)
    def today(self) -> str:
        """Today's date by the service's clock (``YYYY-MM-DD``): a new session's default date."""
        return self.ledger.today()

    def session_list(self) -> list[dict]:
        """Every session: number, title, started, scenes, entries (:func:`sessions.session_list`)."""
        from gmconsole.campaign import sessions

        return sessions.session_list(self)

    def recap(self, session: int | None = None) -> dict:
        """The recap of a session (the current one by default) built from its history, as data."""
        from gmconsole.campaign import sessions

        return sessions.recap(self, session)

    # ------------------------------------------------------------------ roster
    def add_character(self, data: dict) -> Character:
        """Add a PC or NPC from a character dict without ``id`` (``name`` required; ``kind`` pc/npc;
        ``count`` > 1 for an NPC group); the sheet is validated for the system. Returns it with its id."""
        from gmconsole.campaign.commands import roster

        return roster.add_character(self, data)

    def update_character(self, character_id: str, changes: dict) -> dict:
        """Change fields of a character's sheet (any :class:`Character` field but ``id``), validated."""
        from gmconsole.campaign.commands import roster

        return roster.update_character(self, character_id, changes)

    def duplicate_character(self, character_id: str, name: str | None = None) -> Character:
        """A copy of a character (new id, new gear ids) placed right after it; ``name`` must be free in the
        roster, and without it the copy gets the first free "NAME (copy)", "NAME (copy 2)", ..."""
        from gmconsole.campaign.commands import roster

        return roster.duplicate_character(self, character_id, name)

    def remove_character(self, character_id: str) -> dict:
        """Remove a character from the roster (and from the conflict, if in one)."""
        from gmconsole.campaign.commands import roster

        return roster.remove_character(self, character_id)

    def set_attribute(
        self, character_id: str, attribute: str, *, current: int | None = None, maximum: int | None = None
    ) -> dict:
        """Set an attribute's current and/or maximum value (validated for the system)."""
        from gmconsole.campaign.commands import roster

        return roster.set_attribute(self, character_id, attribute, current=current, maximum=maximum)

    def set_skill(self, character_id: str, skill: str, level: int) -> dict:
        """Set a skill level (myz/yze 0–5; yze-step/exploding a die size or 0)."""
        from gmconsole.campaign.commands import roster

        return roster.set_skill(self, character_id, skill, level)

    def add_gear(self, character_id: str, data: dict) -> Gear:
        """Give a character an item from a gear dict without ``id`` (``name`` required; ``bonus``,
        ``max_bonus``, ``artifact_die`` 8/10/12, ``damage``, ``skills``...). Returns it with its id."""
        from gmconsole.campaign.commands import roster

        return roster.add_gear(self, character_id, data)

    def update_gear(self, character_id: str, gear_id: str, changes: dict) -> dict:
        """Change fields of an item (any :class:`Gear` field but ``id``), validated."""
        from gmconsole.campaign.commands import roster

        return roster.update_gear(self, character_id, gear_id, changes)

    def remove_gear(self, character_id: str, gear_id: str) -> dict:
        """Take an item off a character's sheet."""
        from gmconsole.campaign.commands import roster

        return roster.remove_gear(self, character_id, gear_id)

    def damage_gear(self, character_id: str, gear_id: str, amount: int = 1) -> dict:
        """Lower an item's current bonus by ``amount`` (not below 0)."""
        from gmconsole.campaign.commands import roster

        return roster.damage_gear(self, character_id, gear_id, amount)

    def repair_gear(self, character_id: str, gear_id: str, successes: int) -> dict:
        """R-REPAIR-1: apply a repair roll's result to an item (myz Jury-Rig: success restores the full
        bonus; yze: each success restores 1 up to the starting value; failure makes the current bonus
        the new maximum, and failing at bonus 0 destroys the item)."""
        from gmconsole.campaign.commands import roster

        return roster.repair_gear(self, character_id, gear_id, successes)

    # ------------------------------------------------------------------ trackers
    def change_stress(self, character_id: str, delta: int) -> dict:
        """Stress ± ``delta`` (not below 0); stress back at 0 ends the active panic effect."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_stress(self, character_id, delta)

    def change_tracker(self, character_id: str, tracker: str, delta: int) -> dict:
        """± on a counter: ``stress``, ``mutation_points``, ``willpower``, ``wounds``, ``strain``,
        ``stamina`` (up to ``stamina_max``), ``xp`` (none goes below 0)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_tracker(self, character_id, tracker, delta)

    def set_tracker(self, character_id: str, tracker: str, value: int) -> dict:
        """A counter set to a typed value (checked against its range); the value it has records nothing."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.set_tracker(self, character_id, tracker, value)

    def set_doom(self, value: int) -> dict:
        """The doom pool set to a typed value (0 or more)."""
        return tracker_values.set_doom(self, value)

    def set_clock(self, clock_id: str, filled: int) -> dict:
        """A clock's filled segments set to a typed value (0 to its segments)."""
        return tracker_values.set_clock(self, clock_id, filled)

    def apply_attack_damage(self, attack_id: int, target_id: str) -> dict:
        """R-TIER-4: a recorded attack's damage off the target's stamina, one undoable entry."""
        return tracker_values.attack_damage(self, attack_id, self._id(target_id))

    def apply_trauma(self, character_id: str, attribute: str, amount: int = 1) -> dict:
        """Lower an attribute's current value by ``amount`` (myz trauma, yze damage); at 0 the character is broken."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.apply_trauma(self, character_id, attribute, amount)

    def heal(self, character_id: str, attribute: str, amount: int = 1) -> dict:
        """Raise an attribute's current value by ``amount`` (up to its maximum)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.heal(self, character_id, attribute, amount)

    def add_condition(self, character_id: str, condition: str) -> dict:
        """Give a condition (e.g. tired, angry, scared); each one held is −1 to the rolls it covers."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.add_condition(self, character_id, condition)

    def remove_condition(self, character_id: str, condition: str) -> dict:
        """Clear a condition the character holds."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.remove_condition(self, character_id, condition)

    @property
    def has_panic_table(self) -> bool:
        """True where the system keeps stress and a panic table (yze, yze-step): panic and rest apply."""
        from gmconsole.systems.yearzero.panic import has_panic_table

        return has_panic_table(self.ledger.campaign.system)

    def rest(self, character_id: str | None = None) -> dict:
        """R-PANIC-1 rest in a safe place: stress to 0 and the panic effect cleared (one character, or every PC).

        Refused where the system keeps no stress (play-test 4: in myz and tiered it recorded an entry
        that changed nothing and said "back to 0 stress")."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.rest(self, character_id)

    def panic_roll(
        self,
        character_id: str,
        *,
        in_range: Iterable[str] = (),
        face: int | None = None,
        rng: random.Random | None = None,
        by_hand: bool | None = None,
    ) -> dict:
        """A panic roll (D6 + stress) for a character; sets the active panic effect. R-PANIC-1: the GM
        names the roster members in range (``in_range``, ids or names), and effects on others are applied
        to them (stress +1, or a chained panic roll each). R-PANIC-2 escalation follows the setting.
        ``face`` is a D6 the GM rolled by hand (R-MANUAL-1; the entry says ``by_hand``), unless
        ``by_hand`` is False: the console's own die, rolled before the roll is recorded."""
        from gmconsole.campaign.commands import costs

        return costs.panic(self, character_id, list(in_range), face, rng or self.ledger.rng,
                           by_hand=face is not None if by_hand is None else by_hand)

    def change_doom(self, delta: int) -> dict:
        """The GM's doom pool ± ``delta`` (not below 0)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_doom(self, delta)

    def add_clock(self, name: str, segments: int = 4) -> Clock:
        """A new progress clock of 4, 6 or 8 segments in the current session."""
        from gmconsole.campaign.commands import clocks

        return clocks.add_clock(self, name, segments)

    def advance_clock(self, clock_id: str, steps: int = 1) -> dict:
        """Fill (``steps`` > 0) or empty (< 0) segments of a clock, within 0..segments."""
        from gmconsole.campaign.commands import clocks

        return clocks.advance_clock(self, clock_id, steps)

    def remove_clock(self, clock_id: str) -> dict:
        """Take a clock off the tracker pane."""
        from gmconsole.campaign.commands import clocks

        return clocks.remove_clock(self, clock_id)

    # ------------------------------------------------------------------ rolls
    def _roll_request(self, character_id: str, *, gear=(), helpers=(), tn_modifiers=(), skill_modifiers=(),
                      **fields):
        """One :class:`rolls.RollRequest` for preview, roll and opposed roll: ids resolved, lists frozen."""
        from gmconsole.campaign import rolls

        if fields.get("skill"):  # a skill named by id or by its name in the campaign's list (issue 11)
            fields["skill"] = skills.resolve(self.ledger.campaign, fields["skill"])
        return rolls.RollRequest(
            character_id=self._id(character_id), gear=tuple(gear), helpers=tuple(self._id(h) for h in helpers),
            tn_modifiers=tuple(tn_modifiers), skill_modifiers=tuple(skill_modifiers), **fields,
        )

    def preview_roll(
        self,
        character_id: str,
        skill: str | None = None,
        *,
        attribute: str | None = None,
        gear: Sequence[str] = (),
        difficulty: str | None = None,
        helpers: Sequence[str] = (),
        modifier: int = 0,
        reactive: bool = False,
        goal: str | None = None,
        tn_modifiers: Sequence[str] = (),
        bonus_dice: int = 0,
        push_yourself: bool = False,
        skill_modifiers: Sequence[str] = (),
    ) -> RollPreview:
        """The pool a roll would use, built from the sheet, with its explanation, exact odds, whether
        it can be rolled (and why not) and warnings — writes nothing (the UI calls it on every key).

        ``skill``/``attribute`` are ids from the system's table (no skill: the attribute alone);
        ``gear`` item ids or names; ``difficulty`` an id from the system's difficulty table;
        ``helpers`` character ids (R-HELP-1, at most 3); ``modifier`` ± situational (R-MOD-1);
        ``reactive`` marks a roll that may not be pushed (R-PUSH-2); ``goal`` feeds the "only one
        chance" warning; exploding: ``tn_modifiers`` ids from the modifier tables; tiered:
        ``bonus_dice`` (R-TIER-1, at most 2) and ``push_yourself`` (2 stamina for +1 die);
        Year Zero: ``skill_modifiers`` named modifiers from the skill's own list (seed 002; myz: what a
        role skill's roll is for, R-MYZ-LIMIT), ids or ``id=detail``, recorded by name.
        """
        from gmconsole.campaign import rolls

        validation.check_typed_text(goal, "the goal")  # typed by the GM, kept in the history
        request = self._roll_request(
            character_id, skill=skill, attribute=attribute, gear=gear, difficulty=difficulty, helpers=helpers,
            modifier=modifier, reactive=reactive, goal=goal, tn_modifiers=tn_modifiers, bonus_dice=bonus_dice,
            push_yourself=push_yourself, skill_modifiers=skill_modifiers,
        )
        return rolls.preview(self, request)

    def roll(
        self,
        character_id: str,
        skill: str | None = None,
        *,
        attribute: str | None = None,
        gear: Sequence[str] = (),
        difficulty: str | None = None,
        helpers: Sequence[str] = (),
        modifier: int = 0,
        reactive: bool = False,
        goal: str | None = None,
        tn_modifiers: Sequence[str] = (),
        bonus_dice: int = 0,
        push_yourself: bool = False,
        skill_modifiers: Sequence[str] = (),
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """Roll the pool :meth:`preview_roll` shows and record it in the current session.

        ``faces`` is a SPEC typed from physical dice (R-MANUAL-1, e.g. ``"base=6,1 skill=4"``);
        otherwise ``rng`` (default: the service's) rolls. The entry holds the full pool, faces,
        by-hand flag, odds at the time and the outcome (``successes`` / ``tier`` / ``top``), and the
        costs the rules core computed (``costs_status`` ``pending`` until :meth:`apply_costs`).
        Stress-die 1s (yze stress-dice) and tiered Limited XP are recorded here as costs too.
        """
        from gmconsole.campaign.commands import rolls as recorded

        validation.check_typed_text(goal, "the goal")  # typed by the GM, kept in the history
        request = self._roll_request(
            character_id, skill=skill, attribute=attribute, gear=gear, difficulty=difficulty, helpers=helpers,
            modifier=modifier, reactive=reactive, goal=goal, tn_modifiers=tn_modifiers, bonus_dice=bonus_dice,
            push_yourself=push_yourself, skill_modifiers=skill_modifiers,
        )
        return recorded.roll(self, request, faces, rng or self.ledger.rng)

    def quick_roll(self, pool: str, *, faces: str | None = None, rng: random.Random | None = None) -> dict:
        """The GM's quick roll (issue 12): ``pool`` typed in the system's compact syntax
        (:data:`gmconsole.rules.quick_pools.SYNTAX`, e.g. ``"5b 3s"``), rolled and recorded as the GM's
        roll, with no character and no costs; ``faces`` as for :meth:`roll`."""
        from gmconsole.campaign.commands import quick_rolls

        return quick_rolls.quick_roll(self, pool, faces, rng or self.ledger.rng)

    def push(
        self,
        entry_id: int | None = None,
        *,
        faces: str | None = None,
        rng: random.Random | None = None,
        condition: str | None = None,
    ) -> dict:
        """Push a recorded Year Zero roll (R-PUSH-1..4), by default the newest roll of the session.

        ``faces`` is a SPEC for the rerolled dice typed by hand; ``condition`` is the GM's pick for
        the ``conditions`` push cost. The roll's entry is updated with the push and its new costs;
        the push is its own history entry (undoable: undo restores the roll as it was).
        """
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.push(self, entry_id, faces, rng or self.ledger.rng, condition)

    def apply_costs(
        self,
        entry_id: int | None = None,
        *,
        in_range: Iterable[str] = (),
        condition: str | None = None,
        panic_face: int | None = None,
        rng: random.Random | None = None,
        defender_panic_face: int | None = None,
        by_hand: bool | None = None,
    ) -> dict:
        """Apply the pending costs of a recorded roll to the roster (one key; undoable on its own),
        by default the newest roll with pending costs: trauma / damage / stress / willpower /
        mutation points / gear bonus / doom / condition / XP, per the campaign's push cost.
        ``in_range`` names roster members for panic effects that touch others (R-PANIC-1); a stress-die 1
        makes the panic roll here (``panic_face``: the D6 rolled by hand). ``condition`` is the GM's
        pick for the ``conditions`` push cost when the push did not name one.

        Year Zero opposed roll (R-OPP-1): a roster defender whose stress die shows 1 owes a panic
        (R-PANIC-1); it is a pending cost of the same roll (``target`` the defender) and is rolled
        here too, after the active side's costs, with the chained effects on ``in_range``; the entry
        then holds ``defender_panic``. ``defender_panic_face`` types the defender's D6 (without it,
        ``panic_face`` serves the defender when the active side owes no panic of its own). The faces are
        D6s rolled by hand (R-MANUAL-1; the entry says ``by_hand``) unless ``by_hand`` is False: the
        console's own dice, rolled before the costs are applied (to know whom to ask about range)."""
        from gmconsole.campaign.commands import costs

        typed = (panic_face is not None or defender_panic_face is not None) if by_hand is None else by_hand
        return costs.apply_costs(self, entry_id, [self._id(x) for x in in_range], condition, panic_face, rng,
                                 defender_panic_face, typed=typed)

    def pending_costs(self) -> list[dict]:
        """The costs still waiting to be applied, one item per roll, oldest first (issue 11):
        ``{"roll_id", "session", "character_id", "character", "costs"}``. They are campaign state:
        they outlast the console, and ``apply_costs(roll_id)`` applies them (undoable)."""
        return pending_costs.pending_list(self.ledger.campaign.pending_costs)

    def pending_costs_of(self, character_id: str) -> list[dict]:
        """The pending items of one character (by id or name), for the roster's ``x`` to warn about."""
        wanted = self._id(character_id)
        return [item for item in self.pending_costs() if item.get("character_id") == wanted]

    def drop_costs(self, roll_id: int) -> dict:
        """Dismiss the pending costs of roll ``roll_id`` without applying them, for costs that can no
        longer be applied (the roll lost from the history, the character gone): one recorded,
        undoable change (play-test follow-up, item 2); the roll, when still there, reads ``dropped``."""
        from gmconsole.campaign.commands import costs

        return costs.drop_costs(self, roll_id)

    def apply_consequence(
        self,
        entry_id: int | None,
        consequence: str,
        *,
        clock_id: str | None = None,
        gear_id: str | None = None,
        wound: bool = False,
    ) -> dict:
        """tiered: apply one consequence the GM picked for a Mixed or Limited roll (one key, undoable):
        ``damage`` (2 stamina; ``wound`` also marks a wound), ``reduced-effect`` (recorded),
        ``complication`` (advance ``clock_id`` by one, when there is a clock), ``lost-gear`` (the item
        ``gear_id``, default the first used, loses its bonus until repaired)."""
        from gmconsole.campaign.commands import consequences

        return consequences.apply_consequence(self, entry_id, consequence, clock_id, gear_id, wound)

    def repair_with_roll(self, entry_id: int, gear_id: str) -> dict:
        """R-REPAIR-1 from a recorded Jury-Rig (myz) or Crafting (yze, yze-step) roll, via the rules core."""
        from gmconsole.campaign.commands import consequences

        return consequences.repair_with_roll(self, entry_id, gear_id)

    def mend_the_broken(self, roll_id: int, patient_id: str, attribute: str) -> dict:
        """myz Heal, Mend the Broken: after a recorded Heal roll, the patient's broken ``attribute``
        recovers points equal to the 6s rolled (myz_roles.mend_the_broken)."""
        from gmconsole.campaign.commands import consequences

        return consequences.mend(self, roll_id, self._id(patient_id), attribute)

    def shake_it_off(self, roll_id: int, attribute: str, incoming: int) -> dict:
        """myz Slave, Shake It Off: after a recorded Shake It Off roll, each 6 removes a point of
        ``incoming`` trauma (not push trauma); the rest lands on ``attribute``."""
        from gmconsole.campaign.commands import consequences

        return consequences.shake_it_off(self, roll_id, attribute, incoming)

    def inspire(self, inspire_roll_id: int, target_roll_id: int, mode: str = "help") -> dict:
        """myz Chronicler, Inspire: a recorded Inspire roll's 6s are added to (``help``) or removed from
        (``hinder``) a recorded target roll; the target's entry shows the new successes (undoable)."""
        from gmconsole.campaign.commands import consequences

        return consequences.inspire(self, inspire_roll_id, target_roll_id, mode)

    def change_of_circumstances(self, character_id: str, skill: str, reason: str, goal: str | None = None) -> dict:
        """Record why a character may try the same roll again this scene (only one chance, docs/rules.md;
        exploding retries): the "only one chance" warning for that skill and goal goes away."""
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.change_of_circumstances(self, character_id, skill, reason, goal)

    def saving_throw(self, character_id: str, save: str, *, faces: str | None = None,
                     rng: random.Random | None = None) -> dict:
        """tiered: a saving throw (``phys``, ``ment``, ``perc``), 2d6 against the score from the sheet
        (R-TIER-3, with the strict-over setting); ``faces`` like ``"dice=4,5"``. Recorded (kind ``save``)."""
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.saving_throw(self, character_id, save, faces, rng or self.ledger.rng)

    def attack(self, character_id: str, weapon: str | None, *, melee: bool = True, reckless: bool = False,
               faces: str | None = None, rng: random.Random | None = None, damage: int | None = None) -> dict:
        """tiered: an attack roll with a weapon from the sheet (its ``damage``; or ``weapon`` None and the
        ``damage`` typed), R-TIER-4 damage by tier, Reckless for melee. Recorded (kind ``attack``, with
        ``tier`` and ``damage``)."""
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.attack(self, character_id, weapon, melee, reckless, faces, rng or self.ledger.rng, damage)

    def opposed_roll(
        self,
        character_id: str,
        skill: str | None = None,
        *,
        attribute: str | None = None,
        gear: Sequence[str] = (),
        difficulty: str | None = None,
        helpers: Sequence[str] = (),
        modifier: int = 0,
        goal: str | None = None,
        skill_modifiers: Sequence[str] = (),
        defender_id: str | None = None,
        defender_skill: str | None = None,
        defender_attribute: str | None = None,
        defender_pool: str | None = None,
        faces: str | None = None,
        defender_faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """Year Zero opposed roll (R-OPP-1): roll the active pool (the same arguments as :meth:`roll`),
        then the defender's — ``defender_id`` + ``defender_skill`` (and ``defender_attribute``) from the
        roster, or ``defender_pool`` typed as counts (``"base=3 skill=2 gear=1"``) — and record one
        ``roll`` entry (``roll_type`` ``opposed``) whose ``opposed`` holds the defender's dice and the
        outcome (``active_successes``, ``defender_successes``, ``net_successes``, ``outcome``
        active/defender/reroll per the ``opposed_reroll_ties`` setting). Only the active side may push
        it (:meth:`push`, R-PUSH-2), after the defender rolled; the push reads the outcome again."""
        from gmconsole.campaign.commands import special_rolls

        request = self._roll_request(
            character_id, skill=skill, attribute=attribute, gear=gear, difficulty=difficulty, helpers=helpers,
            modifier=modifier, goal=goal, skill_modifiers=skill_modifiers,
        )
        return special_rolls.opposed_roll(self, request, defender_id, defender_skill, defender_attribute,
                                          defender_pool, faces, defender_faces, rng or self.ledger.rng)

    def opposed_test(
        self,
        character_id: str,
        skill: str | None,
        defender_id: str,
        *,
        attribute: str | None = None,
        defender_skill: str | None = None,
        defender_attribute: str | None = None,
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """exploding opposed test (R-EXP-4): both roll exploding dice from their sheets (the defender's
        skill defaults to the same skill); the higher top wins; a tie goes to the defender unless the
        ``exploding_tie_to_defender`` setting is off. ``faces``: the active dice then the defender's
        (``"skill=8+3,2,5,1 trait=5,4"``). Recorded (kind ``opposed``, ``top``, ``defender_top``, ``winner``)."""
        from gmconsole.campaign.commands import special_rolls

        return special_rolls.exploding_opposed(self, character_id, skill, attribute, defender_id, defender_skill,
                                               defender_attribute, faces, rng or self.ledger.rng)

    def assisted_check(
        self,
        leader_id: str,
        skill: str,
        others: Sequence[str],
        *,
        attribute: str | None = None,
        difficulty: str | None = None,
        tn_modifiers: Sequence[str] = (),
        hold: Sequence[str] = (),
        rng: random.Random | None = None,
    ) -> dict:
        """exploding assisted untrained check: the trained leader rolls first against the TN + 1 per other
        participant; points above the TN form a pool; each of ``others`` in turn rolls their trait die
        and spends pool points to close the gap (those named in ``hold`` spend none). Recorded (kind
        ``assisted``: ``top`` of the leader, ``tn``, ``successes``, every turn in ``assisted``/``rolls``)."""
        from gmconsole.campaign.commands import special_rolls

        return special_rolls.assisted_check(self, leader_id, skill, list(others), attribute, difficulty,
                                            tuple(tn_modifiers), list(hold), rng or self.ledger.rng)

    def group_check(
        self,
        character_ids: Sequence[str],
        skill: str,
        *,
        attribute: str | None = None,
        difficulty: str | None = None,
        tn_modifiers: Sequence[str] = (),
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """exploding group check: TN −1 per trained participant, everyone rolls, the successes are
        counted. Recorded (kind ``group``: ``tn``, ``successes``, ``top``, each result in ``group``)."""
        from gmconsole.campaign.commands import special_rolls

        return special_rolls.group_check(self, list(character_ids), skill, attribute, difficulty,
                                         tuple(tn_modifiers), faces, rng or self.ledger.rng)

    def contested(
        self,
        character_id: str,
        attribute: str,
        opponent_id: str,
        *,
        opponent_attribute: str | None = None,
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """tiered contested roll (R-TIER-5): each side 2d6 + attribute (the opponent's defaults to the
        same), the highest wins, a tie is rolled again; ``faces`` ``"dice=a,a,b,b"`` per round.
        Recorded (kind ``contested``: ``rounds``, ``winner`` a/b, ``winner_name``, ``outcome`` won/lost)."""
        from gmconsole.campaign.commands import special_rolls

        return special_rolls.contested(self, character_id, attribute, opponent_id, opponent_attribute, faces,
                                       rng or self.ledger.rng)

    # ------------------------------------------------------------------ initiative (docs/rules.md)
    def start_conflict(
        self,
        character_ids: Sequence[str],
        *,
        mode: str | None = None,
        speeds: dict[str, int] | None = None,
        keep_best: dict[str, int] | None = None,
        order: Sequence[str] | None = None,
        rng: random.Random | None = None,
        cards: dict[str, list[int]] | None = None,
        faces: dict[str, int] | None = None,
    ) -> dict:
        """Start a conflict with these combatants: ``cards`` shuffles a deck and each draws (``speeds``
        cards for speed N, ``keep_best`` N to draw N and keep the best); ``roll`` rolls D6 + the
        initiative attribute; ``manual`` takes ``order`` (default: the order given). Mode defaults to
        the campaign setting. ``cards`` / ``faces`` (by combatant) are typed from a physical deck or
        D6 (R-MANUAL-1). Returns the history entry; the state is in ``session.initiative``."""
        from gmconsole.campaign.commands import conflict

        return conflict.start(self, [self._id(x) for x in character_ids], mode, speeds or {}, keep_best or {},
                              [self._id(x) for x in order] if order else None, rng or self.ledger.rng, cards, faces)

    def add_to_conflict(
        self,
        character_id: str,
        *,
        speed: int = 1,
        keep_best_of: int = 1,
        position: int | None = None,
        rng: random.Random | None = None,
        cards: list[int] | None = None,
        face: int | None = None,
    ) -> dict:
        """Add a combatant mid-conflict: draws cards (speed / keep best; ``cards`` typed) or rolls
        (``face``: a D6 typed), or in manual mode goes to ``position`` (default last); the current
        turn stays with whoever has it."""
        from gmconsole.campaign.commands import conflict

        return conflict.add(self, self._id(character_id), speed, keep_best_of, position, rng or self.ledger.rng,
                            cards, face)

    def add_combatants(
        self,
        character_ids: Sequence[str],
        *,
        speeds: dict[str, int] | None = None,
        keep_best: dict[str, int] | None = None,
        cards: dict[str, list[int]] | None = None,
        faces: dict[str, int] | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """Several combatants join mid-conflict in one change, each with the start's options (speed,
        keep-best-of, typed cards or D6); one refusal refuses them all."""
        from gmconsole.campaign.commands import conflict

        ids = [self._id(x) for x in character_ids]
        by_id = {key: {self._id(k): v for k, v in (given or {}).items()}
                 for key, given in (("speeds", speeds), ("keep", keep_best), ("cards", cards), ("faces", faces))}
        return conflict.add_many(self, ids, by_id["speeds"], by_id["keep"], by_id["cards"], by_id["faces"],
                                 rng or self.ledger.rng)

    def swap_initiative(self, first_id: str, second_id: str) -> dict:
        """Two combatants swap their initiative (cards, or places in the order)."""
        from gmconsole.campaign.commands import conflict

        return conflict.swap(self, self._id(first_id), self._id(second_id))

    def delay_turn(self, character_id: str | None = None, after: str | None = None) -> dict:
        """A combatant (default: whoever's turn it is) delays: their place moves to right after
        ``after`` (default: to the end of the round)."""
        from gmconsole.campaign.commands import conflict

        return conflict.delay(self, self._id(character_id) if character_id else None,
                              self._id(after) if after else None)

    def next_turn(self, *, cards: dict[str, list[int]] | None = None, rng: random.Random | None = None) -> dict:
        """Move to the next combatant (after the last: round + 1, back to the first; a delay is over).
        Under R-INIT-2 the new round draws new cards (``cards``: typed by combatant)."""
        from gmconsole.campaign.commands import conflict

        return conflict.step(self, +1, rng or self.ledger.rng, cards)

    def bring_in(self, character_id: str) -> dict:
        """A delayed combatant acts now, after the current turn (R-INIT-3)."""
        from gmconsole.campaign.commands import conflict

        return conflict.bring_in(self, self._id(character_id))

    def keep_card(self, character_id: str, keeps: bool = True) -> dict:
        """R-INIT-2: a combatant keeps their card (instead of drawing) when a new round draws."""
        from gmconsole.campaign.commands import conflict

        return conflict.keep_card(self, self._id(character_id), keeps)

    def previous_turn(self) -> dict:
        """Move back to the previous combatant (before the first: the last of the round before)."""
        from gmconsole.campaign.commands import conflict

        return conflict.step(self, -1)

    def remove_from_conflict(self, character_id: str) -> dict:
        """Take a combatant out of the conflict (broken, fled); their cards are not reused."""
        from gmconsole.campaign.commands import conflict

        return conflict.remove(self, self._id(character_id))

    def set_initiative_order(self, character_ids: Sequence[str]) -> dict:
        """Manual mode: the GM types the whole order (every combatant exactly once)."""
        from gmconsole.campaign.commands import conflict

        return conflict.set_order(self, [self._id(x) for x in character_ids])

    def end_conflict(self) -> dict:
        """End the conflict: the initiative state is cleared (it stays in history)."""
        from gmconsole.campaign.commands import conflict

        return conflict.end(self)

    # ------------------------------------------------------------------ helpers
    def _id(self, id_or_name: str) -> str:
        return self.character(id_or_name).id

    def _get(self, campaign: Campaign, id_or_name: str) -> Character:
        found = campaign.find_character(id_or_name)
        if found is None:
            raise ValidationError(character_lookup.not_found(campaign, id_or_name))
        return found

    @staticmethod
    def _gear(character: Character, gear_id: str) -> Gear:
        item = character.gear_item(gear_id)
        if item is None:
            raise ValidationError(f"{character.name} has no item {quoted(gear_id)}")
        return item



def initial_state(campaign: Campaign) -> dict:
    """The state document of a campaign with no history (what ``CampaignStore.create`` is given)."""
    return {"campaign": campaign.to_dict(), "undo": [], "redo": [], "last_entry": None}

