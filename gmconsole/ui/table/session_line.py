"""The top of the table view: the campaign, the session and scene, the doom pool and the clocks."""

from __future__ import annotations

from textual.widgets import Static

from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.filled import filled
from gmconsole.ui.widgets.styles import ALARM, BOLD_CYAN

__all__ = ["SessionLine"]


BAR_MOST = 8
"""The most segments a clock's bar draws: the largest clock the rules allow. A clock read from a file is
checked to be 4, 6 or 8 (:mod:`gmconsole.store.shape`), and the bar never draws more whatever it holds,
so a number in a file never sizes a drawing (a clock of a billion segments once asked every viewer for
gigabytes); the count beside it says the rest."""


def clock_text(clock) -> str:
    """A clock as ``Name ■■□□ 2/4``: filled and empty segments, then the count (readable without colour)."""
    filled = max(0, min(clock.filled, clock.segments))
    cells = max(0, min(clock.segments, BAR_MOST))
    drawn = min(cells, filled * cells // clock.segments) if clock.segments > 0 else 0
    return f"{shown(clock.name)} {'■' * drawn}{'□' * (cells - drawn)} {filled}/{clock.segments}"


class SessionLine(Static):
    """Campaign, session, scene, doom and clocks; :meth:`show` redraws them from the service."""

    DEFAULT_CSS = "SessionLine { height: auto; padding: 0 1; background: $boost; }"

    def show(self, service) -> None:
        campaign = service.campaign
        session = campaign.current_session
        text = filled(_("{campaign} · session {number} · scene {scene}"), campaign=(shown(campaign.name), "bold"),
                      number=str(session.number), scene=str(session.scene))
        if session.doom:
            text.append("  " + _("DOOM") + " ", style="bold")
            text.append(str(session.doom), style=ALARM)
        for clock in session.clocks:
            text.append("  ")
            text.append(clock_text(clock), style=BOLD_CYAN)
        self.update(text)
