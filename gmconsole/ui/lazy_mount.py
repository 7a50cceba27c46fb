"""Helpers that mount a pane's secondary widgets the first time they have something to show, in their place.

Most of a pane's secondary lines (the detail line under a table, the panic result, the clock table,
the roll builder's result lines, the skill list) are empty when the console starts; each widget
composed up front is styled and laid out on the way to the first frame (``bench/startup.py``).
A pane lists its children's ids top to bottom and asks :func:`mount_in_place` for a missing one;
:func:`child` finds one by id among the pane's own children (a dict look-up, cheap on every key).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, overload

from rich.text import Text
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from gmconsole.ui.redraw import update_if_changed

__all__ = ["child", "mount_in_place", "show_line"]

W = TypeVar("W", bound=Widget)


@overload
def child(parent: Widget, child_id: str) -> Widget | None: ...
@overload
def child(parent: Widget, child_id: str, kind: type[W]) -> W | None: ...
def child(parent: Widget, child_id: str, kind: type[Widget] = Widget) -> Widget | None:
    """``parent``'s own child ``child_id`` (a ``kind``), or ``None`` while it is not mounted."""
    try:
        return parent.get_child_by_id(child_id, kind)
    except NoMatches:
        return None


def mount_in_place(parent: Widget, widget: W, order: Sequence[str]) -> W:
    """Mount ``widget`` (its id is in ``order``) after the nearest earlier sibling in ``order``."""
    earlier = order[:order.index(widget.id)]
    anchor = next((w for w in reversed(parent.children) if w.id in earlier), None)
    if anchor is None:
        parent.mount(widget, before=0)
    else:
        parent.mount(widget, after=anchor)
    return widget


def show_line(parent: Widget, line_id: str, text: str | Text, order: Sequence[str]) -> None:
    """Show ``text`` in ``parent``'s line ``line_id`` (a Static that reads no markup), mounting it
    the first time there is something to show; an empty text hides it and takes no room."""
    line = child(parent, line_id, Static)
    if line is None:
        if not text:
            return
        line = mount_in_place(parent, Static("", id=line_id, markup=False), order)
    update_if_changed(line, text)
    line.display = bool(text)
