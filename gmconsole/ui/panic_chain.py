"""A panic roll in the console with who it reaches, and the chained dice typed (R-PANIC-1, R-PANIC-3, R-MANUAL-1).

The tracker's ``p`` and ``P`` (:func:`panic_with_range`): the table row the D6 gives is read first; only a row that
reaches others asks which player characters are in range. With the D6 typed (``P``) and a row that makes those
who hear or see roll (Scream, Flee, Berserk), the console then asks the D6 each of them rolled at the table, one
form listing every PC marked (:func:`ask_chain_faces`, also asked by the roll builder's ``A``,
:mod:`gmconsole.ui.cost_applying`). A die once rolled or typed is recorded whatever the GM answers next: escape at
who is in range, or at the chained dice, records it with nobody else reached (R-PANIC-1, R-PANIC-3), never a new
roll; ctrl+z takes it back.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Protocol

from gmconsole.i18n import _, pick

__all__ = ["PanicRow", "ask_chain_faces", "chain_owed", "chain_title", "panic_with_range"]


class PanicRow(Protocol):
    """What the chained dice form's title reads of a panic roll (a year-zero ``PanicResult``)."""

    @property
    def total(self) -> int: ...
    @property
    def row(self) -> Mapping[str, object]: ...


def chain_owed(campaign, panicker_id: str, row, in_range: list[str]) -> list[tuple[str, str]]:
    """``(id, name)`` of each PC in range whose panic roll the row ``row`` (a :class:`PanicResult`) chains: every
    one but the one who panics when the row makes those who hear or see roll (R-PANIC-1), else none."""
    if not row.others.panic_roll:
        return []
    owed = []
    for character_id in in_range:
        character = campaign.character(character_id)
        if character_id != panicker_id and character is not None:
            owed.append((character_id, character.name))
    return owed


def chain_title(rows: Sequence[tuple[str, PanicRow]]) -> str:
    """The chained dice form's title: who panics with which row (``(name, PanicResult)`` each), then what to type."""
    said = _("; ").join(_("{name} panics: {total} {row}").format(name=name, total=row.total, row=pick(row.row["name"]))
                        for name, row in rows)
    return _("{panics}. The D6 each one who panics with it rolled at the table (R-PANIC-3; esc: nobody else "
             "panics)").format(panics=said)


def ask_chain_faces(app, title: str, owed: Sequence[tuple[Hashable, str]], then: Callable[[dict | None], None]) -> None:
    """Ask the D6 rolled at the table for each chained panic roll ``owed`` (``(key, name)`` pairs), in one form
    (:class:`~gmconsole.ui.screens.value_form.PanicFacesForm`: all typed together or none), then
    ``then({key: face})``; escape: ``then(None)`` (R-PANIC-3: nobody else is reached; the first die stands)."""
    from gmconsole.ui.screens.value_form import PanicFacesForm

    keys = {f"chain-{n}": key for n, (key, _name) in enumerate(owed)}  # field ids, whatever the keys hold
    faces: dict = {}

    def submit(data: dict) -> None:
        faces.update({keys[field]: face for field, face in data.items()})

    def closed(ok: bool | None) -> None:
        then(dict(faces) if ok and len(faces) == len(owed) else None)

    app.push_screen(PanicFacesForm(title, [(field, name) for field, (_key, name) in zip(keys, owed)], submit), closed)


def panic_with_range(app, character_id: str, face: int, *, by_hand: bool, recorded: Callable[[dict], None]) -> None:
    """Read the table row ``face`` gives; only when it reaches others (R-PANIC-1, the data's ``others_stress`` /
    ``others_panic``) ask which other player characters are in range (never an NPC; no other PC: nothing is
    asked); with the D6 typed (``by_hand``) ask the chained dice (:func:`ask_chain_faces`); then record the roll
    and hand its entry to ``recorded``. The die is rolled (or typed), so escape at a later question records it
    with nobody else in range, never a new roll (R-PANIC-1, R-PANIC-3; ctrl+z takes it back)."""
    from gmconsole.campaign.commands.typed_values import preview_panic
    from gmconsole.ui.screens.pickers import PickInRange, pc_choices, say_nobody_else
    from gmconsole.ui.widgets.panic_text import in_range_question

    service = app.service
    result = app.attempt(lambda: preview_panic(service.campaign, character_id, face))
    if result is None:
        return
    name = service.campaign.character(character_id).name
    others = pc_choices(service.campaign.roster, leave_out=[character_id])

    def roll(in_range: list[str], chain: dict | None = None) -> None:
        entry = app.attempt(lambda: service.trackers.panic_roll(character_id, in_range=in_range, face=face, rng=app.rng,
                                                                by_hand=by_hand, chain_faces=chain))
        if entry is not None:
            recorded(entry)

    def picked(ids: list[str] | None) -> None:
        in_range = ids or []  # escape: nobody else in range (R-PANIC-1)
        owed = chain_owed(service.campaign, character_id, result, in_range) if by_hand else []
        if not owed:
            roll(in_range)
            if ids is None:
                say_nobody_else(app, [name])
            return
        ask_chain_faces(app, chain_title([(name, result)]), owed,
                        lambda faces: roll(in_range, faces) if faces is not None else roll([]))

    if not (result.spreads and others):
        roll([])
        return
    app.push_screen(PickInRange(in_range_question(name, result), others), callback=picked)
