"""The roster's ``i``: import Foundry VTT actor files. :class:`TypeActorFiles` asks for the path (or several,
separated by spaces; quote a path holding one) and reads them, a refusal shown under the field; then
:class:`ImportPreview` shows what would be added, changed and left out, as ``gmconsole import --dry-run`` says
it, and ``ctrl+s`` or ``y`` imports (one undoable change), ``n`` or ``escape`` goes back without writing.
"""

from __future__ import annotations

import os
import shlex

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.screens.line_entry import LineEntryScreen
from gmconsole.ui.widgets.footer import Footer

__all__ = ["ImportPreview", "TypeActorFiles", "ask_import"]


class TypeActorFiles(LineEntryScreen):
    """Type the path of a Foundry actor file (an actor's Export Data JSON, or a compendium source file)."""


class ImportPreview(ModalScreen[bool]):
    """What the import would do, line by line; dismisses ``True`` to import."""

    DEFAULT_CSS = """
    ImportPreview { align: center middle; }
    ImportPreview > #import-box {
        width: 100; max-width: 100%; height: auto; max-height: 90%; border: thick $accent; background: $surface;
        padding: 0 1;
    }
    ImportPreview #import-lines { height: auto; max-height: 65vh; }
    ImportPreview #import-lines:focus { border: none; }
    ImportPreview #import-title { text-style: bold; }
    """

    BINDINGS = [
        Binding("ctrl+s", "answer(True)", N_("Import"), id="import.yes"),
        Binding("y", "answer(True)", N_("Import"), show=False),
        Binding("n", "answer(False)", N_("Cancel"), show=False),
        Binding("escape", "answer(False)", N_("Cancel"), id="import.cancel"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="import-box"):
            yield Static(shown(self.title_text), id="import-title", markup=False)
            with VerticalScroll(id="import-lines"):
                yield Static("\n".join(shown(line) for line in self.lines) or _("nothing to import"), markup=False)
            yield Static(_("ctrl+s or y imports (ctrl+z undoes it) · n or esc cancels"), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#import-lines", VerticalScroll).focus()  # a long preview scrolls with the arrow keys

    def action_answer(self, yes: bool) -> None:
        self.dismiss(bool(yes))


def _paths(text: str) -> list[str]:
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ValueError(_("cannot read the paths: {error}").format(error=exc)) from None
    if not words:
        raise ValueError(_("type the path of a Foundry actor file"))
    return [os.path.expanduser(word) for word in words]


def ask_import(app, on_done) -> None:
    """Ask for the files, show the preview, import on ``ctrl+s``/``y``; ``on_done(summary)`` after an import."""
    from gmconsole.campaign.actor_import import plan_lines

    service = app.service

    def read(text: str):
        paths = _paths(text)
        found, plan = service.roster.preview_import(paths)
        return paths, found, plan

    def previewed(result) -> None:
        if result is None:
            return
        paths, found, plan = result

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            done = app.attempt(lambda: service.roster.import_actors(paths, found=found))
            if done is not None:
                on_done(done)

        title = _("Import from {files}").format(files=_(", ").join(os.path.basename(p) for p in paths))
        app.push_screen(ImportPreview(title, plan_lines(plan, service.campaign.system)), callback=answered)

    app.push_screen(TypeActorFiles(_("Import Foundry VTT actors"),
                                   _("the path of an actor's Export Data JSON or a compendium file; several: "
                                     "separate them with spaces"),
                                   read, placeholder="~/foundry/fvtt-Actor-ripley.json", enter="ok"),
                    callback=previewed)
