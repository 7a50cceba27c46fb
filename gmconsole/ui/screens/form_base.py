"""What every modal form of the console shares: labelled inputs, parsing, an inline message line.

The message line sits right under the title, so it is in view on an 80×24 terminal whatever field
the GM is in. A form never changes the campaign itself: ``ctrl+s`` (or ``enter`` in the last field, or on a
row of a pick-one list) parses the fields and hands the result to ``submit``, a callable the pane gives it
that asks the service and returns ``None`` on success or the refusal as one sentence. On a refusal (a bad
number here, or the service's validation) the message shows under the fields, nothing changed, and the
form stays open.
``escape`` cancels: at once when the fields are as they opened, else after "Discard what you typed?"
(:class:`KeepsTyping`, which the typed-line entries and the special-roll forms share).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from gmconsole.i18n import N_, NP_, _
from gmconsole.phrasing import quoted
from gmconsole.safe_text import shown
from gmconsole.ui.widgets.footer import Footer
from gmconsole.ui.widgets.hint_input import HintInput

__all__ = ["FormError", "FormScreen", "KeepsTyping", "field_row"]


class FormError(ValueError):
    """A field the GM filled in wrongly; the message names the field."""


def field_row(label: str, field_id: str, value: str = "", placeholder: str = "",
              hints: tuple[str, ...] = ()) -> Horizontal:
    """One line of a form: a label and its input (ids are ``f-<field_id>``). The hint shown is the first of
    ``hints`` (longest first; by default the placeholder) that fits the field, else the last ends in "…"
    (:class:`~gmconsole.ui.widgets.hint_input.HintInput`)."""
    return Horizontal(
        Label(label, classes="form-label", markup=False),
        HintInput(value=value, placeholder=placeholder, hints=hints, id=f"f-{field_id}", select_on_focus=False),
        classes="form-row",
    )


class KeepsTyping:
    """Escape that does not throw away what the GM typed: a screen with this base closes at once when its
    fields read as they opened, and asks "Discard what you typed?" (:class:`DiscardTyped`) when the GM
    typed something (enter or ``y`` discards and closes, escape or ``n`` goes back, the text kept).

    The fields are the screen's ``Input`` widgets, read when it is mounted (Textual calls this class's
    ``on_mount`` beside the screen's own) and again by :meth:`keep_as_typed` once what was typed has been
    used (a special roll rolled); the screen's escape action calls :meth:`close_or_ask`."""

    _as_opened: tuple[str, ...] | None = None

    def on_mount(self) -> None:
        self.keep_as_typed()

    def keep_as_typed(self) -> None:
        """The fields as they read now count as untyped: escape closes at once until they change."""
        self._as_opened = self._typed()

    def _typed(self) -> tuple[str, ...]:
        return tuple(field.value for field in self.query(Input))  # type: ignore[attr-defined]

    def close_or_ask(self, result: object) -> None:
        """Dismiss with ``result``, asking first when the fields differ from what they read at the start."""
        if self._as_opened is None or self._typed() == self._as_opened:
            self.dismiss(result)  # type: ignore[attr-defined]
            return
        from gmconsole.ui.screens.confirm import DiscardTyped

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(result)  # type: ignore[attr-defined]

        self.app.push_screen(DiscardTyped(), answered)  # type: ignore[attr-defined]


class FormScreen(KeepsTyping, ModalScreen[bool]):
    """Base of the console's forms; subclasses give ``form_title``, ``fields()`` and ``parse()``."""

    DEFAULT_CSS = """
    FormScreen { align: center middle; }
    FormScreen > #form-box {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    FormScreen #form-title { text-style: bold; }
    FormScreen .form-row { height: 1; margin-bottom: 1; }
    FormScreen .form-label { width: 18; padding: 0 1 0 0; }
    FormScreen .form-row Input { width: 1fr; border: none; height: 1; padding: 0 1; background: $boost; }
    FormScreen .form-row Input:focus { background: $accent 30%; }
    FormScreen #form-message { color: $text-error; text-style: bold; height: auto; }
    FormScreen #form-hint { color: $text-muted; }
    """

    BINDINGS = [
        # Translators: the key that saves the form (a saving throw is the history's "save")
        Binding("ctrl+s", "save", NP_("key bar", "Save"), id="form.save"),
        Binding("escape", "cancel", N_("Cancel"), id="form.cancel"),
    ]

    form_title = N_("Form")
    """The title; a class's fixed one is marked ``N_`` and translated when the form is drawn."""

    def __init__(self, submit: Callable[[dict], str | None]) -> None:
        super().__init__()
        self.submit = submit

    def fields(self) -> ComposeResult:
        """The form's rows (``field_row`` items)."""
        return iter(())

    def parse(self) -> dict:
        """The fields as the service wants them; raise FormError naming a bad field."""
        return {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form-box"):
            yield Static(shown(_(self.form_title)), id="form-title", markup=False)  # titles quote names from the file
            yield Static("", id="form-message", markup=False)
            yield from self.fields()
            yield Static(_("ctrl+s save · esc cancel · tab next field"), id="form-hint")
        yield Footer()

    def on_mount(self) -> None:
        inputs = self.query(Input)
        if inputs:
            inputs.first().focus()

    # -- reading fields -------------------------------------------------------------------------
    def text(self, field_id: str) -> str:
        return self.query_one(f"#f-{field_id}", Input).value.strip()

    def items(self, field_id: str) -> list[str]:
        """A typed list, each item stripped: parted by commas, Chinese ones too (， and the list comma 、, as a
        zh-Hant form shows a list: ``_(", ")``); blanks left out."""
        return [item.strip() for item in re.split(r"[,，、]", self.text(field_id)) if item.strip()]

    def whole(self, field_id: str, what: str, *, blank: int | None = None) -> int:
        """A whole number from a field (``blank`` when empty, if allowed)."""
        raw = self.text(field_id)
        if not raw and blank is not None:
            return blank
        try:
            return int(raw)
        except ValueError:
            said = _("{what} must be a whole number, not {typed}.")
            raise FormError(said.format(what=what, typed=quoted(raw))) from None

    def say(self, message: str) -> None:
        """Show a refusal under the title; it may quote a name read from the campaign file, so escaped."""
        self.query_one("#form-message", Static).update(shown(message))

    # -- actions ----------------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        inputs = list(self.query(Input))
        if inputs and event.input is inputs[-1]:
            self.action_save()
        else:
            self.focus_next()

    def on_mark_list_picked(self, event) -> None:
        """``enter`` on a pick-one list's row (:class:`~gmconsole.ui.widgets.mark_list.MarkList`, e.g. the harm
        form's attribute): the row is marked, and the form is submitted as ``enter`` in its last field is."""
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        try:
            data = self.parse()
        except FormError as exc:
            self.say(str(exc))
            return
        refusal = self.submit(data)
        if refusal:
            self.say(refusal)
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.close_or_ask(False)
