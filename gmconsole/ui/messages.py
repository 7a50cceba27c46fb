"""Messages shared by the panes and screens of the console, each a typed ``@dataclass`` (compared by
identity, as a message is one event).

Data flows one way (docs/overview.md): a widget posts one of these, the screen handles it and asks the
campaign service to act, and the service's change comes back as ``CampaignChanged`` so every pane
re-reads the campaign it shows. No pane calls another: the roster or the tracker says which character the
GM picked (``CharacterSelected``) and the main screen hands it to the other of them and the roll builder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message

from gmconsole.i18n import _, ngettext

__all__ = ["CampaignChanged", "CharacterSelected", "ShowError"]


@dataclass(eq=False)
class CampaignChanged(Message):
    """The campaign changed (a change, an undo or a redo); ``entry`` is the history entry, if any."""

    entry: dict[str, Any] | None = None


def change_said(entry: dict[str, Any], summary: str) -> str:
    """A changed entry's ``summary`` as a status line says it: ``"undone: ..."``, ``"redone: ..."`` (an
    undone change made again: done once more, with the time it was redone), ``"failed: ..."``, or the
    summary alone for a new change."""
    status = entry.get("status", "")
    if status == "done" and entry.get("done_at"):
        return _("redone: {summary}").format(summary=summary)
    if status == "undone":
        return _("undone: {summary}").format(summary=summary)
    return _("failed: {summary}").format(summary=summary) if status == "failed" else summary


def arrived_said(service, arrived: list[dict[str, Any]]) -> str:
    """What other writers did, as the status line says it: the newest change and where it was made ("Lambert
    Cho rolls Medicine: 2 successes — from the command line"), and how many more came with it."""
    from gmconsole.campaign.sources import made_where

    latest = arrived[-1]
    said = _("{summary} — {where}").format(summary=change_said(latest, str(latest.get("summary", ""))),
                                           where=made_where(latest.get("source"), service.campaign,
                                                            service.ledger.source))
    more = len(arrived) - 1
    if more:
        said = ngettext("{said} (and {count} more change)", "{said} (and {count} more changes)", more).format(
            said=said, count=more)
    return said


@dataclass(eq=False)
class CharacterSelected(Message):
    """The GM picked a character in the roster or the tracker; the other pane and the roll builder take it up."""

    character_id: str


@dataclass(eq=False)
class ShowError(Message):
    """A refusal or failure to show in the status line, as one sentence the GM can read."""

    text: str
