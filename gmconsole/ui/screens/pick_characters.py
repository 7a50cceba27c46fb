"""The pickers' former home, kept while callers move: the pickers are :mod:`gmconsole.ui.screens.pickers`,
the list of marks :mod:`gmconsole.ui.widgets.mark_list`.

``PickCharactersScreen`` is :class:`~gmconsole.ui.screens.pickers.MarkListScreen`, the picker every
named one (characters, clock, gear, TN modifiers) is, so a check that a picker is open holds for all.
"""

from __future__ import annotations

from gmconsole.ui.screens.pickers import MarkListScreen, roster_choices
from gmconsole.ui.widgets.mark_list import MarkList

__all__ = ["MarkList", "PickCharactersScreen", "roster_choices"]

PickCharactersScreen = MarkListScreen
