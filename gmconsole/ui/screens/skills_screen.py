"""The campaign's own skills: the list the roll builder and the sheets use, and its changes.

``L`` on the main screen opens it. ``a`` adds a skill (name in the campaign's language, the attribute
it rolls with and a push charges, its stunts or bonus effects), ``e`` renames or changes the
highlighted one (its id stays, so sheets and past rolls keep it), ``x`` removes it (refused, naming
them, while characters have it: the GM lowers it on their sheets first, so no level is lost without
being seen), ``l`` loads a list from a TOML file (``data/skill_lists/`` has an example). Every change
is one undoable history entry (``ctrl+z`` on the main screen). Names and texts come from the campaign
file, so they are drawn escaped. ``exploding`` and ``tiered`` sheets name their own skills: the
screen says so and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from gmconsole.campaign import skills
from gmconsole.campaign.model import CampaignSkill
from gmconsole.i18n import N_, _, language, ngettext
from gmconsole.safe_text import cut_cells, shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.messages import CampaignChanged
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row
from gmconsole.ui.widgets.footer import Footer
from gmconsole.ui.widgets.sheet_view import fit_columns, table_room, text_cells

__all__ = ["SkillForm", "SkillListFile", "SkillsScreen"]


def attribute_shown(system: str, attribute: str) -> str:
    """An attribute as the skills screen shows it: in English its id, as the GM types it (``strength``);
    in another language its name from the system table (``力量``), which the form takes back as well."""
    return attribute if language() == "en" else (skills.attribute_name_of(system, attribute) or attribute)


class SkillForm(FormScreen):
    """Add (``skill`` None) or change a skill: name, attribute, text."""

    app = getters.app(ConsoleApp)

    def __init__(self, skill: CampaignSkill | None, submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.skill = skill
        self.form_title = (_("Skill {name} ({id})").format(name=skill.name, id=skill.id) if skill
                           else _("New skill"))

    def _attributes(self) -> str:
        system = self.app.service.campaign.system
        return _(", ").join(attribute_shown(system, a) for a in skills.skill_attributes())

    def fields(self) -> ComposeResult:
        k = self.skill
        system = self.app.service.campaign.system
        yield field_row(_("Name"), "name", k.name if k else "", _("e.g. Heavy Machinery"))
        yield field_row(_("Attribute"), "attribute", attribute_shown(system, k.attribute) if k else "",
                        self._attributes())
        yield field_row(_("Stunts / text"), "text", k.text if k else "", _("what it is for, its stunts"))

    def parse(self) -> dict:
        """The fields for the service; an attribute typed by its name (``力量``, ``Strength``) becomes its id."""
        if not self.text("name"):
            raise FormError(_("Name: a skill needs a name."))
        if not self.text("attribute"):
            raise FormError(_("Attribute: one of {attributes}.").format(attributes=self._attributes()))
        attribute = skills.attribute_id(self.app.service.campaign.system, self.text("attribute"))
        return {"name": self.text("name"), "attribute": attribute, "text": self.text("text")}


class SkillListFile(FormScreen):
    """The path of a TOML skill list to load in place of the campaign's."""

    form_title = N_("Load a skill list (TOML) — it replaces the campaign's skills")

    def fields(self) -> ComposeResult:
        yield field_row(_("File"), "path", "", "skills.toml")

    def parse(self) -> dict:
        if not self.text("path"):
            raise FormError(_("File: name a TOML file."))
        return {"path": self.text("path")}


