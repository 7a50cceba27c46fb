"""The party: each shown character's numbers (the system's own counters: stress, trauma, wounds,
stamina, ...) and what the players must not miss (broken, panic, conditions).

PCs show their numbers unless the GM chose otherwise; an NPC only when the GM chose to
(:attr:`Character.table_numbers <gmconsole.campaign.model.Character.table_numbers>`). A PC whose
numbers are hidden is named with a dash for each number and no state; an NPC whose numbers are hidden
is left out here (the turn order still names them).
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from gmconsole.i18n import _
from gmconsole.ui.widgets.panic_text import panic_name
from gmconsole.ui.widgets.sheet_view import badges, tracker_columns, who

__all__ = ["NAME_CELLS", "Party", "numbers_shown"]

NAME_CELLS = 24
"""The most cells a name takes (a longer one ends in "…", cut by cells): the numbers always keep their room."""


def numbers_shown(character) -> bool:
    """True when the table view shows ``character``'s numbers: the GM's choice, else PCs only."""
    chosen = character.table_numbers
    return not character.is_npc if chosen is None else bool(chosen)


def _panic_effect(system: str, character) -> str:
    """The panic row's name in the table view's language (:func:`panic_name`), ``""`` without a panic."""
    return "" if character.panic is None else panic_name(system, character.panic)


class Party(Static):
    """The shown characters' numbers and state; :meth:`show` redraws them from the service."""

    DEFAULT_CSS = "Party { padding: 0 1; }"

    def show(self, service) -> None:
        campaign = service.campaign
        system = campaign.system
        counters = tracker_columns(system)
        table = Table(expand=True, box=None, header_style="bold", pad_edge=False)
        table.add_column(_("Name"), overflow="ellipsis", no_wrap=True, max_width=NAME_CELLS)
        for label, _value in counters:
            table.add_column(_(label), justify="right", no_wrap=True)
        table.add_column(_("State"), ratio=1, overflow="fold")
        shown_any = False
        for character in campaign.roster:
            if not numbers_shown(character):
                if not character.is_npc:  # the party by name only
                    shown_any = True
                    table.add_row(Text(who(character), style="bold"), *["–" for _c in counters], "")
                continue
            shown_any = True
            state = badges(system, character)
            effect = _panic_effect(system, character)
            if effect:
                state.append(f" {effect}", style="yellow")
            table.add_row(Text(who(character), style="bold"), *[value(character) for _l, value in counters], state)
        self.update(table if shown_any else Text(_("No character's numbers are shown."), style="dim"))
