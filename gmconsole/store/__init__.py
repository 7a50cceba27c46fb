"""Campaigns on disk: the only package that uses TinyDB.

- :mod:`.location`: which folder holds the campaigns (``--data-dir``, ``GMCONSOLE_HOME``, platformdirs).
- :mod:`.campaign_store`: :class:`CampaignStore`, one campaign's state and history (why
  the history is cut into chunks, in its docstring); :mod:`.history_reader` its reading half,
  :mod:`.repairs` its restoring and setting-aside half, :mod:`.layout` the names of a campaign's
  files, :mod:`.clean_close` the clean-close marker, :mod:`.restore` putting a backup back.
- :mod:`.safe_open`: every campaign file is opened without following symlinks.
- :mod:`.shape`: what the documents it loads must look like; a mismatch is a damaged file.
- :mod:`.storage`: the TinyDB storage that writes atomically and durably (:mod:`.atomic`) and checks
  every file it reads against the schema (:mod:`.schema`, with its migrations).
- :mod:`.lock`: one writer at a time per campaign (command-line writers wait their turn).
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
