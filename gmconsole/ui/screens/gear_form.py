"""Add or edit an item of gear in a modal form, and the gear list of one character.

Gear fields: name, bonus (current), max bonus, artifact die (blank, 8, 10 or 12, R-ART-1), damage,
the skills it helps (comma list of skill ids), quantity, notes. Bad numbers get an inline message;
the service checks ranges (bonus within 0..max) and its refusal shows inline too.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from gmconsole.campaign.model import Gear
from gmconsole.i18n import N_, _, language, verbatim
from gmconsole.phrasing import quoted
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.errors import form_submit
from gmconsole.ui.filled import filled
from gmconsole.ui.messages import CampaignChanged
from gmconsole.ui.screens.character_form import skill_named
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row
from gmconsole.ui.widgets.footer import Footer
from gmconsole.ui.widgets.sheet_view import text_cells

__all__ = ["GearForm", "GearScreen"]


class GearForm(FormScreen):
    """``item`` None adds a new item; ``submit(data)`` asks the service (None = accepted)."""

    app = getters.app(ConsoleApp)

    def __init__(self, owner: str, item: Gear | None, submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.item = item
        self.form_title = (_("{owner}: edit {item}").format(owner=owner, item=item.name) if item
                           else _("{owner}: new item").format(owner=owner))

    def fields(self) -> ComposeResult:
        """The item's fields. The skills' example is skill ids, typed as written in every language (the
        field stores what is typed), so it stays as written."""
        g = self.item
        yield field_row(_("Name"), "name", g.name if g else "")
        yield field_row(_("Bonus"), "bonus", str(g.bonus) if g else "0", _("current gear bonus"))
        yield field_row(_("Max bonus"), "max_bonus", str(g.max_bonus) if g else "", _("blank = same as bonus"))
        yield field_row(_("Artifact die"), "artifact_die", str(g.artifact_die or "") if g else "",
                        _("blank, 8, 10 or 12"))
        yield field_row(_("Damage"), "damage", str(g.damage) if g else "0")
        yield field_row(_("Skills"), "skills", _(", ").join(g.skills) if g else "", verbatim("ranged, observation"))
        yield field_row(_("Quantity"), "quantity", str(g.quantity) if g else "1")
        yield field_row(_("Notes"), "notes", g.notes if g else "")

    def parse(self) -> dict:
        name = self.text("name")
        if not name:
            raise FormError(_("Name: an item needs a name."))
        bonus = self.whole("bonus", _("Bonus"), blank=0)
        data = {
            "name": name,
            "bonus": bonus,
            # a blank maximum follows the bonus, never below 0: a bad bonus is then refused by the
            # service as the bonus (not as the maximum the GM left blank)
            "max_bonus": self.whole("max_bonus", _("Max bonus"), blank=max(bonus, 0)),
            "damage": self.whole("damage", _("Damage"), blank=0),
            "skills": [skill_named(self.app.service.campaign, s) for s in self.items("skills")],
            "quantity": self.whole("quantity", _("Quantity"), blank=1),
            "notes": self.text("notes"),
        }
        die = self.text("artifact_die").lower().lstrip("d")
        if die:
            if die not in ("8", "10", "12"):
                raise FormError(_("Artifact die must be blank, 8, 10 or 12, not {typed}.").format(typed=quoted(die)))
            data["artifact_die"] = int(die)
        else:
            data["artifact_die"] = None
        return data


class GearScreen(ModalScreen[None]):
    """One character's gear: ``a`` add, ``e`` edit, ``x`` remove the highlighted item, ``escape`` close."""

    app = getters.app(ConsoleApp)

    DEFAULT_CSS = """
    GearScreen { align: center middle; }
    GearScreen > #gear-box {
        width: 90; max-width: 100%; height: auto; max-height: 100%; border: thick $accent; background: $surface;
    }
    GearScreen DataTable { height: auto; max-height: 16; }
    GearScreen #gear-message { color: $text-error; height: auto; }
    """

    BINDINGS = [
        Binding("a", "add", N_("Add item"), id="gear.add"),
        Binding("e", "edit", N_("Edit item"), id="gear.edit"),
        Binding("x", "remove", N_("Remove item"), id="gear.remove"),
        Binding("escape", "close", N_("Close"), id="gear.close"),
    ]

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id

    @property
    def character(self):
        return self.app.service.campaign.character(self.character_id)

    def compose(self) -> ComposeResult:
        with Vertical(id="gear-box"):
            yield Static("", id="gear-title")
            table: DataTable[Text] = DataTable(cursor_type="row", id="gear-table")
            table.add_columns(_("Item"), _("Bonus"), _("Artifact"), _("Dmg"), _("Skills"), _("Qty"), _("Notes"))
            yield table
            yield Static("", id="gear-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sync()
        self.query_one(DataTable).focus()

    @on(CampaignChanged)
    def sync(self) -> None:
        character = self.character
        if character is None:
            self.dismiss(None)
            return
        self.query_one("#gear-title", Static).update(filled(_("{name} — gear"), name=(shown(character.name), "bold")))
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for item in character.gear:
            bonus = f"{item.bonus}/{item.max_bonus}"
            if item.destroyed:
                bonus = _("{bonus} destroyed").format(bonus=bonus)
            table.add_row(*text_cells([item.name, bonus, self._artifact(item),
                                       str(item.damage or ""), self._skills(item), str(item.quantity),
                                       item.notes]), key=item.id)
        if character.gear:
            table.move_cursor(row=min(row, len(character.gear) - 1))

    @staticmethod
    def _artifact(item: Gear) -> str:
        """The item's artifact die (rolled beside its gear dice, R-ART-3); at gear bonus 0 (once above 0) the
        item cannot be used, its artifact die included (R-ART-2)."""
        if not item.artifact_die:
            return ""
        worn = item.max_bonus > 0 and item.bonus == 0
        die = f"D{item.artifact_die}"
        return _("{die} (cannot be used, R-ART-2)").format(die=die) if worn else die

    def _skills(self, item: Gear) -> str:
        """The skills an item helps, by id in English (as typed in the form), by name in another language."""
        if language() == "en":
            return ", ".join(item.skills)
        from gmconsole.campaign.skills import name_of

        campaign = self.app.service.campaign
        return _(", ").join(name_of(campaign, skill) or skill for skill in item.skills)

    def _highlighted(self) -> Gear | None:
        character = self.character
        table = self.query_one(DataTable)
        if not character.gear or table.cursor_row < 0:
            return None
        return character.gear[min(table.cursor_row, len(character.gear) - 1)]

    def action_add(self) -> None:
        service = self.app.service
        self.app.push_screen(GearForm(self.character.name, None,
                                      form_submit(lambda data: service.roster.add_gear(self.character_id, data))))

    def action_edit(self) -> None:
        item = self._highlighted()
        if item is None:
            self.query_one("#gear-message", Static).update(_("There is no item to edit; press a to add one."))
            return
        service = self.app.service
        self.app.push_screen(GearForm(self.character.name, item,
                                      form_submit(lambda data: service.roster.update_gear(self.character_id, item.id,
                                                                                          data))))

    def action_remove(self) -> None:
        item = self._highlighted()
        if item is None:
            self.query_one("#gear-message", Static).update(_("There is no item to remove."))
            return
        from gmconsole.ui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.app.attempt(lambda: self.app.service.roster.remove_gear(self.character_id, item.id))

        self.app.push_screen(ConfirmScreen(_("Remove {item} from {name}?").format(item=item.name,
                                                                               name=self.character.name)),
                             callback=done)

    def action_close(self) -> None:
        self.dismiss(None)
