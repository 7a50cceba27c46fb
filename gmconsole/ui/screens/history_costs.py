"""The history screen's ``c`` and ``D``: apply or drop the pending costs of the roll on the selected row.

A push row (or another step of a roll) stands for its roll, in whichever session it is; a costs row
names the roll whose costs it applied or dropped and where that roll is, and says to select the roll.
The flows themselves (who is in range of a panic, the condition a push gives, the question before
dropping) are :mod:`gmconsole.ui.cost_applying`'s, shared with the roll builder (issue 11, costs that
last; play-test follow-up, item 2).
"""

from __future__ import annotations

from textual.widgets import DataTable

from gmconsole.campaign.storage_access import CorruptFile, StoreError
from gmconsole.wording import error_text

__all__ = ["HistoryCostActions"]


class HistoryCostActions:
    """Mixed into :class:`~gmconsole.ui.screens.history.HistoryScreen`, which has the rows drawn
    (``rows``), the service, ``reload``, ``_say`` and ``_damaged``."""

    def _selected_roll(self, what: str) -> dict | None:
        """The roll of the selected row (a push row: its roll, in whichever session it is), read
        afresh; else ``None``, with what the row is and what to select said instead."""
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row < 0:
            self._say("No roll is selected.")
            return None
        row = self.rows[min(table.cursor_row, len(self.rows) - 1)]
        kind, roll_id = row.get("kind"), row.get("roll_id")
        try:
            if kind == "roll":
                return self.service.entry(row.get("id"), row.get("session"))
            if kind not in ("costs", "drop_costs") and isinstance(roll_id, int):
                return self.service.entry_anywhere(roll_id)  # a push (or another step) of a roll
            self._say(self._not_a_roll(row, what))
        except CorruptFile as exc:
            self._damaged(exc)
        except (ValueError, KeyError, StoreError) as exc:
            self._say(error_text(exc))
        return None

    def _not_a_roll(self, row: dict, what: str) -> str:
        """What the selected row is, for ``c`` / ``D``: a costs row names the roll whose costs it applied
        (or dropped), and where that roll is; then what to select."""
        select = f"select a roll (or its push) to {what}"
        roll_id = row.get("roll_id")
        done = {"costs": "applied", "drop_costs": "dropped"}.get(row.get("kind"))
        if done is None or not isinstance(roll_id, int):
            return f"entry {row.get('id')} is a {row.get('kind')} entry, not a roll: {select}"
        try:
            where = f", session {self.service.entry_anywhere(roll_id).get('session')}"
        except (ValueError, KeyError, StoreError):
            where = ", no longer in the history"
        who = row.get("character") or "?"
        undone = " (undone since)" if row.get("status", "done") != "done" else ""
        return f"entry {row.get('id')} {done} the costs of roll {roll_id} ({who}{where}){undone}: {select}"

    def action_apply_costs(self) -> None:
        """``c``: apply the pending costs of the selected roll (a push row: its roll's), undoable."""
        from gmconsole.ui.cost_applying import apply_costs_of

        entry = self._selected_roll("apply its costs")
        if entry is None:
            return

        def done(result: dict) -> None:
            self.reload()
            self._say(f"Applied: {result.get('summary', '')}")

        apply_costs_of(self.app, entry, done, self._say)

    def action_drop_costs(self) -> None:
        """``D``: drop the selected roll's pending costs without applying them, after asking; undoable
        (play-test follow-up, item 2: costs that can no longer be applied had no way out)."""
        from gmconsole.ui.cost_applying import drop_costs_of

        entry = self._selected_roll("drop its costs")
        if entry is None:
            return

        def done(result: dict) -> None:
            self.reload()
            self._say(f"Dropped: {result.get('summary', '')}")

        drop_costs_of(self.app, entry, done, self._say)
