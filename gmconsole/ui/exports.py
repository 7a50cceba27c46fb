"""Where the console writes its exports (the history as Markdown or CSV, a session's recap).

Exports go to one folder the GM can find again: by default ``exports`` in the data folder that
holds the campaigns (beside the campaign folders, so ``--data-dir`` and ``GMCONSOLE_HOME`` move it
too), never the folder the console happened to be started from. The export dialog names that
folder; typing a file name writes it there, typing another folder (or a path into one) writes
there and makes that folder the export folder until the console is closed. The choice is not
written into the campaign: it is about this machine, not the game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gmconsole.i18n import _

__all__ = ["export_folder", "export_screen", "export_what"]

FOLDER_NAME = "exports"


def export_folder(app) -> Path:
    """The folder exports go to: the one chosen in this console, else ``exports`` in the data folder."""
    chosen = getattr(app, "export_folder", None)
    return chosen if chosen is not None else app.service.data_folder / FOLDER_NAME


def _target(app, typed: str, default_name: str) -> Path:
    """The file ``typed`` names: blank is ``default_name`` in the export folder; a relative path is
    read from the export folder; a folder (existing, or typed ending in ``/``) gets ``default_name``."""
    folder = export_folder(app)
    if not typed:
        return folder / default_name
    path = Path(typed).expanduser()
    if not path.is_absolute():
        path = folder / path
    if typed.endswith(("/", "\\")) or path.is_dir():
        path = path / default_name
    return path


def export_screen(app, title: str, default_name: str, body: Callable[[], str], done: Callable[[Path], None]):
    """The dialog asking where to write ``body()`` (default ``default_name`` in the export folder);
    writing creates the folder, remembers it for this console and calls ``done`` with the file's path."""
    from gmconsole.ui.screens.line_entry import TypeFileName

    folder = export_folder(app)

    def write(typed: str) -> Path:
        path = _target(app, typed, default_name)
        text = body()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        app.export_folder = path.parent.resolve()
        return path.resolve()

    def written(path: Path | None) -> None:
        if path is not None:
            done(path)

    hint = _("Export folder: {folder}\nType a file name (blank: {default}), or another folder to export to from "
             "now on.").format(folder=folder, default=default_name)
    return TypeFileName(title, hint, write, placeholder=default_name, enter="write"), written


def export_what(service, session: int, chosen: dict) -> str:
    """What a history export holds, in words: ``session 1, character Ripley Hale, kind roll``, from the
    history screen's ``character``/``skill``/``kind`` filters (``None``: all); a character and a skill
    by the name the campaign gives them when it knows them, else as typed."""
    from gmconsole.campaign.skills import name_of

    character, skill = service.history_filter(chosen["character"], chosen["skill"])
    who = service.campaign.find_character(character) if character else None
    parts = [_("session {number}").format(number=session)]
    if character:
        parts.append(_("character {name}").format(name=who.name if who is not None else chosen["character"]))
    if skill:
        parts.append(_("skill {name}").format(name=name_of(service.campaign, skill) or chosen["skill"]))
    if chosen["kind"]:
        parts.append(_("kind {kind}").format(kind=chosen["kind"]))
    return _(", ").join(parts)
