"""A small yes/no modal for changes the GM should not make by a slip of the finger (remove, end, rest
every PC), and :class:`DiscardTyped`, asked when escape would throw away what the GM typed in a form."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.widgets.footer import Footer

__all__ = ["ConfirmScreen", "DiscardTyped", "confirm_then"]


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question``; ``y`` dismisses ``True``, ``n`` / ``escape`` ``False``."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > #confirm-box {
        width: 60; max-width: 100%; height: auto; border: thick $warning; background: $surface; padding: 1 2;
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n", "answer(False)", N_("No"), id="confirm.no"),
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]

    def __init__(self, question: str, hint: str = "") -> None:
        """``hint`` names the keys under the question (``y = yes · n = no`` unless given)."""
        super().__init__()
        self.question = question
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            # questions quote names from the file
            yield Static(shown(self.question), id="confirm-question", markup=False)
            yield Static(self.hint or _("y = yes · n = no"), classes="hint")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(bool(yes))


class DiscardTyped(ConfirmScreen):
    """"Discard what you typed?", asked by escape on a form the GM typed in (``form_base.KeepsTyping``):
    ``enter`` or ``y`` discards (dismisses ``True``: the form closes), escape or ``n`` goes back to the
    form with the text as it was typed."""

    BINDINGS = [Binding("enter", "answer(True)", N_("Discard"), show=False)]

    def __init__(self) -> None:
        super().__init__(_("Discard what you typed?"), _("enter/y = discard · esc/n = back to the form"))


def confirm_then(app, question: str, change: Callable[[], object]) -> None:
    """Ask ``question``; on ``y`` make ``change`` through ``app.attempt`` (a refusal reaches the status line),
    on ``n`` or escape nothing."""

    def answered(yes: bool | None) -> None:
        if yes:
            app.attempt(change)

    app.push_screen(ConfirmScreen(question), callback=answered)
