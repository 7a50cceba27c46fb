"""The main screen's ``T``: roll one of the GM's own tables on the highlighted character.

A pick-one list of the campaign's tables (typing filters it by name) asks which; the table is rolled with the
console's dice for the roster's highlighted character and recorded (undoable), and the roll builder shows the
result and the costs its row leaves waiting, which the builder's ``c`` applies as a push's
(:mod:`gmconsole.campaign.gm_tables`).
"""

from __future__ import annotations

from gmconsole.campaign.entries import as_record
from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.errors import attempt, show_error

__all__ = ["result_words", "roll_a_table"]


def result_words(entry: dict) -> str:
    """What the builder says of a table's roll: the table, die and total, the row's text, and its costs."""
    from gmconsole.campaign.pending_costs import cost_text

    said = _("{table} ({die} {total}): {text}").format(table=shown(entry["table"]), die=entry["die"],
                                                       total=entry["total"], text=shown(entry["text"]))
    if entry.get("costs"):
        costs = _(", ").join(shown(cost_text(c)) for c in entry["costs"])
        said = _("{said} — costs waiting: {costs} (c applies them)").format(said=said, costs=costs)
    return said


def roll_a_table(app, character_id: str | None, builder) -> None:
    """Ask which table, roll it for ``character_id`` and show it in ``builder`` (the roll builder pane)."""
    from gmconsole.ui.cost_applying import read_only_refusal
    from gmconsole.ui.screens.pickers import PickTable

    refused = read_only_refusal(app.service)  # said before the list opens, not after a table was picked
    if refused is not None:
        show_error(app, refused)
        return
    app.service.reload()  # tables another writer loaded a moment ago are offered too (cheap when none did)
    tables = app.service.setup.tables()
    if not tables:
        show_error(app, _("{campaign} has no tables of its own: gmconsole tables {campaign} --load FILE.toml "
                          "(docs/tables.md)").format(campaign=app.service.campaign.name))
        return
    if character_id is None:
        show_error(app, _("Add a character to the roster first: a table is rolled on the highlighted character"))
        return
    character = app.service.character(character_id)
    choices = [(str(n), f"{t['name']} ({t['die']})") for n, t in enumerate(tables)]

    def picked(ids: list[str] | None) -> None:
        if not ids:
            return
        name = tables[int(ids[0])]["name"]
        entry = attempt(app, lambda: app.service.rolls.roll_table(name, character_id, rng=app.rng))
        if entry is None:
            return
        controller = builder.controller
        controller.select_character(character_id)
        controller.last_entry = None  # the roll before is no longer the one `c` and `p` act on
        controller.message = ""
        controller.report(result_words(entry), as_record(entry))
        controller.view.redraw()
        controller.view.focus_pane()  # the row and its costs are in the roll builder: its `c` applies them

    app.push_screen(PickTable(_("Roll which table for {name}? (type to filter)").format(name=character.name),
                              choices, limit=1, filtering=True), picked)
