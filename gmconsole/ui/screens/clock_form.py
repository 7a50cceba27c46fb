"""The tracker's new progress clock form: a name and 4, 6 or 8 segments."""

from __future__ import annotations

from gmconsole.i18n import N_, _
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row

__all__ = ["ClockForm"]


class ClockForm(FormScreen):
    """A new progress clock: name and 4, 6 or 8 segments."""

    form_title = N_("New progress clock")

    def fields(self):
        yield field_row(_("Name"), "name", "", _("e.g. The hive wakes"))
        yield field_row(_("Segments"), "segments", "4", _("4, 6 or 8"))

    def parse(self) -> dict:
        name = self.text("name")
        if not name:
            raise FormError(_("Name: a clock needs a name."))
        segments = self.whole("segments", _("Segments"), blank=4)
        if segments not in (4, 6, 8):
            raise FormError(_("Segments must be 4, 6 or 8, not {count}.").format(count=segments))
        return {"name": name, "segments": segments}
