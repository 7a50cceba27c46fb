"""The help screen (``?`` / F1): every pane's keys and the rules reference of the campaign's system.

The key tables are read from the panes' own ``BINDINGS`` (so they cannot drift from what the keys
do); the rules reference comes from ``data/rules_help.toml``, the pinned readings of docs/RULES.md with
their R-… ids in words, filtered to the campaign's system.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from gmconsole.i18n import N_, _, key_label
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.keymap import keys_of
from gmconsole.ui.widgets.footer import Footer

__all__ = ["HelpScreen", "key_rows", "rules_sections"]

HEADING = Style(bold=True, underline=True)
SECTION = Style(bold=True, color="cyan")
KEY = Style(bold=True, color="yellow")


def _key_name(binding: Binding) -> str:
    if binding.key_display:
        return binding.key_display
    names = {"plus": "+", "minus": "-", "equals_sign": "=", "full_stop": ".", "comma": ",",
             "question_mark": "?", "escape": "esc"}
    return " / ".join(names.get(k, k) for k in binding.key.split(","))


def key_rows(owner, live=None, app=None) -> list[tuple[str, str]]:
    """``(key, what it does)`` for each binding of a pane or screen class (the binding's tooltip,
    the longer text, when it has one; else the Footer's short description). With ``app``, a binding the
    GM's keymap moved shows the GM's keys (:func:`gmconsole.ui.keymap.keys_of`).

    With ``live`` (the pane as mounted), keys the pane turns off for this campaign's system
    (its ``check_action`` says False, e.g. tiered-only roll keys in a yze campaign) are left out.
    """
    rows = []
    for binding in owner.BINDINGS:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        if live is not None and live.check_action(binding.action.split("(")[0], ()) is False:
            continue
        moved = app is not None and binding.id and binding.id in (getattr(app, "keymap", None) or {})
        key = keys_of(app, binding) if moved else _key_name(binding)
        rows.append((key, _(binding.tooltip) if binding.tooltip else key_label(binding.description)))
    return rows


def rules_sections(system: str) -> list[dict]:
    """The rules reference sections shown for ``system``, their title and lines in the console's language
    (the table carries ``{en, zh-Hant}`` for each; R-ids read the same in both)."""
    from gmconsole.i18n import pick
    from gmconsole.rules.data import load_table

    return [{**s, "title": pick(s["title"]), "lines": [pick(line) for line in s["lines"]]}
            for s in load_table("rules_help")["sections"] if system in s["systems"]]


class HelpScreen(Screen[None]):
    """Keys of every pane, then the rules reference; ``escape`` / ``q`` / ``?`` close it."""

    app = getters.app(ConsoleApp)

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", N_("Close help"), id="help.close", key_display="esc"),
    ]

    def __init__(self, panes: Sequence[tuple[str, type, Widget | None]]) -> None:
        """``panes``: ``(title, pane or screen class, the pane as mounted or None)`` in the order shown;
        the screen that opens the help names them, so the help depends on no pane."""
        super().__init__()
        self.panes = list(panes)

    def compose(self) -> ComposeResult:
        campaign = self.app.service.campaign
        yield Header(show_clock=False, icon="⚄")
        with VerticalScroll(id="help-body"):
            yield Static(Text(_("{campaign} — {system}: keys").format(campaign=shown(campaign.name),
                                                                       system=campaign.system),
                              style=HEADING))
            keys = Table.grid(padding=(0, 2), expand=True)
            for _column in range(2):
                keys.add_column()
            tables = []
            for title, owner, live in self.panes:
                table = Table(title=title, title_style=SECTION, title_justify="left", show_header=False, box=None,
                              padding=(0, 1), expand=True)
                table.add_column(style=KEY, no_wrap=True)
                table.add_column(ratio=1, overflow="fold")  # a run of Chinese is one "word": folded, never cut
                for key, what in key_rows(owner, live, self.app):
                    table.add_row(key, what)
                tables.append(table)
            for index in range(0, len(tables), 2):
                keys.add_row(*tables[index:index + 2], *([""] if index + 1 >= len(tables) else []))
            yield Static(keys, id="help-keys")
            yield Static(Text(_("Forms: tab next field · ctrl+s save · esc cancel.  "
                                "Pickers: space mark · ctrl+s done.") + "  "
                              + _("ctrl+p: the command palette (go to a character, roll a skill, new scene, "
                                  "history, settings, another campaign)."),
                              style="italic"))
            yield Static(Text("\n" + _("Rules reference ({system})").format(system=campaign.system),
                              style=HEADING))
            for section in rules_sections(campaign.system):
                body = Text()
                body.append(section["title"] + "\n", style=SECTION)
                for line in section["lines"]:
                    body.append("• ")
                    head, sep, rest = line.partition(": ")
                    if head.startswith("R-") and sep:
                        body.append(head, style=KEY)
                        body.append(": " + rest + "\n")
                    else:
                        body.append(line + "\n")
                yield Static(body)
        yield Footer()

    def action_close(self) -> None:
        self.app.pop_screen()
