"""The harm form (``H`` on the roster and the tracker): how much harm the highlighted character takes,
applied to what the campaign's system calls harm (:attr:`GameSystem.harm`): Year Zero damage to
Strength, myz trauma to an attribute (R-MYZ-TRAUMA), exploding wounds, tiered stamina.

The amount field has the focus and ``enter`` applies (blank is 1), so harm is ``H``, a number, ``enter``.
Where the GM picks the attribute (myz) a pick-one list under the amount starts on the attribute of the
character's last roll (else Strength): ``tab`` reaches it, ``↑``/``↓`` and ``space`` mark another, and
``enter`` marks the highlighted one and applies.
The service records one undoable entry saying before → after; a refusal (harm that would change
nothing, an attribute already at 0) stays in the form and nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import Label

from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row
from gmconsole.ui.widgets.mark_list import MarkList

__all__ = ["HarmForm", "ask_harm"]


class HarmForm(FormScreen):
    """The amount of harm (``submit({"amount": n})``), and with ``attributes`` (``(id, label)``) the
    attribute that takes it, ``marked`` first (``submit({"amount": n, "attribute": id})``)."""

    DEFAULT_CSS = """
    HarmForm MarkList { height: auto; max-height: 6; border: none; border-left: tall $panel; padding: 0;
                        margin-bottom: 1; }
    HarmForm MarkList:focus { border: none; border-left: tall $accent; }
    HarmForm #harm-attribute-label { color: $text-muted; }
    """

    def __init__(self, title: str, label: str, submit: Callable[[dict], str | None], *, hint: str = "",
                 attributes: list[tuple[str, str]] | None = None, marked: str | None = None) -> None:
        super().__init__(submit)
        self.form_title = title
        self.label = label
        self.hint = hint
        self.attributes = attributes or []
        self.marked = marked

    def fields(self):
        placeholder = _("blank: 1")
        yield field_row(self.label, "amount", "", f"{placeholder} · {self.hint}" if self.hint else placeholder)
        if self.attributes:
            yield Label(_("Attribute (tab, then ↑/↓ and space to pick another)"), id="harm-attribute-label",
                        markup=False)
            yield MarkList(*[(Text(shown(label)), value, value == self.marked) for value, label in self.attributes],
                           single=True, id="f-attribute")

    def parse(self) -> dict:
        amount = self.whole("amount", self.label, blank=1)
        if amount < 1:
            raise FormError(_("{what} must be 1 or more, not {value}.").format(what=self.label, value=amount))
        data: dict = {"amount": amount}
        if self.attributes:
            marked = self.query_one("#f-attribute", MarkList).marked
            if not marked:
                raise FormError(_("Attribute: mark the attribute that takes the harm."))
            data["attribute"] = marked[0]
        return data


def ask_harm(app, character_id: str) -> None:
    """Open the harm form for ``character_id`` (the roster's and the tracker's ``H``); refused at once,
    before any question, when the campaign is open read-only."""
    from gmconsole import systems
    from gmconsole.campaign import harm
    from gmconsole.ui.cost_applying import read_only_refusal
    from gmconsole.ui.errors import user_errors

    service = app.service
    refusal = read_only_refusal(service)
    if refusal:
        app.show_error(refusal)
        return
    campaign = service.campaign
    character = campaign.character(character_id)
    rule = systems.get(campaign.system).harm

    def submit(data: dict) -> str | None:
        try:
            service.trackers.harm(character_id, data["amount"], data.get("attribute"))
        except user_errors() as exc:
            return str(exc)
        return None

    attributes = harm.attribute_choices(campaign.system, character) if rule.picks_attribute else None
    marked = service.trackers.harm_attribute(character_id) if attributes else None
    app.push_screen(HarmForm(_(rule.title).format(name=character.name), _(rule.label), submit,
                             hint=harm.now_text(campaign.system, character), attributes=attributes, marked=marked))
