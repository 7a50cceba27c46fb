"""A modal list to mark roster members: who is in range of a panic, who helps, who fights.

Space (or Enter) marks and unmarks the highlighted name, ``a`` marks everyone, ``n`` nobody (not in a
pick-one list, nor in a list that filters as the GM types); ``ctrl+s`` or ``f2`` confirms with the ids
marked, ``escape`` cancels (``None``). A long list (the TN modifiers) filters as the GM types: the
letters typed narrow it to the rows holding them, ``backspace`` takes one back, ``escape`` empties the
filter; marks on rows filtered out are kept. docs/rules.md leaves the
question "who is in range" to the GM (R-PANIC-1), so the console asks rather than guesses.

Every list of marks in the console is a :class:`MarkList`: a marked row reads ``[x]`` and an
unmarked one ``[ ]`` (a pick-one list: ``●`` / ``○``, and marking a row moves the mark; a list whose
order counts: the turn, ``[1]``), so the state is seen without colour. A name too long for the row
ends in ``…``, cut by terminal cells (the list does not wrap).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.events import Key
from textual.widgets import Footer, Label, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist

from gmconsole.safe_text import shown

__all__ = ["MarkList", "PickCharactersScreen", "roster_choices"]


def roster_choices(roster, leave_out: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(id, label)`` of the roster members a GM may pick (NPCs too, said so), in roster order."""
    skip = set(leave_out)
    return [(c.id, c.name + (" (npc)" if c.is_npc else "")) for c in roster if c.id not in skip]


class MarkList(SelectionList[str]):
    """A list of rows to mark: space and enter toggle the highlighted row.

    ``single``: at most one row is marked; marking another moves the mark (a pick-one list).
    ``ordered``: the marks keep the order they were made in (:attr:`marked`), and each marked row
    shows its place (e.g. the turns of an assisted check)."""

    BINDINGS = [
        Binding("space", "select", "Mark/unmark", show=True),
        Binding("enter", "select", "Mark/unmark", show=False),
    ]

    DEFAULT_CSS = """
    MarkList > .selection-list--button, MarkList > .selection-list--button-highlighted {
        color: $text-muted;
    }
    """

    def __init__(self, *selections, single: bool = False, ordered: bool = False, **kwargs) -> None:
        self.single = single
        self.ordered = ordered
        super().__init__(*selections, **kwargs)

    @property
    def marked(self) -> list[str]:
        """The marked values: in the order marked when ``ordered``, else in list order."""
        if self.ordered:
            return list(self.selected)
        chosen = set(self.selected)
        values = (self.get_option_at_index(i).value for i in range(self.option_count))
        return [value for value in values if value in chosen]

    def _select(self, value: str) -> bool:
        if self.single and value not in self._selected:
            for other in list(self._selected):
                self._deselect(other)
        return super()._select(value)

    def on_mount(self) -> None:
        marked = self.marked
        if self.single and marked:  # a pick-one list starts on its mark (e.g. the paired skill)
            self.highlighted = next(i for i in range(self.option_count) if self.get_option_at_index(i).value == marked[0])

    def glyph(self, value: str) -> str:
        """The three cells before a row: ``[x]``/``[ ]``, ``●``/``○`` for pick-one, ``[n]`` for a turn."""
        if value not in self._selected:
            return " ○ " if self.single else "[ ]"
        if self.single:
            return " ● "
        if self.ordered:
            place = list(self._selected).index(value) + 1
            return f"[{place}]" if place < 10 else f"{place:>3}"
        return "[x]"

    def _get_left_gutter_width(self) -> int:
        return 4

    def render_line(self, y: int) -> Strip:
        """The option list's row behind :meth:`glyph` (in place of SelectionList's coloured button, which
        looks the same marked or not without colour)."""
        line = super(SelectionList, self).render_line(y)
        index = self.scroll_offset.y + y
        try:
            selection = self.get_option_at_index(index)
        except OptionDoesNotExist:
            return line
        component = "selection-list--button" + ("-selected" if selection.value in self._selected else "")
        component += "-highlighted" if self.highlighted == index else ""
        underlying = next(iter(line)).style or self.rich_style
        style = self.get_component_rich_style(component) + Style(bgcolor=underlying.bgcolor, meta={"option": index})
        return Strip([Segment(self.glyph(selection.value), style), Segment(" ", underlying), *line])


