"""The modal pickers: a list of rows to mark, named for what each asks.

Space (or Enter) marks and unmarks the highlighted row (in a pick-one list Enter only marks it: it never
takes away the mark Space just moved), ``a`` marks everyone, ``n`` nobody (not in a pick-one list, nor in a
list that filters as the GM types); ``ctrl+s`` or ``f2`` confirms with the ids
marked, ``escape`` cancels (``None``). A long list (the TN modifiers) filters as the GM types: the
letters typed narrow it to the rows holding them, ``backspace`` takes one back, ``escape`` empties the
filter; marks on rows filtered out are kept. docs/RULES.md leaves the
question "who is in range" to the GM (R-PANIC-1), so the console asks rather than guesses; it offers
player characters only (:func:`pc_choices`).

:class:`MarkListScreen` is the picker itself, on a :class:`~gmconsole.ui.widgets.mark_list.MarkList`;
each question has its own name: :class:`PickCharacters` (roster members), :class:`PickClock`,
:class:`PickGear`, :class:`PickTnModifiers`; the initiative's :class:`PickCombatantsScreen` and the
skill modifiers' :class:`SkillModifierScreen` add a key or a line to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Label, SelectionList, Static

from gmconsole.i18n import N_, _, ngettext
from gmconsole.safe_text import shown
from gmconsole.ui.redraw import update_if_changed
from gmconsole.ui.widgets.footer import Footer
from gmconsole.ui.widgets.mark_list import MarkList

__all__ = ["MarkListScreen", "PickCharacters", "PickClock", "PickDevice", "PickGear", "PickTnModifiers", "pc_choices",
           "roster_choices"]


def roster_choices(roster, leave_out: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(id, label)`` of the roster members a GM may pick, in roster order: NPCs too, said so, and an
    NPC group with its count as the roster shows it (``Hull rats ×6 (npc)``)."""
    skip = set(leave_out)
    def label(character) -> str:
        name = character.name + (f" ×{character.count}" if character.is_group else "")
        return _("{name} (npc)").format(name=name) if character.is_npc else name

    return [(c.id, label(c)) for c in roster if c.id not in skip]


def pc_choices(roster, leave_out: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(id, name)`` of the player characters only, in roster order: who is in range of a panic row
    that reaches others (R-PANIC-1: seed 002's rows name 「玩家角色」, never NPCs). The other pickers
    (helpers, opposed, conflicts) keep offering NPCs through :func:`roster_choices`."""
    return roster_choices([c for c in roster if not c.is_npc], leave_out)


class MarkListScreen(ModalScreen[list[str] | None]):
    """Mark rows of ``choices`` (``(id, label)`` pairs); dismisses the marked ids in list order.

    ``limit`` caps how many may be marked (e.g. at most 3 helpers, R-HELP-1; ``why`` is the rule said
    with the refusal); ``minimum`` asks for at least that many (e.g. 1 combatant to start a
    conflict). A confirm outside those bounds is refused with an inline message and the screen stays
    open, so the GM can unmark one. With ``limit=1`` it is a pick-one list (marking moves the mark).
    """

    DEFAULT_CSS = """
    MarkListScreen {
        align: center middle;
    }
    MarkListScreen > #pick-box {
        width: 60;
        max-width: 100%;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    MarkListScreen #pick-title {
        text-style: bold;
        width: 100%;
    }
    MarkListScreen MarkList {
        height: auto;
        max-height: 16;
    }
    MarkListScreen #pick-message {
        color: $text-error;
        height: auto;
    }
    MarkListScreen #pick-hint {
        color: $text-muted;
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "done", N_("Done"), id="pick.done"),
        Binding("f2", "done", N_("Done"), show=False),
        Binding("a", "all", N_("All"), id="pick.all"),
        Binding("n", "none", N_("None"), id="pick.none"),
        Binding("escape", "cancel", N_("Cancel"), id="pick.cancel"),
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
        keys = [_("type to filter"), _("space mark")] if self.filtering else [_("space mark")]
        keys += [_("a all"), _("n none")] if self.all_none else []
        return " · ".join(keys + [_("ctrl+s done"), *([extra] if extra else []), _("esc cancel")])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("all", "none") and not self.all_none:  # noqa: SIM103 - the unbound case keeps its own line and reason
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
        line = (_("filter: {typed} — {shown} of {count} rows (backspace, esc: all)").format(
                    typed=self.typed, shown=shown_rows, count=len(self.choices))
                if self.typed else _("type to filter the {count} rows").format(count=len(self.choices)))
        update_if_changed(self.query_one("#pick-filter", Static), line)

    def _say(self, text: str) -> None:
        self._said_for = self.marked
        update_if_changed(self.query_one("#pick-message", Static), text)

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
            why = self.why or _("Mark at most {limit}").format(limit=self.limit)
            self._say(_("{why} — {marked} are marked; unmark {over}.").format(
                why=why, marked=len(marked), over=_("one") if over == 1 else over))
            return
        if len(marked) < self.minimum:
            self._say(_("Mark at least {count}.").format(count=self.minimum))
            return
        self.dismiss(marked)

    def action_all(self) -> None:
        self.query_one(MarkList).select_all()

    def action_none(self) -> None:
        self.query_one(MarkList).deselect_all()

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickCharacters(MarkListScreen):
    """Mark roster members (:func:`roster_choices`): whom to swap turns with, who takes an attack's
    damage, who helps; or player characters (:func:`pc_choices`): who is in range of a panic."""


