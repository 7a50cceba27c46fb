"""What the history screen shows of one entry: its ``costs`` cell, and the detail under the table (``enter``).

The detail is the entry in full: summary, when and who; for a roll its pool (R-POOL-1, die by die in
kind colours), the faces before and after a push, whether they were entered by hand, the odds at the
time and the result; for a costs entry the costs. Kept apart from the screen, which filters and draws
the table, so the words of one entry are in one place.
"""

from __future__ import annotations

from rich.text import Text

from gmconsole.ui.widgets.dice_pool import render_dice
from gmconsole.ui.widgets.roll_text import costs_lines, odds_line, result_lines

__all__ = ["costs_mark", "detail_text"]


def costs_mark(entry: dict) -> str:
    """The ``costs`` column: ``pending``, ``applied`` or ``dropped`` for a roll with costs, else blank."""
    return entry.get("costs_status", "") if entry.get("costs_status") in ("pending", "applied", "dropped") else ""


def detail_text(entry: dict) -> Text:
    """One entry in full: summary, when and who; for a roll the pool, faces, push, odds, costs."""
    text = Text()
    status = entry.get("status", "done")
    text.append(f"#{entry.get('id')} · session {entry.get('session')} · {entry.get('at', '')} · {entry.get('kind')}"
                f" · {status}\n", style="bold")
    text.append(f"{entry.get('summary', '')}\n")
    if entry.get("kind") == "roll":
        system = entry.get("system", "")
        pool = entry.get("pool") or {}
        text.append("Pool: ", style="bold")
        text.append(render_dice(pool.get("dice") or []))
        text.append("\n")
        if pool.get("explanation"):
            text.append("; ".join(pool["explanation"]) + "\n", style="dim")
        first = entry.get("first_dice")
        if first and entry.get("pushes"):
            text.append("First roll: ", style="bold")
            text.append(render_dice(first))
            text.append("\nAfter push: ", style="bold")
        else:
            text.append("Faces: ", style="bold")
        text.append(render_dice(entry.get("dice") or []))
        text.append("\n")
        text.append(f"Entered by hand: {'yes' if entry.get('by_hand') else 'no'} · pushes: {entry.get('pushes', 0)}\n")
        odds = odds_line(system, entry.get("odds") or {})
        if odds:
            text.append(f"Odds at the time: {odds}\n")
        for line in result_lines(entry):
            text.append(line + "\n")
    elif entry.get("costs") is not None:
        for line in costs_lines(entry):
            text.append(line + "\n")
    for line in entry.get("lines") or []:
        text.append(f"  {line}\n")
    return text
