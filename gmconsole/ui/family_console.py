"""What the console asks a game family: its special-roll forms and the words of its recorded rolls.

A family's object hands this part over as ``console`` (:class:`gmconsole.systems.family.GameFamily`);
:func:`console_of` checks it against :class:`ConsoleParts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from gmconsole import systems
from gmconsole.i18n import verbatim

if TYPE_CHECKING:
    from gmconsole.campaign.entries import RollEntry

__all__ = ["ConsoleParts", "console_of"]


@runtime_checkable
class ConsoleParts(Protocol):
    """The console's side of a family."""

    special_forms: Callable[..., dict[str, Any]] | None
    """``special_forms(service, character, state, rng, **extra)``: the family's special-roll forms by name
    (``"assisted"``, ``"save"``...; see ``gmconsole/families/<family>/forms.py``), or ``None`` where the
    builder's own pool is rolled against a defender (R-OPP-1)."""

    def verdict_lines(self, entry: RollEntry) -> list[str]:
        """What a recorded roll of the family means, without its costs, stunts or modifiers."""
        ...


def console_of(system_id: str) -> ConsoleParts:
    """The console part of the family playing ``system_id``."""
    console = systems.family_of(system_id).console
    if not isinstance(console, ConsoleParts):
        raise TypeError(verbatim("the game family of {system} gives no console part (special_forms, "
                                 "verdict_lines)").format(system=system_id))
    return console
