"""The roll builder's last result: the roll's summary, what the GM may do next with it (apply its
costs, push it, pick a consequence), its dice as rolled and the breakdown recorded with it.

Under the last roll's dice is the breakdown recorded with that roll (play-test 5: the draft's, read
there, contradicted the roll). With no roll shown, costs still waiting in the campaign are named
(issue 11: costs outlast the console).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign.entries import Entry, RollEntry, given
from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.lazy_mount import child, mount_in_place
from gmconsole.ui.widgets.dice_pool import DicePool
from gmconsole.ui.widgets.roll_text import (
    opposed_line,
    result_lines,
    rolled_explanation,
    stunt_lines,
)

if TYPE_CHECKING:
    from gmconsole.ui.roll_builder.pane import RollBuilder

__all__ = ["LINES", "draw_result", "next_steps"]

LINES = ("rb-title", "rb-skill-row", "rb-skills", "rb-settings", "rb-pool", "rb-odds", "rb-warnings", "rb-message",
         "rb-explain", "rb-result", "rb-rolled", "rb-rolled-explain", "rb-stunts")
"""The roll builder's line groups, top to bottom (the skill list, odds, warnings, message, result, rolled
dice, their breakdown and stunts are mounted when they are first needed, :mod:`~gmconsole.ui.lazy_mount`).
The warnings (only one chance, R-MYZ-LIMIT...) sit under the pool they are about, above the last result: the
GM reads them while building the roll, in view even in a short pane (issue 12). The draft's breakdown
(``rb-explain``) stays above the last result; under the last roll's dice is the breakdown recorded with
that roll."""


def _pushes(entry: RollEntry) -> bool:
    """Whether the system that made ``entry`` pushes rolls (a GM roll of an unknown system: no)."""
    from gmconsole import systems
    from gmconsole.rules.errors import RulesError

    try:
        return systems.get(given(entry.system, None)).pushes
    except RulesError:
        return False


def _second_chance(service, entry: RollEntry) -> list[str]:
    """The line a system without pushes gives on its own second chance (issue 17): tiered's Push Yourself
    die added after the roll, exploding's retry after a change of circumstances."""
    from importlib import import_module

    from gmconsole import systems
    from gmconsole.rules.errors import RulesError

    try:
        module = systems.get(given(entry.system, None)).second_chance_module
    except RulesError:
        return []
    if module is None:
        return []
    character = service.campaign.character(given(entry.character_id, None))
    stamina = getattr(character, "stamina", None) if character is not None else None
    line = import_module(module).after_roll_line(entry.to_dict(), stamina if isinstance(stamina, int) else None)
    return [line] if line else []


def next_steps(service, entry: RollEntry) -> list[str]:
    """What the GM may do next with the roll ``entry``: apply its costs, push it (or why not), pick a
    consequence, and how an opposed roll came out."""
    lines: list[str] = []
    status = given(entry.status, "done")
    if entry.costs_status == "pending":
        lines.append(_("c: apply the costs · u: undo"))
    if status == "done" and _pushes(entry):
        from gmconsole.campaign.rolls import push_out_of_scene

        refusal = entry.push_refusal or push_out_of_scene(service, entry)
        if refusal:
            lines.append(_("cannot push: {reason}").format(reason=refusal))
        elif entry.costs_status != "applied":
            from gmconsole.ui.roll_builder.push_odds_view import push_odds_line

            odds = push_odds_line(service, entry)  # "should I push?" on the same line (play-test 9: 80x24)
            lines.append(_("p: push") + (f" · {odds}" if odds else ""))
    if status == "done":
        lines += _second_chance(service, entry)
    if entry.tier in ("mixed", "limited") and status == "done":
        from gmconsole.ui.widgets.roll_text import chosen_consequences

        chosen = chosen_consequences(entry.consequences_chosen)
        lines.append(_("C: apply one") + (_(" (applied: {names})").format(names=chosen) if chosen else ""))
    opposed = opposed_line(entry)
    if opposed:
        lines.append(_("Opposed: {line}").format(line=opposed))
    return lines


def draw_result(builder: RollBuilder) -> None:
    """Draw the builder's last result (or the costs still waiting), its dice and their breakdown."""
    lines: list[str] = []
    entry: Entry | None = builder.last_entry
    if entry is not None:
        head = given(entry.summary, "")
        lines.append(_("Last roll: {summary}").format(summary=head)
                     + (_(" (undone)") if given(entry.status, "done") != "done" else ""))
        lines += result_lines(entry, with_stunts=False)
        lines += next_steps(builder.service, entry)
    else:
        from gmconsole.ui.cost_applying import newest_pending

        item = newest_pending(builder.service, builder.character_id)
        if item is not None:
            lines.append(_("Costs waiting: roll {id} ({character}) · c: apply").format(
                id=item["roll_id"], character=shown(item.get("character", ""))))
    if builder.special_text:
        lines.append(builder.special_text)
    builder.set_line("#rb-result", "\n".join(lines))
    rolled = child(builder, "rb-rolled", DicePool)
    if rolled is None and entry is not None:
        rolled = mount_in_place(builder, DicePool(id="rb-rolled"), LINES)
    if rolled is not None:
        rolled.display = entry is not None
        if entry is not None:
            rolled.show(entry.dice or [])
    builder.set_line("#rb-rolled-explain", shown(rolled_explanation(entry)) if entry is not None else "")
    builder.set_line("#rb-stunts", "\n".join(stunt_lines(entry)) if entry is not None else "")
