"""Writing an export (the history as Markdown or CSV, a session's recap) where the GM meant, and only there.

- **The name.** A default export name starts with the campaign's *folder* name, the name the GM opens it
  by, never with a field read from its files: a ``campaign.json`` whose ``name`` is ``../../x`` must not
  send an export out of the export folder. The folder name is made fit for a file name all the same
  (:func:`file_stem`: no separator, no leading dot, no control or text-direction character, short enough
  for the suffix), since a folder can be named by hand.
- **The file.** Never written through a symbolic link (refused, naming it: :class:`ExportRefused`), never
  over an existing file unless the GM said so (:class:`ExportExists`: the console asks, naming the file),
  and always whole: the store's own writer puts the text in a temporary file beside it, syncs it and renames
  it over the name, so a crash leaves the old file or the new one, and another name (a hard link) of the old
  file keeps the old text.
- **The folder.** The export folder may itself be a link (a GM may keep exports on another disk, as the data
  folder may be); the GM chose it, in the settings file or the export dialog, and the message after the
  export names the real path written. A missing folder is made.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gmconsole.i18n import _
from gmconsole.safe_text import UNSAFE, shown

__all__ = ["ExportExists", "ExportRefused", "default_name", "file_stem", "write_export"]

STEM_BYTES = 200
"""Longest start of an export name, in UTF-8 bytes: with ``-session-<n>-recap.md`` after it the name stays
within the 255 bytes every common file system allows."""
FALLBACK_STEM = "campaign"
"""The start of an export name when nothing of the folder's name is fit for one."""
SUFFIXES = {"markdown": "md", "csv": "csv"}


class ExportRefused(ValueError):
    """An export that is not written: a link or something other than a plain file at its name. ``str()``
    is one sentence for the GM; the export dialog shows it and stays open for another name."""


class ExportExists(Exception):
    """A file is already at the export's name: the caller asks the GM before writing over it."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = Path(path)


def file_stem(folder_name: str) -> str:
    """``folder_name`` fit to start a file name: separators, control and text-direction characters
    become ``_``, leading dots and spaces go, and it is cut to :data:`STEM_BYTES` bytes of UTF-8 (never in
    the middle of a character); :data:`FALLBACK_STEM` when nothing is left."""
    text = UNSAFE.sub("_", str(folder_name))
    for separator in {"/", "\\", os.sep, os.altsep or "/"}:
        text = text.replace(separator, "_")
    text = text.lstrip(". ")
    text = text.encode("utf-8", "replace")[:STEM_BYTES].decode("utf-8", "ignore").rstrip()
    return text or FALLBACK_STEM


def default_name(service, session: int, fmt: str = "markdown", *, recap: bool = False) -> str:
    """The file an export is offered as: ``<folder>-session-<n>.md`` (``.csv``), or
    ``<folder>-session-<n>-recap.md``, the folder being the campaign's own (:func:`file_stem`)."""
    stem = f"{file_stem(service.campaign_folder.name)}-session-{int(session)}"
    return f"{stem}-recap.md" if recap else f"{stem}.{SUFFIXES.get(fmt, fmt)}"


def _check_target(path: Path) -> bool:
    """True when a plain file is already at ``path`` (the GM is asked before it is replaced); a link, a
    folder or anything else there is refused with :class:`ExportRefused`."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(found.st_mode):
        raise ExportRefused(_("{path} is a symbolic link, and an export is never written through one: type "
                              "another file name, or remove the link first.").format(path=shown(path)))
    if not stat.S_ISREG(found.st_mode):
        raise ExportRefused(_("{path} is not a plain file, so no export is written there: type another "
                              "file name.").format(path=shown(path)))
    return True


def write_export(path: Path, text: str, *, replace: bool = False) -> Path:
    """Write ``text`` to ``path`` whole (a temporary file beside it, synced, renamed over the name) and
    return the path. Raises :class:`ExportExists` when a file is there and ``replace`` is false,
    :class:`ExportRefused` for a link or a non-file there, the store's ``WriteFailed`` when the disk
    refuses (the old file, if any, intact)."""
    from gmconsole.store.atomic import atomic_write, ensure_folder

    path = Path(path)
    if _check_target(path) and not replace:
        raise ExportExists(path)
    ensure_folder(path.parent)
    _check_target(path)  # the folder is there now: nothing became a link meanwhile
    atomic_write(path, text.encode("utf-8"))
    return path
