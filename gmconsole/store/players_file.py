"""The players' two files in a campaign folder: their links (``players.json``) and their requests waiting
for the GM (``player-requests.json``).

- ``players.json`` holds one secret token per player character (the link ``/p/<token>`` that
  ``gmconsole serve --players`` answers) and the address the last such server listened on. It is written
  with mode 0600: the tokens are the players' keys. Shape::

      {"gmconsole": "players", "version": 1, "links": {"c1": "<token>", ...},
       "address": {"host": "192.168.1.20", "port": 8000}, "ended": ["c4"]}

- ``player-requests.json`` is the inbox of the rolls and pushes players asked for while the campaign's
  ``player_rolls`` setting is ``approve``, and the GM's answers (kept a while, so a phone polling its
  request reads the answer). Shape::

      {"gmconsole": "player-requests", "version": 1, "next_id": 8, "requests": [
          {"id": 7, "character_id": "c1", "kind": "roll" | "push",
           "ask": {"skill": "firearms", "attribute": null, "gear": ["g3"], "modifier": 0, "roll": null},
           "asked_at": "2026-12-03T21:40:00+00:00", "status": "waiting" | "taken" | "accepted" | "refused" |
           "withdrawn",
           "word": "", "entry_id": null}]}

Both are read as every campaign file is: never through a link, bounded in size (:data:`MAX_PLAYERS_FILE`,
:data:`MAX_REQUESTS_FILE`) and nesting, every field's type and range checked; a file outside that is
damaged (:class:`~gmconsole.store.errors.CorruptFile`, left untouched), never a crash. Both are written
whole (:func:`~gmconsole.store.atomic.atomic_write`) under the campaign's lock (:class:`CampaignLock`),
held only for the read-change-write of the one file (:func:`change_players`, :func:`change_requests`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from gmconsole.i18n import _
from gmconsole.store.atomic import atomic_write
from gmconsole.store.errors import CorruptFile, StoreError
from gmconsole.store.layout import LOCK_FILE, PLAYER_REQUESTS_FILE, PLAYERS_FILE
from gmconsole.store.lock import CampaignLock
from gmconsole.store.safe_open import read_nofollow

__all__ = ["MAX_LINKS", "MAX_PLAYERS_FILE", "MAX_REQUESTS", "MAX_REQUESTS_FILE", "MAX_WORD", "change_players",
           "change_requests", "empty_players", "empty_requests", "players_stamp", "read_players", "read_requests"]

T = TypeVar("T")

MAX_PLAYERS_FILE = 64 * 1024
"""The largest ``players.json`` read or written: a link is about 50 bytes, and a campaign has a handful."""
MAX_REQUESTS_FILE = 256 * 1024
"""The largest ``player-requests.json`` read or written: :data:`MAX_REQUESTS` requests of a few hundred bytes."""
MAX_LINKS = 256
"""The most links kept: one per player character."""
MAX_REQUESTS = 64
"""The most requests kept: the oldest answered ones go first (:func:`change_requests`)."""
MAX_WORD = 200
"""The longest word the GM gives with a refusal."""
MAX_GEAR = 8
"""The most gear items one request names."""
MAX_MODIFIER = 10
"""The largest modifier (either way) a request may hold; the rules check it further when it is rolled."""
MAX_DEPTH = 6
"""Both files nest four deep; one deeper is damaged."""

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""A token as ``secrets.token_urlsafe`` writes it."""
IDENTIFIER = re.compile(r"[A-Za-z0-9_.-]{1,64}")
"""A character, skill, attribute or gear id as the campaign writes them."""
MOMENT = re.compile(r"[0-9T:.+Z-]{10,40}")
HOST = re.compile(r"[A-Za-z0-9.:%\[\]-]{1,255}")
KINDS = ("roll", "push")
STATUSES = ("waiting", "taken", "accepted", "refused", "withdrawn")


def empty_players() -> dict[str, Any]:
    return {"gmconsole": "players", "version": 1, "links": {}, "address": None, "ended": []}


def empty_requests() -> dict[str, Any]:
    return {"gmconsole": "player-requests", "version": 1, "next_id": 1, "requests": []}


def _depth(value: Any, limit: int) -> bool:
    """Whether ``value`` nests deeper than ``limit`` (walked without recursion)."""
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if level > limit:
            return True
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return False


def _load(path: Path, limit: int, kind: str) -> dict[str, Any] | None:
    """The parsed file, or ``None`` when there is none; a damaged one raises :class:`CorruptFile`."""
    try:
        data = read_nofollow(path, limit)
    except FileNotFoundError:
        return None
    except StoreError as exc:  # too large, not a regular file, a link
        raise CorruptFile(path, getattr(exc, "detail", None) or str(exc), None) from None
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise CorruptFile(path, _("it is not JSON: {error}").format(error=str(exc)[:120]), None) from None
    if not isinstance(document, dict) or document.get("gmconsole") != kind or document.get("version") != 1:
        raise CorruptFile(path, _("it is not a gmconsole {kind} file").format(kind=kind), None)
    if _depth(document, MAX_DEPTH):
        raise CorruptFile(path, _("it nests deeper than {depth} levels").format(depth=MAX_DEPTH), None)
    return document


def _bad(path: Path, where: str) -> CorruptFile:
    return CorruptFile(path, _("{where} is not what gmconsole writes there").format(where=where), None)


