"""The top of the table view: the campaign, the session and scene, the doom pool and the clocks."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.widgets.styles import ALARM, BOLD_CYAN

__all__ = ["SessionLine"]


def clock_text(clock) -> str:
    """A clock as ``Name ■■□□ 2/4``: filled and empty segments, then the count (readable without colour)."""
    filled = max(0, min(clock.filled, clock.segments))
    return f"{shown(clock.name)} {'■' * filled}{'□' * (clock.segments - filled)} {filled}/{clock.segments}"


class SessionLine(Static):
    """Campaign, session, scene, doom and clocks; :meth:`show` redraws them from the service."""

    DEFAULT_CSS = "SessionLine { height: auto; padding: 0 1; background: $boost; }"

    def show(self, service) -> None:
        campaign = service.campaign
        session = campaign.current_session
        text = Text.assemble((shown(campaign.name), "bold"), _(" · session {number} · scene {scene}").format(
            number=session.number, scene=session.scene))
        if session.doom:
            text.append("  " + _("DOOM") + " ", style="bold")
            text.append(str(session.doom), style=ALARM)
        for clock in session.clocks:
            text.append("  ")
            text.append(clock_text(clock), style=BOLD_CYAN)
        self.update(text)
