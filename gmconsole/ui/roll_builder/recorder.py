"""The roll builder's keys that write to the campaign: roll the pool built, push the roll on screen (or read
the odds of pushing it), apply the costs waiting, undo the newest change. Each goes through the campaign
service, so it is in the history and undoable; a refusal is the service's one sentence, said on the
builder's message line (:class:`RollRecorder`, on the :class:`~gmconsole.ui.roll_builder.controller.BuilderController`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmconsole.campaign.entries import Entry, RollEntry, as_record, given
from gmconsole.i18n import _
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController, roll_of

if TYPE_CHECKING:
    from gmconsole.ui.roll_builder.push_odds_view import PushOdds

__all__ = ["RollRecorder"]


class RollRecorder:
    """``r``, ``p``, ``O``, ``c`` / ``A`` and ``u`` on the builder's controller."""

    def __init__(self, builder: BuilderController) -> None:
        self.builder = builder

    def roll(self) -> None:
        """``r``: roll the pool built with the console's dice."""
        builder = self.builder
        try:
            entry = builder.service.rolls.roll(**builder.roll_keywords(), rng=builder.rng, hidden=builder.draft.hidden)
        except ERRORS as exc:
            builder.refused(exc)
            return
        builder.rolled(entry)

    def roll_to_push(self) -> RollEntry | None:
        """The roll on screen when it may be pushed, else ``None`` with the reason said."""
        builder = self.builder
        entry = builder.last_entry
        if entry is None or given(entry.status, "done") != "done":
            builder.say(_("Roll first: there is no roll here to push."))
            return None
        if entry.push_refusal:
            builder.say(_("Push refused: {reason}").format(reason=entry.push_refusal))
            return None
        from gmconsole.campaign.sheet_rolls import push_out_of_scene

        ended = push_out_of_scene(builder.service.ledger, entry)
        if ended:  # said before `P` asks for faces, not after the GM typed them for nothing
            builder.say(_("Push refused: {reason}").format(reason=ended))
            return None
        return entry

    def push(self) -> None:
        """``p``: push the roll on screen with the console's dice."""
        builder = self.builder
        entry = self.roll_to_push()
        if entry is None:
            return
        try:
            pushed = builder.service.rolls.push(entry.id, rng=builder.rng)
        except ERRORS as exc:
            builder.refused(exc, _("Push refused: {reason}"))
            return
        builder.pushed(pushed)

    def push_odds(self) -> tuple[PushOdds, str] | None:
        """``O``: the full odds of pushing the roll on screen and its summary (``None``: refused, said)."""
        builder = self.builder
        entry = self.roll_to_push()
        if entry is None:
            return None
        try:
            odds = builder.service.rolls.push_odds(given(entry.id, None))
        except ERRORS as exc:
            builder.refused(exc, _("Push refused: {reason}"))
            return None
        return odds, given(entry.summary, "")

    def apply_costs(self, typed_panic: bool = False) -> None:
        """``c``: apply the costs of the current roll; with none waiting there (e.g. after the console
        was reopened, or another character has rolled since), those of the newest roll still owing costs
        in the campaign's state. The roll on screen stays the builder's last roll (it may
        still be pushed), and a line of its own says whose roll's costs were applied.
        ``A``: the same with the panic D6 rolled at the table typed (R-MANUAL-1)."""
        from gmconsole.ui.cost_applying import apply_costs_of, newest_pending

        builder = self.builder
        shown_entry = builder.last_entry
        entry: Entry | None = shown_entry
        if shown_entry is None or shown_entry.costs_status != "pending" or given(shown_entry.status, "done") != "done":
            item = newest_pending(builder.service, builder.character_id)
            applied_before = shown_entry if shown_entry is not None and shown_entry.costs_status == "applied" else None
            # nothing else waiting: the roll on screen says its costs were applied (its panic is not rolled
            # again, R-PANIC-1) rather than that there were none
            entry = builder.reread({"id": item["roll_id"], "session": item.get("session")}) if item else applied_before
        if entry is None:
            builder.say(_paid_at_the_push(shown_entry) or _("No costs are waiting: roll (and push) first."))
            return
        costly = entry
        # the roll whose costs are applied is shown as the last roll when it is the one on screen, or, with
        # none on screen (the console reopened), when it is the selected character's own; never another's
        on_screen = (shown_entry is None and given(costly.character_id, None) == builder.character_id) or (
            shown_entry is not None and (given(shown_entry.session, None), shown_entry.id) == (
                given(costly.session, None), costly.id))

        def done(result: dict[str, Any]) -> None:
            applied = as_record(result)
            summary = given(applied.summary, "")
            if on_screen:
                builder.last_entry = roll_of(builder.reread(costly) or costly)
                said = _("Applied: {summary}").format(summary=summary)
            else:  # an older roll's costs: the roll on screen stays, and the line names whose were applied
                from gmconsole.safe_text import shown

                said = _("Applied the costs of roll {id} ({name}): {summary}").format(
                    id=costly.id, name=shown(given(costly.character, "")), summary=summary)
            builder.message = ""
            builder.report(said, applied)
            builder.view.redraw()
            builder.view.focus_pane()

        apply_costs_of(builder.view.app, costly, done, builder.say, refused=builder.refused, typed_panic=typed_panic)

    def undo(self) -> None:
        """``u``: take back the campaign's newest change, whichever pane made it."""
        from gmconsole.ui.undo_asking import undo_or_redo

        undo_or_redo(self.builder.view.app, self._undone, refused=self.builder.refused, errors=ERRORS)

    def _undone(self, undone: dict) -> None:
        builder = self.builder
        if builder.last_entry is not None:
            builder.last_entry = roll_of(builder.reread(builder.last_entry))
        record = as_record(undone)
        builder.message = ""
        builder.report(_("Undone: {summary}").format(summary=given(record.summary, "")), record)
        builder.view.redraw()


def _paid_at_the_push(entry: RollEntry | None) -> str | None:
    """What ``c`` says on a pushed roll whose cost was the stress paid at the push (yze ``stress-dice``):
    nothing waits, and why; ``None`` for any other roll."""
    paid = entry.detail.value("stress_paid", 0) if entry is not None else 0
    if entry is None or not paid or given(entry.status, "done") != "done":
        return None
    return _("the cost of roll {id} was paid at the push (stress +{count}): nothing waits").format(
        id=entry.id, count=paid)
