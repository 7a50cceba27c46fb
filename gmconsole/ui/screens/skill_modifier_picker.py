"""The picker of a skill's named modifiers (seed 002's lists; myz: what a role skill's roll is for).

It is the picker (:class:`~gmconsole.ui.screens.pickers.MarkListScreen`: space
marks, ``ctrl+s`` done, ``escape`` cancels) with one more line: the total of the marked values, kept
up to date as the GM marks, so the sum is seen before the pool changes. The rules core checks the
picks when the builder previews them (two rows stating the same fact are refused with the reason).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.widgets import SelectionList, Static

from gmconsole.i18n import _
from gmconsole.ui.screens.pickers import MarkListScreen

__all__ = ["SkillModifierScreen"]


class SkillModifierScreen(MarkListScreen):
    """Mark named modifiers: ``choices`` are ``(id, label)``, ``values`` the modifier of each id."""

    DEFAULT_CSS = """
    SkillModifierScreen #pick-total {
        color: $success;
        height: auto;
    }
    """

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], values: dict[str, int],
                 selected: Sequence[str] = ()) -> None:
        super().__init__(title, choices, selected)
        self.values = dict(values)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#pick-box").mount(Static("", id="pick-total", markup=False), after="#pick-list")
        self._show_total()

    def total(self) -> int:
        """The sum of the marked modifiers' values."""
        return sum(self.values.get(cid, 0) for cid in self.marked)

    @on(SelectionList.SelectedChanged)
    def _total_changed(self) -> None:
        self._show_total()

    def _show_total(self) -> None:
        found = self.query("#pick-total")
        if found:
            total = f"{self.total():+d}".replace("-", "\u2212")
            found.first(Static).update(_("Total of the marked modifiers: {total}").format(total=total))
