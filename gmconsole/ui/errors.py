"""How the console tells the GM that a change was refused or could not be saved: one place for all panes.

A refusal (``ValueError``: a rules or validation error) or a store failure (``StoreError``, e.g. a
failed save or a read-only campaign) is never a crash: it is shown in the main screen's status line as
the one sentence the service wrote, and the campaign stays as it was. A damaged campaign file met on the
way (``CorruptFile``) is named and its newest backup offered (:mod:`gmconsole.ui.damaged`).

Panes and screens import :func:`user_errors` from here (not from the app), so no pane depends on the
application module; ``app.attempt`` and ``app.show_error`` are this module's :func:`attempt` and
:func:`show_error` on the running app. A screen with a status line says so with a class attribute
``HAS_STATUS_LINE = True`` (the main screen); on top of any other screen the sentence is also a toast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar, runtime_checkable

from gmconsole.safe_text import shown
from gmconsole.ui.messages import ShowError

T = TypeVar("T")

__all__ = ["StatusLine", "attempt", "form_submit", "has_status_line", "show_error", "user_errors"]


@runtime_checkable
class StatusLine(Protocol):
    """A screen with a status line a pane can say a result in (the main screen)."""

    def set_status(self, text: str, *, error: bool = False) -> None: ...


def user_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean "refused" or "could not save": shown to the GM, never a crash."""
    from gmconsole.campaign.storage_access import StoreError

    return (ValueError, StoreError)


def form_submit(change: Callable[[dict], object]) -> Callable[[dict], str | None]:
    """A form's submit that makes ``change`` with the form's data: a refusal stays in the form as the one
    sentence the service wrote (``None``: done, the form closes)."""

    def submit(data: dict) -> str | None:
        try:
            change(data)
        except user_errors() as exc:
            return str(exc)
        return None

    return submit


def has_status_line(screen) -> bool:
    """Whether ``screen`` shows errors in a status line of its own (it handles :class:`ShowError`)."""
    return bool(getattr(type(screen), "HAS_STATUS_LINE", False))


def show_error(app, text: str) -> None:
    """Show ``text`` in the status line of each screen that has one (and as a toast when a screen
    without one covers them).

    A refusal often quotes a name read from the campaign file: it is escaped here, before it is
    wrapped or measured (:mod:`gmconsole.safe_text`)."""
    text = shown(text)
    for screen in app.screen_stack:
        if has_status_line(screen):
            screen.post_message(ShowError(text))
    if not has_status_line(app.screen):
        app.notify(text, severity="error", timeout=6, markup=False)


def attempt(app, change: Callable[[], T]) -> T | None:
    """Run one change; on a refusal or a failed save show why (:func:`show_error`) and return None.

    A damaged campaign file (``CorruptFile``, e.g. the history chunk undo reads) is named and its
    newest backup offered (:func:`gmconsole.ui.damaged.offer_restore`)."""
    from gmconsole.campaign.storage_access import CorruptFile

    try:
        return change()
    except CorruptFile as exc:
        from gmconsole.ui.damaged import offer_restore

        offer_restore(app, exc, say=app.show_error)
        return None
    except user_errors() as exc:
        app.show_error(str(exc))
        return None
