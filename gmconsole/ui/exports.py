"""Where the console writes its exports (the history as Markdown or CSV, a session's recap).

Exports go to one folder the GM can find again: by default ``exports`` in the data folder that
holds the campaigns (beside the campaign folders, so ``--data-dir`` and ``GMCONSOLE_HOME`` move it
too), never the folder the console happened to be started from. The export dialog names that
folder; typing a file name writes it there, typing another folder (or a path into one) writes
there and makes that folder the export folder until the console is closed. The choice is not
written into the campaign: it is about this machine, not the game.

The default file name starts with the campaign's folder name, never a name read from its files; a file
already there is replaced only after a question naming it, a link there is refused, and the file is
written whole (:mod:`gmconsole.campaign.export_files`, through the store's atomic writer: ``ui`` never
writes a file itself).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gmconsole.i18n import _
from gmconsole.safe_text import shown

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


@dataclass(frozen=True)
class _Replace:
    """The GM's answer named a file that is already there: ``path``, as typed (``typed``)."""

    path: Path
    typed: str


def export_screen(app, title: str, default_name: str, body: Callable[[], str], done: Callable[[Path], None]):
    """The dialog asking where to write ``body()`` (default ``default_name`` in the export folder);
    writing creates the folder, remembers it for this console and calls ``done`` with the file's path.

    A file already at that name is replaced only when the GM says yes to a question naming it (``n`` opens
    the dialog again for another name); a link there is refused in the dialog, which stays open; the file
    is written whole (:mod:`gmconsole.campaign.export_files`). Returns ``(screen, callback)`` for
    ``app.push_screen``."""
    from gmconsole.campaign.export_files import ExportExists, write_export
    from gmconsole.ui.screens.line_entry import TypeFileName

    folder = export_folder(app)
    hint = _("Export folder: {folder}\nType a file name (blank: {default}), or another folder to export to from "
             "now on.").format(folder=shown(folder), default=shown(default_name))  # a folder may hold anything

    def kept(path: Path) -> Path:
        app.export_folder = path.parent.resolve()
        return path.resolve()

    def write(typed: str) -> Path | _Replace:
        try:
            return kept(write_export(_target(app, typed, default_name), body()))
        except ExportExists as exists:
            return _Replace(exists.path, typed)  # the dialog closes; the question naming the file comes next

    def dialog(typed: str = "", error: str = "") -> TypeFileName:
        return TypeFileName(title, hint, write, placeholder=default_name, enter="write", value=typed, error=error)

    def written(result: Path | _Replace | None) -> None:
        if isinstance(result, _Replace):
            ask(result)
        elif result is not None:
            done(result)

    def ask(exists: _Replace) -> None:
        from gmconsole.campaign.storage_access import StoreError
        from gmconsole.ui.screens.confirm import ConfirmScreen

        def answered(replace: bool | None) -> None:
            if not replace:
                app.push_screen(dialog(exists.typed, _("Nothing was written: {path} is kept as it was. Type "
                                                       "another name.").format(path=exists.path)), written)
                return
            try:
                path = kept(write_export(exists.path, body(), replace=True))
            except (ValueError, OSError, StoreError) as exc:
                app.push_screen(dialog(exists.typed, str(exc)), written)
                return
            done(path)

        question = _("{path} already exists. Replace it with this export?").format(path=exists.path)
        app.push_screen(ConfirmScreen(question, _("y = replace it · n = type another name")), answered)

    return dialog(), written


def export_what(service, session: int, chosen: dict) -> str:
    """What a history export holds, in words: ``session 1, character Ripley Hale, kind roll``, from the
    history screen's ``character``/``skill``/``kind`` filters (``None``: all); a character and a skill
    by the name the campaign gives them when it knows them, else as typed."""
    from gmconsole.campaign.skills import name_of

    character, skill = service.history.filter_ids(chosen["character"], chosen["skill"])
    who = service.campaign.find_character(character) if character else None
    parts = [_("session {number}").format(number=session)]
    if character:
        parts.append(_("character {name}").format(name=who.name if who is not None else chosen["character"]))
    if skill:
        parts.append(_("skill {name}").format(name=name_of(service.campaign, skill) or chosen["skill"]))
    if chosen["kind"]:
        parts.append(_("kind {kind}").format(kind=chosen["kind"]))
    return _(", ").join(parts)
