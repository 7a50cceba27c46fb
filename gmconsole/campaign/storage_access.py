"""What the console needs to know of the campaign files, without reaching into the store itself.

The console (``gmconsole.ui``) reaches a campaign's files only through ``gmconsole.campaign``: this
module names the store's failures the console tells the GM about (a campaign another console holds,
a damaged file, a failed save, a read-only campaign), and the two things the console does to the
files outside the service: putting a damaged ``campaign.json``'s backup back before opening it, and
telling whether a damaged file is a history chunk (which can be set aside and the campaign go on).

The store is imported when the campaign is (the service persists through it), so naming its error
classes here costs nothing at start-up.
"""

from __future__ import annotations

from pathlib import Path

from gmconsole.store.errors import (
    CampaignLocked,
    CorruptFile,
    LockLinked,
    LockNotWritable,
    ReadOnly,
    StoreError,
)

__all__ = [
    "CampaignLocked",
    "CorruptFile",
    "LockLinked",
    "LockNotWritable",
    "ReadOnly",
    "StoreError",
    "is_history_chunk",
    "read_only_refusal",
    "restore_campaign_backup",
    "set_aside_command",
]


def is_history_chunk(path: Path) -> bool:
    """Whether the damaged file ``path`` is one of the history's chunks: those can be set aside (the
    entries they held are then said missing), ``campaign.json`` cannot."""
    from gmconsole.store.set_aside import is_history_chunk as chunk

    return chunk(path)


def set_aside_command(path: Path) -> str | None:
    """The command that sets the damaged history chunk ``path`` aside (``gmconsole repair NAME --set-aside
    FILE``), or ``None`` when ``path`` is not a history chunk."""
    from gmconsole.store.set_aside import set_aside_command as command

    return command(path)


def restore_campaign_backup(root: Path, name: str, damaged: Path) -> None:
    """Put the newest backup of the damaged file ``damaged`` of campaign ``name`` back in its place
    (the damaged file is kept aside), before the campaign is opened again."""
    from gmconsole.store.campaign_store import CampaignStore
    from gmconsole.store.shape import GMCONSOLE

    CampaignStore.repair(root, name, damaged, shapes=GMCONSOLE)


def read_only_refusal(campaign_name: str) -> str:
    """The sentence a change to a campaign opened read-only is refused with, as the store says it."""
    return str(ReadOnly(campaign_name))
