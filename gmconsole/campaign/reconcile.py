"""Making the history agree with the state after a crash or a lost file, for writers and readers alike.

A change writes the history entry first, then the state (naming that entry ``last_entry``), then
updates earlier entries; undo and redo save the state, then mark entries. A console killed between
these writes leaves files that disagree, and the state document is the truth:

- entries newer than ``last_entry`` that still read ``done`` never took effect: they are ``failed``,
  and the earlier entries they updated in place go back to their ``before`` side (a push's roll to
  its unpushed dice, so a restored older backup never keeps a push it does not hold);
- the entry on top of the undo stack must read ``done`` with its updates to earlier entries applied
  (their ``after`` side), the top of the redo stack ``undone`` (their ``before`` side).

:func:`plan` works this out by reading only the newest entries, and writes nothing. A writer applies
the updates to the store (``CampaignService`` does it at open, unless the last writer closed cleanly);
a reader (``gmconsole history``, a read-only console) lays them over what it reads, so it shows what
the next writer will show.

Lost history. The state also names entry ids: ``last_entry`` and the undo and
redo stacks. An id there that is newer than every entry on disk means the newest history file was
deleted or lost. :func:`plan` says so in :attr:`Reconciliation.gap`; the service then keeps new ids
above every id the state names (:func:`highest_known_id`, so no id is ever given twice) and cuts the
undo and redo stacks short of the gap (:func:`trim`): undoing an older entry over changes whose record
is lost would not give back the campaign as it was.

Entries lost from the middle of the history: a damaged chunk set aside, or restored from a backup
older than the file, loses entries while a later file (a later session) still holds
newer ids, so the highest id on disk says nothing. :func:`plan` therefore also looks up every entry
the undo and redo stacks and the pending costs name (:attr:`Reconciliation.missing`); a stack naming
one is cut short of it like a stack reaching into a gap (the entries recorded after it still undo:
their own before-images hold), and a pending cost whose roll is gone can never be
applied, so the service drops it and says so once.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from gmconsole.i18n import _, verbatim
from gmconsole.store.errors import EntryNotFound

Key = tuple[int, int]


@dataclass
class Reconciliation:
    """What the files need to agree with the state, and what of the history is missing.

    ``updates`` are ``(session, id, fields)`` in the order a writer applies them; ``newest_on_disk``
    is the highest entry id in the history files (0 for none); ``gap`` one sentence for the GM when
    the state names entries newer than that, else ``None``.
    """

    updates: list[tuple[int, int, dict]] = field(default_factory=list)
    newest_on_disk: int = 0
    gap: str | None = None
    missing: set[Key] = field(default_factory=set)
    """The ``(session, id)`` the stacks or the pending costs name that no history file holds."""

    def overlay(self) -> dict[Key, dict]:
        """The updates merged per entry, for a reader to lay over the entries it reads."""
        merged: dict[Key, dict] = {}
        for session, entry_id, fields in self.updates:
            merged.setdefault((session, entry_id), {}).update(fields)
        return merged


def settle_command(name: str) -> str:
    """``gmconsole repair NAME``: the command that makes a campaign's history agree with its state for
    good (undo and redo cut short of the missing entries, the costs of lost rolls dropped, all saved),
    which a reader cannot do (:func:`reader_note`)."""
    import shlex

    return verbatim(f"gmconsole repair {shlex.quote(name)}")


def reader_note(name: str) -> str:
    """What a reader adds to a gap it says (the sentence after it): it wrote nothing, and the command
    that settles it."""
    return _("Nothing was changed; {command} settles it.").format(command=settle_command(name))


def highest_known_id(last_entry: int | None, undo: list[Key], redo: list[Key]) -> int:
    """The highest entry id the state document names (0 for none): new ids must stay above it."""
    ids = [last_entry or 0] + [entry_id for _session, entry_id in undo + redo]
    return max(ids)


def plan(store, name: str, current: int, last_entry: int | None, undo: list[Key], redo: list[Key],
         pending: Sequence[Key] = (), *, thorough: bool = True) -> Reconciliation:
    """Read the newest entries of session ``current`` (and ``current + 1``, where a new session's entry
    goes) and the entries on top of the stacks; look up every entry the stacks and ``pending`` (the
    rolls whose costs wait) name, unless not ``thorough``; return what must change, writing nothing.

    Raises the store's errors (e.g. :class:`~gmconsole.store.errors.CorruptFile`) when a file it
    must read is damaged."""
    result = Reconciliation()
    read: dict[Key, dict] = {}  # the newest entries, so the undo top is not read twice
    for number in (current, current + 1):
        for entry in store.entries_newest_first(number):
            read[(number, entry["id"])] = entry
            if last_entry is not None and entry["id"] <= last_entry:
                break  # ids increase, so everything older took effect
            if entry.get("status", "done") == "done":
                result.updates.append((number, entry["id"], {"status": "failed"}))
                entry["status"] = "failed"
                result.updates.extend(_before_images(entry))
    for stack, status, side in ((undo, "done", "after"), (redo, "undone", "before")):
        if not stack:
            continue
        try:
            entry = read.get((stack[-1][0], stack[-1][1])) or store.entry(*stack[-1])
        except EntryNotFound:
            continue
        if entry.get("status") != status:
            result.updates.append((entry["session"], entry["id"], {"status": status}))
        for update in (entry.get("undo") or {}).get("entries", []):
            result.updates.append((update["session"], update["id"], update[side]))
    known = highest_known_id(last_entry, undo, redo)
    result.newest_on_disk = store.newest_id(enough=known)
    if thorough:
        named = {tuple(key) for key in list(undo) + list(redo) + list(pending)}
        below = {key for key in named if key[1] <= result.newest_on_disk}
        result.missing = (named - below) | (below - store.present(sorted(below)))
    if known > result.newest_on_disk:
        first = result.newest_on_disk + 1
        lost = (_("Entry #{last} is missing from the history of {name} (a history file was deleted or lost); new "
                  "entries get new ids, and undo cannot reach back past the missing ones.") if first == known
                else _("Entries #{first} to #{last} are missing from the history of {name} (a history file was "
                       "deleted or lost); new entries get new ids, and undo cannot reach back past the missing ones."))
        result.gap = lost.format(first=first, last=known, name=name)
    elif result.missing:
        ids = sorted(entry_id for _session, entry_id in result.missing)
        listed = _(", ").join(f"#{i}" for i in ids[:6])
        if len(ids) > 6:
            listed = _("{ids} and {n} more").format(ids=listed, n=len(ids) - 6)
        lost = (_("Entry {listed} is missing from the history of {name} (a history file was damaged, restored from "
                  "an older backup or lost); undo cannot reach back past the missing ones.") if len(ids) == 1
                else _("Entries {listed} are missing from the history of {name} (a history file was damaged, "
                       "restored from an older backup or lost); undo cannot reach back past the missing ones."))
        result.gap = lost.format(listed=listed, name=name)
    return result


def _before_images(entry: dict) -> list[tuple[int, int, dict]]:
    """The updates that put back the earlier entries a change that never took effect had updated in
    place (a push marks its roll pushed, with the new dice): their ``before`` side, from the change's
    own undo record, so a failed push leaves its roll as it was rolled. The record is untrusted text
    from a history file: an update of the wrong shape is skipped (undo would refuse it the same way)."""
    found = []
    undo = entry.get("undo")
    record = undo if isinstance(undo, dict) else {}
    for update in record.get("entries") or []:
        if (isinstance(update, dict) and isinstance(update.get("before"), dict)
                and isinstance(update.get("session"), int) and isinstance(update.get("id"), int)):
            before = {k: v for k, v in update["before"].items() if k not in ("id", "session")}
            found.append((update["session"], update["id"], before))
    return found


def trim(stack: list[Key], newest_on_disk: int, missing: AbstractSet[Key] = frozenset()) -> list[Key]:
    """``stack`` (oldest first, the next step last) cut short of its newest lost entry: the steps taken
    after it are kept, since each holds its own before-image, and undo or redo stops where the record
    is lost (so setting aside an old session's file never empties the undo of the intact session
    after it). An entry is lost when it is newer than every entry on disk or in ``missing``."""
    lost = [at for at, (session, entry_id) in enumerate(stack)
            if entry_id > newest_on_disk or (session, entry_id) in missing]
    return list(stack[lost[-1] + 1:]) if lost else list(stack)


def seen(entry: dict, overlay: dict[Key, dict]) -> dict:
    """``entry`` as the next writer will show it (the reader's overlay applied, in place)."""
    session, entry_id = entry.get("session"), entry.get("id")  # untrusted: a key of another type is in no overlay
    fields = overlay.get((session, entry_id)) if isinstance(session, int) and isinstance(entry_id, int) else None
    if fields:
        entry.update(fields)
    return entry
