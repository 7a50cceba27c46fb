"""Putting the newest usable backup of a damaged campaign file back in its place."""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

import gmconsole.store.schema as schema
from gmconsole.i18n import _
from gmconsole.store.atomic import atomic_write, backup_names
from gmconsole.store.bounds import MAX_FILE
from gmconsole.store.errors import CorruptFile, StoreError, WriteFailed
from gmconsole.store.layout import CAMPAIGN_FILE, CHUNK_BACKUPS, STATE_BACKUPS, backup_base
from gmconsole.store.safe_open import read_nofollow
from gmconsole.store.shape import Shapes


def restore(campaign: Path, path: Path, shapes: Shapes | None = None) -> None:
    """Replace ``path`` with its newest backup that parses (and has the right ``shapes``); keep the
    replaced file aside."""
    path = path if path.is_absolute() else campaign / path
    try:
        base = backup_base(campaign, path)
    except ValueError:
        raise StoreError(_("{path} is not a file of the campaign in {campaign}.").format(
            path=path, campaign=campaign)) from None
    kind = "campaign" if path.name == CAMPAIGN_FILE else "history"
    chosen = None
    for candidate in backup_names(base, max(STATE_BACKUPS, CHUNK_BACKUPS)):
        try:
            raw = read_nofollow(candidate, MAX_FILE[kind])  # a backup is bounded like the file itself
        except (FileNotFoundError, StoreError):
            continue
        try:
            shape = None if shapes is None else shapes.state if kind == "campaign" else shapes.stored_entry
            schema.decode(candidate, raw, kind, shape=shape)
        except (CorruptFile, StoreError):
            continue
        chosen = raw
        break
    if chosen is None:
        raise StoreError(_("There is no usable backup of {path} to restore.").format(path=path))
    if path.exists():
        stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        try:
            os.replace(path, aside)
        except OSError as error:
            raise WriteFailed(path, error) from error
    atomic_write(path, chosen)
