"""Messages shared by the panes and screens of the console.

Data flows one way (README, Architecture): a widget posts one of these, the screen handles it and asks the
campaign service to act, and the service's change comes back as ``CampaignChanged`` so every pane
re-reads the campaign it shows.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message

__all__ = ["CampaignChanged", "CharacterSelected", "ShowError"]


class CampaignChanged(Message):
    """The campaign changed (a change, an undo or a redo); ``entry`` is the history entry, if any."""

    def __init__(self, entry: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.entry = entry


class CharacterSelected(Message):
    """The GM picked a character in the roster (or elsewhere); the roll builder takes it up."""

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id


class ShowError(Message):
    """A refusal or failure to show in the status line, as one sentence the GM can read."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
