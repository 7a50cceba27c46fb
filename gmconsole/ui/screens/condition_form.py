"""The condition form of the tracker: one field, the condition to give a character or to clear."""

from __future__ import annotations

from gmconsole.i18n import _
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row

__all__ = ["ConditionForm"]


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
