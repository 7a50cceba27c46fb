"""Skip redrawing what would come out the same.

Every change to the campaign syncs every pane, and every key re-reads the key bar; most of them leave
most lines as they were. Giving a Static its content again costs a layout of the whole screen on the
next frame (the bulk of a keypress's time in the console tests), so a line is given its text only
when that text would look different.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

__all__ = ["looks", "update_if_changed"]


def looks(content) -> tuple:
    """All that decides how ``content`` (a ``Text`` or a plain ``str``) is drawn: its text, its style,
    its styled spans and how it wraps."""
    if not isinstance(content, Text):
        return (str, content)
    return (content.plain, str(content.style), tuple(content.spans), content.justify, content.overflow,
            content.no_wrap, content.end, content.tab_size)


def update_if_changed(line: Static, content: str | Text) -> None:
    """Give ``line`` its new ``content``, unless it already shows content that looks the same."""
    old = line.content
    if isinstance(old, (str, Text)) and type(old) is type(content) and looks(old) == looks(content):
        return
    line.update(content)
