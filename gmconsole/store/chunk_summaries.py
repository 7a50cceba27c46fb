"""Small files kept beside the history chunks: what the readers of a long history need from each chunk,
so ``gmconsole stats``, the recap and the history screen read a few KiB per chunk instead of parsing it.

Beside ``history/session-0003/entries-000000412.json`` lie its summary's parts, one file each:
``stats-000000412.json``, ``rows-000000412.json`` (:func:`~gmconsole.store.layout.summary_file`), so a
reader of one part never parses the others. The store does not know what a summary says: its reader
(:mod:`gmconsole.campaign.history_summary`) gives the format's name, how to make one from the chunk's
entries and how to check one read back. The store keeps it fresh and bounded:

- **Never believed when stale.** A summary names the chunk file it was made from by its size,
  modification time, inode and change time (``ctime``, which no program can set back): a chunk
  rewritten, restored, copied in or replaced since makes it stale, and it is made again from the chunk.
  A summary of another format, of another chunk, or that does not parse, is over its size limit
  (:data:`~gmconsole.store.bounds.MAX_SUMMARY_FILE`) or fails its reader's check is made again the same
  way. A summary file is untrusted input like every campaign file: nothing in it
  is used before those checks pass. (A file made by hand to match a chunk's times and pass the checks
  is believed, as a chunk edited by hand is.)
- **A cache, written by any reader.** Made again, a summary is written beside its chunk (a temporary
  file renamed into place, so a reader never sees half of one), by a read-only reader too: it changes
  nothing the campaign holds. It is not synced: a summary lost or torn by a crash is found stale or
  damaged and made again. A summary that cannot be written (a read-only disk, a link where it
  belongs) only means the next reader makes it again; a chunk that changed while it was read gets no
  summary until the next read.
- **Never on a roll's path.** A writer does not write summaries when it records a change: the chunk it
  changed is summarised again by the next reader that needs it (one chunk, a few milliseconds).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from gmconsole.store.bounds import MAX_SUMMARY_FILE, unwritable
from gmconsole.store.errors import StoreError
from gmconsole.store.layout import check_session, chunk_file, summary_file
from gmconsole.store.safe_open import NOFOLLOW, read_nofollow

__all__ = ["ChunkSummaries", "chunk_stamp"]

_MemoKey = tuple[int, int, str, str]
"""A part kept in memory: its chunk's session and first id, the part and its format."""

_Read = TypeVar("_Read")

Build = Callable[[list[dict[str, Any]]], dict[str, Any]]
"""Every part of a chunk's summary, ``{part: data}``, made from its entries."""
Check = Callable[[Any], _Read]
"""What a caller reads of a part's data (any JSON value), refusing data it cannot read."""


def chunk_stamp(path: Path) -> list[int] | None:
    """What a summary names its chunk file by: size, modification time, inode and change time (``None``
    when there is no such file)."""
    try:
        status = os.lstat(path)
    except OSError:
        return None
    return [status.st_size, status.st_mtime_ns, status.st_ino, status.st_ctime_ns]


MEMO_PARTS = 64
"""Summary parts an open campaign keeps in memory once read (the most recently used): the recap of a long
session reads the same few chunks' summaries again at every redraw."""


class ChunkSummaries:
    """Mixed into ``CampaignStore``: uses its ``path``, ``_usable`` and ``_read_chunk``.

    What a part's check returned is kept in memory with the chunk's stamp it was made or read for, and
    given again only while the chunk file still has that stamp (looked up at every call, as for a
    summary file): a read skips parsing and checking the same file again, never the chunk's check."""

    _summary_memo: dict[_MemoKey, tuple[list[int], object]] | None = None

    if TYPE_CHECKING:  # CampaignStore's, which this is mixed into
        path: Path

        def _usable(self, *, write: bool) -> None: ...

        def _read_chunk(self, session: int, first: int) -> list[dict[str, Any]]: ...

    def chunk_summary(self, session: int, first: int, part: str, forms: dict[str, str], build: Build,
                      check: Check[_Read], entries: Callable[[], list[dict[str, Any]]] | None = None
                      ) -> _Read | None:
        """Part ``part`` of the summary of the chunk of ``session`` starting at ``first``: ``check(data)`` of
        the one kept beside it when it is fresh and of format ``forms[part]`` (see the module docstring),
        else of one made now from the chunk's entries.

        A summary has parts (``forms`` names each part's format), each in its own file, so a reader of
        one part never parses another: ``build(entries)`` makes every part at once (``{part: data}``),
        and each is kept. ``check`` returns what the caller reads (it may turn the data into objects) and
        raises ``ValueError``, ``TypeError`` or ``KeyError`` on data it refuses; it must not recurse
        (the data may nest as deep as JSON allows). ``entries``, when given, reads the chunk's entries
        instead of :meth:`chunk_entries`, and the parts made are not kept (a reader laying a writer's
        pending repairs over them). ``None`` when the chunk is gone; the chunk's
        :class:`~gmconsole.store.errors.CorruptFile` when it is damaged."""
        self._usable(write=False)
        check_session(session)
        chunk = chunk_file(self.path, session, first)
        stamp = chunk_stamp(chunk)
        if stamp is None:
            return None
        if entries is None:
            memo = self._summary_memo
            if memo is None:
                memo = self._summary_memo = {}
            key = (session, first, part, forms[part])
            held = memo.pop(key, None)
            if held is not None and held[0] == stamp:
                memo[key] = held  # the most recently used last
                return cast(_Read, held[1])  # what this part's check read: the key names the part and its form
            kept = _kept(summary_file(self.path, session, first, part), forms[part], session, first, stamp, check)
            if kept is not None:
                self._remember(key, stamp, kept[0])
                return kept[0]
        made = build(entries() if entries is not None else self._read_chunk(session, first))
        read = check(made[part])
        if entries is None and chunk_stamp(chunk) == stamp:  # the chunk did not change while it was read
            for name, data in made.items():
                _keep(summary_file(self.path, session, first, name),
                      {"summary": forms[name], "session": session, "first": first, "chunk": stamp, "data": data})
            self._remember(key, stamp, read)
        return read

    def _remember(self, key: _MemoKey, stamp: list[int], value: object) -> None:
        memo = self._summary_memo
        assert memo is not None  # made by chunk_summary before anything is remembered
        memo[key] = (stamp, value)
        while len(memo) > MEMO_PARTS:
            del memo[next(iter(memo))]  # the least recently used


def _kept(where: Path, form: str, session: int, first: int, stamp: list[int], check: Check[_Read]
          ) -> tuple[_Read] | None:
    """``(check(data),)`` of the summary at ``where`` when it is fresh and sound, else ``None``."""
    try:
        text = read_nofollow(where, MAX_SUMMARY_FILE).decode("utf-8")
        document = json.loads(text)
    except (OSError, ValueError, RecursionError, StoreError):  # missing, a link, too large, not JSON ...
        return None
    if (type(document) is not dict or document.get("summary") != form or document.get("session") != session
            or document.get("first") != first or document.get("chunk") != stamp or unwritable(document, text)):
        return None
    try:
        return (check(document.get("data")),)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def _keep(where: Path, document: dict[str, Any]) -> None:
    """Write a summary beside its chunk, best effort (see the module docstring): never through a link,
    never over its size limit, renamed into place whole, not synced."""
    try:
        encoded = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError, UnicodeEncodeError):
        return
    if len(encoded) > MAX_SUMMARY_FILE:
        return
    temp = where.with_name(f".{where.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o644)
        try:
            view = memoryview(encoded)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(temp, where)  # over a link, the link itself is replaced, never what it points at
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
