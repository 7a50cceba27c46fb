"""An input whose hint (the placeholder shown while it is empty) is never cut off silently.

Textual draws a placeholder wider than the field up to the field's edge and no further: "typed: one card
per" read as if that were the hint. :class:`HintInput` takes its hint in one or more wordings, longest
first, and shows the first that fits the field's width as it is drawn (``character (all)``, else
``character``); when none fits, the shortest ends in "…" (cut by terminal cells), so the GM sees that
there is more.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.strip import Strip
from textual.widgets import Input

from gmconsole.safe_text import cut_cells

__all__ = ["HintInput"]


class HintInput(Input):
    """An :class:`~textual.widgets.Input` with ``hints``: the wordings of its placeholder, longest first."""

    def __init__(self, *args, hints: tuple[str, ...] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._hints = hints

    @property
    def hints(self) -> tuple[str, ...]:
        """The wordings given, else the placeholder alone."""
        return self._hints or (self.placeholder,)

    def fitted_hint(self) -> str:
        """The hint shown at the field's width now: the first wording that fits, else the last cut with "…"."""
        room = self.scrollable_content_region.width
        if room <= 0:
            return self.hints[0]
        fitting = next((hint for hint in self.hints if cell_len(hint) <= room), None)
        return fitting if fitting is not None else cut_cells(self.hints[-1], room)

    def render_line(self, y: int) -> Strip:
        if self.value or not self.hints[0]:
            return super().render_line(y)
        placeholder = self.placeholder
        # the placeholder as drawn this once, without a refresh: the reactive keeps the full hint
        self.set_reactive(Input.placeholder, self.fitted_hint())
        try:
            return super().render_line(y)
        finally:
            self.set_reactive(Input.placeholder, placeholder)