class SkillsScreen(ModalScreen[None]):
    """The campaign's skills: ``a`` add, ``e`` edit, ``x`` remove, ``l`` load a list, ``escape`` close."""

    app = getters.app(ConsoleApp)

    DEFAULT_CSS = """
    SkillsScreen { align: center middle; }
    SkillsScreen > #skills-box {
        width: 110; max-width: 100%; height: auto; max-height: 100%; border: thick $accent; background: $surface;
    }
    SkillsScreen DataTable { height: auto; max-height: 24; }
    SkillsScreen #skills-message { color: $text-error; height: auto; }
    """

    _room: int | None = None
    """The cells the rows were fitted to (:meth:`sync`)."""

    BINDINGS = [
        Binding("a", "add", N_("Add skill"), id="skills.add"),
        Binding("e", "edit", N_("Edit skill"), id="skills.edit"),
        Binding("x", "remove", N_("Remove skill"), id="skills.remove"),
        Binding("l", "load", N_("Load list"), id="skills.load"),
        Binding("escape", "close", N_("Close"), id="skills.close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="skills-box"):
            yield Static("", id="skills-title")
            table: DataTable[Text] = DataTable(cursor_type="row", id="skills-table")
            table.add_columns(_("Skill"), _("Id"), _("Attribute"), _("Who has it"), _("Stunts / text"))
            yield table
            yield Static("", id="skills-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sync()
        self.query_one(DataTable).focus()

    def _refit(self) -> None:
        """Fit the rows again once the table is laid out, when its room is not the one they were fitted to
        (at first the table has no width yet; a row added grows it only at the next refresh)."""
        table = self.query_one(DataTable)
        if table_room(table, table.row_count) != self._room:
            self.sync()

    def on_resize(self) -> None:
        if self.is_mounted:
            self.call_after_refresh(self._refit)

    @property
    def _listed(self) -> bool:
        return skills.validation.skills_listed(self.app.service.campaign.system)

    @on(CampaignChanged)
    def sync(self) -> None:
        campaign = self.app.service.campaign
        origin = (_("the campaign's own list") if campaign.skills is not None
                  else _("the {system} list").format(system=campaign.system))
        title = Text.assemble((shown(campaign.name), "bold"), " — " + _("skills ({origin})").format(origin=origin))
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        if not self._listed:
            title = Text.assemble((shown(campaign.name), "bold"), " — " + _(
                "{system} sheets name their own skills (lore=2 on a sheet); there is no list to change").format(
                system=campaign.system))
        self.query_one("#skills-title", Static).update(title)
        listed = skills.listing(campaign) if self._listed else []
        rows = []
        for skill in listed:
            who = _(", ").join(f"{shown(c.name)} {c.skills[skill.id]}" for c in campaign.roster
                               if c.skills.get(skill.id, 0) > 0)
            text = shown(skill.text)
            attribute = attribute_shown(campaign.system, skill.attribute)
            rows.append(text_cells([skill.name, skill.id, attribute, cut_cells(who, 30), cut_cells(text, 40)]))
        # the text, then who has it, give way to the box's width ("…"), never clipped by its edge; the whole
        # text is in the edit form (e)
        room = table_room(table, len(rows)) or min(110, self.app.size.width) - 2
        self._room = room
        rows, _cut = fit_columns(room, [str(c.label) for c in table.columns.values()], rows, (4, 3))
        for skill, cells in zip(listed, rows):
            table.add_row(*cells, key=skill.id)
        if listed:
            table.move_cursor(row=min(max(row, 0), len(listed) - 1))
        self.call_after_refresh(self._refit)

    def _say(self, text: str) -> None:
        self.query_one("#skills-message", Static).update(shown(text))

    def _highlighted(self) -> CampaignSkill | None:
        listed = skills.listing(self.app.service.campaign) if self._listed else []
        row = self.query_one(DataTable).cursor_row
        return listed[min(row, len(listed) - 1)] if listed and row >= 0 else None

    def _submit(self, change) -> Callable[[dict], str | None]:
        from gmconsole.ui.errors import user_errors

        def submit(data: dict) -> str | None:
            try:
                change(data)
            except user_errors() as exc:
                return str(exc)
            self._say("")
            return None

        return submit

    def action_add(self) -> None:
        service = self.app.service
        self.app.push_screen(SkillForm(None, self._submit(
            lambda d: service.setup.add_skill(d["name"], d["attribute"], d["text"]))))

    def action_edit(self) -> None:
        skill = self._highlighted()
        if skill is None:
            self._say(_("There is no skill to change; press a to add one."))
            return
        service = self.app.service
        self.app.push_screen(SkillForm(skill, self._submit(
            lambda d: service.setup.edit_skill(skill.id, name=d["name"], attribute=d["attribute"], text=d["text"]))))

    def action_remove(self) -> None:
        skill = self._highlighted()
        if skill is None:
            self._say(_("There is no skill to remove."))
            return
        who = skills.holders(self.app.service.campaign, skill.id)
        if who:  # refused before asking: the GM lowers it on their sheets first
            said = ngettext("{names} has {skill}: set it to 0 on their sheets first, then remove it.",
                            "{names} have {skill}: set it to 0 on their sheets first, then remove it.", len(who))
            self._say(said.format(names=_(", ").join(who), skill=skill.name))
            return
        from gmconsole.ui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self._submit(lambda _d: self.app.service.setup.remove_skill(skill.id))({})

        self.app.push_screen(ConfirmScreen(_("Remove the skill {name}?").format(name=skill.name)), callback=done)

    def action_load(self) -> None:
        service = self.app.service

        def load(data: dict) -> None:
            from gmconsole.user_files import read_user_text

            path = Path(data["path"]).expanduser()
            service.setup.load_skills(read_user_text(path, _("a skill list")), path.name)  # bounded: never /dev/zero

        self.app.push_screen(SkillListFile(self._submit(load)))

    def action_close(self) -> None:
        self.dismiss(None)
