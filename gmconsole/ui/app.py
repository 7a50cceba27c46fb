"""The Textual application: one open campaign, the main screen, and the plumbing every pane shares.

The app holds the :class:`~gmconsole.campaign.service.CampaignService` (``self.service``) and the
dice (``self.rng``, a ``random.Random`` that tests seed). It subscribes to the service, so after every
change, undo or redo each screen on the stack gets a :class:`~gmconsole.ui.messages.CampaignChanged`
and re-reads what it shows. :meth:`GMConsoleApp.attempt` is how panes ask for a change: a refusal
(``ValueError``: a rules or validation error) or a store failure (``StoreError``, e.g. a failed save
or a read-only campaign) is shown in the status line as the one sentence the service wrote, and the
app carries on with the campaign as it was.
"""

from __future__ import annotations

import random
from typing import Callable, TypeVar

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from gmconsole.safe_text import shown
from gmconsole.ui.messages import CampaignChanged, ShowError
from gmconsole.ui.safe_lines import ESCAPE_UNSAFE

T = TypeVar("T")

__all__ = ["GMConsoleApp"]


def user_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean "refused" or "could not save": shown to the GM, never a crash."""
    from gmconsole.store.errors import StoreError

    return (ValueError, StoreError)


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
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(self, service, *, rng: random.Random | None = None,
                 on_first_paint: Callable[[], None] | None = None, read_only_reason: str | None = None) -> None:
        super().__init__()
        self.read_only_reason = read_only_reason
        self.service = service
        if service.read_only and read_only_reason:  # a refused change says why, not "another console"
            from gmconsole.ui.launch import READ_ONLY_ADVICE

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
        """Run one change through the service; on a refusal or a failed save show why and return None.

        A damaged campaign file (``CorruptFile``, e.g. the history chunk undo reads) is named and its
        newest backup offered (:func:`gmconsole.ui.damaged.offer_restore`)."""
        from gmconsole.store.errors import CorruptFile

        try:
            return change()
        except CorruptFile as exc:
            from gmconsole.ui.damaged import offer_restore

            offer_restore(self, exc, say=self.show_error)
            return None
        except user_errors() as exc:
            self.show_error(str(exc))
            return None

    def show_error(self, text: str) -> None:
        """Show ``text`` in the main screen's status line (and as a toast when a modal covers it).

        A refusal often quotes a name read from the campaign file: it is escaped here, before it is
        wrapped or measured (:mod:`gmconsole.safe_text`)."""
        from gmconsole.ui.screens.main import MainScreen

        text = shown(text)
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                screen.post_message(ShowError(text))
        if not isinstance(self.screen, MainScreen):
            self.notify(text, severity="error", timeout=6, markup=False)
