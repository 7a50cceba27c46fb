"""Who fights: the roster picker of the initiative pane (docs/RULES.md, Initiative).

Everyone in the roster is listed, player characters first, then NPCs (marked ``(npc)``), each with a
mark the GM sets or clears (space): nobody is left out without the GM seeing it. In roll mode ``f``
confirms like ``ctrl+s`` but then asks for the D6s rolled by hand (R-MANUAL-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.binding import Binding
from textual.widgets import Static

from gmconsole.i18n import N_, _
from gmconsole.ui.screens.pickers import PickCharacters

__all__ = ["PickCombatantsScreen"]


class PickCombatantsScreen(PickCharacters):
    """:class:`~gmconsole.ui.screens.pickers.PickCharacters` with ``f`` (when ``typed_dice``): done, and type the dice.

    After it is dismissed, ``dice_typed`` says whether the GM chose to type the dice.
    """

    BINDINGS = [
        Binding("f", "done_typed", N_("Done, type the dice"), id="pick.typed",
                tooltip=N_("roll initiative: done, then type the D6s rolled by hand")),
    ]

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], selected: Iterable[str] = (), *,
                 typed_dice: bool = False, minimum: int = 1) -> None:
        super().__init__(title, choices, selected, minimum=minimum)
        self.typed_dice = typed_dice
        self.dice_typed = False

    def on_mount(self) -> None:
        super().on_mount()
        if self.typed_dice:
            self.query_one("#pick-hint", Static).update(self.hint(_("f done, type the D6s")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done_typed" and not self.typed_dice:
            return False
        return super().check_action(action, parameters)

    def action_done_typed(self) -> None:
        self.dice_typed = True
        self.action_done()
