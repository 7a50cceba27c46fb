"""Sessions and scenes: opening the next session or scene, the list of sessions and a session's recap
(:mod:`gmconsole.campaign.recaps` reads them from the history).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign.model import Session

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class Sessions:
    """Sessions and scenes, as the console and the command line open and read them: ``service.sessions``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

    def new_session(self, date: str | None = None, title: str | None = None) -> Session:
        """Open the next session (number + 1, today's date unless given, an optional typed ``title``);
        doom, clocks and a running conflict carry over (a fight stopped at the end of an evening goes on
        the next); scenes start again at 1 (:mod:`gmconsole.campaign.recaps`)."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.new_session(self.ledger, date, title)

    def new_scene(self) -> dict:
        """Start a new scene (the "only one chance" warning looks at rolls in the same scene)."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.new_scene(self.ledger)

    def today(self) -> str:
        """Today's date by the service's clock (``YYYY-MM-DD``): a new session's default date."""
        return self.ledger.today()

    def session_list(self) -> list[dict]:
        """Every session: number, title, started, scenes, entries (:func:`recaps.session_list`)."""
        from gmconsole.campaign import recaps

        return recaps.session_list(self.ledger)

    def recap(self, session: int | None = None) -> dict:
        """The recap of a session (the current one by default) built from its history, as data."""
        from gmconsole.campaign import recaps

        return recaps.recap(self.ledger, session)
