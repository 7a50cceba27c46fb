"""A modal that asks for one typed line and hands it to an action, named for what it asks.

The GM types the faces of physical dice (R-MANUAL-1) as a SPEC, e.g. ``b61 s4 st2`` (one digit per d6; or
``base=6,1 skill=4 stress=2``),
or a file name, a condition, a modifier's value, a reason. The screen hands the text to an action (a
roll, a push, a check, a write) that validates it (the rules core, the service); an error is shown
under the field and the screen stays open, so a mistyped face never costs the roll.
:class:`LineEntryScreen` is the modal; :class:`TypeFaces`, :class:`TypeFileName`,
:class:`TypeCondition`, :class:`TypeModifierValue` and :class:`TypeReason` are the questions it asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from gmconsole.campaign.storage_access import StoreError
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.screens.form_base import KeepsTyping

__all__ = [
    "LineEntryScreen",
    "TypeCondition",
    "TypeFaces",
    "TypeFileName",
    "TypeModifierValue",
    "TypeQuickPool",
    "TypeReason",
]


ENTER = {"roll": N_("roll"), "ok": N_("ok"), "write": N_("write")}
"""What the enter key does, as the keys line names it."""


class LineEntryScreen(KeepsTyping, ModalScreen[Any]):
    """Ask for one line; ``submit(text)`` does the action and returns what to dismiss with.

    ``submit`` raises ``ValueError`` (``RulesError``, ``ValidationError``), ``OSError`` or a ``StoreError`` for
    anything the GM got wrong or a failed save; the message is shown inline and nothing is
    dismissed. ``escape`` cancels with ``None``, asking first when the GM typed something (:class:`KeepsTyping`).
    """

    DEFAULT_CSS = """
    LineEntryScreen {
        align: center middle;
    }
    LineEntryScreen > #faces-box {
        width: 70;
        max-width: 100%;
        height: auto;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    LineEntryScreen #faces-title {
        text-style: bold;
    }
    LineEntryScreen #faces-hint {
        color: $text-muted;
    }
    LineEntryScreen #faces-error {
        color: $text-error;
        height: auto;
    }
    """

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="faces.cancel")]

    def __init__(self, title: str, hint: str, submit: Callable[[str], Any], *, placeholder: str = "b61 s4",
                 enter: str = "roll", value: str = "", error: str = "") -> None:
        """``enter`` names what the enter key does here (``roll`` for faces, ``ok`` for a value or a reason);
        ``value`` and ``error`` open it holding a line and saying something about it (asked again after a
        refusal elsewhere: an export whose file the GM chose not to replace)."""
        super().__init__()
        self.enter = enter
        self.value = value
        self.error = error
        self.title_text = title
        self.hint = hint
        self.submit = submit
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="faces-box"):
            yield Label(shown(self.title_text), id="faces-title", markup=False)  # titles quote names from the file
            yield Static(Text(self.hint), id="faces-hint")
            yield Input(self.value, placeholder=self.placeholder, id="faces-input")
            yield Static(Text(shown(self.error)), id="faces-error")
            what = _(ENTER[self.enter]) if self.enter in ENTER else self.enter
            yield Static(_("enter {what} · esc cancel").format(what=what), id="faces-keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            result = self.submit(event.value.strip())
        except (ValueError, OSError, StoreError) as exc:
            self.query_one("#faces-error", Static).update(Text(shown(exc)))
            return
        self.dismiss(result)

    @on(Input.Changed)
    def _changed(self) -> None:
        self.query_one("#faces-error", Static).update("")

    def action_cancel(self) -> None:
        self.close_or_ask(None)


class TypeFaces(LineEntryScreen):
    """Type the faces of the physical dice rolled at the table (a roll, a push, a GM roll) as a SPEC."""


class TypeQuickPool(LineEntryScreen):
    """Type the GM's quick pool in the system's own syntax (``5b 3s``, ``4d6``, ``s8 t6 tn5``), faces after ``;``."""


class TypeFileName(LineEntryScreen):
    """Type the file (or folder) an export is written to."""


class TypeCondition(LineEntryScreen):
    """Type the condition a ``conditions`` push gives (tired, angry, scared, ...)."""


class TypeModifierValue(LineEntryScreen):
    """Type the value of a modifier the GM marked (e.g. a TN modifier's amount)."""


class TypeReason(LineEntryScreen):
    """Type why a character may try a roll again in the same scene."""
