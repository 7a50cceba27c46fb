"""The on-disk format of every gmconsole file, its schema version and the migrations between versions.

Every file is a valid TinyDB JSON document (tables of documents keyed by their id as a string) with
one extra table, ``_gmconsole``, holding a single record: ``{"schema": N, "kind": K, "gmconsole":
version}``. ``kind`` says what the file holds and which table carries it:

- ``"campaign"`` (``campaign.json``): table ``"state"``, document ``1`` is the campaign document; its
  schema record also holds the campaign's ``summary`` (name, system, roster names: :mod:`.summary`);
- ``"history"`` (``history/session-NNNN/entries-<first id>.json``): table ``"entries"``, one document
  per history entry, keyed by the entry id.

Reading a file checks it all (it parses, it is an object of tables of objects, the schema record
is there and of the right kind) and raises :class:`CorruptFile` saying where it broke, or
:class:`SchemaTooNew` for a file from a newer gmconsole; an older schema is migrated in memory by
the functions in :data:`MIGRATIONS` and written back in the current schema on the next save.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmconsole import __version__
from gmconsole.i18n import _, verbatim
from gmconsole.safe_text import cut
from gmconsole.store.atomic import newest_backup
from gmconsole.store.bounds import MAX_DEPTH, MAX_FILE, MAX_ID_DIGITS, unwritable
from gmconsole.store.errors import CorruptFile, SchemaTooNew, StoreError, UnreadableFile
from gmconsole.store.safe_open import read_nofollow
from gmconsole.store.shape import ShapeError
from gmconsole.user_files import deeper_than, unparsable

SCHEMA = 2
META_TABLE = "_gmconsole"
TABLE_OF_KIND = {"campaign": "state", "history": "entries"}


def _schema0_to_1(kind: str, tables: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 (gmconsole before 0.1, files written by TinyDB's stock ``JSONStorage``) kept the
    documents in TinyDB's ``_default`` table and had no schema record; schema 1 names the table after
    what it holds (``state`` or ``entries``) and adds the record (on the next save)."""
    migrated = {name: table for name, table in tables.items() if name != "_default"}
    migrated[TABLE_OF_KIND[kind]] = tables.get("_default", {})
    return migrated


