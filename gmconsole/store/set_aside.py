"""Setting a damaged history chunk aside, so a campaign with no usable backup of it goes on.

A history chunk that does not parse stops every write to its session (the next entry would go into
it) and every read of the history. With a backup, the backup is restored
(:mod:`gmconsole.store.restore`); without one, or when the GM prefers, the chunk is *set aside*:
renamed beside itself as ``<name>.damaged-<UTC time>``, never deleted, so it can still be mended by
hand. Its entries are then missing from the history; the campaign's
state still names them, so the service says so as a gap and never gives their ids again.

Only a history chunk of the campaign can be set aside (``campaign.json`` is the campaign itself:
it is restored, never set aside). ``os.replace`` renames a link itself, never its target, and the
rename is made durable with an ``fsync`` of the session folder.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import shlex
from pathlib import Path

from gmconsole.i18n import _, verbatim
from gmconsole.store.atomic import fsync_folder
from gmconsole.store.errors import StoreError, WriteFailed
from gmconsole.store.layout import HISTORY

_SESSION_DIR = re.compile(r"^session-\d+$")
_CHUNK_FILE = re.compile(r"^entries-(\d+)\.json$")

_ASIDE_FILE = re.compile(r"^entries-(\d+)\.json\.damaged-")

__all__ = ["chunk_files", "first_id", "is_history_chunk", "set_aside", "set_aside_command"]


def _absolute(path: Path) -> Path:
    """``path`` made absolute and normalised without following any link (``resolve`` would)."""
    return Path(os.path.abspath(path))


def is_history_chunk(path: Path, campaign: Path | None = None) -> bool:
    """True when ``path`` names a history chunk (``history/session-N/entries-M.json``), of the
    campaign folder ``campaign`` when it is given."""
    path = _absolute(path)
    session, history = path.parent, path.parent.parent
    if not (_CHUNK_FILE.match(path.name) and _SESSION_DIR.match(session.name) and history.name == HISTORY):
        return False
    return campaign is None or history.parent == _absolute(campaign)


def set_aside_command(path: Path) -> str | None:
    """``gmconsole repair NAME --set-aside history/session-N/entries-M.json``, the command that sets the
    history chunk ``path`` aside (its path inside the campaign folder: short, and quoted for a shell);
    ``None`` when ``path`` is not a history chunk."""
    if not is_history_chunk(path):
        return None
    path = _absolute(path)
    campaign = path.parent.parent.parent
    inside = path.relative_to(campaign).as_posix()
    return verbatim(f"gmconsole repair {shlex.quote(campaign.name)} --set-aside {shlex.quote(inside)}")


def first_id(path: Path) -> int:
    """The id of the first entry of the chunk ``path`` (chunks are named after it)."""
    match = _CHUNK_FILE.match(Path(path).name)
    assert match is not None  # callers pass a history chunk's path
    return int(match.group(1))


def set_aside(campaign: Path, path: Path) -> Path:
    """Rename the history chunk ``path`` of the campaign folder ``campaign`` beside itself, durably;
    return its new path. Raises :class:`StoreError` for anything but an existing history chunk of
    this campaign, :class:`WriteFailed` when the rename fails (the file then stays as it was)."""
    path = _absolute(path if Path(path).is_absolute() else Path(campaign) / path)
    if not is_history_chunk(path, campaign):
        raise StoreError(_("{path} is not a history file of the campaign in {campaign}: only a history file "
                           "(history/session-N/entries-M.json) can be set aside.").format(path=path, campaign=campaign))
    try:
        os.lstat(path)
    except FileNotFoundError:
        raise StoreError(_("There is no history file {path} to set aside.").format(path=path)) from None
    stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        os.replace(path, aside)
        fsync_folder(path.parent)
    except OSError as error:
        raise WriteFailed(path, error) from error
    return aside


def chunk_files(campaign: Path) -> list[tuple[int, int, Path | None]]:
    """Every history chunk of the campaign folder ``campaign``, in place or set aside, as
    ``(session, first id, set-aside file or None)`` sorted by first id: a set-aside file still says
    which entries it held (from its first id up to the next chunk's), so a recap can name them."""
    found: list[tuple[int, int, Path | None]] = []
    history = Path(campaign) / HISTORY
    try:
        folders = os.listdir(history)
    except FileNotFoundError:
        return []
    for folder in folders:
        if not _SESSION_DIR.match(folder):
            continue
        session = int(folder.split("-", 1)[1])
        try:
            names = os.listdir(history / folder)
        except OSError:
            continue
        for name in names:
            if _CHUNK_FILE.match(name):
                found.append((session, first_id(Path(name)), None))
            elif match := _ASIDE_FILE.match(name):
                found.append((session, int(match.group(1)), history / folder / name))
    return sorted(found, key=lambda item: (item[1], item[2] is not None))
