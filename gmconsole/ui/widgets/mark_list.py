"""The list of marks every picker and form of the console uses: a marked row reads ``[x]``, an unmarked one ``[ ]``.

A pick-one list shows ``●`` / ``○`` and marking a row moves the mark; a list whose order counts (the
turns of an assisted check) shows each marked row's place, ``[1]``, ``[2]``. The state is seen without
colour. Space marks and unmarks the highlighted row, and so does enter where several rows may be marked;
in a pick-one list enter picks the highlighted row: it is marked (a mark is never taken away by enter) and
the list says so (:class:`MarkList.Picked`), for a form around it to submit. A name too long for the row
ends in ``…``, cut by terminal cells (the list does not wrap).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.message import Message
from textual.strip import Strip
from textual.widgets import SelectionList
from textual.widgets.option_list import OptionDoesNotExist

from gmconsole.i18n import N_

__all__ = ["MarkList"]


class MarkList(SelectionList[str]):
    """A list of rows to mark: space toggles the highlighted row; enter toggles it too, or in a pick-one list
    picks it (:meth:`action_pick`).

    ``single``: at most one row is marked; marking another moves the mark (a pick-one list).
    ``ordered``: the marks keep the order they were made in (:attr:`marked`), and each marked row
    shows its place (e.g. the turns of an assisted check)."""

    BINDINGS = [
        Binding("space", "select", N_("Mark/unmark"), show=True),
        Binding("enter", "pick", N_("Mark/unmark"), show=False),
    ]

    class Picked(Message):
        """``enter`` picked a row of a pick-one list (it is marked): a form around the list submits."""

        def __init__(self, mark_list: MarkList, value: str) -> None:
            super().__init__()
            self.mark_list = mark_list
            self.value = value

        @property
        def control(self) -> MarkList:
            return self.mark_list

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

    def action_pick(self) -> None:
        """``enter``: in a pick-one list, mark the highlighted row (marked already, it stays so: the mark
        ``space`` just moved there is kept) and post :class:`Picked`; elsewhere mark or unmark as ``space``."""
        if not self.single:
            self.action_select()
            return
        if self.highlighted is None:
            return
        value = self.get_option_at_index(self.highlighted).value
        self.select(value)
        self.post_message(self.Picked(self, value))

    def _select(self, value: str) -> bool:
        if self.single and value not in self._selected:
            for other in list(self._selected):
                self._deselect(other)
        return super()._select(value)

    def on_mount(self) -> None:
        marked = self.marked
        if self.single and marked:  # a pick-one list starts on its mark (e.g. the paired skill)
            self.highlighted = next(i for i in range(self.option_count)
                                    if self.get_option_at_index(i).value == marked[0])

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
