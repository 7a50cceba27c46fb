"""Applying a roll's pending costs from the console (costs that last).

One flow, used by the roll builder's ``c`` (the current roll, or the newest roll still owing costs
after the console was reopened), the builder's ``A`` (the same with each panic D6 typed from a physical
die, R-MANUAL-1) and the history screen's ``c`` (any roll): when a panic row reaches others the GM
marks which player characters are in range, asked as the tracker's ``P`` asks it (R-PANIC-1), when a
``conditions`` push did not name its condition the GM types it, then the service applies the costs in
one undoable change. A panic D6 once rolled or typed is recorded whatever the GM answers next: escape
at who is in range means nobody else is (R-PANIC-1). With the D6s typed (``A``), a row that makes those
who hear or see roll asks each chained D6 too, one form for all (R-PANIC-3; escape there: nobody else
panics). The costs waiting are the campaign's state (``service.outcomes.pending_costs``), not the widget's.

Costs owed by someone who left the roster cannot be applied: that is said before any picker opens
(nobody could pay them), with the way out, the history screen's ``D``, which drops a roll's
costs after asking (:func:`drop_costs_of`).
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.campaign.entries import Entry, RollEntry, TableRollEntry, as_record, given
from gmconsole.campaign.storage_access import StoreError
from gmconsole.i18n import _
from gmconsole.phrasing import error_text, possessive

__all__ = ["ERRORS", "apply_costs_of", "drop_costs_of", "newest_pending", "read_only_refusal"]

ERRORS = (ValueError, KeyError, OSError, StoreError)
"""What a service call may raise for the GM to read (shown inline; the campaign is kept as it was)."""


def newest_pending(service, character_id: str | None = None) -> dict | None:
    """The newest pending item of ``character_id`` (else of anyone), or ``None`` when nothing waits."""
    items = service.outcomes.pending_costs()
    own = [i for i in items if character_id is not None and i.get("character_id") == character_id]
    chosen = (own or items)
    return chosen[-1] if chosen else None


def read_only_refusal(service) -> str | None:
    """The service's own refusal when the campaign is open read-only, said before any question or
    picker (the GM would answer it for nothing); ``None`` when changes are allowed."""
    from gmconsole.campaign.storage_access import read_only_refusal as refusal

    return refusal(service.campaign.name) if service.read_only else None


def _costs_status(entry: Entry) -> str | None:
    """A roll's costs state (``pending``, ``applied``, ``dropped``); ``None`` for another entry."""
    return given(entry.costs_status, None) if isinstance(entry, (RollEntry, TableRollEntry)) else None


def _absent_payer(service, entry: RollEntry | TableRollEntry) -> str | None:
    """Why ``entry``'s costs cannot be applied because the one who rolled, or a defender owing a
    panic on it, left the roster; ``None`` when everyone owing them is there."""
    from gmconsole.safe_text import shown

    roster = {c.id for c in service.campaign.roster}
    owing = [(given(entry.character_id, None), entry.character or _("the character who rolled"))]
    owing += [(c.get("character_id"), c.get("target") or _("the defender"))
              for c in entry.costs or () if isinstance(c, dict) and c.get("character_id")]
    for character_id, name in owing:
        if character_id and character_id not in roster:
            return _("{name} is no longer in the roster: the costs of roll {id} cannot be applied (D in the history "
                     "screen drops them)").format(name=shown(name), id=given(entry.id, None))
    return None


def drop_costs_of(app, entry: Entry | dict, done: Callable[[dict], None], say: Callable[[str], None]) -> None:
    """Drop the pending costs of the roll ``entry`` without applying them, after asking (a slip of the
    finger would lose them; ctrl+z brings them back); then ``done(drop entry)``. A roll with nothing
    waiting is said to ``say``, without a question."""
    from gmconsole.campaign.pending_costs import cost_text
    from gmconsole.safe_text import shown
    from gmconsole.ui.screens.confirm import ConfirmScreen

    service = app.service
    refusal = read_only_refusal(service)
    if refusal:
        say(refusal)
        return
    entry = as_record(entry)
    entry_id = given(entry.id, None)
    item = next((i for i in service.outcomes.pending_costs() if i.get("roll_id") == entry_id), None)
    if item is None or given(entry.status, "done") != "done":
        say(_("roll {id} has no costs waiting to be dropped").format(id=entry_id))
        return
    costs = ", ".join(shown(cost_text(c)) for c in item.get("costs") or ()) or _("none")

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        try:
            result = service.outcomes.drop_costs(entry.id)
        except ERRORS as exc:
            say(error_text(exc))
            return
        done(result)

    app.push_screen(ConfirmScreen(
        _("Drop the costs of roll {id} ({name}) without applying them: {costs}? (ctrl+z undoes it)").format(
            id=entry.id, name=shown(item.get("character", "")), costs=costs)), answered)


