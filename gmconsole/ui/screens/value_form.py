"""A one-number form: the tracker's typed value for a counter, doom or a clock, and a panic D6 rolled
at the table. The range is checked here when the form knows it (``low``/``high``), and
again by the service, whose refusal shows under the field. :class:`PanicFacesForm` asks the D6s of
two panics a roll owes at once (the one who rolled and an opposed roll's defender)."""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.i18n import _
from gmconsole.phrasing import possessive
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row

__all__ = ["PanicFacesForm", "ValueForm"]


class ValueForm(FormScreen):
    """One whole number, labelled ``label``; ``submit({"value": n})`` as every form's submit."""

    def __init__(self, title: str, label: str, submit: Callable[[dict], str | None], *, value: str = "",
                 hint: str = "", low: int | None = None, high: int | None = None) -> None:
        super().__init__(submit)
        self.form_title = title
        self.label = label
        self.value = value
        self.hint = hint
        self.low = low
        self.high = high

    def fields(self):
        yield field_row(self.label, "value", self.value, self.hint)

    def parse(self) -> dict:
        value = self.whole("value", self.label)
        too_low = self.low is not None and value < self.low
        too_high = self.high is not None and value > self.high
        if too_low or too_high:
            said = (_("{what} must be from {low} to {high}, not {value}.") if self.high is not None
                    else _("{what} must be {low} or more, not {value}."))
            raise FormError(said.format(what=self.label, low=self.low, high=self.high, value=value))
        return {"value": value}


class PanicFacesForm(FormScreen):
    """The D6 rolled at the table for each panic a roll owes, one field each (``(key, name)`` pairs), in
    one form: the faces are typed together or not at all, so ``escape`` leaves every die untyped and a
    face once typed is never left behind by a later question (R-PANIC-1, R-MANUAL-1).
    ``submit({key: face, ...})`` as every form's submit."""

    def __init__(self, title: str, owed: list[tuple[str, str]], submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.form_title = title
        self.owed = list(owed)

    def fields(self):
        for key, name in self.owed:
            yield field_row(name, key, "", _("1 to 6"))

    def parse(self) -> dict:
        faces = {}
        for key, name in self.owed:
            what = _("{owner} D6").format(owner=possessive(name))
            face = self.whole(key, what)
            if not 1 <= face <= 6:
                raise FormError(_("{what} must be from {low} to {high}, not {value}.").format(
                    what=what, low=1, high=6, value=face))
            faces[key] = face
        return faces
