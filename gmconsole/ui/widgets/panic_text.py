"""What a panic roll reads as, in the tracker pane and in the questions a spreading row asks (R-PANIC-1),
a character's panic effect by name (:func:`panic_name`: the roster, the tracker's State column, the
players' table view), and how long the tracker shows a panic's result (:class:`ShownPanic`: while it is
in force).

The row's name and words come from the data file in the console's language (:func:`gmconsole.i18n.pick`); the
name of an effect held on a sheet is the family's to give (its console part's ``panic_name``)."""

from __future__ import annotations

from rich.text import Text

from gmconsole.i18n import N_, _, pick
from gmconsole.ui.widgets.styles import BOLD_YELLOW

__all__ = ["ShownPanic", "describe_panic", "in_range_question", "panic_name", "rest_question"]


def panic_name(system: str, panic) -> str:
    """A character's panic effect (``Character.panic``) in a campaign of ``system``, by the name its family's
    panic table gives it in the console's language (:meth:`ConsoleParts.panic_name
    <gmconsole.ui.family_console.ConsoleParts.panic_name>`), escaped."""
    from gmconsole.ui.family_console import console_of

    return console_of(system).panic_name(panic)


def describe_panic(panic: dict) -> Text:
    """The panic entry's table result(s) as the GM reads them: total, effect, what it does, who else.

    A chained roll is one line (who, the dice, the row's name; its words are the same table's and its
    effect shows in the State column), so a chain of several stays short under the clocks."""
    out = Text()
    for index, roll in enumerate(panic.get("rolls", [])):
        if index:
            out.append("\n↳ ")
        # one bold run around the row's name (the last \0: a typed name cannot place the row)
        before, _row, after = _("{character}: D6 {face} + stress {stress} = {total}: {row}").format(
            character=roll["character"], face=roll["face"], stress=roll["stress"], total=roll["total"],
            row="\0").rpartition("\0")
        out.append(before, style="bold")
        out.append(pick(roll["name"]), style=BOLD_YELLOW)
        out.append(after, style="bold")
        if not index:
            out.append(f" — {pick(roll['text'])}")
    gains = panic.get("stress", [])
    if gains:
        out.append("\n" + _("stress +1: {names}").format(names=_(", ").join(g["character"] for g in gains)),
                   style="magenta")
    return out


WHO_ELSE = {"hear": N_("Who hears {name} (a panic roll each)?"),
            "see": N_("Who sees {name} (a panic roll each)?")}
"""The question for the PCs a panic row makes roll too, by the data's ``others_panic`` verb."""


def in_range_question(name: str, result) -> str:
    """The question for a panic row that reaches others (R-PANIC-1), in the row's own terms."""
    head = _("{name} panics: {total} {row}.").format(name=name, total=result.total, row=pick(result.row["name"]))
    asks = []
    if result.others.stress:
        asks.append(_("Who is at short range (stress +{stress})?").format(stress=result.others.stress))
    if result.others.panic_roll:
        asks.append(_(WHO_ELSE.get(result.others.panic_roll, N_("Who {verb}s {name} (a panic roll each)?"))).format(
            verb=result.others.panic_roll, name=name))
    return " ".join([head, *asks])


def rest_question(roster) -> str | None:
    """What ``R`` (rest every PC, R-PANIC-1) asks before it wipes the party's stress and panic, naming the PCs
    who have any; ``None`` when none has (the service's refusal then says so, with no question)."""
    resting = [c.name for c in roster if not c.is_npc and (c.stress or c.panic is not None)]
    if not resting:
        return None
    return _("Rest every PC: stress to 0 for {names}? (ctrl+z undoes it)").format(names=_(", ").join(resting))


class ShownPanic:
    """Which panic result the tracker shows: the highlighted character's own panic when they have one, else
    the newest panic in force, whichever way it was rolled (the tracker's ``p``/``P``, a roll's costs applied
    in the builder or the history, the command line's ``panic`` or ``costs --apply`` seen on reload).

    A panic lasts until the one who panicked is back to 0 stress (docs/RULES.md, panic table, R-PANIC-1): a
    rest, a row that lowers stress, a tracker key. So a recorded panic (a ``panic`` entry's ``panic``, a
    ``costs`` entry's ``panic`` or ``defender_panic``) is in force while its entry stands (not undone) and
    the character it names still holds the effect that roll gave them. The current session's entries are
    read newest first, only while some character has a panic, and again only when the history or a panic
    changed. A roll that kept it together leaves no effect to find: the tracker's own such roll is shown
    while the one who rolled is as the roll left them (:meth:`_own_in_force`)."""

    def __init__(self) -> None:
        self._left: tuple | None = None
        """``(entry, the panicking character's state right after the tracker's own roll)``."""
        self._found: tuple | None = None
        """``(what the search depended on, {character id: ((session, id), panic)} newest first)``."""

    @staticmethod
    def _state(service, panic: dict) -> tuple | None:
        rolls = panic.get("rolls") or [{}]
        character = service.campaign.find_character(rolls[0].get("character_id") or "")
        if character is None:
            return None
        held = character.panic.to_dict() if character.panic is not None else None
        return held, character.stress > 0

    def _own_in_force(self, service, panic: dict, entry: tuple[int, int] | None) -> bool:
        """Whether the tracker's own last roll (``panic``, recorded as ``entry``: session, id) is in force."""
        if entry is None:
            return False
        session, entry_id = entry
        try:
            if service.history.entry(entry_id, session).get("status", "done") != "done":
                return False
        except (ValueError, LookupError):
            return False
        state = self._state(service, panic)
        if self._left is None or self._left[0] != entry:
            self._left = (entry, state)
        return state is not None and state == self._left[1]

    def _in_force(self, service) -> dict:
        """``{character id: ((session, id), panic)}``: for each character holding a panic, the newest entry
        of the session that gave it, newest first."""
        held = {c.id: c.panic for c in service.campaign.roster if c.panic is not None}
        if not held:
            return {}
        session = service.session.number
        key = (session, tuple(sorted(service.history.chunks().items())),
               tuple(sorted((k, p.total, p.effect) for k, p in held.items())))
        if self._found is not None and self._found[0] == key:
            return self._found[1]
        found: dict = {}
        for stored in service.ledger.entries_newest_first(session):
            entry = service.ledger.seen([stored])[0]
            if entry.get("kind") not in ("panic", "costs") or entry.get("status", "done") != "done":
                continue
            for panic in (entry.get("panic"), entry.get("defender_panic")):
                rolls = panic.get("rolls") if isinstance(panic, dict) else None
                for roll in rolls or []:
                    who = roll.get("character_id")
                    now = held.get(who)
                    if (who not in found and now is not None and roll.get("total") == now.total
                            and roll.get("effect") == now.effect):
                        found[who] = ((session, entry["id"]), panic)
            if len(found) == len(held):
                break
        self._found = (key, found)
        return found

    def shown(self, service, selected: str | None, own: dict | None,
              own_entry: tuple[int, int] | None) -> dict | None:
        """The panic the box shows (a recorded ``panic`` dict), or ``None``: ``selected``'s own panic in
        force, else the newest in force, the tracker's own last roll (``own``, recorded as ``own_entry``)
        among them."""
        own_in_force = self._own_in_force(service, own, own_entry) if own else False  # notes what the roll left
        found = self._in_force(service)
        if selected in found:
            return found[selected][1]
        candidates = list(found.values())
        if own_in_force:
            candidates.append((own_entry, own))
        return max(candidates, key=lambda c: c[0])[1] if candidates else None
