"""Pane 1, the party roster: PCs and NPCs with the system's numbers at a glance.

One row per character: name (NPC mark, group size), the attributes (current/max dice, or die sizes),
the system's counters (trauma, stress, willpower, mutation points, XP, wounds, stamina ...), and
badges the GM must not miss (BROKEN, the active panic effect, conditions). Moving the highlight
selects a character, which feeds the roll builder and the tracker (``CharacterSelected``): one selection,
which the tracker's own moves change too (:meth:`RosterPane.select`). Add / edit / duplicate /
remove characters, open their gear, harm them (``H``: damage, trauma, wounds or stamina, as the system
has it), choose what the players' table view shows of them (``v``) and import a party from Foundry VTT (``i``),
each on one key; every change goes through the service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable

from gmconsole.i18n import N_, _
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.errors import StatusLine
from gmconsole.ui.lazy_mount import show_line
from gmconsole.ui.messages import CharacterSelected
from gmconsole.ui.widgets.sheet_view import (
    ColumnFit,
    attribute_cell,
    attribute_ids,
    attribute_label,
    badges,
    detail_line,
    fill_table,
    table_room,
    tracker_columns,
    who,
)

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["RosterPane"]


class RosterPane(Vertical):
    """The roster table and its keys; ``sync()`` re-reads the campaign, keeping the highlight."""

    app = getters.app(ConsoleApp)

    BINDINGS = [
        Binding("a", "add", N_("Add"), id="roster.add", tooltip=N_("add a character (form)")),
        Binding("e", "edit", N_("Edit"), id="roster.edit", tooltip=N_("edit the highlighted character (form)")),
        Binding("d", "duplicate", N_("Duplicate"), id="roster.duplicate",
                tooltip=N_("duplicate the highlighted character")),
        Binding("x", "remove", N_("Remove"), id="roster.remove",
                tooltip=N_("remove the highlighted character (asks first)")),
        Binding("g", "gear", N_("Gear"), id="roster.gear",
                tooltip=N_("the highlighted character's gear: add, edit, remove")),
        Binding("H", "harm", N_("Harm"), id="roster.harm",
                tooltip=N_("harm the highlighted character: type the amount, enter applies (damage, trauma, wounds "
                        "or stamina, as the system has it; one undo step)")),
        Binding("v", "table_view", N_("Table view"), id="roster.table_view",
                tooltip=N_("what the players' table view shows of the highlighted character: numbers / name "
                        "only (toggles; an NPC starts at name only, a PC at numbers)")),
        # rare (once per party): kept off the key bar, which would take a pane row at 120 columns; ? lists it
        Binding("i", "import_actors", N_("Import"), id="roster.import", show=False,
                tooltip=N_("import Foundry VTT actor files: type the path, see what changes, ctrl+s imports "
                        "(one undo step)")),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.retranslate()
        self._selected: str | None = None
        self._cut: dict[str, bool] = {}
        self._fit = ColumnFit()

    def retranslate(self) -> None:
        """The pane's title in the language spoken now (again when the campaign's language changes)."""
        self.border_title = "1 " + _("Roster")

    def compose(self) -> ComposeResult:
        yield DataTable(cursor_type="row", id="roster-table", zebra_stripes=True)

    def on_mount(self) -> None:
        self.sync()

    def on_resize(self) -> None:
        """The columns are fitted to the pane's width: fit them again when that changes what is shown."""
        if self._fit.changed_by(table_room(self.table, len(self._fit.rows))):
            self.sync()

    @property
    def table(self) -> DataTable:
        return self.query_one("#roster-table", DataTable)

    @property
    def selected_id(self) -> str | None:
        """The id of the highlighted character (``None`` on an empty roster)."""
        return self._selected

    def sync(self) -> None:
        campaign = self.app.service.campaign
        system = campaign.system
        attributes = attribute_ids(campaign)
        counters = tracker_columns(system)
        table = self.table
        headers = ([_("Name")] + [attribute_label(system, a) for a in attributes] + [_(label) for label, _v in counters]
                   + [_("Status")])
        keys = ["name"] + [f"a-{a}" for a in attributes] + [f"t-{label}" for label, _v in counters] + ["status"]
        rows = []
        for character in campaign.roster:
            cells: list[str | Text] = [who(character)]
            cells += [attribute_cell(system, character, a) for a in attributes]
            cells += [value(character) for _label, value in counters]
            cells.append(badges(system, character))
            rows.append(cells)
        # nothing cut off silently: a name or status too long for the pane ends in "…", and the
        # highlighted row's full text is in the detail line under the table
        rows, cut = self._fit.fit(table_room(table, len(rows)), headers, rows)
        self._cut = {c.id: was_cut for c, was_cut in zip(campaign.roster, cut)}
        fill_table(table, list(zip(headers, keys)), rows, [c.id for c in campaign.roster])
        ids = [c.id for c in campaign.roster]
        if not ids:
            self._selected = None
            self._show_detail()
            return
        if self._selected not in ids:
            self._selected = ids[0]
        table.move_cursor(row=ids.index(self._selected))
        self._show_detail()

    def _show_detail(self) -> None:
        """The highlighted character's full name and status, when their row had to be shortened."""
        character = self.app.service.campaign.find_character(self._selected) if self._selected else None
        text = ""
        if character is not None and self._cut.get(character.id, False):
            text = detail_line(self.app.service.campaign.system, character)
        show_line(self, "roster-detail", text, ("roster-table", "roster-detail"))

    def focus_pane(self) -> None:
        self.table.focus()

    def select(self, character_id: str) -> None:
        """Highlight ``character_id``'s row (the command palette's "Go to"); the highlight feeds the
        roll builder as a move of the cursor does."""
        ids = [c.id for c in self.app.service.campaign.roster]
        if character_id in ids:
            self._selected = character_id
            self.table.move_cursor(row=ids.index(character_id))
            self._show_detail()

    @on(DataTable.RowHighlighted, "#roster-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        character_id = event.row_key.value if event.row_key is not None else None
        if event.cursor_row != self.table.cursor_row:  # highlighted by the table itself while refilled
            character_id = None
        if character_id and character_id != self._selected:
            self._selected = character_id
            self.post_message(CharacterSelected(character_id))
            self._show_detail()

    @on(DataTable.RowSelected, "#roster-table")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key is not None and event.row_key.value:
            self._selected = event.row_key.value
            self.post_message(CharacterSelected(event.row_key.value))

    # -- actions ----------------------------------------------------------------------------------
    def _submitter(self, change):
        from gmconsole.ui.errors import user_errors

        def submit(data: dict) -> str | None:
            try:
                result = change(data)
            except user_errors() as exc:
                return str(exc)
            if hasattr(result, "id") and hasattr(result, "attributes"):
                self._selected = result.id
                self.post_message(CharacterSelected(result.id))
            return None

        return submit

    def _need_selection(self, what: str) -> str | None:
        if self._selected is None:
            self.app.show_error(_("The roster is empty: press a to add a character before you {what}.").format(
                what=_(what)))
        return self._selected

    def action_add(self) -> None:
        from gmconsole.ui.screens.character_form import CharacterForm

        service = self.app.service
        self.app.push_screen(CharacterForm(service.campaign, None, self._submitter(service.roster.add_character)))

    def action_edit(self) -> None:
        from gmconsole.ui.screens.character_form import CharacterForm

        character_id = self._need_selection(N_("edit"))
        if character_id is None:
            return
        service = self.app.service
        character = service.character(character_id)
        sheet = character.to_dict()

        def change(data: dict):
            changes = {k: v for k, v in data.items() if sheet.get(k) != v}
            return service.roster.update_character(character_id, changes) if changes else None

        self.app.push_screen(CharacterForm(service.campaign, character, self._submitter(change)))

    def action_duplicate(self) -> None:
        character_id = self._need_selection(N_("duplicate"))
        if character_id is None:
            return
        copy = self.app.attempt(lambda: self.app.service.roster.duplicate_character(character_id))
        if copy is not None:
            self._selected = copy.id
            self.sync()
            self.post_message(CharacterSelected(copy.id))

    def action_remove(self) -> None:
        from gmconsole.ui.screens.confirm import ConfirmScreen

        character_id = self._need_selection(N_("remove"))
        if character_id is None:
            return
        from gmconsole.ui.cost_applying import read_only_refusal

        refusal = read_only_refusal(self.app.service)
        if refusal:  # said before the question, not after the GM answers it
            self.app.show_error(refusal)
            return
        name = self.app.service.character(character_id).name

        def done(yes: bool | None) -> None:
            if yes:
                self.app.attempt(lambda: self.app.service.roster.remove_character(character_id))

        self.app.push_screen(ConfirmScreen(_remove_question(self.app.service, character_id, name)), callback=done)

    def action_table_view(self) -> None:
        """``v``: the table view shows the highlighted character's numbers, or their name only (undoable)."""
        from gmconsole.ui.table.party import numbers_shown

        character_id = self._need_selection(N_("choose what the table view shows"))
        if character_id is None:
            return
        service = self.app.service
        showing = numbers_shown(service.campaign.character(character_id))
        entry = self.app.attempt(lambda: service.roster.show_on_table(character_id, not showing))
        screen = self.screen
        if entry is not None and isinstance(screen, StatusLine):
            screen.set_status(entry["summary"])

    def action_import_actors(self) -> None:
        """``i``: import Foundry VTT actors (:mod:`gmconsole.ui.screens.import_preview`)."""
        from gmconsole.ui.cost_applying import read_only_refusal
        from gmconsole.ui.screens.import_preview import ask_import

        refusal = read_only_refusal(self.app.service)
        if refusal:
            self.app.show_error(refusal)
            return

        def done(result: dict) -> None:
            self.sync()
            screen = self.screen
            if isinstance(screen, StatusLine):
                screen.set_status(result["summary"])

        ask_import(self.app, done)

    def action_harm(self) -> None:
        """``H``: the harm form for the highlighted character (:mod:`gmconsole.ui.screens.harm_form`)."""
        from gmconsole.ui.screens.harm_form import ask_harm

        character_id = self._need_selection(N_("harm them"))
        if character_id is not None:
            ask_harm(self.app, character_id)

    def action_gear(self) -> None:
        from gmconsole.ui.screens.gear_form import GearScreen

        character_id = self._need_selection(N_("open gear"))
        if character_id is None:
            return
        self.app.push_screen(GearScreen(character_id))


def _remove_question(service, character_id: str, name: str) -> str:
    """The ``x`` question; it names the costs the character still owes, dropped with them (nobody
    could pay them), so the GM is not surprised that undo is the only way back to them."""
    from gmconsole.campaign.pending_costs import cost_text
    from gmconsole.safe_text import shown

    owed = service.outcomes.pending_costs_of(character_id)
    question = _("Remove {name} from the roster?").format(name=shown(name))
    if owed:
        rolls = _("; ").join(_("roll {id}: {costs}").format(
            id=item["roll_id"], costs=_(", ").join(shown(cost_text(c)) for c in item.get("costs") or ()))
            for item in owed)
        question = _("{question} The costs they still owe are dropped with them ({rolls}).").format(
            question=question, rolls=rolls)
    return _("{question} (ctrl+z undoes it)").format(question=question)
