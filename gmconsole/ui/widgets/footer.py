"""Textual's ``Footer``, speaking the console's language, rebuilt only when what it shows changes.

A ``Binding``'s description is a class attribute, set when its module is imported, before any language is
chosen; it is marked with ``N_`` and translated here, where the footer draws it (``gmconsole.i18n``).

Textual's footer mounts a widget per key again each time the screen says its bindings may have changed:
every focus change (a Tab from one field of a form to the next), every reactive declared with
``bindings=True``. Mostly the keys shown are the same; this footer compares what it would show with what
it shows and recomposes only when they differ. Nothing else changes: same widgets, same look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from gmconsole.i18n import _, key_label

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["Footer"]

_Shown = tuple[object, ...]


class Footer(TextualFooter):
    """The footer of the modal screens, its key descriptions translated as they are drawn."""

    _shown: _Shown | None = None
    """What the footer's keys were composed from (:meth:`_to_show`); None before the first compose."""

    def compose(self) -> ComposeResult:
        self._shown = self._to_show() if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = key_label(widget.description) if widget.description else widget.description
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
                # a key starts as compact as the footer it is bound to (its own default is compact): the
                # binding then changes nothing, where it would work out the key's styles once more as it
                # mounts, for every key of every footer drawn
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
            yield widget

    def _to_show(self) -> _Shown:
        """Everything ``Footer.compose`` reads to draw the keys, in the words of the language now chosen:
        when this is unchanged, a recompose would mount the same widgets showing the same text."""
        app = self.app
        shown: list[object] = [self.show_command_palette, app.ENABLE_COMMAND_PALETTE, app.COMMAND_PALETTE_BINDING]
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            group = binding.group
            shown.append((binding.key, app.get_key_display(binding), binding.action, binding.show, enabled,
                          _(tooltip) if tooltip else tooltip, _(binding.description) if binding.description else "",
                          _(binding.tooltip) if binding.tooltip else "",
                          None if group is None else (_(group.description), group.compact)))
        return tuple(shown)

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        if self._shown is None or self._to_show() != self._shown:
            await self.recompose()
