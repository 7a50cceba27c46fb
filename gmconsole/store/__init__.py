"""Campaigns on disk: the only package that uses TinyDB.

- :mod:`.location`: which folder holds the campaigns (``--data-dir``, ``GMCONSOLE_HOME``, platformdirs).
- :mod:`.campaign_store`: :class:`CampaignStore`, one campaign's state and history (layout, and why
  the history is cut into chunks, in its docstring).
- :mod:`.storage`: the TinyDB storage that writes atomically and durably (:mod:`.atomic`) and checks
  every file it reads against the schema (:mod:`.schema`, with its migrations).
- :mod:`.lock`: one console at a time per campaign.
- :mod:`.errors`: everything that can go wrong, each with one sentence for the GM.
"""

from gmconsole.store.campaign_store import CampaignStore
from gmconsole.store.errors import (
    CampaignExists,
    CampaignLocked,
    CampaignNotFound,
    CorruptFile,
    EntryNotFound,
    InvalidCampaignName,
    ReadOnly,
    SchemaTooNew,
    StoreError,
    WriteFailed,
)
from gmconsole.store.location import data_root

__all__ = [
    "CampaignExists",
    "CampaignLocked",
    "CampaignNotFound",
    "CampaignStore",
    "CorruptFile",
    "EntryNotFound",
    "InvalidCampaignName",
    "ReadOnly",
    "SchemaTooNew",
    "StoreError",
    "WriteFailed",
    "data_root",
]
