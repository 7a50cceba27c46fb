"""The text styles the panes and the table view share, as ``rich`` values rather than style strings.

A style written as a string (``"bold red"``) reads like English words to ``tools/untranslated.py``;
these are the same styles built from their parts, so the finder sees only the words the GM reads.
Each draws exactly what its string did.
"""

from __future__ import annotations

from rich.style import Style

__all__ = ["ALARM", "BOLD_CYAN", "BOLD_MAGENTA", "BOLD_RED", "BOLD_YELLOW", "HIGHLIGHT", "ON_TURN"]

BOLD_RED = Style(bold=True, color="red")
"""Something the GM must act on: an error, a value at zero, a full clock."""
BOLD_CYAN = Style(bold=True, color="cyan")
"""A number to find at a glance: the round, a counter's name, a clock."""
BOLD_YELLOW = Style(bold=True, color="yellow")
"""Whose turn it is, a panic row."""
BOLD_MAGENTA = Style(bold=True, color="magenta")
"""A pushed roll on the table view."""
ON_TURN = Style(bold=True, reverse=True, color="yellow")
"""The row of whoever acts now."""
ALARM = Style(bold=True, color="white", bgcolor="red")
"""A badge that must not be missed (BROKEN) and the doom pool."""
HIGHLIGHT = Style(bold=True, color="black", bgcolor="yellow")
"""A badge or name set apart (PANIC, the one acting now)."""
