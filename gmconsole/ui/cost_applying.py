"""Applying a roll's pending costs from the console (issue 11, costs that last).

One flow, used by the roll builder's ``c`` (the current roll, or the newest roll still owing costs
after the console was reopened) and by the history screen's ``c`` (any roll): when a panic is due
the GM marks who is in range (R-PANIC-1), when a ``conditions`` push did not name its condition the
GM types it, then the service applies the costs in one undoable change. The costs waiting are the
campaign's state (:meth:`CampaignService.pending_costs`), not the widget's.
"""

from __future__ import annotations

from typing import Callable

from gmconsole.store.errors import StoreError

__all__ = ["apply_costs_of", "newest_pending", "ERRORS"]

ERRORS = (ValueError, KeyError, OSError, StoreError)
"""What a service call may raise for the GM to read (shown inline; the campaign is kept as it was)."""


def newest_pending(service, character_id: str | None = None) -> dict | None:
    """The newest pending item of ``character_id`` (else of anyone), or ``None`` when nothing waits."""
    items = service.pending_costs()
    own = [i for i in items if character_id is not None and i.get("character_id") == character_id]
    chosen = (own or items)
    return chosen[-1] if chosen else None


def apply_costs_of(app, entry: dict, done: Callable[[dict], None], say: Callable[[str], None],
                   refused: Callable[[Exception], None] | None = None) -> None:
    """Apply the pending costs of the roll ``entry``: asks who is in range for a panic and the condition
    a push gives when needed, then calls ``done(costs entry)``; a refusal goes to ``say``, or the
    service's error to ``refused`` when given (the roll builder offers a way out of a damaged file)."""
    from gmconsole.ui.screens.faces_entry import FacesEntryScreen
    from gmconsole.ui.screens.pick_characters import PickCharactersScreen

    service = app.service
    if entry.get("costs_status") != "pending" or entry.get("status", "done") != "done":
        if entry.get("costs_status") == "applied":
            say(f"the costs of roll {entry.get('id')} were already applied (undo that change to apply them again)")
        else:
            say(f"roll {entry.get('id')} has no costs waiting to be applied")
        return
    costs = entry.get("costs") or []
    needs_condition = any(c.get("name") == "condition" and not c.get("target") for c in costs)
    panic_due = any(c.get("name") == "panic" for c in costs)

    def apply(in_range: list[str], condition: str | None = None) -> dict:
        return service.apply_costs(entry["id"], in_range=in_range, condition=condition, rng=app.rng)

    def finished(result: dict | None) -> None:
        if result is not None:
            done(result)

    def with_range(in_range: list[str]) -> None:
        if needs_condition:
            app.push_screen(FacesEntryScreen(
                "Condition the push gives", "Type the condition (e.g. tired, angry, scared).",
                lambda text: apply(in_range, text), placeholder="tired", enter="ok"), finished)
            return
        try:
            result = apply(in_range)
        except ERRORS as exc:
            if refused is not None:
                refused(exc)
            else:
                say(str(exc))
            return
        done(result)

    if panic_due:
        others = [(c.id, c.name) for c in service.campaign.roster if c.id != entry.get("character_id")]

        def picked(ids: list[str] | None) -> None:
            if ids is not None:
                with_range(ids)

        app.push_screen(PickCharactersScreen(
            "Panic is due: who is in range if it reaches others? (R-PANIC-1)", others), picked)
        return
    with_range([])
