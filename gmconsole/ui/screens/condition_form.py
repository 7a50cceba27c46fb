"""The condition form of the tracker: one field, the condition to give a character or to clear, and the
tracker's ``c`` and ``C`` that open it (:func:`give_condition`, :func:`clear_condition`)."""

from __future__ import annotations

from gmconsole.i18n import _
from gmconsole.ui.errors import form_submit
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row

__all__ = ["ConditionForm", "clear_condition", "give_condition"]


class ConditionForm(FormScreen):
    """One field: the condition to give (or clear)."""

    def __init__(self, title: str, hint: str, submit) -> None:
        super().__init__(submit)
        self.form_title = title
        self.hint = hint

    def fields(self):
        yield field_row(_("Condition"), "condition", "", self.hint)

    def parse(self) -> dict:
        condition = self.text("condition").lower()
        if not condition:
            raise FormError(_("Condition: type one, e.g. tired."))
        return {"condition": condition}



def _condition_hint(system: str) -> str:
    """The system's conditions by id, the form's hint."""
    from gmconsole import systems
    from gmconsole.rules.data import load_table

    table = load_table(systems.get(system).conditions_table)
    return _(", ").join(c["id"] for c in table.get("conditions", []))


def give_condition(app, character_id: str) -> None:
    """``c`` in the tracker: give ``character_id`` a condition (one undoable change)."""
    service = app.service
    name = service.campaign.character(character_id).name
    app.push_screen(ConditionForm(_("{name} gains a condition").format(name=name),
                                  _condition_hint(service.campaign.system),
                                  form_submit(lambda d: service.trackers.add_condition(character_id, d["condition"]))))


def clear_condition(app, character_id: str) -> None:
    """``C`` in the tracker: clear one of ``character_id``'s conditions; with none, say so."""
    service = app.service
    character = service.campaign.character(character_id)
    if not character.conditions:
        app.show_error(_("{name} has no condition to clear.").format(name=character.name))
        return
    clear = form_submit(lambda d: service.trackers.remove_condition(character_id, d["condition"]))
    app.push_screen(ConditionForm(_("{name}: clear which condition?").format(name=character.name),
                                  _(", ").join(character.conditions), clear))
