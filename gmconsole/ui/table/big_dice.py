"""Dice drawn large enough to read across a room: each die a coloured block with its face in big digits.

Every face is written three lines tall (:data:`GLYPHS`), on a block in its kind's colour (R-POOL-1,
the theme's dice colours, :func:`look`: on a dark theme the console's :data:`KIND_COLOURS` on
:data:`BLOCK_BACKGROUND`; on a light one the light hues on the theme's ``$panel``). A success is a
filled block marked ``★`` under it (``★★`` for a
die worth two, R-ART-1); a bane (a 1 on a base, gear, stress or step die) is marked ``✖``; a die a push
rerolled is marked ``↻``, a die a push added (tiered: Push Yourself) ``+``. The marks say it all without
colour. Dice the console draws plain (trait dice, a plain d6) get no success mark: their roll is read as a
whole (the summary says how).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from gmconsole.i18n import _
from gmconsole.rules.dice import year_zero_successes
from gmconsole.ui.widgets.dice_pool import KIND_COLOURS, kind_colours

__all__ = ["ADDED_MARK", "GLYPHS", "Look", "big_dice", "die_face", "die_mark", "look"]

PLAIN_KINDS = ("trait", "dice")
"""Kinds whose single faces are not successes or banes on their own."""
BANE_KINDS = ("base", "gear", "stress", "step")
"""Kinds whose 1s cost something (attribute, gear, panic)."""

SUCCESS_MARK = "★"
BANE_MARK = "✖"
REROLLED_MARK = "↻"
ADDED_MARK = "+"
"""A die a push added to the dice on the table (tiered: Push Yourself after the roll)."""

GLYPHS: dict[str, tuple[str, str, str]] = {
    "0": ("┏━┓", "┃ ┃", "┗━┛"), "1": (" ┓ ", " ┃ ", " ┻ "), "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"), "4": ("╻ ╻", "┗━┫", "  ╹"), "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"), "7": ("╺━┓", "  ┃", "  ╹"), "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"), "+": ("   ", "╺╋╸", "   "), "?": ("╺━┓", " ┏┛", " ╹ "),
}
"""Each character a face may hold, three cells wide and three lines tall."""

BLOCK_BACKGROUND = "#303030"
"""A die's block on dark themes (a success fills it with the kind's colour)."""


class Look(NamedTuple):
    """How the blocks are coloured: each kind's style, the block's background, a success's digits."""

    colours: dict[str, str] = KIND_COLOURS
    background: str = BLOCK_BACKGROUND
    on_success: str = "black"


def look(app) -> Look:
    """The blocks' colours in ``app``'s theme: dark as they always were; light on the theme's panel,
    a success's digits white on the kind's (dark) colour."""
    colours = kind_colours(app)
    if getattr(app, "current_theme", None) is None or app.current_theme.dark:
        return Look(colours)
    return Look(colours, app.theme_variables.get("panel", "#d0d0d0"), "white")


def die_face(die: dict) -> str:
    """The face as typed: ``6``, ``8+3`` for an exploded die, ``?`` when the entry lacks it."""
    faces = die.get("faces")
    if isinstance(faces, list) and len(faces) > 1:
        return "+".join(str(f) for f in faces)
    face = die.get("face", die.get("total"))
    return "?" if face is None else str(face)


def die_mark(die: dict) -> str:
    """``★`` per success the die shows (R-ART-1: 6+ one, 10+ two), ``✖`` for a bane, or ""."""
    face = die.get("face")
    kind = str(die.get("kind", "dice"))
    if kind in PLAIN_KINDS or not isinstance(face, int) or isinstance(face, bool):
        return ""
    if face == 1:
        return BANE_MARK if kind in BANE_KINDS else ""
    return SUCCESS_MARK * year_zero_successes(int(die.get("sides", 6)), face)


def _block(die: dict, seen: Look) -> tuple[list[str], Style, Style]:
    """One die's four lines (three of big digits, one of marks), the block's style and the mark's."""
    face = die_face(die)
    glyphs = [GLYPHS.get(ch, GLYPHS["?"]) for ch in face]
    lines = [" " + "".join(g[row] for g in glyphs) + " " for row in range(3)]
    mark = die_mark(die) + (REROLLED_MARK if die.get("rerolled") else "") + (ADDED_MARK if die.get("added") else "")
    room = cell_len(lines[0])
    lines.append(mark.center(room - cell_len(mark) + len(mark)))
    colour = seen.colours.get(str(die.get("kind", "dice")), "bold").replace("bold", "").strip() or "white"
    if SUCCESS_MARK in mark:
        return lines, Style(bold=True, color=seen.on_success, bgcolor=colour), Style(bold=True, color=colour)
    return lines, Style(bold=True, color=colour, bgcolor=seen.background), Style(bold=True, color=colour)


def big_dice(dice: Iterable[dict], width: int, seen: Look | None = None) -> Text:
    """``dice`` as rows of big blocks fitted into ``width`` cells (wrapping onto more rows), coloured
    as ``seen`` says (default: the dark theme's)."""
    seen = seen or Look()
    blocks = [_block(die, seen) for die in dice]
    if not blocks:
        return Text(_("no dice"), style="dim")
    rows: list[list[tuple[list[str], Style, Style]]] = [[]]
    used = 0
    for block in blocks:
        size = cell_len(block[0][0]) + 1
        if rows[-1] and used + size > width:
            rows.append([])
            used = 0
        rows[-1].append(block)
        used += size
    text = Text()
    for r, row in enumerate(rows):
        for line in range(4):
            if r or line:
                text.append("\n")
            for lines, style, mark_style in row:
                text.append(lines[line], style=style if line < 3 else mark_style)
                text.append(" ")
    return text
