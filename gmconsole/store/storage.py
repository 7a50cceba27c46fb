"""The TinyDB storage every gmconsole file goes through: atomic, durable, schema-checked.

TinyDB's stock ``JSONStorage`` rewrites its file in place (seek, write, truncate): a console killed
half-way leaves a torn file, and a full disk leaves a half-written one. :class:`AtomicJSONStorage`
instead writes a whole new file beside the old one and renames it into place (see
:mod:`gmconsole.store.atomic`), checks every file it reads (:mod:`gmconsole.store.schema`), and never
writes a file it could not read: TinyDB always reads before it writes, and a read that fails raises.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

import gmconsole.store.schema as schema
from gmconsole.i18n import _
from gmconsole.store.atomic import atomic_write
from gmconsole.store.bounds import MAX_FILE
from gmconsole.store.errors import NotSaved, ReadOnly
from gmconsole.store.shape import Check, ShapeError
from gmconsole.user_files import size_words


class AtomicJSONStorage(Storage):
    """A TinyDB ``Storage`` over one gmconsole file of a given kind (``"campaign"`` or ``"history"``).

    ``TinyDB(path, storage=AtomicJSONStorage, kind=..., ...)`` passes the arguments here.

    - ``backup_base``/``keep``: where the rotating backups of the previous version go, how many.
    - ``cache``: keep the last data read or written in memory, so TinyDB's read-before-write costs
      nothing. Only right for the one console holding the campaign lock; a read-only console reads
      the file afresh each time so it sees what the writer saved.
    - ``read_only``: any write raises :class:`ReadOnly` (``campaign`` names it in the message).
    - ``shape``: checks each document read (:mod:`gmconsole.store.shape`); a mismatch is a damaged
      file, so it is never rewritten either.

    TinyDB edits the dict ``read()`` returned in place before calling ``write()``; when the write
    fails the cache is dropped, so the next read comes from the intact file on disk. The cache is
    also dropped when the file on disk is no longer the one last read or written (checked with one
    ``stat``: inode, size, modification time), so a file damaged behind the console's back is read
    again, found damaged, and not overwritten.
    """

    def __init__(
        self,
        path: str | Path,
        kind: str,
        *,
        backup_base: Path | None = None,
        keep: int = 1,
        cache: bool = True,
        read_only: bool = False,
        campaign: str = "",
        shape: Check | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.kind = kind
        self.backup_base = backup_base
        self.keep = keep
        self.cache = cache and not read_only
        self.read_only = read_only
        self.campaign = campaign
        self.shape = shape
        self.found_schema: int | None = None
        self._data: dict[str, Any] | None = None
        self._stamp: tuple[int, int, int] | None = None

    def _current_stamp(self) -> tuple[int, int, int] | None:
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    def read(self) -> dict[str, Any] | None:
        """The file's tables (migrated to the current schema), or ``None`` when it does not exist."""
        if self._data is not None:
            if self._current_stamp() == self._stamp:
                return self._data
            self._data = None
        stamp = self._current_stamp()
        loaded = schema.read(self.path, self.kind, self.backup_base, self.shape)
        if loaded is None:
            return None
        tables, self.found_schema = loaded
        if self.cache:
            self._data, self._stamp = tables, stamp
        return tables

    def write(self, data: dict[str, Any]) -> None:
        """Save ``data`` atomically and durably; :class:`WriteFailed` leaves the old file intact.

        Nothing is written that a read would refuse (:class:`NotSaved`, the old file intact): a file over
        its kind's size limit, text that cannot be UTF-8 (a lone surrogate), and for ``campaign.json`` a
        campaign state outside its shape (:mod:`gmconsole.store.shape`: a number out of its range).
        History entries are checked one at a time as they are recorded
        (:meth:`~gmconsole.store.campaign_store.CampaignStore.append_entry`)."""
        if self.read_only:
            raise ReadOnly(self.campaign)
        try:
            atomic_write(self.path, self._encoded(data), backup_base=self.backup_base, keep=self.keep)
        except BaseException:
            self._data = None
            raise
        self.found_schema = schema.SCHEMA
        if self.cache:
            self._data, self._stamp = data, self._current_stamp()

    def _encoded(self, data: dict[str, Any]) -> bytes:
        """The bytes :meth:`write` saves, once they are known to read back (see :meth:`write`)."""
        if self.shape is not None and self.kind == "campaign":
            for document in data.get(schema.TABLE_OF_KIND[self.kind], {}).values():
                try:
                    self.shape(document, _("the campaign state"))
                except ShapeError as error:
                    raise NotSaved(self.path, str(error)) from None
        try:
            encoded = schema.encode(self.kind, data)
        except UnicodeEncodeError as error:
            raise NotSaved(self.path, _("it would hold {escape}, a lone surrogate, which is not text").format(
                escape=f"\\u{ord(error.object[error.start]):04x}")) from None
        limit = MAX_FILE[self.kind]
        if len(encoded) > limit:
            raise NotSaved(self.path, _("it would be {size}, more than the {limit} gmconsole reads of such a file")
                           .format(size=size_words(len(encoded)), limit=size_words(limit)))
        return encoded

    def forget(self) -> None:
        """Drop the cached data; the next read comes from disk."""
        self._data = None


def replaced_by(document: Mapping[str, Any]) -> Callable[[MutableMapping[str, Any]], None]:
    """A TinyDB ``update`` that makes the stored document ``document``, keys it lacks dropped
    (``update`` with a dict keeps them)."""

    def replace(stored: MutableMapping[str, Any]) -> None:
        stored.clear()
        stored.update(document)

    return replace