class PickInRange(MarkListScreen):
    """Mark the player characters in range of a panic that reaches others (:func:`pc_choices`). The panic die
    is rolled by now and recorded whatever the GM answers (R-PANIC-1), so escape is no cancel: it means nobody
    else is in range, and the key bar and the hint say so."""

    BINDINGS = [*(b for b in MarkListScreen.BINDINGS if not (isinstance(b, Binding) and b.key == "escape")),
                Binding("escape", "cancel", N_("Nobody else"), id="pick.nobody_else")]

    def hint(self, extra: str = "") -> str:
        return super().hint(extra).replace(_("esc cancel"), _("esc nobody else"))


def say_nobody_else(app, names: list[str]) -> None:
    """After escape at who is in range (R-PANIC-1): the status line says that only ``names`` panic, after the
    summary the change the panic made has said there."""
    screen = next((s for s in reversed(app.screen_stack) if hasattr(s, "add_to_status")), None)
    if screen is not None and names:
        said = ngettext("nobody else in range: only {names} panics", "nobody else in range: only {names} panic",
                        len(names)).format(names=_(", ").join(names))
        screen.call_later(screen.add_to_status, said)


class PickClock(MarkListScreen):
    """Pick the progress clock a complication advances (``limit=1``: the mark moves)."""


class PickGear(MarkListScreen):
    """Pick the item of gear a roll's consequence takes (lost gear)."""


class PickDevice(MarkListScreen):
    """Pick the device a myz Jury-Rig roll is for, from the seed's list (``filtering=True``), or a device of
    the GM's own (the last row)."""


class PickTnModifiers(MarkListScreen):
    """Mark the TN modifiers of an exploding roll from the long list, filtered as the GM types
    (``filtering=True``)."""


class PickTable(MarkListScreen):
    """Pick one of the GM's own tables to roll (``limit=1``, ``filtering=True``: typing filters the names);
    ``enter`` on a row rolls it at once, as ``ctrl+s`` with it marked does."""

    def hint(self, extra: str = "") -> str:
        """One table is rolled: typing filters, ``enter`` rolls the highlighted one (no marking to speak of)."""
        return " · ".join([_("type to filter"), extra or _("enter roll"), _("esc cancel")])

    def on_mark_list_picked(self, message: MarkList.Picked) -> None:
        message.stop()
        self.dismiss([message.value])
