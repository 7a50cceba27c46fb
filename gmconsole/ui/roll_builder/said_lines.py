"""What the roll builder says, and how long it stays true (:class:`SaidLines`, held by the
:class:`~gmconsole.ui.roll_builder.controller.BuilderController`).

Two lines answer the GM's keys: the message at the top of the pane (``message``: a refusal, a reason, a
hint), and the report under the last result (``special_text``: what a key did, ``Applied: ...``,
``Undone: ...``). Neither may go on saying something that is no longer true:

- the message answers the key that caused it and goes with the next change of the campaign (a rest, a roll
  elsewhere, an undo), whichever pane made it: it is stamped with the campaign's version when said, and
  :meth:`SaidLines.forget_stale` drops it once that version has moved on;
- a report about a history entry (the costs applied, the change undone) goes when that entry no longer
  stands as it did when reported: costs applied then undone with ``ctrl+z`` are no longer shown as applied,
  an undo redone since is no longer shown as undone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmconsole.campaign.entries import Entry, given

__all__ = ["SaidLines"]


class SaidLines:
    """The builder's message and report, each dropped once what it said is out of date.

    ``version()`` moves on with every change, undo or redo of the campaign; ``reread(entry)`` is a history
    entry as the campaign holds it now (``None``: gone)."""

    def __init__(self, version: Callable[[], Any], reread: Callable[[dict[str, Any]], Entry | None]) -> None:
        self._version = version
        self._reread = reread
        self._message = ""
        self._message_at: Any = None
        self.special_text = ""
        """The report under the last result: what the GM's last key did (empty: none)."""
        self._reported: tuple[Any, Any, str, str] | None = None
        """The report's entry as ``(session, id, status when reported, the report's text)``."""

    @property
    def message(self) -> str:
        """The line answering the GM's last key (empty: none)."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = text
        self._message_at = self._version() if text else None

    def report(self, text: str, entry: Entry) -> None:
        """Say under the last result what the GM's key did to the history entry ``entry``; the line stays
        while ``entry`` stands as it does now."""
        self.special_text = text
        self._reported = (given(entry.session, None), entry.id, given(entry.status, "done"), text)

    def reported_about(self) -> tuple[Any, Any, str, str] | None:
        """The report's entry as :meth:`report` noted it (kept with a character's last result)."""
        return self._reported if self._reported is not None and self._reported[3] == self.special_text else None

    def forget_stale(self) -> None:
        """After a change of the campaign: drop the message said before it, and the report whose entry no
        longer stands as it did (undone, redone, gone)."""
        if self._message and self._message_at != self._version():
            self._message, self._message_at = "", None
        about = self.reported_about()
        self._reported = about
        if about is None:
            return
        session, entry_id, status, _text = about
        now = self._reread({"session": session, "id": entry_id})
        if now is None or given(now.status, "done") != status:
            self.special_text = ""
            self._reported = None
