"""A small yes/no modal for changes the GM should not make by a slip of the finger (remove, end)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.widgets.footer import Footer

__all__ = ["ConfirmScreen"]


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

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            # questions quote names from the file
            yield Static(shown(self.question), id="confirm-question", markup=False)
            yield Static(_("y = yes · n = no"), classes="hint")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(bool(yes))
