"""How large and how deep a campaign file may be: what a load reads is bounded by these, never by what
a damaged or hostile file holds.

A campaign folder may come from anywhere (a shared drive, an archive, a player's copy). What it makes
gmconsole *do* must be bounded by the size of its files, not by the numbers or the nesting inside them:

- **Size.** A file over its limit (:data:`MAX_FILE`) is refused unread, as a damaged file naming the
  limit (:func:`gmconsole.store.safe_open.read_nofollow`): :data:`MAX_CAMPAIGN_FILE` for
  ``campaign.json``, :data:`MAX_CHUNK_FILE` for a history chunk. The store never writes a file over its
  limit either (:class:`~gmconsole.store.errors.NotSaved`), and starts a new history chunk once the
  newest one holds :data:`CHUNK_BYTES` (:mod:`gmconsole.store.campaign_store`), so a chunk stays far
  below its limit however large its entries grow.
- **Depth.** Python's ``json`` parses lists nested up to about a thousand deep, but copying or
  checking such a document recursively fails far from the file (``RecursionError``), and deeper ones
  fail the parse itself. gmconsole's own files nest about ten deep; one nested more than
  :data:`MAX_DEPTH` is refused where it is read (:mod:`gmconsole.store.schema`).
- **Text that cannot be written.** A JSON ``"\\udc80"`` escape reads as a lone surrogate: it can be
  shown, but never written back as UTF-8, so the first save after it would fail. A file holding one
  is refused where it is read, naming the field (:func:`unwritable`; the shapes name the fields they know).
- **Numbers.** Every number the console reads is checked against the range the rules allow by the
  document shapes (:mod:`gmconsole.store.shape`).

How large a history chunk gets: 256 rolls with pushes of a busy ``yze`` conflict (seven combatants,
long goals, costs left pending, each roll's record carrying the pending costs before and after) came to
3 MiB; the next 215 rolls of the same session to 7.6 MiB, as the pending costs grew. :data:`CHUNK_BYTES`
(8 MiB) is where a chunk stops taking entries; one entry records at most the parts of the campaign it
changed, before and after, so it is at most about twice :data:`MAX_CAMPAIGN_FILE`; hence
:data:`MAX_CHUNK_FILE`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gmconsole.i18n import _
from gmconsole.store.shape import plain_key
from gmconsole.user_files import MIB

__all__ = ["CHUNK_BYTES", "MAX_CAMPAIGN_FILE", "MAX_CHUNK_FILE", "MAX_DEPTH", "MAX_FILE", "MAX_ID_DIGITS",
           "MAX_NOTE_FILE", "MAX_SUMMARY_FILE", "lone_surrogate", "unwritable"]

MAX_CAMPAIGN_FILE = 16 * MIB
"""The largest ``campaign.json`` read or written: a campaign of a hundred characters is a few hundred KiB."""
CHUNK_BYTES = 8 * MIB
"""A history chunk takes no more entries once its file is this large (a new chunk starts)."""
MAX_CHUNK_FILE = CHUNK_BYTES + 2 * MAX_CAMPAIGN_FILE + 8 * MIB
"""The largest history chunk read or written: a chunk just under :data:`CHUNK_BYTES` plus one entry
recording the whole campaign before and after, with room to spare (48 MiB)."""
MAX_FILE = {"campaign": MAX_CAMPAIGN_FILE, "history": MAX_CHUNK_FILE}
"""The size limit of each kind of file (:mod:`gmconsole.store.schema`)."""
MAX_SUMMARY_FILE = 4 * MIB
"""The largest chunk summary read or written (:mod:`gmconsole.store.chunk_summaries`): a full chunk's is
a few tens of KiB; a larger one is made again from its chunk at every read, never believed."""
MAX_NOTE_FILE = 4096
"""The largest ``lock`` or ``closed-cleanly`` read: each holds one short line of JSON."""
MAX_DEPTH = 32
"""Lists and objects nested deeper than this are refused; gmconsole's own files nest about ten deep."""
MAX_ID_DIGITS = 10
"""The most digits of a document's id (its key in a table): an entry id is at most
:data:`~gmconsole.store.shape.ID_MAX`, and Python refuses to read a number of thousands of digits."""

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A JSON escape of a surrogate (a lone one, or half of a pair): the only way a file's text can hold one,
since the bytes are decoded as strict UTF-8."""
_LONE = re.compile("[\ud800-\udfff]")


def unwritable(document: object, text: str) -> str | None:
    """Why a parsed file (``document``, parsed from ``text``) could never be saved again, as a clause for a
    damaged file's message; ``None`` when it can. Only a text holding a surrogate escape at all (one
    regular-expression search) has its strings and keys looked through for a lone surrogate."""
    if not _SURROGATE_ESCAPE.search(text):
        return None
    found = lone_surrogate(document)
    if found is None:
        return None
    where, char = found
    return _("{where} holds {escape}, a lone surrogate: not text, and it cannot be saved").format(
        where=where, escape=f"\\u{ord(char):04x}")


def lone_surrogate(document: object, where: str = "") -> tuple[str, str] | None:
    """``(where, the character)`` of the first string or key of ``document`` holding a lone surrogate,
    ``where`` written as the shapes write a field (``state.1.campaign.roster[0].name``); ``None`` when
    there is none. Walks without recursion (the nesting is already bounded)."""
    for path, text in _strings(document, where):
        match = _LONE.search(text)
        if match:
            return path, match.group()
    return None


def _strings(document: object, where: str) -> Iterator[tuple[str, str]]:
    stack: list[tuple[str, object]] = [(where, document)]
    while stack:
        path, value = stack.pop()
        if type(value) is str:
            yield path, value
        elif type(value) is dict:
            for key, item in reversed(value.items()):
                inner = f"{path}.{plain_key(key)}" if path else plain_key(key)
                yield inner, key
                stack.append((inner, item))
        elif type(value) is list:
            stack.extend((f"{path}[{n}]", item) for n, item in reversed(list(enumerate(value))))