class PickCharactersScreen(ModalScreen[list[str] | None]):
    """Mark characters from ``choices`` (``(id, label)`` pairs); dismisses the marked ids in list order.

    ``limit`` caps how many may be marked (e.g. at most 3 helpers, R-HELP-1; ``why`` is the rule said
    with the refusal); ``minimum`` asks for at least that many (e.g. 1 combatant to start a
    conflict). A confirm outside those bounds is refused with an inline message and the screen stays
    open, so the GM can unmark one. With ``limit=1`` it is a pick-one list (marking moves the mark).
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
    PickCharactersScreen MarkList {
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
        why: str = "",
        filtering: bool = False,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.initially = set(selected)
        self.limit = limit
        self.minimum = minimum
        self.why = why
        self.filtering = filtering
        self.typed = ""  # the filter typed so far (``filtering``)
        self._hidden_marks: set[str] = set()  # marked rows the filter hides

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Label(shown(self.title_text), id="pick-title", markup=False)  # titles quote names from the file
            yield MarkList(*[(Text(shown(label)), cid, cid in self.initially) for cid, label in self.choices],
                           single=self.limit == 1, id="pick-list")
            if self.filtering:
                yield Static("", id="pick-filter", markup=False)
            yield Static("", id="pick-message", markup=False)
            yield Static(self.hint(), id="pick-hint")
        yield Footer()

    @property
    def all_none(self) -> bool:
        """Whether ``a``/``n`` mark everyone / nobody: not in a pick-one list, nor where letters filter."""
        return self.limit != 1 and not self.filtering

    def hint(self, extra: str = "") -> str:
        """The keys line under the list (``extra``: a subclass's key, before ``esc``)."""
        keys = ["type to filter", "space mark"] if self.filtering else ["space mark"]
        keys += ["a all", "n none"] if self.all_none else []
        return " · ".join(keys + ["ctrl+s done", *([extra] if extra else []), "esc cancel"])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("all", "none") and not self.all_none:
            return False  # unbound: the key types into the filter, or does nothing in a pick-one list
        return True

    def on_mount(self) -> None:
        self.query_one(MarkList).focus()
        if self.filtering:
            self._show_filter()

    @property
    def marked(self) -> list[str]:
        """The ids marked now (those the filter hides too), in the order of ``choices``."""
        chosen = set(self.query_one(MarkList).selected) | self._hidden_marks
        return [cid for cid, _label in self.choices if cid in chosen]

    def on_key(self, event: Key) -> None:
        """``filtering``: a letter (or digit, sign) typed narrows the list, ``backspace`` widens it again,
        ``escape`` with a filter empties it (a second ``escape`` cancels)."""
        if not self.filtering:
            return
        if event.key == "backspace" and self.typed:
            self._refilter(self.typed[:-1])
        elif event.key == "escape" and self.typed:
            self._refilter("")
        elif event.is_printable and event.character and event.character != " ":
            self._refilter(self.typed + event.character)
        else:
            return
        event.stop()
        event.prevent_default()

    def _refilter(self, typed: str) -> None:
        """Show the rows whose label holds ``typed`` (any case; spaces in the label may be left out),
        the marks of every row kept."""
        listing = self.query_one(MarkList)
        marks = set(self.marked)
        self.typed = typed
        needle = typed.casefold()
        rows = [(cid, label) for cid, label in self.choices
                if needle in label.casefold() or needle in label.casefold().replace(" ", "")]
        listing.clear_options()
        listing.add_options([(Text(shown(label)), cid, cid in marks) for cid, label in rows])
        self._hidden_marks = marks - {cid for cid, _label in rows}
        if rows:
            listing.highlighted = 0
        self._show_filter()

    def _show_filter(self) -> None:
        shown_rows = self.query_one(MarkList).option_count
        line = (f"filter: {self.typed} — {shown_rows} of {len(self.choices)} rows (backspace, esc: all)"
                if self.typed else f"type to filter the {len(self.choices)} rows")
        self.query_one("#pick-filter", Static).update(line)

    def _say(self, text: str) -> None:
        self._said_for = self.marked
        self.query_one("#pick-message", Static).update(text)

    @on(SelectionList.SelectedChanged)
    def _clear_message(self) -> None:
        """A mark changed since the message: it no longer applies. (The change message may arrive
        after a quick ``ctrl+s`` whose refusal it must not wipe, so the marks are compared.)"""
        if self.marked != getattr(self, "_said_for", None):
            self._say("")

    def action_done(self) -> None:
        marked = self.marked
        if self.limit is not None and len(marked) > self.limit:
            over = len(marked) - self.limit
            self._say(f"{self.why or f'Mark at most {self.limit}'} — {len(marked)} are marked; "
                      f"unmark {'one' if over == 1 else over}.")
            return
        if len(marked) < self.minimum:
            self._say(f"Mark at least {self.minimum}.")
            return
        self.dismiss(marked)

    def action_all(self) -> None:
        self.query_one(MarkList).select_all()

    def action_none(self) -> None:
        self.query_one(MarkList).deselect_all()

    def action_cancel(self) -> None:
        self.dismiss(None)