def _text(value: Any, pattern: re.Pattern[str]) -> bool:
    return type(value) is str and pattern.fullmatch(value) is not None


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def read_players(folder: Path) -> dict[str, Any]:
    """The links of the campaign in ``folder`` (an empty document when it has none yet), checked."""
    path = folder / PLAYERS_FILE
    document = _load(path, MAX_PLAYERS_FILE, "players")
    if document is None:
        return empty_players()
    links = document.get("links")
    if not isinstance(links, dict) or len(links) > MAX_LINKS:
        raise _bad(path, "links")
    for key, token in links.items():
        if not _text(key, IDENTIFIER) or not _text(token, TOKEN):
            raise _bad(path, "links")
    address = document.get("address")
    if address is not None and not (isinstance(address, dict) and set(address) == {"host", "port"}
                                    and _text(address["host"], HOST) and _whole(address["port"], 1, 65535)):
        raise _bad(path, "address")
    ended = document.get("ended", [])  # characters whose link the GM ended (--revoke): none is made for them
    if not isinstance(ended, list) or len(ended) > MAX_LINKS or not all(_text(key, IDENTIFIER) for key in ended):
        raise _bad(path, "ended")
    return {"gmconsole": "players", "version": 1, "links": dict(links), "address": address, "ended": list(ended)}


def _request_ok(item: Any) -> bool:
    if not isinstance(item, dict):
        return False
    ask = item.get("ask")
    if not isinstance(ask, dict) or set(ask) != {"skill", "attribute", "gear", "modifier", "roll"}:
        return False
    gear = ask["gear"]
    return (_whole(item.get("id"), 1, 10**9) and _text(item.get("character_id"), IDENTIFIER)
            and item.get("kind") in KINDS and item.get("status") in STATUSES
            and _text(item.get("asked_at"), MOMENT) and type(item.get("word")) is str
            and len(item["word"]) <= MAX_WORD
            and (item.get("entry_id") is None or _whole(item.get("entry_id"), 1, 10**12))
            and (ask["skill"] is None or _text(ask["skill"], IDENTIFIER))
            and (ask["attribute"] is None or _text(ask["attribute"], IDENTIFIER))
            and isinstance(gear, list) and len(gear) <= MAX_GEAR and all(_text(g, IDENTIFIER) for g in gear)
            and _whole(ask["modifier"], -MAX_MODIFIER, MAX_MODIFIER)
            and (ask["roll"] is None or _whole(ask["roll"], 1, 10**12)))


def read_requests(folder: Path) -> dict[str, Any]:
    """The players' requests of the campaign in ``folder`` (an empty inbox when there is none), checked.
    The GM's word is text from the file: whoever shows it escapes it."""
    path = folder / PLAYER_REQUESTS_FILE
    document = _load(path, MAX_REQUESTS_FILE, "player-requests")
    if document is None:
        return empty_requests()
    requests = document.get("requests")
    if not _whole(document.get("next_id"), 1, 10**9) or not isinstance(requests, list) or len(requests) > MAX_REQUESTS:
        raise _bad(path, "requests")
    for n, item in enumerate(requests):
        if not _request_ok(item) or item["id"] >= document["next_id"]:
            raise _bad(path, f"requests[{n}]")
    return {"gmconsole": "player-requests", "version": 1, "next_id": document["next_id"],
            "requests": [dict(item, ask=dict(item["ask"], gear=list(item["ask"]["gear"]))) for item in requests]}


def players_stamp(folder: Path) -> tuple[int, int, int] | None:
    """What changes when ``players.json`` is written again (inode, size, modification time), or ``None``
    when there is none: a server reads the links again only when this changed (one ``stat``)."""
    try:
        status = os.stat(folder / PLAYERS_FILE, follow_symlinks=False)
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


def _locked(folder: Path, wait: float | None, step: Callable[[], T]) -> T:
    """Run ``step`` holding the campaign's lock (waiting up to ``wait`` seconds for it), and let go."""
    lock = CampaignLock(folder / LOCK_FILE, folder.name)
    found = lock.acquire(wait)
    try:
        return step()
    finally:
        # a turn of its own that writes none of the campaign's files: the count of turns stays, and a turn
        # another writer left unfinished stays unfinished for the next writer of the campaign to check
        lock.release(wrote=False, whole=not found.busy)


def _write(path: Path, document: dict[str, Any], limit: int) -> None:
    data = json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")
    if len(data) > limit:
        from gmconsole.store.errors import NotSaved

        raise NotSaved(path, _("it would be larger than {limit} bytes").format(limit=limit))
    atomic_write(path, data, mode=0o600)


def change_players(folder: Path, change: Callable[[dict[str, Any]], T], wait: float | None = None) -> T:
    """Read ``players.json``, let ``change`` change the document (and answer), write it back: all under the
    campaign's lock. The file is written only when ``change`` changed it."""
    def step() -> T:
        document = read_players(folder)
        before = json.dumps(document, sort_keys=True)
        answer = change(document)
        if json.dumps(document, sort_keys=True) != before:
            _write(folder / PLAYERS_FILE, document, MAX_PLAYERS_FILE)
        return answer

    return _locked(folder, wait, step)


def change_requests(folder: Path, change: Callable[[dict[str, Any]], T], wait: float | None = None) -> T:
    """As :func:`change_players`, for the players' requests; beyond :data:`MAX_REQUESTS` the oldest answered
    requests are dropped (a waiting one never is: the caller refuses a new request when all are waiting)."""
    def step() -> T:
        document = read_requests(folder)
        before = json.dumps(document, sort_keys=True)
        answer = change(document)
        requests = document["requests"]
        while len(requests) > MAX_REQUESTS:
            oldest = next((r for r in requests if r["status"] in ("accepted", "refused", "withdrawn")), None)
            if oldest is None:
                break
            requests.remove(oldest)
        if json.dumps(document, sort_keys=True) != before:
            _write(folder / PLAYER_REQUESTS_FILE, document, MAX_REQUESTS_FILE)
        return answer

    return _locked(folder, wait, step)
