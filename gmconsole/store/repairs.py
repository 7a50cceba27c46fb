"""Putting a damaged campaign file right: the half of :class:`~gmconsole.store.campaign_store.CampaignStore`
that restores a backup or sets a damaged history chunk aside.

Nothing is ever deleted: the file replaced by a backup is renamed ``<name>.corrupt-<UTC time>``
(:mod:`.restore`) and a chunk set aside is renamed beside itself (:mod:`.set_aside`). Either way the
clean-close marker is not left at close, so the next open checks the history again.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, cast

from gmconsole.store.clean_close import drop_marker
from gmconsole.store.errors import CampaignNotFound
from gmconsole.store.layout import LOCK_FILE, check_name
from gmconsole.store.lock import CampaignLock
from gmconsole.store.restore import restore
from gmconsole.store.safe_open import refuse_links
from gmconsole.store.set_aside import set_aside
from gmconsole.store.shape import Shapes

if TYPE_CHECKING:
    from tinydb import TinyDB

    from gmconsole.store.storage import AtomicJSONStorage


class Repairs:
    """Mixed into ``CampaignStore``: uses its ``path``, ``shapes``, ``_usable``, ``_writing`` and the
    caches :meth:`_reread` empties."""

    if TYPE_CHECKING:  # CampaignStore's, which this is mixed into
        path: Path
        shapes: Shapes | None
        _state_db: TinyDB
        _chunk_dbs: dict[Path, TinyDB]
        _chunk_index: dict[int, list[int]]
        _next_id: int | None
        _marked_last_id: int | None

        def _usable(self, *, write: bool) -> None: ...

        def _writing(self, *, leaves_marker: bool = True) -> AbstractContextManager[None]: ...

    def restore_backup(self, path: Path) -> None:
        """Put the newest backup of ``path`` (a file of this campaign) back in its place.

        The file being replaced is never deleted: it is renamed ``<name>.corrupt-<UTC time>`` in
        the same folder. The newest backup that parses is used. Raises :class:`StoreError` when
        there is none, :class:`ReadOnly`, :class:`WriteFailed`.
        """
        self._usable(write=True)
        with self._writing(leaves_marker=False):  # the history must be checked against the restored file
            restore(self.path, Path(path), self.shapes)
        self._reread()

    def set_aside(self, path: Path) -> Path:
        """Rename the damaged history chunk ``path`` beside itself (never deleted; see
        :mod:`gmconsole.store.set_aside`) and return its new path; its entries are then missing.
        Raises :class:`StoreError` for anything but a history chunk of this campaign, :class:`ReadOnly`,
        :class:`WriteFailed`."""
        self._usable(write=True)
        with self._writing(leaves_marker=False):  # the history must be checked again at the next open
            aside = set_aside(self.path, Path(path))
        self._reread()
        return aside

    def _reread(self) -> None:
        """Forget every file read so far: a file was put back or set aside."""
        cast("AtomicJSONStorage", self._state_db.storage).forget()  # the storage the campaign file is opened with
        self._chunk_dbs.clear()
        self._chunk_index.clear()
        self._next_id = None
        self._marked_last_id = None

    @classmethod
    def repair(cls, root: Path, name: str, path: Path, *, shapes: Shapes | None = None) -> None:
        """:meth:`restore_backup` for when :meth:`open` itself raised :class:`CorruptFile`
        (a damaged ``campaign.json``), so there is no store yet: takes the campaign lock for the
        time of the restore, then releases it. Raises :class:`CampaignLocked` if another writer's
        change outlasts the wait.
        """
        name = check_name(name)
        folder = Path(root) / name
        if not folder.is_dir():
            raise CampaignNotFound(Path(root), name)
        refuse_links(folder)
        lock = CampaignLock(folder / LOCK_FILE, name)
        lock.acquire()
        try:
            drop_marker(folder)  # the history is checked against the restored file at open
            restore(folder, Path(path), shapes)
        finally:
            lock.release(wrote=True, whole=False)  # every writer checks the history against the restored file
