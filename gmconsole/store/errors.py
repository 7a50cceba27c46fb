"""What can go wrong when gmconsole keeps a campaign on disk.

Every error is a :class:`StoreError`; ``str(error)`` is one clear sentence meant for the GM, so the
console shows it as is. The attributes carry the details a screen needs to offer a way out (the
backup to restore, the console holding the lock, the OS error behind a failed save).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gmconsole.i18n import _


class StoreError(Exception):
    """Base of every store error; ``str()`` is one sentence for the GM."""


class InvalidCampaignName(StoreError, ValueError):
    """A campaign name that cannot be a folder name (empty, a slash, a leading dot ...)."""

    def __init__(self, name: object, reason: str):
        self.name = name
        super().__init__(_("{name!r} cannot be a campaign name: {reason}.").format(name=name, reason=reason))


class CampaignNotFound(StoreError):
    """No campaign of that name in the data folder."""

    def __init__(self, root: Path, name: str):
        self.root = Path(root)
        self.name = name
        super().__init__(_("There is no campaign named {name!r} in {root}.").format(name=name, root=self.root))


class CampaignExists(StoreError):
    """``create`` was asked for a name that is already taken."""

    def __init__(self, root: Path, name: str):
        self.root = Path(root)
        self.name = name
        super().__init__(_("A campaign named {name!r} already exists in {root}.").format(name=name, root=self.root))


class CampaignLocked(StoreError):
    """Another writer stayed in the middle of one change (its turn, :mod:`gmconsole.store.lock`) for longer
    than this writer would wait.

    ``holder`` is what that writer wrote into the lock file: a dict with ``pid``, ``host`` and
    ``since`` (UTC), or ``None`` when it could not be read yet.
    """

    def __init__(self, name: str, holder: dict[str, Any] | None):
        self.name = name
        self.holder = holder
        if holder:
            said = _("Campaign {name!r} is in the middle of a change by another writer (pid {pid} on {host}, since "
                     "{since}) that has not ended; try again in a moment, or open this campaign read-only to look "
                     "without changing anything.")
        else:
            said = _("Campaign {name!r} is in the middle of a change by another writer that has not ended; try "
                     "again in a moment, or open this campaign read-only to look without changing anything.")
        holder = holder or {}
        super().__init__(said.format(name=name, pid=holder.get("pid", "?"), host=holder.get("host", "?"),
                                     since=holder.get("since", "?")))


class LockNotWritable(StoreError):
    """The campaign's ``lock`` file cannot be opened for writing (a read-only file or folder, a
    read-only file system), so the campaign cannot be opened to change it; reading needs no lock.

    ``path`` is the lock file, ``errno`` the OS error number; ``__cause__`` is the ``OSError``.
    """

    def __init__(self, name: str, path: Path, error: OSError):
        self.name = name
        self.path = Path(path)
        self.errno = error.errno
        reason = error.strerror or str(error)
        super().__init__(_(
            "Campaign {name!r} cannot be opened for changes: its lock file {path} cannot be "
            "written ({reason}); make it and its folder writable, or open the campaign read-only "
            "to look without changing anything.").format(name=name, path=self.path, reason=reason))


class LockLinked(LockNotWritable):
    """The campaign's ``lock`` file has more than one name on disk (a hard link): it is another file too,
    whose contents the holder's note would replace, so the campaign is not opened for changes. Reading
    needs no lock, so it can still be opened read-only. ``errno`` is ``None`` (no OS error)."""

    def __init__(self, name: str, path: Path):
        self.name = name
        self.path = Path(path)
        self.errno = None
        StoreError.__init__(self, _(
            "Campaign {name!r} cannot be opened for changes: its lock file {path} is a hard link (a second name "
            "of another file, which gmconsole would overwrite); delete it (a new one is made), or open the "
            "campaign read-only.").format(name=name, path=self.path))


class CorruptFile(StoreError):
    """A campaign file that does not parse, or parses to something that is not a gmconsole file.

    The file is never overwritten. ``path`` is the file, ``detail`` says where it broke, ``backup``
    is the newest backup of it (a ``Path``) or ``None``.
    """

    def __init__(self, path: Path, detail: str, backup: Path | None):
        self.path = Path(path)
        self.detail = detail
        self.backup = backup
        if backup is not None:
            said = _("The file {path} is damaged ({detail}) and was left untouched; the newest backup is {backup}, "
                     "which can be restored in its place.")
        else:
            said = _("The file {path} is damaged ({detail}) and was left untouched; there is no backup of it.")
        super().__init__(said.format(path=self.path, detail=detail, backup=backup))


class UnreadableFile(StoreError):
    """A file of a campaign folder that gmconsole will not read: larger than the most such a file may
    hold (:mod:`gmconsole.store.bounds`), or not a regular file (a pipe would block the read for ever).

    ``path`` is the file, ``detail`` says why (a clause, also what a :class:`CorruptFile` made of it says).
    """

    def __init__(self, path: Path, detail: str):
        self.path = Path(path)
        self.detail = detail
        super().__init__(_("The file {path} cannot be read: {detail}.").format(path=self.path, detail=detail))


class SchemaTooNew(StoreError):
    """A file written by a newer gmconsole, in a schema this version cannot read."""

    def __init__(self, path: Path, found: int, supported: int):
        self.path = Path(path)
        self.found = found
        self.supported = supported
        super().__init__(_(
            "The file {path} was written by a newer gmconsole (schema {found}, this version "
            "reads up to {supported}); update gmconsole to open it.").format(
            path=self.path, found=found, supported=supported))


class WriteFailed(StoreError):
    """Saving a file failed (disk full, I/O error ...); ``__cause__`` is the ``OSError``.

    The previous version of the file is intact: the new one was written to a temporary file that
    only replaces it once complete and synced.
    """

    def __init__(self, path: Path, error: OSError):
        self.path = Path(path)
        self.errno = error.errno
        reason = error.strerror or (os.strerror(error.errno) if error.errno else str(error))
        # The new version never replaces the file unless complete, so whatever is at ``path`` now is
        # the previous version; with no file there (a new file, or a new folder), there was none to keep.
        if self.path.is_file():
            said = _("Could not save {path} ({reason}); the previous version is still intact.")
        else:
            said = _("Could not save {path} ({reason}); nothing was saved.")
        super().__init__(said.format(path=self.path, reason=reason))


class NotSaved(StoreError):
    """A save refused before anything was written: what it would write is more than gmconsole reads back
    (a file over its size limit, a document of a shape a load refuses), so writing it would leave a file
    the next open calls damaged. ``path`` is the file, ``detail`` says what is wrong."""

    def __init__(self, path: Path, detail: str):
        self.path = Path(path)
        self.detail = detail
        super().__init__(_("Nothing was saved to {path}: {detail}.").format(path=self.path, detail=detail))


class ReadOnly(StoreError):
    """A write on a campaign opened read-only; ``reason`` and ``advice`` say why and what to do when the
    opener knows (the GM asked for it, another console holds it, the lock cannot be written); without
    them the usual case is assumed, another console holding it."""

    def __init__(self, name: str, reason: str | None = None, advice: str | None = None):
        self.name = name
        if reason:
            said = _("Campaign {name!r} is open read-only ({reason}), so nothing can be saved; {advice}")
        else:
            said = _("Campaign {name!r} is open read-only, so nothing can be saved; {advice}")
        super().__init__(said.format(name=name, reason=reason, advice=advice or _(
            "reopen it normally once the other console has closed it.")))


class EntryNotFound(StoreError, KeyError):
    """``update_entry`` was given an id that is not in that session's history."""

    def __init__(self, session: int, entry_id: int):
        self.session = session
        self.entry_id = entry_id
        super().__init__(_("There is no history entry {entry} in session {session}.").format(
            entry=entry_id, session=session))

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class UnsafeLink(StoreError):
    """A symbolic link inside a campaign folder, where a file or folder of the campaign belongs.

    gmconsole never follows one: writing through it could overwrite or create any file the GM can
    write (``lock`` and ``closed-cleanly`` are written at every open and close), and reading through
    it would show a file that is not the campaign's. ``path`` is the link, left as it was found.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        super().__init__(_(
            "The campaign folder holds a symbolic link at {path}, which gmconsole never follows; "
            "replace the link with the file itself (or remove it) to open the campaign.").format(path=self.path))
