"""Textual's ``Footer``, speaking the console's language.

A ``Binding``'s description is a class attribute, set when its module is imported, before any language is
chosen; it is marked with ``N_`` and translated here, where the footer draws it (``gmconsole.i18n``).
Nothing else changes: same widgets, same look.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from gmconsole.i18n import _

__all__ = ["Footer"]


class Footer(TextualFooter):
    """The footer of the modal screens, its key descriptions translated as they are drawn."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else widget.description
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
            yield widget
