"""The typed-line modal's former home, kept while callers move: it is
:mod:`gmconsole.ui.screens.line_entry`. ``FacesEntryScreen`` is
:class:`~gmconsole.ui.screens.line_entry.LineEntryScreen`, which every named question there is.
"""

from __future__ import annotations

from gmconsole.ui.screens.line_entry import LineEntryScreen

__all__ = ["FacesEntryScreen"]

FacesEntryScreen = LineEntryScreen
