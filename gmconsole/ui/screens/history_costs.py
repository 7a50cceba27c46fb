"""The history screen's ``c`` and ``D``: apply or drop the pending costs of the roll on the selected row.

A push row (or another step of a roll) stands for its roll, in whichever session it is; a costs row
names the roll whose costs it applied or dropped and where that roll is, and says to select the roll.
The flows themselves (who is in range of a panic, the condition a push gives, the question before
dropping) are :mod:`gmconsole.ui.cost_applying`'s, shared with the roll builder (costs that
last, applied or dropped).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import DataTable

from gmconsole.campaign.history import kind_name
from gmconsole.campaign.storage_access import CorruptFile, StoreError
from gmconsole.i18n import _
from gmconsole.phrasing import error_text

if TYPE_CHECKING:
    from textual.screen import Screen

    from gmconsole.campaign.service import CampaignService

    _Screen = Screen[None]  # the history screen this is mixed into, for the type checker only
else:
    _Screen = object

__all__ = ["HistoryCostActions"]


class HistoryCostActions(_Screen):
    """Mixed into :class:`~gmconsole.ui.screens.history.HistoryScreen`, which has the rows drawn
    (``rows``), the service, ``reload``, ``_say`` and ``_damaged``."""

    if TYPE_CHECKING:  # what the history screen has and does, read here
        rows: list[dict]

        @property
        def service(self) -> CampaignService: ...
        def reload(self, *, keep_message: bool = False) -> None: ...
        def _say(self, text: str) -> None: ...
        def _damaged(self, error: CorruptFile) -> None: ...

    def _selected_roll(self, select: str) -> dict | None:
        """The roll of the selected row (a push row: its roll, in whichever session it is), read
        afresh; else ``None``, with what the row is and ``select`` (what to select, and for what) said instead."""
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row < 0:
            self._say(_("No roll is selected."))
            return None
        row = self.rows[min(table.cursor_row, len(self.rows) - 1)]
        kind, roll_id = row.get("kind"), row.get("roll_id")
        try:
            if kind in ("roll", "table_roll"):  # a roll row has its id (a roll on a GM's table owes costs too)
                return self.service.history.entry(row["id"], row.get("session"))
            if kind not in ("costs", "drop_costs") and isinstance(roll_id, int):
                return self.service.history.entry_anywhere(roll_id)  # a push (or another step) of a roll
            self._say(self._not_a_roll(row, select))
        except CorruptFile as exc:
            self._damaged(exc)
        except (ValueError, KeyError, StoreError) as exc:
            self._say(error_text(exc))
        return None

    def _not_a_roll(self, row: dict, select: str) -> str:
        """What the selected row is, for ``c`` / ``D``: a costs row names the roll whose costs it applied
        (or dropped), and where that roll is; then ``select``."""
        roll_id = row.get("roll_id")
        undone = row.get("status", "done") != "done"
        done = {("costs", False): _("entry {id} applied the costs of roll {roll} ({where}): {select}"),
                ("costs", True): _("entry {id} applied the costs of roll {roll} ({where}) (undone since): {select}"),
                ("drop_costs", False): _("entry {id} dropped the costs of roll {roll} ({where}): {select}"),
                ("drop_costs", True): _("entry {id} dropped the costs of roll {roll} ({where}) (undone since): "
                                        "{select}"),
                }.get((str(row.get("kind")), undone))
        if done is None or not isinstance(roll_id, int):
            return _("entry {id} is a {kind} entry, not a roll: {select}").format(
                id=row.get("id"), kind=kind_name(str(row.get("kind"))), select=select)
        who = row.get("character") or "?"
        try:
            where = _("{who}, session {number}").format(
                who=who, number=self.service.history.entry_anywhere(roll_id).get("session"))
        except (ValueError, KeyError, StoreError):
            where = _("{who}, no longer in the history").format(who=who)
        return done.format(id=row.get("id"), roll=roll_id, where=where, select=select)

    def action_apply_costs(self) -> None:
        """``c``: apply the pending costs of the selected roll (a push row: its roll's), undoable."""
        from gmconsole.ui.cost_applying import apply_costs_of

        entry = self._selected_roll(_("select a roll (or its push) to apply its costs"))
        if entry is None:
            return

        def done(result: dict) -> None:
            self.reload()
            self._say(_("Applied: {summary}").format(summary=result.get("summary", "")))

        apply_costs_of(self.app, entry, done, self._say)

    def action_drop_costs(self) -> None:
        """``D``: drop the selected roll's pending costs without applying them, after asking; undoable
        (costs that can no longer be applied need a way out)."""
        from gmconsole.ui.cost_applying import drop_costs_of

        entry = self._selected_roll(_("select a roll (or its push) to drop its costs"))
        if entry is None:
            return

        def done(result: dict) -> None:
            self.reload()
            self._say(_("Dropped: {summary}").format(summary=result.get("summary", "")))

        drop_costs_of(self.app, entry, done, self._say)
