"""A small modal form for the rolls that need a few more answers: opposed and contested rolls,
saving throws, attacks, assisted and group checks.

Each field is a labelled ``Input``, or, for the participants of the roll (who defends, who helps, who
takes part) and the defender's skill, a list to mark (:class:`~gmconsole.ui.widgets.mark_list.MarkList`:
arrows move, space or enter marks), so no name is typed. ``ctrl+s`` (or ``enter`` in a typed field)
hands the values to ``run``, which asks the service or the rules core and returns the result as
text. The result (or the refusal, one sentence) is shown inside the form, right under its title and
scrolled into view (at 80×24 it would be below the visible part, so ``ctrl+s`` would seem to do
nothing); the form stays open so the GM can read it and roll again (the marks stay too); ``escape``
closes it and dismisses the last result text (``None`` if nothing was rolled), asking first when the GM
typed something since the form opened or last rolled (:class:`~gmconsole.ui.screens.form_base.KeepsTyping`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from gmconsole.campaign.storage_access import StoreError
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.screens.form_base import KeepsTyping
from gmconsole.ui.widgets.mark_list import MarkList

__all__ = ["ChoiceScreen", "FormField", "OutcomeFormScreen", "RollFormScreen"]


@dataclass(frozen=True)
class FormField:
    """One answer the form asks for: its key in the values dict, a label, a starting value, a hint.

    With ``choices`` (``(value, label)`` pairs) the answer is marked in a list instead of typed:
    ``many`` lists give the values marked (a list; in the order marked when ``ordered``), the others
    the one value marked (``""`` when none); ``marked`` are the values marked at first. A list whose
    labels depend on a typed field names it in ``follows``: ``relabel(typed)`` gives the rows' labels
    anew whenever that field changes (the group check's "(untrained)" marks follow the skill typed);
    the marks stay."""

    key: str
    label: str
    value: str = ""
    placeholder: str = ""
    choices: tuple[tuple[str, str], ...] | None = None
    many: bool = False
    ordered: bool = False
    marked: tuple[str, ...] = ()
    follows: str = ""
    relabel: Callable[[str], tuple[tuple[str, str], ...]] | None = None


class RollFormScreen(KeepsTyping, ModalScreen[str | None]):
    """Ask ``fields``; ``run(values)`` returns the result text or raises ``ValueError`` with the reason."""

    DEFAULT_CSS = """
    RollFormScreen {
        align: center middle;
    }
    RollFormScreen > #form-box {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    RollFormScreen #form-title {
        text-style: bold;
    }
    RollFormScreen #form-hint {
        color: $text-muted;
    }
    RollFormScreen .form-label {
        margin-top: 0;
        color: $text-muted;
    }
    RollFormScreen Input {
        height: 3;
    }
    RollFormScreen MarkList {
        height: auto;
        max-height: 5;
        border: none;
        border-left: tall $panel;
        padding: 0;
    }
    RollFormScreen MarkList:focus {
        border: none;
        border-left: tall $accent;
    }
    RollFormScreen #form-error {
        color: $text-error;
        height: auto;
        display: none;
    }
    RollFormScreen #form-result {
        height: auto;
        display: none;
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "run", N_("Roll"), id="form.run"),
        Binding("escape", "close", N_("Close"), id="form.close"),
    ]

    RUN_KEYS = (N_("space mark · ctrl+s roll · tab next field · esc close"),
                N_("enter roll · tab next field · esc close"))
    """The keys line under the fields: with a list to mark, and with typed fields only."""

    def __init__(self, title: str, fields: list[FormField], run: Callable[[dict], str], *, hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.run = run
        self.hint = hint
        self.result: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form-box"):
            yield Label(shown(self.title_text), id="form-title", markup=False)  # titles quote names from the file
            yield Static("", id="form-error")
            yield Static("", id="form-result")
            if self.hint:
                yield Static(Text(self.hint), id="form-hint")
            for field in self.fields:
                yield Label(field.label, classes="form-label", markup=False)
                if field.choices is None:
                    yield Input(value=field.value, placeholder=field.placeholder, id=f"field-{field.key}")
                    continue
                yield MarkList(*[(Text(shown(label)), value, value in field.marked) for value, label in field.choices],
                               single=not field.many, ordered=field.ordered, id=f"field-{field.key}")
            lists = any(f.choices is not None for f in self.fields)
            yield Static(_(self.RUN_KEYS[0] if lists else self.RUN_KEYS[1]), id="form-keys")

    def on_mount(self) -> None:
        self.query("Input,MarkList").first().focus()

    def values(self) -> dict[str, str | list[str]]:
        """The answers so far by field key: typed text stripped, a list's marked value(s)."""
        out: dict[str, str | list[str]] = {}
        for f in self.fields:
            if f.choices is None:
                out[f.key] = self.query_one(f"#field-{f.key}", Input).value.strip()
                continue
            marked = self.query_one(f"#field-{f.key}", MarkList).marked
            out[f.key] = marked if f.many else (marked[0] if marked else "")
        return out

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_run()

    @on(Input.Changed)
    def _relabel(self, event: Input.Changed) -> None:
        """The lists that follow the field typed in take their labels from what it reads now."""
        key = (event.input.id or "").removeprefix("field-")
        for field in self.fields:
            if not (field.follows == key and field.relabel and field.choices is not None):
                continue
            labels = dict(field.relabel(event.value))
            listing = self.query_one(f"#field-{field.key}", MarkList)
            for index in range(listing.option_count):
                value = listing.get_option_at_index(index).value
                if value in labels:
                    listing.replace_option_prompt_at_index(index, Text(shown(labels[value])))

    def action_run(self) -> None:
        error = self.query_one("#form-error", Static)
        try:
            text = self.run(self.values())
        except (ValueError, KeyError, OSError, StoreError) as exc:
            error.update(Text(shown(str(exc).strip("'\""))))
            error.display = True  # empty, it takes no room under the title
            self.call_after_refresh(error.scroll_visible, animate=False)
            return
        error.update("")
        error.display = False
        self.result = text
        self.keep_as_typed()  # what was typed is used: escape now closes at once
        shown_result = self.query_one("#form-result", Static)
        shown_result.update(Text(text))
        shown_result.display = True
        self.call_after_refresh(shown_result.scroll_visible, animate=False)

    def action_close(self) -> None:
        self.close_or_ask(self.result)



class OutcomeFormScreen(RollFormScreen):
    """A form that applies what a roll already made leads to (a myz build, finds, Save a Life): ``ctrl+s``
    applies it, and the footer and the keys line say so rather than "roll"."""

    BINDINGS = [Binding("ctrl+s", "run", N_("Apply"), id="form.run")]

    RUN_KEYS = (N_("space mark · ctrl+s apply · tab next field · esc close"),
                N_("enter apply · tab next field · esc close"))


class ChoiceScreen(ModalScreen[str | None]):
    """A short menu where one key picks: ``choices`` are ``(value, key, label)``; the key dismisses
    with the value (e.g. a tiered consequence: ``d`` Damage); ``escape`` cancels with ``None``.

    Build one with :meth:`make`, which binds each choice's key (shown in the Footer too)."""

    DEFAULT_CSS = """
    ChoiceScreen {
        align: center middle;
    }
    ChoiceScreen > #choice-box {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    ChoiceScreen #choice-title {
        text-style: bold;
    }
    ChoiceScreen Static {
        height: auto;
    }
    """

    BINDINGS = [Binding("escape", "close", N_("Cancel"), id="choice.cancel")]

    @classmethod
    def make(cls, title: str, choices: list[tuple[str, str, str]], *, hint: str = "") -> ChoiceScreen:
        """A menu screen with one binding per choice (``key`` → dismiss with ``value``)."""
        bindings = [Binding(key, f"pick({value!r})", label) for value, key, label in choices]
        menu = type("ChoiceMenu", (cls,), {"BINDINGS": bindings})
        return menu(title, choices, hint)

    def __init__(self, title: str, choices: list[tuple[str, str, str]], hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.hint = hint

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical(id="choice-box"):
            yield Label(shown(self.title_text), id="choice-title", markup=False)
            if self.hint:
                yield Static(Text(self.hint), id="choice-hint")
            for _value, key, label in self.choices:
                yield Static(Text(f"{key}  {label}"))
            yield Static(_("press a key · esc cancel"), id="choice-keys")

    def action_pick(self, value: str) -> None:
        self.dismiss(value)

    def action_close(self) -> None:
        self.dismiss(None)
