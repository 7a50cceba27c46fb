"""What a pane or a screen reads from the app it runs in: the open campaign and the plumbing they share.

:class:`~gmconsole.ui.app.GMConsoleApp` is a :class:`ConsoleApp`; so is an app a test builds to show one
screen or pane alone. A pane or screen that reads these names says so with Textual's typed getter,
``app = getters.app(ConsoleApp)``, so its ``self.app.service`` is a typed service; this module imports
no pane, screen or the application module, so that line closes no import circle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from textual.app import App

from gmconsole.ui import errors

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

T = TypeVar("T")

__all__ = ["ConsoleApp"]


class ConsoleApp(App[int]):
    """An app on one open campaign: ``service`` (the caller closes it after the app exits) and ``rng``,
    the dice of the initiative and panic rolls made from the panes (tests seed it)."""

    service: CampaignService
    rng: random.Random

    def attempt(self, change: Callable[[], T]) -> T | None:
        """Run one change through the service; on a refusal or a failed save show why and return None
        (:func:`gmconsole.ui.errors.attempt`)."""
        return errors.attempt(self, change)

    def show_error(self, text: str) -> None:
        """Show ``text`` in the main screen's status line, and as a toast when a modal covers it
        (:func:`gmconsole.ui.errors.show_error`)."""
        errors.show_error(self, text)

    def main_screen_painted(self) -> None:
        """Called by the main screen after its first refresh; an app with start-up work left for after the
        first frame does it here (:meth:`gmconsole.ui.app.GMConsoleApp.main_screen_painted`)."""
