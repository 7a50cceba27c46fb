"""The clean-close marker: ``closed-cleanly`` in a campaign folder (see :mod:`.campaign_store`).

A writer that closes with every write done leaves it, naming the newest history chunk (where
the last entry went); the next writer trusts it only while that chunk is still there, and removes
it, durably, before its own first write. Checking it costs one ``stat`` at open, and writing it
nothing more than the marker itself: a writer knows the newest chunk from the marker it found or
from its own appends, and lists the history folders only after an open that had to recover.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gmconsole.store.atomic import atomic_write, fsync_folder
from gmconsole.store.bounds import MAX_NOTE_FILE
from gmconsole.store.errors import StoreError, WriteFailed
from gmconsole.store.layout import CLEAN_CLOSE_FILE, chunk_file, chunks_in, session_folder, sessions_in
from gmconsole.store.safe_open import is_plain_file, read_nofollow
from gmconsole.store.shape import ID_MAX

Newest = tuple[int, int]
"""``(first id, session)`` of the history chunk created last: chunks are named by the id they start
at, so the one starting highest is the newest, and it is where the last entry was written."""


def newest_chunk(campaign: Path) -> Newest | None:
    """The newest chunk of the campaign's history, from the folder names (``None``: no history)."""
    found = [(chunks_in(session_folder(campaign, s))[-1], s) for s in sessions_in(campaign)]
    return max(found) if found else None


def leave_marker(campaign: Path, newest: Newest | None, last_id: int | None = None) -> None:
    """Write the clean-close marker naming the ``newest`` chunk and, when the writer knows it, the
    highest entry id given so far (``last_id``), so the next writer's first entry needs no scan of
    every session's newest chunk. Not synced: a marker lost by a power cut only means the next open
    checks the history (and works the next id out from the chunks).

    Written as a new file renamed over the name, never into the file found there: a marker that is a
    hard link (another file's second name) would otherwise have that file's contents replaced, and a
    symbolic link put there while the campaign was open is replaced, never followed."""
    document: dict[str, Any] = {"newest": list(newest) if newest else None}
    if last_id is not None:
        document["last_id"] = int(last_id)
    atomic_write(campaign / CLEAN_CLOSE_FILE, json.dumps(document).encode("utf-8"), durable=False)


def read_marker(campaign: Path) -> tuple[bool, Newest | None, int | None]:
    """``(held, newest chunk, last id)``: held when the marker is there and the chunk it names still
    is; ``last id`` is the highest entry id the last writer gave (``None`` when the marker does not
    say, e.g. one an older gmconsole left, or when it is not held).

    One ``stat``, no parsing of the history: a marker that is not a plain file, does not parse (an
    older gmconsole left it empty) or names a chunk that is gone (the newest history file was
    deleted after the close) means the history must be checked."""
    marker = campaign / CLEAN_CLOSE_FILE
    if not is_plain_file(marker):
        return False, None, None
    try:
        document = json.loads(read_nofollow(marker, MAX_NOTE_FILE).decode("utf-8"))
        named = document["newest"]
        newest = None if named is None else (int(named[0]), int(named[1]))
        last_id = document.get("last_id")
        if last_id is not None and (type(last_id) is not int or not 0 <= last_id <= ID_MAX):
            last_id = None  # not an entry id: the next id is worked out from the chunks
    except (OSError, StoreError, ValueError, RecursionError, KeyError, TypeError, IndexError, AttributeError):
        return False, None, None
    held = newest_still_there(campaign, newest)
    return held, newest, (last_id if held else None)


def newest_still_there(campaign: Path, newest: Newest | None) -> bool:
    """Whether the chunk a marker (or the lock's note) names as the newest is still there (``None``: no
    history at all, still none): one ``stat``."""
    return not sessions_in(campaign) if newest is None else is_plain_file(chunk_file(campaign, newest[1], newest[0]))


def drop_marker(campaign: Path) -> None:
    """Remove the clean-close marker, durably, before the campaign's files change."""
    marker = campaign / CLEAN_CLOSE_FILE
    try:
        marker.unlink(missing_ok=True)
        fsync_folder(campaign)
    except OSError as error:
        raise WriteFailed(marker, error) from error
