"""The roll builder's skill picker: a filter the GM types into and the list of skills it matches.

``s`` opens it; typing narrows the list (the first match is the skill previewed at once), up/down
move the highlight, enter picks, escape puts back the skill, attribute, gear and named modifiers as
they were when the filter opened. A filter matching nothing picks no skill, so the last match is
never rolled by mistake.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from gmconsole.i18n import N_
from gmconsole.ui.widgets.roll_text import SkillChoice, filter_skills

__all__ = ["FILTER_KEEPS", "SkillFilter", "SkillList", "fill"]

FILTER_KEEPS = ("skill", "attribute", "gear", "skill_modifiers")
"""What escape from the skill filter puts back as it was when the filter opened."""


class SkillFilter(Input):
    """The skill filter: typing narrows the list, up/down move the highlight, enter picks, escape leaves."""

    BINDINGS = [
        Binding("down", "move(1)", N_("Next skill"), show=False),
        Binding("up", "move(-1)", N_("Previous skill"), show=False),
        Binding("escape", "leave", N_("Back"), id="roll.skill_back"),
    ]

    @dataclass
    class Move(Message):
        """Move the skill highlight by ``delta``."""

        delta: int

    @dataclass
    class Leave(Message):
        """Leave the filter without picking (the skill goes back to what it was)."""

    def action_move(self, delta: int) -> None:
        self.post_message(self.Move(delta))

    def action_leave(self) -> None:
        self.post_message(self.Leave())


class SkillList(OptionList, can_focus=False):
    """The skills matching the filter; never focused itself (the filter keeps the keys)."""


def fill(listing: SkillList, choices: list[SkillChoice], text: str) -> list[SkillChoice]:
    """Show the ``choices`` matching ``text`` (the first one highlighted) and return them."""
    shown = filter_skills(choices, text)
    listing.clear_options()
    listing.add_options([Option(c.label) for c in shown])
    if shown:
        listing.highlighted = 0
    return shown
