"""The tiered family's consequence in the roll builder (``C``): a Mixed or Limited check offers one
consequence (R-TIER-2), picked with one key, with the clock a complication advances and the item lost
when there is a choice; the service applies it (``service.outcomes.apply_consequence``), undoable with
``u``. The family's console part hands the flow over as ``consequence_flow``
(:class:`gmconsole.ui.family_console.ConsoleParts`); the builder offers ``C`` where the system lists it
(``GameSystem.builder_actions``)."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.screen import Screen

from gmconsole.campaign.entries import RollEntry, as_record, given
from gmconsole.families.tiered.console.text import chosen_consequences, consequence_names
from gmconsole.families.tiered.rules.detail import TieredDetail
from gmconsole.i18n import _
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController, roll_of

__all__ = ["CONSEQUENCE_KEYS", "apply_consequence", "consequence"]

T = TypeVar("T")

CONSEQUENCE_KEYS = {"damage": "d", "reduced-effect": "r", "complication": "c", "lost-gear": "l"}
"""The key that picks each tiered consequence in the consequence menu."""


async def _ask(builder: BuilderController, screen: Screen[T]) -> T:
    return await builder.view.app.push_screen(screen, wait_for_dismiss=True)


async def consequence(builder: BuilderController, entry: RollEntry) -> None:
    """tiered Mixed / Limited: pick one consequence with one key (``w``: Damage and mark a wound), the
    clock a complication advances and the item lost when there is a choice; the service applies it
    (``apply_consequence``), undoable with ``u``."""
    from gmconsole.ui.screens.pickers import PickClock, PickGear
    from gmconsole.ui.screens.roll_form import ChoiceScreen

    names = consequence_names()
    choices = [(key, CONSEQUENCE_KEYS.get(key, key[0]), name) for key, name in names.items()]
    choices.append(("damage+wound", "w", _("Damage and mark a wound")))
    chosen = chosen_consequences(TieredDetail.of(entry.detail).consequences_chosen)
    summary = f"{given(entry.summary, '')}"
    hint = _("{summary} — already: {chosen}").format(summary=summary, chosen=chosen) if chosen else summary
    key = await _ask(builder, ChoiceScreen.make(_("Consequence (Mixed / Limited)"), choices, hint=hint))
    if key is None:
        builder.view.focus_pane()
        return
    kind, wound = ("damage", True) if key == "damage+wound" else (key, False)
    clock_id = gear_id = None
    clocks = [k for k in builder.service.session.clocks if not k.full]
    if kind == "complication" and len(clocks) > 1:
        ids = await _ask(builder, PickClock(_("Which clock does the complication advance?"),
                                            [(k.id, f"{k.name} {k.filled}/{k.segments}") for k in clocks],
                                            limit=1, minimum=1))
        if not ids:
            builder.view.focus_pane()
            return
        clock_id = ids[0]
    elif kind == "complication" and clocks:
        clock_id = clocks[0].id
    used = (entry.request or {}).get("gear") or []
    character = builder.service.campaign.find_character(entry.character_id or "")
    if kind == "lost-gear" and not used and character is not None:
        items = [(g.id, g.name) for g in character.gear if g.bonus > 0]
        if len(items) > 1:
            ids = await _ask(builder, PickGear(_("Which item is lost?"), items, limit=1, minimum=1))
            if not ids:
                builder.view.focus_pane()
                return
            gear_id = ids[0]
        else:
            gear_id = items[0][0] if items else None
    apply_consequence(builder, entry, kind, clock_id=clock_id, gear_id=gear_id, wound=wound)


def apply_consequence(builder: BuilderController, entry: RollEntry, kind: str, **how: Any) -> None:
    """Apply the consequence ``kind`` of ``entry`` through the service and show what it did."""
    try:
        done = builder.service.outcomes.apply_consequence(entry.id, kind, **how)
    except ERRORS as exc:
        builder.refused(exc)
        builder.view.focus_pane()
        return
    builder.last_entry = roll_of(builder.reread(entry)) or entry
    builder.report(_("Applied: {summary}").format(summary=given(as_record(done).summary, "")), as_record(done))
    builder.message = ""
    builder.view.redraw()
    builder.view.focus_pane()
