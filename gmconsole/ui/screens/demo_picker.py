"""First run: pick one of the campaigns on the shelf (the bundled demos just installed).

A list with one line per campaign (name, system, who is in its roster); ``enter`` opens the
highlighted one, ``escape`` quits. The launcher remembers the pick as the last campaign.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from gmconsole import systems
from gmconsole.i18n import N_, _
from gmconsole.rules.errors import RulesError
from gmconsole.safe_text import shown
from gmconsole.ui.widgets.footer import Footer

__all__ = ["DemoPickerScreen"]



def _title(system_id: str) -> str:
    """The game's name for a campaign's system id, in the console's language (the id itself when the file
    names an unknown one)."""
    try:
        return _(systems.get(system_id).title)
    except RulesError:
        return system_id


class DemoPickerScreen(Screen[str | None]):
    """``campaigns`` are ``CampaignSummary`` items; dismisses the chosen name, or ``None``."""

    DEFAULT_CSS = """
    DemoPickerScreen { align: center middle; }
    DemoPickerScreen #picker-box { width: 90; max-width: 100%; height: auto; max-height: 100%; padding: 0 1; }
    DemoPickerScreen #picker-intro { margin-bottom: 1; }
    DemoPickerScreen OptionList { height: auto; max-height: 20; }
    """

    BINDINGS = [
        Binding("escape", "quit_picker", N_("Quit"), id="picker.quit"),
    ]

    def __init__(self, campaigns: Sequence, *, first_run: bool = True) -> None:
        super().__init__()
        self.campaigns = [c for c in campaigns if getattr(c, "error", None) is None]
        self.first_run = first_run

    def compose(self) -> ComposeResult:
        yield Header()
        intro = (
            _("Welcome to gmconsole. The demo campaigns are installed, one per dice system.\n"
              "Pick one with ↑/↓ and Enter; press ? inside the console for keys and rules.")
            if self.first_run
            else _("Pick a campaign with ↑/↓ and Enter.")
        )
        with Vertical(id="picker-box"):
            yield Static(intro, id="picker-intro")
            options = []
            for summary in self.campaigns:
                # folder names and rosters are read from the disk: shown escaped
                people = (_(", ").join(shown(c) for c in summary.characters[:3])
                          + (" …" if len(summary.characters) > 3 else ""))
                label = f"{shown(summary.name)}  [{shown(_title(summary.system))}]  {people}"
                options.append(Option(label, id=summary.name))
            yield OptionList(*options, id="picker-list", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_quit_picker(self) -> None:
        self.dismiss(None)