def apply_costs_of(app, entry: Entry | dict, done: Callable[[dict], None], say: Callable[[str], None],
                   refused: Callable[[Exception], None] | None = None, *, typed_panic: bool = False) -> None:
    """Apply the pending costs of the roll ``entry``: asks who is in range for a panic and the condition
    a push gives when needed, then calls ``done(costs entry)``; a refusal goes to ``say``, or the
    service's error to ``refused`` when given (the roll builder offers a way out of a damaged file).
    ``typed_panic``: the GM types each panic D6 rolled at the table (R-MANUAL-1) instead of the
    console rolling it.

    R-PANIC-1: once a panic D6 is rolled (or typed) it is recorded whatever the GM answers next:
    ``escape`` at who is in range means nobody else is, never a new roll (escape at the face form
    itself, nothing typed, applies nothing)."""
    from gmconsole.ui.screens.line_entry import TypeCondition

    service = app.service
    entry = as_record(entry)
    owes = isinstance(entry, (RollEntry, TableRollEntry)) and _costs_status(entry) == "pending"
    if not isinstance(entry, (RollEntry, TableRollEntry)) or not owes or given(entry.status, "done") != "done":
        if _costs_status(entry) == "applied":
            say(_("the costs of roll {id} were already applied (undo that change to apply them again)").format(
                id=given(entry.id, None)))
        else:
            say(_("roll {id} has no costs waiting to be applied").format(id=given(entry.id, None)))
        return
    absent = read_only_refusal(service) or _absent_payer(service, entry)
    if absent is not None:
        say(absent)
        return
    costs = entry.costs or []
    needs_condition = any(c.get("name") == "condition" and not c.get("target") for c in costs)
    owed = _panic_owers(entry)

    def apply(faces: dict, in_range: list[str], condition: str | None = None) -> dict:
        return service.outcomes.apply_costs(entry.id, in_range=in_range, condition=condition, rng=app.rng,
                                            by_hand=typed_panic, **faces)

    def applied(faces: dict, in_range: list[str]) -> None:
        try:
            result = apply(faces, in_range)
        except ERRORS as exc:
            if refused is not None:
                refused(exc)
            else:
                say(error_text(exc))
            return
        done(result)

    def with_faces(faces: dict) -> None:
        # the dice are on the table now: the questions that follow only say who else they reach, and with the
        # faces typed the D6 of each panic roll they chain (R-PANIC-3)
        def in_range_known(in_range: list[str]) -> None:
            if typed_panic:
                _ask_chained(app, entry, faces, in_range, lambda chained, reached: applied(chained, reached))
            else:
                applied(faces, in_range)

        _ask_in_range(app, entry, faces, in_range_known)

    def finished(result: dict | None) -> None:
        if result is not None:
            done(result)

    if owed and typed_panic:
        _type_faces(app, owed, with_faces)
    elif owed:
        # The D6s are rolled first (the console's dice, as the service would), so the table rows are
        # known before anyone is asked who is in range: only a row that reaches others asks (R-PANIC-1).
        from gmconsole.campaign.commands.typed_values import roll_panic_die

        with_faces({key: roll_panic_die(app.rng) for key, _id in owed})
    elif needs_condition:
        # the service's refusal (a condition already held) is said in the form, which stays open; no die
        # is rolled for it (a conditions push and stress dice exclude each other, so no panic is owed)
        app.push_screen(TypeCondition(
            _("Condition the push gives"), _("Type the condition (e.g. tired, angry, scared)."),
            lambda text: apply({}, [], text), placeholder=_("tired"), enter="ok"), finished)
    else:
        applied({}, [])


def _panic_owers(entry: RollEntry | TableRollEntry) -> list[tuple[str, str]]:
    """``(apply_costs keyword, character id)`` of each panic the roll's costs owe: the one who rolled
    (``panic_face``), then an opposed roll's defender (``defender_panic_face``)."""
    payer = given(entry.character_id, None)
    owes = [c for c in entry.costs or () if c.get("name") == "panic"]
    owed = []
    if any(not c.get("character_id") or c.get("character_id") == payer for c in owes):
        owed.append(("panic_face", payer))
    defender = next((c["character_id"] for c in owes if c.get("character_id") and c["character_id"] != payer), None)
    if defender is not None:
        owed.append(("defender_panic_face", defender))
    return owed


