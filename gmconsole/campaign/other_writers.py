"""What the other writers of a campaign did, as one writer's ledger learns it.

The console, the command line, another console and the players' pages write one campaign in turns
(:mod:`gmconsole.store.turns`). When a ledger's turn finds that others committed since its last one, it
reads the state again (:meth:`gmconsole.campaign.ledger.Ledger.turn`); :class:`OtherWriters` keeps the
entries they recorded meanwhile, tells the ledger's listeners about them after the turn, remembers which
entries they made (another console's read the same as this one's), and words what a change of theirs means
for this writer's own: a change that no longer fits is refused saying what came first and from where
("the costs of roll 52 were already applied from the command line"), never made twice.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence

from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sources import is_elsewhere, made_where
from gmconsole.i18n import _
from gmconsole.store.errors import EntryNotFound, StoreError

__all__ = ["MAX_TOLD", "OtherWriters"]

MAX_TOLD = 50
"""At most this many of the other writers' entries are read and told at once (a script's burst)."""

EntryUpdate = tuple[int, int, dict, dict]


class OtherWriters:
    """The other writers' entries one ledger has read, and how its own changes meet them.

    ``here`` gives the source of the ledger's own changes (:mod:`gmconsole.campaign.sources`), so a
    change from another console, read by a console, is said to come from another one."""

    def __init__(self, store, here: Callable[[], str | None]) -> None:
        self._store = store
        self._here = here
        self._arrived: list[dict] = []  # read in the turn under way (or the last one), not told yet
        self.made: set[int] = set()
        """Ids of the entries other writers made while this ledger was open."""

    def arrived_since(self, known: int, session: int) -> None:
        """Read the entries of ``session`` newer than ``known`` (the highest id this ledger knew before the
        turn); an undo, a redo or a file put back elsewhere brings none, but is news all the same."""
        arrived: list[dict] = []
        with contextlib.suppress(StoreError):  # an unreadable history only costs the notice
            for entry in self._store.entries_newest_first(session):
                if entry.get("id", 0) <= known or len(arrived) >= MAX_TOLD:
                    break
                arrived.append(entry)
        self._arrived.extend(reversed(arrived) if arrived else [{"kind": "reloaded"}])
        self.made.update(e["id"] for e in arrived if isinstance(e.get("id"), int))

    @property
    def pending(self) -> bool:
        """Whether anything was read that listeners have not heard of yet."""
        return bool(self._arrived)

    def tell(self, notify: Callable[[dict], None]) -> None:
        """Tell listeners what the other writers did (read in the turn just ended), before this ledger's
        own change: one ``{"kind": "reloaded", "arrived": [entries]}`` notice."""
        if not self._arrived:
            return
        arrived = [e for e in self._arrived if "id" in e]
        self._arrived = []
        notify({"kind": "reloaded", "arrived": arrived})

    def check_still_as_was(self, entry_updates: Sequence[EntryUpdate], campaign: Campaign, session: int) -> None:
        """Refuse a change whose earlier entries are no longer as it found them: another writer changed
        them first (a roll's costs applied, a roll pushed). Read in the turn, so nothing is made twice.
        Only after other writers' entries came in this turn: otherwise the command's own checks, made on
        what this writer last wrote, are exact and say it in their own words."""
        if not any("id" in e for e in self._arrived):
            return
        for entry_session, entry_id, before, _after in entry_updates:
            try:
                current = self._store.entry(entry_session, entry_id)
            except EntryNotFound:
                raise ValidationError(_("entry {id} is no longer in the history of session {session}").format(
                    id=entry_id, session=entry_session)) from None
            if all(current.get(key) == value or not (current.get(key) or value) for key, value in before.items()):
                continue  # an absent field reads as its empty value (None, 0, [])
            by = self.changed_where(entry_session, entry_id, campaign, session) or made_where(None, campaign)
            if before.get("costs_status") == "pending" and current.get("costs_status") == "applied":
                said = _("the costs of roll {id} were already applied {where}").format(id=entry_id, where=by)
            else:
                said = _("entry {id} was changed {where} before this change could be made ({summary})").format(
                    id=entry_id, where=by, summary=current.get("summary", ""))
            raise ValidationError(said)

    def changed_where(self, entry_session: int, entry_id: int, campaign: Campaign, session: int) -> str | None:
        """Where the newest change to entry ``entry_id`` (the newest entry whose undo record names it) was
        made, as a phrase ("from the command line"), when another writer made it; ``None`` when this
        writer (or its kind of writer, before it opened) did, or no entry says."""
        change = self.newest_change(entry_session, entry_id, session)
        if change is None:
            return None
        source, here = change.get("source"), self._here()
        if is_elsewhere(source, here) or change.get("id") in self.made:
            return made_where(source, campaign, here)
        return None

    def newest_change(self, entry_session: int, entry_id: int, session: int) -> dict | None:
        """The newest entry of ``session`` whose undo record names entry ``entry_id`` (the last change
        made to it: its costs applied, its push), or ``None``."""
        with contextlib.suppress(StoreError):
            for entry in self._store.entries_newest_first(session):
                for update in (entry.get("undo") or {}).get("entries", []):
                    if update.get("session") == entry_session and update.get("id") == entry_id:
                        return entry
        return None

    def refused_after(self, refusal: ValueError, campaign: Campaign) -> None:
        """A change refused after other writers' entries came in this turn says the latest of them."""
        latest = next((e for e in reversed(self._arrived) if "id" in e), None)
        if latest is None:
            return
        said = _("{refusal} ({summary}, {where}, came first)").format(
            refusal=str(refusal), summary=latest.get("summary", ""),
            where=made_where(latest.get("source"), campaign, self._here()))
        refusal.args = (said, *refusal.args[1:])

    def check_expected(self, entry: dict, expected: int | None, what: str, campaign: Campaign) -> None:
        """Refuse an undo or a redo the GM agreed to for entry ``expected`` when the entry on top is now
        another (a writer's change came meanwhile), naming it: nothing is done."""
        if expected is None or entry.get("id") == expected:
            return
        raise ValidationError(_("nothing was done: the campaign's last change is now {summary} ({where}); "
                                "{what} again to take that up").format(
            summary=entry.get("summary", ""), what=what,
            where=made_where(entry.get("source"), campaign, self._here())))
