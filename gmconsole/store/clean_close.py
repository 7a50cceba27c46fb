"""The clean-close marker: ``closed-cleanly`` in a campaign folder (see :mod:`.campaign_store`).

A writer that closes with every write done leaves it, naming the newest history chunk (where
the last entry went); the next writer trusts it only while that chunk is still there, and removes
it, durably, before its own first write. Checking it costs one ``stat`` at open, and writing it
nothing more than the marker itself: a writer knows the newest chunk from the marker it found or
from its own appends, and lists the history folders only after an open that had to recover.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gmconsole.store.atomic import fsync_folder
from gmconsole.store.errors import StoreError, WriteFailed
from gmconsole.store.layout import CLEAN_CLOSE_FILE, chunk_file, chunks_in, session_folder, sessions_in
from gmconsole.store.safe_open import is_plain_file, open_nofollow, read_nofollow


Newest = tuple[int, int]
"""``(first id, session)`` of the history chunk created last: chunks are named by the id they start
at, so the one starting highest is the newest, and it is where the last entry was written."""


def newest_chunk(campaign: Path) -> Newest | None:
    """The newest chunk of the campaign's history, from the folder names (``None``: no history)."""
    found = [(chunks_in(session_folder(campaign, s))[-1], s) for s in sessions_in(campaign)]
    return max(found) if found else None


def leave_marker(campaign: Path, newest: Newest | None) -> None:
    """Write the clean-close marker naming the ``newest`` chunk. Not synced: a marker lost or torn by
    a power cut only means the next open checks the history."""
    fd = open_nofollow(campaign / CLEAN_CLOSE_FILE, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        os.write(fd, json.dumps({"newest": list(newest) if newest else None}).encode("utf-8"))
    finally:
        os.close(fd)


def read_marker(campaign: Path) -> tuple[bool, Newest | None]:
    """``(held, newest chunk)``: held when the marker is there and the chunk it names still is.

    One ``stat``, no parsing of the history: a marker that is not a plain file, does not parse (an
    older gmconsole left it empty) or names a chunk that is gone (the newest history file was
    deleted after the close) means the history must be checked."""
    marker = campaign / CLEAN_CLOSE_FILE
    if not is_plain_file(marker):
        return False, None
    try:
        named = json.loads(read_nofollow(marker).decode("utf-8"))["newest"]
        newest = None if named is None else (int(named[0]), int(named[1]))
    except (OSError, StoreError, ValueError, KeyError, TypeError, IndexError):
        return False, None
    if newest is None:
        return not sessions_in(campaign), None
    return is_plain_file(chunk_file(campaign, newest[1], newest[0])), newest


def drop_marker(campaign: Path) -> None:
    """Remove the clean-close marker, durably, before the campaign's files change."""
    marker = campaign / CLEAN_CLOSE_FILE
    try:
        marker.unlink(missing_ok=True)
        fsync_folder(campaign)
    except OSError as error:
        raise WriteFailed(marker, error) from error
