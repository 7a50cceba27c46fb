"""The key bar: the keys that work right now, at the foot of the main screen.

It shows what Textual's ``Footer`` shows — every shown binding of the focused widget, its pane and
the screen, one entry per action — but draws them as one line of text in a single widget, where
``Footer`` mounts a widget per key and re-mounts them on every focus change. On the main screen that
difference is most of the start-up cost of the footer (``bench/startup.py``), and the GM sees the
same thing. When the keys do not fit the width they go on onto a second line, broken between keys, (a third for the
tiered roll builder's keys at 80 columns) instead of being cut off. It is read-only: keys are pressed, not clicked.
"""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from gmconsole.i18n import key_label
from gmconsole.ui.redraw import update_if_changed

__all__ = ["KeyBar"]


class KeyBar(Static):
    """One to three lines naming the shown key bindings of the focus chain (``key Description``)."""

    DEFAULT_CSS = """
    KeyBar {
        height: auto;
        max-height: 3;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeyBar > .key-bar--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES = {"key-bar--key"}

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.show_keys()

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen:
            self.show_keys()

    def on_resize(self) -> None:
        self.show_keys()

    def _in_order(self) -> list:
        """The active bindings; with the GM's keymap, each pane's keys back in their own order (Textual
        puts a binding the keymap moved after the others)."""
        active = list(self.screen.active_bindings.values())
        if not getattr(self.app, "keymap", None):
            return active
        nodes: list = []
        for node, *_rest in active:
            if node not in nodes:
                nodes.append(node)

        def place(item) -> tuple[int, int]:
            node, binding = item[0], item[1]
            ids = [b.id for b in getattr(node, "BINDINGS", ()) if getattr(b, "id", None)]
            return nodes.index(node), ids.index(binding.id) if binding.id in ids else len(ids)

        return sorted(active, key=place)

    def show_keys(self) -> None:
        """Redraw from the screen's active bindings (called whenever focus, bindings or the width
        change). Lines break between keys, never inside one (``a Hide/show undone`` stays whole). The
        descriptions are marked ``N_`` where they are declared and translated here, as they are drawn."""
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        width = self.size.width or self.app.size.width
        text = Text(no_wrap=False, overflow="fold")
        line_length = 0
        actions: set[str] = set()
        for _node, binding, enabled, _tooltip in self._in_order():
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            entry = Text.assemble((self.app.get_key_display(binding), key_style), " ", key_label(binding.description))
            if not enabled:
                entry.stylize("dim")
            if line_length and line_length + 2 + entry.cell_len > width:
                text.append("\n")
                line_length = 0
            elif line_length:
                text.append("  ")
                line_length += 2
            text.append_text(entry)
            line_length += entry.cell_len
        update_if_changed(self, text)
