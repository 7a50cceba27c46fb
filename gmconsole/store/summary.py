"""A campaign's summary: what ``gmconsole campaigns`` and the campaign picker show (its name, system and
the names in its roster), read from the head of ``campaign.json`` without parsing the whole file.

``campaign.json`` opens with its schema record (:mod:`gmconsole.store.schema`), and every save writes
the summary into that record (:func:`gmconsole.store.schema.summary_of`), so the list reads at most
:data:`HEAD` bytes of each campaign, however large it is. A file whose head does not hold a usable
summary (one written before summaries, or whose roster is too long for the head) is read whole instead,
within its size limit and checked as when it is opened (:func:`read_summary`). Either way a file that
cannot be read gives the store's one-sentence error (a :class:`~gmconsole.store.errors.StoreError`), so
the caller lists that campaign as damaged and goes on with the others.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from gmconsole.i18n import _
from gmconsole.store.bounds import MAX_CAMPAIGN_FILE
from gmconsole.store.errors import CorruptFile, SchemaTooNew
from gmconsole.store.layout import CAMPAIGN_FILE, check_name
from gmconsole.store.safe_open import read_head, refuse_links
from gmconsole.store.schema import SCHEMA
from gmconsole.store.shape import STR, ShapeError, Shapes, a_system, fields, list_of

__all__ = ["HEAD", "read_summary"]

HEAD = 64 * 1024
"""Bytes read from the head of ``campaign.json`` to find its summary."""
_OPENING = re.compile(r'\A\s*\{\s*"_gmconsole"\s*:\s*')
SUMMARY = fields({"name": STR, "system": a_system, "characters": list_of(STR)})
"""What a summary must look like to be shown as it is (else the file is read whole)."""


def read_summary(root: Path, name: str, shapes: Shapes | None) -> dict[str, Any]:
    """``{"name", "system", "characters"}`` of the campaign ``name`` under ``root``: its folder name, and
    the system and roster names its summary gives (see the module docstring). Raises the store's
    errors (:class:`CorruptFile` naming the file, :class:`SchemaTooNew`, ``UnsafeLink`` ...)."""
    from gmconsole.store.campaign_store import CampaignStore

    folder = Path(root) / check_name(name)
    refuse_links(folder)
    path = folder / CAMPAIGN_FILE
    head = read_head(path, HEAD, MAX_CAMPAIGN_FILE)
    record = _record(head)
    if record is not None:
        if type(record.get("schema")) is int and record["schema"] > SCHEMA:
            raise SchemaTooNew(path, record["schema"], SCHEMA)
        summary = record.get("summary")
        try:
            SUMMARY(summary, "summary")
        except ShapeError:
            summary = None
        if record.get("kind") == "campaign" and summary is not None:
            return {"name": name, "system": summary["system"], "characters": list(summary["characters"])}
    store = CampaignStore.open(Path(root), name, read_only=True, shapes=shapes)  # the whole file, bounded
    try:
        document = store.load_state().get("campaign")
    finally:
        store.close()
    if not isinstance(document, dict) or not isinstance(document.get("system"), str):
        raise CorruptFile(path, _("it holds no campaign"), None)
    return {"name": name, "system": document["system"],
            "characters": [c["name"] for c in document.get("roster", [])]}


def _record(head: bytes) -> dict[str, Any] | None:
    """The schema record at the head of a campaign file, or ``None`` when the head does not hold a whole one."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(head) - 3:
            return None  # not UTF-8: the whole file is read, and refused naming where
        text = head[:error.start].decode("utf-8")  # a character cut by the end of the head
    opening = _OPENING.match(text)
    if opening is None:
        return None
    try:
        table, _end = json.JSONDecoder().raw_decode(text, opening.end())
    except (ValueError, RecursionError):
        return None
    records = list(table.values()) if isinstance(table, dict) else []
    return records[0] if len(records) == 1 and isinstance(records[0], dict) else None

