"""The console's last line of defence against control characters in what it draws.

Textual strips only BEL, BS, VT, FF and CR from the text it draws; an ESC or a C1 CSI (U+009B) in a
name read from a campaign file would go to the terminal as is and could clear the screen, retitle
the window or write the clipboard. Campaign text is escaped where a pane builds its cells
(:func:`gmconsole.safe_text.shown`), so that tables measure the escaped text; this filter catches
whatever is drawn anyway (a toast, a form field holding the name to edit, a message that quotes a
name): every line a widget draws passes through it, and an unsafe character in it is replaced by its
escape (``\\x1b``). The line keeps its width: the escape pushes the rest of that line to the right
and what passes the widget's edge is cut, which only happens to text nobody escaped first.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from gmconsole.safe_text import UNSAFE, shown

__all__ = ["ESCAPE_UNSAFE", "EscapeUnsafe"]


class EscapeUnsafe(LineFilter):
    """Replace unsafe characters in drawn lines by their visible escape (see the module docstring)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if not any(not segment.control and UNSAFE.search(segment.text) for segment in segments):
            return segments
        width = Segment.get_line_length(segments)
        escaped = [segment if segment.control else Segment(shown(segment.text), segment.style, None)
                   for segment in segments]
        return Segment.adjust_line_length(escaped, width)


ESCAPE_UNSAFE = EscapeUnsafe()
"""The one instance the apps add (a strip caches what each filter made of it, keyed by the filter)."""
