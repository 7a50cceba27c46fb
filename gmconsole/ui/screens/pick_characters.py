"""A modal list to mark roster members: who is in range of a panic, who helps, who fights.

Space (or Enter) marks and unmarks the highlighted name, ``a`` marks everyone, ``n`` nobody;
``ctrl+s`` or ``f2`` confirms with the ids marked, ``escape`` cancels (``None``). docs/rules.md leaves the
question "who is in range" to the GM (R-PANIC-1), so the console asks rather than guesses.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, SelectionList, Static

from gmconsole.safe_text import shown

__all__ = ["PickCharactersScreen"]


class _Picker(SelectionList[str]):
    """The list itself: space and enter toggle the highlighted name."""

    BINDINGS = [
        Binding("space", "select", "Mark/unmark", show=True),
        Binding("enter", "select", "Mark/unmark", show=False),
    ]


class PickCharactersScreen(ModalScreen[list[str] | None]):
    """Mark characters from ``choices`` (``(id, label)`` pairs); dismisses the marked ids in list order.

    ``limit`` caps how many may be marked (e.g. at most 3 helpers, R-HELP-1); ``minimum`` asks for
    at least that many (e.g. 1 combatant to start a conflict). A confirm outside those bounds is
    refused with an inline message and the screen stays open.
    """

    DEFAULT_CSS = """
    PickCharactersScreen {
        align: center middle;
    }
    PickCharactersScreen > #pick-box {
        width: 60;
        max-width: 100%;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    PickCharactersScreen #pick-title {
        text-style: bold;
        width: 100%;
    }
    PickCharactersScreen _Picker {
        height: auto;
        max-height: 16;
    }
    PickCharactersScreen #pick-message {
        color: $text-error;
        height: auto;
    }
    PickCharactersScreen #pick-hint {
        color: $text-muted;
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "done", "Done", id="pick.done"),
        Binding("f2", "done", "Done", show=False),
        Binding("a", "all", "All", id="pick.all"),
        Binding("n", "none", "None", id="pick.none"),
        Binding("escape", "cancel", "Cancel", id="pick.cancel"),
    ]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[str, str]],
        selected: Iterable[str] = (),
        *,
        limit: int | None = None,
        minimum: int = 0,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.initially = set(selected)
        self.limit = limit
        self.minimum = minimum

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Label(shown(self.title_text), id="pick-title", markup=False)  # titles quote names from the file
            yield _Picker(*[(Text(shown(label)), cid, cid in self.initially) for cid, label in self.choices], id="pick-list")
            yield Static("", id="pick-message", markup=False)
            yield Static("space mark · a all · n none · ctrl+s done · esc cancel", id="pick-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(_Picker).focus()

    @property
    def marked(self) -> list[str]:
        """The ids marked now, in the order of ``choices``."""
        chosen = set(self.query_one(_Picker).selected)
        return [cid for cid, _label in self.choices if cid in chosen]

    def _say(self, text: str) -> None:
        self.query_one("#pick-message", Static).update(text)

    @on(SelectionList.SelectedChanged)
    def _clear_message(self) -> None:
        self._say("")

    def action_done(self) -> None:
        marked = self.marked
        if self.limit is not None and len(marked) > self.limit:
            self._say(f"Mark at most {self.limit}; {len(marked)} are marked.")
            return
        if len(marked) < self.minimum:
            self._say(f"Mark at least {self.minimum}.")
            return
        self.dismiss(marked)

    def action_all(self) -> None:
        self.query_one(_Picker).select_all()

    def action_none(self) -> None:
        self.query_one(_Picker).deselect_all()

    def action_cancel(self) -> None:
        self.dismiss(None)
