"""Applying a roll's pending costs from the console (issue 11, costs that last).

One flow, used by the roll builder's ``c`` (the current roll, or the newest roll still owing costs
after the console was reopened) and by the history screen's ``c`` (any roll): when a panic is due
the GM marks who is in range (R-PANIC-1), when a ``conditions`` push did not name its condition the
GM types it, then the service applies the costs in one undoable change. The costs waiting are the
campaign's state (:meth:`CampaignService.pending_costs`), not the widget's.

Costs owed by someone who left the roster cannot be applied: that is said before any picker opens
(play-test follow-up, item 3), with the way out, the history screen's ``D``, which drops a roll's
costs after asking (:func:`drop_costs_of`, item 2).
"""

from __future__ import annotations

from typing import Callable

from gmconsole.store.errors import StoreError
from gmconsole.wording import error_text

__all__ = ["apply_costs_of", "drop_costs_of", "newest_pending", "read_only_refusal", "ERRORS"]

ERRORS = (ValueError, KeyError, OSError, StoreError)
"""What a service call may raise for the GM to read (shown inline; the campaign is kept as it was)."""


def newest_pending(service, character_id: str | None = None) -> dict | None:
    """The newest pending item of ``character_id`` (else of anyone), or ``None`` when nothing waits."""
    items = service.pending_costs()
    own = [i for i in items if character_id is not None and i.get("character_id") == character_id]
    chosen = (own or items)
    return chosen[-1] if chosen else None


def read_only_refusal(service) -> str | None:
    """The service's own refusal when the campaign is open read-only, said before any question or
    picker (the GM would answer it for nothing); ``None`` when changes are allowed."""
    from gmconsole.store.errors import ReadOnly

    return str(ReadOnly(service.campaign.name)) if service.read_only else None


def _absent_payer(service, entry: dict) -> str | None:
    """Why ``entry``'s costs cannot be applied because the one who rolled, or a defender owing a
    panic on it, left the roster; ``None`` when everyone owing them is there."""
    from gmconsole.safe_text import shown

    roster = {c.id for c in service.campaign.roster}
    owing = [(entry.get("character_id"), entry.get("character") or "the character who rolled")]
    owing += [(c.get("character_id"), c.get("target") or "the defender")
              for c in entry.get("costs") or () if isinstance(c, dict) and c.get("character_id")]
    for character_id, name in owing:
        if character_id and character_id not in roster:
            return (f"{shown(name)} is no longer in the roster: the costs of roll {entry.get('id')} cannot be "
                    "applied (D in the history screen drops them)")
    return None


def drop_costs_of(app, entry: dict, done: Callable[[dict], None], say: Callable[[str], None]) -> None:
    """Drop the pending costs of the roll ``entry`` without applying them, after asking (a slip of the
    finger would lose them; ctrl+z brings them back); then ``done(drop entry)``. A roll with nothing
    waiting is said to ``say``, without a question."""
    from gmconsole.campaign.pending_costs import cost_text
    from gmconsole.safe_text import shown
    from gmconsole.ui.screens.confirm import ConfirmScreen

    service = app.service
    if read_only_refusal(service):
        say(read_only_refusal(service))
        return
    item = next((i for i in service.pending_costs() if i.get("roll_id") == entry.get("id")), None)
    if item is None or entry.get("status", "done") != "done":
        say(f"roll {entry.get('id')} has no costs waiting to be dropped")
        return
    costs = ", ".join(shown(cost_text(c)) for c in item.get("costs") or ()) or "none"

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        try:
            result = service.drop_costs(entry["id"])
        except ERRORS as exc:
            say(error_text(exc))
            return
        done(result)

    app.push_screen(ConfirmScreen(
        f"Drop the costs of roll {entry['id']} ({shown(item.get('character', ''))}) without applying them: "
        f"{costs}? (ctrl+z undoes it)"), answered)


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
    absent = read_only_refusal(service) or _absent_payer(service, entry)
    if absent is not None:
        say(absent)
        return
    costs = entry.get("costs") or []
    needs_condition = any(c.get("name") == "condition" and not c.get("target") for c in costs)
    panic_due = any(c.get("name") == "panic" for c in costs)

    faces: dict = {}
    if panic_due:
        # The D6s are rolled first (the console's dice, as the service would), so the table rows are
        # known before anyone is asked who is in range: only a row that reaches others asks (R-PANIC-1).
        from gmconsole.campaign.tracker_values import costs_panic_preview, roll_panic_die

        payer = entry.get("character_id")
        owes = [c for c in costs if c.get("name") == "panic"]
        if any(not c.get("character_id") or c.get("character_id") == payer for c in owes):
            faces["panic_face"] = roll_panic_die(app.rng)
        if any(c.get("character_id") and c.get("character_id") != payer for c in owes):
            faces["defender_panic_face"] = roll_panic_die(app.rng)
        rows = costs_panic_preview(service.campaign, entry, faces.get("panic_face"), faces.get("defender_panic_face"))
        panic_due = any(row.spreads for row in rows)

    def apply(in_range: list[str], condition: str | None = None) -> dict:
        return service.apply_costs(entry["id"], in_range=in_range, condition=condition, rng=app.rng, **faces)

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
                say(error_text(exc))
            return
        done(result)

    if panic_due:
        others = [(c.id, c.name) for c in service.campaign.roster if c.id != entry.get("character_id")]

        def picked(ids: list[str] | None) -> None:
            if ids is not None:
                with_range(ids)

        app.push_screen(PickCharactersScreen(
            "The panic reaches others: who is in range? (R-PANIC-1)", others), picked)
        return
    with_range([])