def _schema1_to_2(kind: str, tables: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 lets a history file keep its entries lean (:mod:`gmconsole.store.lean_entries`); a
    schema-1 file's entries are all written in full, which schema 2 reads as they are, so nothing changes.
    The number tells an older gmconsole, which would read lean entries as damaged, that the file is newer."""
    return tables


MIGRATIONS: dict[int, Callable[[str, dict[str, Any]], dict[str, Any]]] = {0: _schema0_to_1, 1: _schema1_to_2}
"""``MIGRATIONS[n](kind, tables)`` turns the tables of a schema-``n`` file into schema ``n + 1``."""


def plain(document: dict[str, Any], what: str) -> dict[str, Any]:
    """A JSON round trip: refuses what cannot be saved before anything is written, and detaches
    the stored copy from the caller's objects (tuples become lists, keys become text)."""
    if not isinstance(document, dict):
        raise TypeError(verbatim("{what} must be a dict, not {type}.").format(what=what, type=type(document).__name__))
    try:
        stored: dict[str, Any] = json.loads(json.dumps(document, ensure_ascii=False, allow_nan=False))
        return stored
    except (TypeError, ValueError) as error:
        raise TypeError(verbatim("{what} cannot be saved as JSON: {error}.").format(what=what, error=error)) from error


def summary_of(state_table: object) -> dict[str, Any] | None:
    """The summary of a campaign file's ``state`` table (its name, system, roster names), for its schema
    record (:mod:`gmconsole.store.summary` reads it); ``None`` when the document is not a gmconsole
    campaign (the store alone keeps any object)."""
    state = state_table.get("1") if isinstance(state_table, dict) else None
    campaign = state.get("campaign") if isinstance(state, dict) else None
    if not isinstance(campaign, dict) or not isinstance(campaign.get("name"), str):
        return None
    if not isinstance(campaign.get("system"), str) or not isinstance(campaign.get("roster", []), list):
        return None
    names = [c["name"] for c in campaign.get("roster", []) if isinstance(c, dict) and isinstance(c.get("name"), str)]
    return {"name": campaign["name"], "system": campaign["system"], "characters": names}


def encode(kind: str, tables: dict[str, Any]) -> bytes:
    """Serialise ``tables`` as a current-schema file of ``kind``.

    The campaign file is indented so a GM can read it and a parse error's line number means
    something; history files are compact, since they are rewritten on every roll. A campaign file's
    schema record, at its head, also holds the campaign's summary (:mod:`gmconsole.store.summary`), so
    the list of campaigns reads a few KiB of each, never the whole file.
    """
    record = {"schema": SCHEMA, "kind": kind, "gmconsole": __version__}
    summary = summary_of(tables.get(TABLE_OF_KIND[kind])) if kind == "campaign" else None
    if summary is not None:
        record["summary"] = summary
    document = {META_TABLE: {"1": record}}
    document.update(tables)
    indent = 1 if kind == "campaign" else None
    separators = (",", ": ") if indent else (",", ":")
    return json.dumps(document, ensure_ascii=False, indent=indent, separators=separators).encode("utf-8")


def decode(path: Path, raw: bytes, kind: str, backup_base: Path | None = None,
           shape: Callable[[object, str], None] | None = None) -> tuple[dict[str, Any], int]:
    """Check and migrate the bytes of a ``kind`` file; return ``(tables, schema it was written in)``.

    ``shape``, when given, checks each document of the file's table (:mod:`gmconsole.store.shape`);
    a document of the wrong shape makes the file damaged like one that does not parse. ``path`` and
    ``backup_base`` only serve the error message. Raises :class:`CorruptFile` or :class:`SchemaTooNew`.
    """

    def corrupt(detail: str) -> CorruptFile:
        return CorruptFile(path, detail, newest_backup(backup_base))

    if not raw.strip():
        raise corrupt(_("the file is empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise corrupt(_("byte {byte} is not UTF-8 text").format(byte=error.start)) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise corrupt(_("line {line}, column {column}: {error}").format(
            line=error.lineno, column=error.colno, error=error.msg)) from None
    except (RecursionError, ValueError) as error:  # nested thousands deep, a number of thousands of digits
        raise corrupt(unparsable(error)) from None
    if not isinstance(document, dict):
        raise corrupt(_("it holds a JSON {type}, not an object of tables").format(type=type(document).__name__))
    if deeper_than(document, MAX_DEPTH):
        raise corrupt(_("it nests lists and objects more than {limit} deep").format(limit=MAX_DEPTH))

    meta_table = document.pop(META_TABLE, None)
    if meta_table is None:
        version = 0
    else:
        records = list(meta_table.values()) if isinstance(meta_table, dict) else []
        meta = records[0] if len(records) == 1 else None
        if not isinstance(meta, dict) or type(meta.get("schema")) is not int or meta["schema"] < 0:
            raise corrupt(_("its schema record is missing or malformed"))
        if meta.get("kind") != kind:
            raise corrupt(_("it holds {found!r} data where {kind!r} data was expected").format(
                found=meta.get("kind"), kind=kind))
        version = meta["schema"]
    if version > SCHEMA:
        raise SchemaTooNew(path, version, SCHEMA)

    found = version
    tables = document
    while version < SCHEMA:
        tables = MIGRATIONS[version](kind, tables)
        version += 1

    for name, table in tables.items():
        if not isinstance(table, dict):
            raise corrupt(_("table {name!r} is a JSON {type}, not an object").format(
                name=name, type=type(table).__name__))
        for key, doc in table.items():
            if not (key.isascii() and key.isdigit() and len(key) <= MAX_ID_DIGITS) or not isinstance(doc, dict):
                raise corrupt(_("document {key!r} of table {name!r} is not an object with a numeric id").format(
                    key=cut(key, 24), name=cut(name, 40)))
    if kind == "campaign" and "1" not in tables.get("state", {}):
        raise corrupt(_("it has no campaign state"))
    if kind == "history" and not tables.get("entries"):
        raise corrupt(_("it has no history entries"))
    if shape is not None:
        for key, doc in tables[TABLE_OF_KIND[kind]].items():
            try:
                shape(doc, _("the campaign state") if kind == "campaign" else _("entry {key}").format(key=key))
            except ShapeError as error:
                raise corrupt(str(error)) from None
    unwritable_because = unwritable(tables, text)
    if unwritable_because:
        raise corrupt(unwritable_because)
    return tables, found


def read(path: Path, kind: str, backup_base: Path | None = None,
         shape: Callable[[object, str], None] | None = None) -> tuple[dict[str, Any], int] | None:
    """Read and check the ``kind`` file at ``path``; ``None`` when there is no such file.

    A symlink at ``path`` is never followed (:class:`~gmconsole.store.errors.UnsafeLink`); a file over
    its kind's size limit (:data:`~gmconsole.store.bounds.MAX_FILE`) or one that is not a regular file is
    a damaged file, refused unread."""
    try:
        raw = read_nofollow(path, MAX_FILE[kind])
    except FileNotFoundError:
        return None
    except UnreadableFile as error:
        raise CorruptFile(path, error.detail, newest_backup(backup_base)) from None
    except OSError as error:
        raise StoreError(_("Could not read {path} ({reason}).").format(
            path=path, reason=error.strerror or error)) from error
    return decode(path, raw, kind, backup_base, shape)
