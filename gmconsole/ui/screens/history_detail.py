"""What the history screen shows of one entry: its ``costs`` cell, and the detail under the table (``enter``).

The detail is the entry in full: summary, when and who; for a roll its pool (R-POOL-1, die by die in
kind colours), the faces before and after a push, whether they were entered by hand, the odds at the
time and the result; for a costs entry the costs. Kept apart from the screen, which filters and draws
the table, so the words of one entry are in one place.
"""

from __future__ import annotations

from rich.text import Text

from gmconsole.campaign.entries import MISSING, CostsEntry, Entry, RollEntry, as_record, as_roll, given
from gmconsole.campaign.history import kind_name, status_name
from gmconsole.campaign.pending_costs import COSTS_STATUS, costs_status_text
from gmconsole.i18n import _
from gmconsole.ui.filled import filled
from gmconsole.ui.widgets.dice_pool import SourceNames, render_dice
from gmconsole.ui.widgets.roll_text import costs_lines, odds_line, result_lines

__all__ = ["costs_mark", "detail_text"]


def costs_mark(entry: Entry | dict) -> str:
    """The ``costs`` column: ``pending``, ``applied`` or ``dropped`` for a roll with costs, else blank."""
    status = as_roll(entry).costs_status
    return costs_status_text(status) if status in COSTS_STATUS else ""


def detail_text(entry: Entry | dict, colours: dict[str, str] | None = None, names: SourceNames | None = None) -> Text:
    """One entry in full: summary, when and who; for a roll the pool, faces, push, odds, costs (dice
    in ``colours``, the theme's: :func:`gmconsole.ui.widgets.dice_pool.kind_colours`; a die's source by
    ``names``, the campaign's: :func:`gmconsole.ui.widgets.dice_pool.source_names`)."""
    entry = as_record(entry)
    text = Text()
    status = given(entry.status, "done")
    text.append(f"#{given(entry.id, None)} · " + _("session {number}").format(number=given(entry.session, None))
                + f" · {given(entry.at, '')} · {kind_name(given(entry.kind, ''))} · {status_name(status)}\n",
                style="bold")
    text.append(f"{given(entry.summary, '')}\n")
    if isinstance(entry, RollEntry):
        pool = entry.pool or {}
        text.append(filled(_("Pool: {dice}"), "bold", dice=render_dice(pool.get("dice") or [], colours=colours,
                                                                       names=names)))
        text.append("\n")
        if pool.get("explanation"):
            text.append(_("; ").join(pool["explanation"]) + "\n", style="dim")
        first = entry.first_dice
        faces = render_dice(entry.dice or [], colours=colours, names=names)
        if first and entry.pushes:
            text.append(filled(_("First roll: {dice}"), "bold", dice=render_dice(first, colours=colours, names=names)))
            text.append("\n")
            text.append(filled(_("After push: {dice}"), "bold", dice=faces))
        else:
            text.append(filled(_("Faces: {dice}"), "bold", dice=faces))
        text.append("\n")
        text.append(_("Entered by hand: {typed} · pushes: {pushes}").format(
            typed=_("yes") if entry.by_hand else _("no"), pushes=given(entry.pushes, 0)) + "\n")
        odds = odds_line(given(entry.system, ""), entry.odds or {})
        if odds:
            text.append(_("Odds at the time: {odds}").format(odds=odds) + "\n")
        for line in result_lines(entry):
            text.append(line + "\n")
    elif as_roll(entry).costs not in (MISSING, None):  # a push's costs, those a costs entry paid
        for line in costs_lines(entry):
            text.append(line + "\n")
    for line in (entry.lines if isinstance(entry, CostsEntry) else None) or []:
        text.append(f"  {line}\n")
    return text
