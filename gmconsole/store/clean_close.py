"""The clean-close marker: ``closed-cleanly`` in a campaign folder (see :mod:`.campaign_store`).

A writer that closes with every write done leaves it, naming the newest history chunk of each
session; the next writer trusts it only while every chunk it names is still there, and removes it,
durably, before its own first write.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gmconsole.store.atomic import fsync_folder
from gmconsole.store.errors import StoreError, WriteFailed
from gmconsole.store.layout import CLEAN_CLOSE_FILE, chunk_file, chunks_in, session_folder, sessions_in
from gmconsole.store.safe_open import is_plain_file, open_nofollow, read_nofollow


def leave_marker(campaign: Path) -> None:
    """Write the clean-close marker: the newest chunk of each session, by its first id. Not synced:
    a marker lost or torn by a power cut only means the next open checks the history."""
    newest = {str(s): chunks_in(session_folder(campaign, s))[-1] for s in sessions_in(campaign)}
    fd = open_nofollow(campaign / CLEAN_CLOSE_FILE, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        os.write(fd, json.dumps({"newest": newest}).encode("utf-8"))
    finally:
        os.close(fd)


def marker_holds(campaign: Path) -> bool:
    """True when the clean-close marker is there and every newest chunk it names still is.

    One ``stat`` per session, no parsing; a marker that is not a plain file, does not parse (an
    older gmconsole left it empty) or names a chunk that is gone means the history must be checked."""
    marker = campaign / CLEAN_CLOSE_FILE
    if not is_plain_file(marker):
        return False
    try:
        newest = json.loads(read_nofollow(marker).decode("utf-8"))["newest"]
        sessions = {int(s): int(first) for s, first in newest.items()}
    except (OSError, StoreError, ValueError, KeyError, TypeError, AttributeError):
        return False
    return all(is_plain_file(chunk_file(campaign, s, first)) for s, first in sessions.items())


def drop_marker(campaign: Path) -> None:
    """Remove the clean-close marker, durably, before the campaign's files change."""
    marker = campaign / CLEAN_CLOSE_FILE
    try:
        marker.unlink(missing_ok=True)
        fsync_folder(campaign)
    except OSError as error:
        raise WriteFailed(marker, error) from error