def _type_faces(app, owed: list[tuple[str, str]], then: Callable[[dict], None]) -> None:
    """Ask the D6 rolled at the table for each panic owed (1 to 6), in one form, then ``then(faces)``;
    escape at the form (nothing typed) applies nothing. Two panics are typed in one form, so a face
    once typed is never left behind by escape at a second one (R-PANIC-1, R-MANUAL-1)."""
    from gmconsole.ui.screens.value_form import PanicFacesForm, ValueForm

    names = []
    for _key, character_id in owed:
        character = app.service.campaign.character(character_id)
        names.append(character.name if character is not None else _("the character"))
    faces: dict = {}

    def submit(data: dict) -> None:
        faces.update({owed[0][0]: data["value"]} if len(owed) == 1 else data)

    def closed(ok: bool | None) -> None:
        if ok and len(faces) == len(owed):
            then(faces)

    if len(owed) == 1:
        app.push_screen(ValueForm(_("{name} panics: the D6 rolled at the table").format(name=names[0]),
                                  _("D6 face"), submit, hint=_("1 to 6"), low=1, high=6), closed)
        return
    app.push_screen(PanicFacesForm(_("{names} panic: the D6s rolled at the table").format(names=_(", ").join(names)),
                                   [(key, name) for (key, _id), name in zip(owed, names)], submit), closed)


CHAIN_KEYS = {"panic_face": "chain_faces", "defender_panic_face": "defender_chain_faces"}
"""The service's keyword for the chained dice of each panic a roll owes (R-PANIC-3)."""


def _ask_chained(app, entry: RollEntry | TableRollEntry, faces: dict, in_range: list[str],
                 then: Callable[[dict, list[str]], None]) -> None:
    """With the panic D6s typed: when a row they give makes those who hear or see roll (R-PANIC-1), ask the D6 each
    PC in range rolled at the table, one form for every chain (R-PANIC-3), then ``then(faces with the chained
    dice, in_range)``; escape: ``then(faces, [])``, the typed dice recorded with nobody else reached."""
    from gmconsole.campaign.commands.typed_values import costs_panic_preview
    from gmconsole.ui.panic_chain import ask_chain_faces, chain_owed, chain_title

    campaign = app.service.campaign
    rows = costs_panic_preview(campaign, entry, faces.get("panic_face"), faces.get("defender_panic_face"))
    chains = [(key, character_id, row, chain_owed(campaign, character_id, row, in_range))
              for (key, character_id), row in zip(_panic_owers(entry), rows)]
    chains = [chain for chain in chains if chain[3]]
    if not chains:
        then(faces, in_range)
        return
    several = len(chains) > 1
    fields = []
    for key, character_id, _row, owed in chains:
        panicker = campaign.character(character_id)
        for other_id, other in owed:
            label = (_("{name} ({whose} panic)").format(name=other, whose=possessive(panicker.name))
                     if several and panicker is not None else other)
            fields.append(((CHAIN_KEYS[key], other_id), label))

    def typed(chained: dict | None) -> None:
        if chained is None:
            then(faces, [])  # escape: nobody else panics (R-PANIC-3); the typed dice stand
            return
        out = dict(faces)
        for (keyword, other_id), face in chained.items():
            out.setdefault(keyword, {})[other_id] = face
        then(out, in_range)

    panics = [(getattr(campaign.character(character_id), "name", ""), row) for _k, character_id, row, _o in chains]
    ask_chain_faces(app, chain_title(panics), fields, typed)


def _ask_in_range(app, entry: RollEntry | TableRollEntry, faces: dict, then: Callable[[list[str]], None]) -> None:
    """``then(in_range)``: asks which player characters are in range only when a panic row these faces
    give reaches others (R-PANIC-1), in the words of the tracker's panic question (the result and the
    range); never NPCs (seed 002's rows name 「玩家角色」), and with no other PC nothing is asked.
    The faces are rolled (or typed) by now, so escape means nobody else is in range: ``then([])``,
    the dice recorded as they fell, never rolled again."""
    from gmconsole.campaign.commands.typed_values import costs_panic_preview
    from gmconsole.ui.screens.pickers import PickInRange, pc_choices, say_nobody_else
    from gmconsole.ui.widgets.panic_text import in_range_question

    if not faces:
        then([])
        return
    campaign = app.service.campaign
    rows = costs_panic_preview(campaign, entry, faces.get("panic_face"), faces.get("defender_panic_face"))
    spreading = [(campaign.character(character_id), row)
                 for (_key, character_id), row in zip(_panic_owers(entry), rows) if row.spreads]
    questions = [in_range_question(character.name, row) for character, row in spreading]
    # the one who panics is not in range of their own panic; with two panics each may be near the other's
    others = pc_choices(campaign.roster, leave_out=[character.id for character, _row in spreading][:1]
                        if len(spreading) == 1 else [])
    if not (questions and others):
        then([])
        return

    def picked(ids: list[str] | None) -> None:
        then(ids or [])  # escape: nobody else in range (R-PANIC-1)
        if ids is None:
            say_nobody_else(app, [character.name for character, _row in spreading])

    app.push_screen(PickInRange(" ".join(questions), others), picked)
