"""The settings screen (``ctrl+o`` from the main screen): every setting of the campaign's system.

One row per setting that applies to the campaign's system (``data/settings.toml``): its key, current
value, R-id (or docs/RULES.md section) and a line on what it does; the highlighted row's whole text and
what it takes are shown under the table. ``enter`` / ``space`` moves a setting to its next value (a
flag toggled, a choice cycled); on a number (max pushes) a digit typed sets it. Each change is one
history entry made through the campaign service, so ``ctrl+z`` / ``ctrl+y`` (here or on the main
screen) take it back and make it again. ``condition_coverage`` (a map of conditions to skills) is
shown read-only here (editing a map would need a form of its own); ``gmconsole settings NAME --set
condition_coverage.CONDITION=...`` sets it. Values come from the campaign file and are shown escaped.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from gmconsole.campaign import settings_info
from gmconsole.campaign.entries import as_record
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.filled import filled
from gmconsole.ui.messages import CampaignChanged, change_said
from gmconsole.ui.widgets.footer import Footer

__all__ = ["SettingsScreen"]


RULES = (N_("push costs"), N_("initiative"))
"""The docs/RULES.md sections a setting without an R-id names (``data/settings.toml`` writes them in English),
translated in the rule column; an R-id is shown as written."""


def _rule(rule: str) -> str:
    return _(rule) if rule in RULES else rule


class SettingsScreen(Screen[None]):
    """The campaign's settings: change one with enter/space (or a digit), undo with ctrl+z."""

    app = getters.app(ConsoleApp)

    DEFAULT_CSS = """
    SettingsScreen #settings-title {
        height: auto;
        padding: 0 1;
    }
    SettingsScreen #settings-table {
        height: auto;
        max-height: 1fr;
    }
    SettingsScreen #settings-detail {
        height: auto;
        padding: 0 1;
        border-top: solid $accent;
    }
    SettingsScreen #settings-message {
        height: auto;
        padding: 0 1;
    }
    SettingsScreen #settings-message.-error {
        color: $text-error;
    }
    """

    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="settings.back"),
        Binding("space", "change", N_("Next value"), id="settings.change", key_display="enter/space"),
        Binding("ctrl+z", "undo", N_("Undo"), id="settings.undo"),
        Binding("ctrl+y", "redo", N_("Redo"), id="settings.redo"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    @property
    def service(self):
        return self.app.service

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="settings-title")
        yield DataTable(id="settings-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="settings-detail")
        yield Static("", id="settings-message")
        yield Footer()

    def on_mount(self) -> None:
        self.retranslate()
        self.query_one(DataTable).focus()

    def retranslate(self) -> None:
        """The title and the columns in the language spoken now: again when the GM switches the campaign's
        language here (else the screen would keep its English headings)."""
        campaign = self.service.campaign
        title = Text(_("Settings of {campaign} ({system})").format(campaign=shown(campaign.name),
                                                                     system=campaign.system), style="bold")
        title.append("  " + _("enter/space: next value · a digit: set a number · ctrl+z undo"),
                     style=Style(italic=True, dim=True))
        if self.service.read_only:
            title.append("  · " + _("read-only"), style=Style(bold=True, color="red"))
        self.query_one("#settings-title", Static).update(title)
        self._built_widths: tuple[int, int, int, int] | None = None
        self.reload()

    # ------------------------------------------------------------------ showing
    def _widths(self) -> tuple[int, int, int, int]:
        """Column widths that fit the terminal (no sideways scrolling): the value column narrower below
        100 columns, the text column takes what is left (the row's whole text is shown under the table)."""
        width = self.app.size.width
        value = 24 if width >= 100 else 14
        return 20, value, 16, max(10, width - 20 - value - 16 - 8 - 2)

    def reload(self) -> None:
        """Redraw the rows from the campaign (keeps the cursor on the same setting)."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        widths = self._widths()
        if widths != getattr(self, "_built_widths", None):
            table.clear(columns=True)
            for label, width in zip((_("setting"), _("value"), _("rule"), _("what it does")), widths):
                table.add_column(label, width=width)
            self._built_widths = widths
        else:
            table.clear()
        self.keys = []
        for info in settings_info.settings_for(self.service.campaign.system):
            value = settings_info.shown_value(getattr(self.service.campaign.settings, info.key))
            table.add_row(*(Text(cell, style=style, no_wrap=True, overflow="ellipsis") for cell, style in (
                (info.key, ""), (value, "bold" if info.editable else "dim"), (_rule(info.rule), "yellow"),
                (info.text, ""))),
                key=info.key)
            self.keys.append(info.key)
        if self.keys:
            table.move_cursor(row=min(max(row, 0), len(self.keys) - 1))
        self._show_detail()

    def current_key(self) -> str | None:
        table = self.query_one(DataTable)
        return self.keys[table.cursor_row] if self.keys and 0 <= table.cursor_row < len(self.keys) else None

    def _show_detail(self) -> None:
        key = self.current_key()
        detail = Text()
        if key is not None:
            campaign = self.service.campaign
            info = next(i for i in settings_info.settings_for(campaign.system) if i.key == key)
            detail.append(f"{key} ", style="bold")  # the setting's name as the command line takes it
            # Translators: after a setting's name: the rule it reads, in parentheses, and what it does
            detail.append(filled(_("{rule}: {text}"), rule=(_("({rule})").format(rule=_rule(info.rule)), "yellow"),
                                 text=info.text))
            detail.append("\n")
            now = _("Now: {value}.").format(value=settings_info.shown_value(getattr(campaign.settings, key)))
            how = _(settings_info.COVERAGE_HELP).replace("：", ": ").split(": ", 1)[1]
            takes = (_("Takes {allowed}.").format(allowed=settings_info.allowed_text(campaign, info))
                     if info.editable
                     else _("Shown only here; on the command line: gmconsole settings NAME --set {how}.").format(
                         how=how))
            # Translators: a form's hint, one whole sentence after the ones before ({hint}); a language writing no
            # space between sentences leaves it out
            detail.append(filled(_("{hint} {sentence}"), hint=now, sentence=(takes, "italic")))
        self.query_one("#settings-detail", Static).update(detail)

    def _say(self, text: str, *, error: bool = False) -> None:
        line = self.query_one("#settings-message", Static)
        line.update(Text(("✗ " if error else "") + shown(text)))
        line.set_class(error, "-error")

    def on_resize(self) -> None:
        if self.is_mounted:
            self.reload()

    @on(DataTable.RowHighlighted)
    def _highlighted(self, _event) -> None:
        self._show_detail()

    @on(DataTable.RowSelected)
    def _selected(self, _event) -> None:
        self.action_change()

    @on(CampaignChanged)
    def _campaign_changed(self, message: CampaignChanged) -> None:
        self.reload()
        entry = as_record(message.entry or {})
        if entry.summary:
            self._say(f"✓ {change_said(message.entry or {}, entry.summary)}")

    # ------------------------------------------------------------------ changing
    def _set(self, key: str, value) -> None:
        """One change through the service (one history entry); a refusal is said here, nothing changes."""
        try:
            self.service.setup.update_settings({key: value})
        except self.app_errors() as exc:
            self._say(str(exc), error=True)

    def app_errors(self) -> tuple[type[BaseException], ...]:
        from gmconsole.ui.errors import user_errors

        return user_errors()

    def action_change(self) -> None:
        key = self.current_key()
        if key is None:
            return
        try:
            value = settings_info.next_value(self.service.campaign, key)
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        if value is None:
            said = _("{key} is shown only here: set it with gmconsole settings NAME --set {key}.CONDITION=...")
            self._say(said.format(key=key), error=True)
            return
        self._set(key, value)

    def on_key(self, event: events.Key) -> None:
        """A digit typed on a number setting (max pushes) sets it; elsewhere it says which rows take one."""
        if event.character is None or not (event.character.isascii() and event.character.isdigit()):
            return
        event.stop()
        key = self.current_key()
        if key is None:
            return
        try:
            value = settings_info.parse_value(self.service.campaign, key, event.character)
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        self._set(key, value)

    def action_undo(self) -> None:
        self._walk(self.service.undo, redo=False)

    def action_redo(self) -> None:
        self._walk(self.service.redo, redo=True)

    def _walk(self, step, *, redo: bool) -> None:
        """Undo or redo a setting change through the app (a damaged history file is named and its
        backup offered). Only a setting change: the GM cannot see a roll or a push from here, so taking
        one back unseen would surprise; the newest change is named instead."""
        kind = self.service.next_undo_kind(redo=redo)
        if kind is not None and kind != "settings":
            label = self.service.redo_label() if redo else self.service.undo_label()
            said = (_("The next change to redo is not a setting: {label}. Go back (esc) to redo it there.") if redo
                    else _("The next change to undo is not a setting: {label}. Go back (esc) to undo it there."))
            self._say(said.format(label=label), error=True)
            return
        self.app.attempt(step)

    def action_back(self) -> None:
        self.app.pop_screen()
