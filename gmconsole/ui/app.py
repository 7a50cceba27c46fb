"""The Textual application: one open campaign, the main screen, and the plumbing every pane shares.

The app holds the :class:`~gmconsole.campaign.service.CampaignService` (``self.service``) and the
dice (``self.rng``, a ``random.Random`` that tests seed). It subscribes to the service, so after every
change, undo or redo each screen on the stack gets a :class:`~gmconsole.ui.messages.CampaignChanged`
and re-reads what it shows. Opened read-only, it follows the changes another console or the command
line makes (:mod:`gmconsole.ui.live_follow`): the service reads them and tells the screens the same way.
:meth:`GMConsoleApp.attempt` is how panes ask for a change: a refusal
(``ValueError``: a rules or validation error) or a store failure (``StoreError``, e.g. a failed save
or a read-only campaign) is shown in the status line as the one sentence the service wrote, and the
app carries on with the campaign as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from gmconsole.i18n import N_
from gmconsole.safe_text import shown
from gmconsole.ui import errors
from gmconsole.ui.messages import CampaignChanged
from gmconsole.ui.read_only import READ_ONLY_ADVICE
from gmconsole.ui.safe_lines import ESCAPE_UNSAFE

T = TypeVar("T")

__all__ = ["GMConsoleApp"]


class GMConsoleApp(App[int]):
    """The game master's console on one campaign.

    ``service`` is an open campaign service (the caller closes it after the app exits);
    ``rng`` rolls the console's dice for initiative and panic rolls made from the panes;
    ``read_only_reason`` says why a read-only campaign is read-only (``None``: another console has it);
    ``on_first_paint`` is called once, after the main screen's first frame (``launch`` resumes the
    garbage collector there, see :mod:`gmconsole.ui.startup_gc`).
    """

    TITLE = "gmconsole"
    CSS_PATH = "gmconsole.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True)]

    def __init__(self, service, *, rng: random.Random | None = None,
                 on_first_paint: Callable[[], None] | None = None, read_only_reason: str | None = None) -> None:
        super().__init__()
        self.read_only_reason = read_only_reason
        self.service = service
        if service.read_only and read_only_reason:  # a refused change says why, not "another console"
            service.read_only_why = (read_only_reason, READ_ONLY_ADVICE.get(read_only_reason, ""))
        self._on_first_paint = on_first_paint
        self.rng = rng if rng is not None else random.Random()
        self.animation_level = "none"
        self._unsubscribe: Callable[[], None] | None = None
        self._unroute_logs: Callable[[], None] | None = None
        campaign = service.campaign
        self.sub_title = f"{shown(campaign.name)} · {campaign.system}" + (" · read-only" if service.read_only else "")

    def get_line_filters(self):
        """Textual's filters, then :class:`~gmconsole.ui.safe_lines.EscapeUnsafe`: no control character
        read from a campaign file reaches the terminal raw (issue 10)."""
        return [*super().get_line_filters(), ESCAPE_UNSAFE]

    def get_default_screen(self) -> Screen:
        """The main screen is the first screen: it is composed and painted once, with no blank screen before it."""
        from gmconsole.ui.screens.main import MainScreen

        return MainScreen()

    def on_mount(self) -> None:
        from gmconsole.ui.log_to_status import route_logs

        self._unsubscribe = self.service.subscribe(self._service_changed)
        self._unroute_logs = route_logs(self)  # nothing is written to the terminal raw while the TUI runs
        if self.service.read_only:  # follow the writer; its changes reach the screens as a "reloaded" notice
            from gmconsole.ui.live_follow import follow_campaign

            follow_campaign(self, self.service, on_change=lambda: None)

    def main_screen_painted(self) -> None:
        """The main screen calls this after its first refresh; runs ``on_first_paint`` once."""
        callback, self._on_first_paint = self._on_first_paint, None
        if callback is not None:
            callback()

    def on_unmount(self) -> None:
        if self._unroute_logs is not None:
            self._unroute_logs()
            self._unroute_logs = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _service_changed(self, entry: dict) -> None:
        """Every screen on the stack hears of the change (a modal may be on top of the main screen)."""
        for screen in list(self.screen_stack):
            screen.post_message(CampaignChanged(entry))

    def attempt(self, change: Callable[[], T]) -> T | None:
        """Run one change through the service; on a refusal or a failed save show why and return None
        (:func:`gmconsole.ui.errors.attempt`)."""
        return errors.attempt(self, change)

    def show_error(self, text: str) -> None:
        """Show ``text`` in the main screen's status line, and as a toast when a modal covers it
        (:func:`gmconsole.ui.errors.show_error`)."""
        errors.show_error(self, text)
