"""A translated sentence drawn with styled parts: the whole sentence is one msgid, its placeholders filled with
styled values, so a translator sees (and may reorder) the sentence instead of fragments glued around them."""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

__all__ = ["filled"]

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def filled(template: str, style: str | Style = "", **values: str | Text | tuple[str, str | Style]) -> Text:
    """``template`` (already translated, e.g. ``_("Round {round} · now: {name}")``) as a :class:`Text`: its own
    words in ``style`` (a style's name or a Style), each ``{name}`` replaced by ``values[name]`` — a plain string
    (unstyled), a ``Text`` (keeping its styles) or ``(text, style)`` (a style's name or a
    :class:`~rich.style.Style`). A placeholder without a value stays as written."""
    text = Text()
    at = 0
    for match in PLACEHOLDER.finditer(template):
        if match.group(1) not in values:
            continue
        text.append(template[at:match.start()], style=style)
        value = values[match.group(1)]
        if isinstance(value, tuple):
            text.append(value[0], style=value[1])
        else:
            text.append(value)
        at = match.end()
    text.append(template[at:], style=style)
    return text
