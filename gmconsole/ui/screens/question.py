"""A full-screen yes/no question for the moments before a campaign is open.

Used by :mod:`gmconsole.ui.launch`: a campaign locked by another console (open it read-only?),
a damaged file (restore the newest backup?); and by the main screen's ``q`` while a roll's costs
are still waiting (quit anyway?). ``y`` accepts the offer, ``n`` or ``escape`` declines; a second
offer, when there is one, is taken with ``s``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.widgets.footer import Footer

__all__ = ["QuestionScreen"]


class QuestionScreen(Screen[bool | str]):
    """Shows ``text`` and the ``offer``; dismisses ``True`` on ``y``, ``False`` on ``n`` / ``escape``,
    ``"s"`` on ``s`` when there is a second offer (``also``)."""

    DEFAULT_CSS = """
    QuestionScreen { align: center middle; }
    QuestionScreen #question-box {
        width: 80; max-width: 100%; height: auto; border: thick $warning; padding: 1 2;
    }
    QuestionScreen #question-title { text-style: bold; }
    QuestionScreen #question-offer { margin-top: 1; color: $text-accent; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="question.yes"),
        Binding("n", "answer(False)", N_("No"), id="question.no"),
        Binding("escape", "answer(False)", N_("No"), show=False),
        Binding("s", "also", N_("Set aside"), id="question.also"),
    ]

    def __init__(self, title: str, text: str, offer: str, also: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.offer = offer
        self.also = also
        """A second offer, taken with ``s`` (the screen then dismisses ``"s"``): a damaged history file
        with a backup can also be set aside (the file is kept, to be mended by hand)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="question-box"):
            yield Static(shown(self.title_text), id="question-title", markup=False)
            # the text may quote the lock holder's note or a file name: escaped so it wraps as drawn
            yield Static(shown(self.text), id="question-text", markup=False)
            yield Static(_("{offer}  (y = yes, n = no)").format(offer=self.offer), id="question-offer", markup=False)
            if self.also:
                yield Static(f"{self.also}  (s)", id="question-also", markup=False)
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(bool(yes))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``s`` is in the key bar only when there is a second offer, so the damaged
        file's question offering "set aside (s)" and the key bar agree."""
        return bool(self.also) if action == "also" else True

    def action_also(self) -> None:
        if self.also:
            self.dismiss("s")
