"""The history rendered as a table, JSON, Markdown or CSV (:func:`export`), and written as it is read, a
chunk at a time, whatever its length (:func:`groups`, :func:`pieces`: ``gmconsole history``).

A campaign of 50,000 entries read whole before its first line took seconds and gigabytes. ``gmconsole
history`` reads it one chunk file at a time (:func:`groups`: each chunk's entries that pass the filters,
oldest first) and writes each chunk's text before the next is read (:func:`pieces`), so memory holds
one chunk, not the campaign; :func:`export` is the same text for entries already in memory.

Every export is text read from a campaign file going to a terminal or a file another program opens:
table, Markdown and CSV cells are escaped with :func:`gmconsole.safe_text.shown`, JSON with
:func:`gmconsole.safe_text.to_json` (same strings for a JSON reader, no raw control characters).

- JSON needs every field of every entry: it reads the chunks themselves (the reader's overlay laid
  over them, ``service.history.chunk_entries``). The text is the same, byte for byte, as
  ``to_json(entries, indent=2)``: each entry is written at the indent the list gives it.
- Markdown and CSV show a few columns: they read each chunk's summary rows
  (:mod:`gmconsole.campaign.history_summary`, a few KiB per chunk, made again from a chunk that changed).
- The plain table sizes its columns by the widest cell, so it needs every row before its first line:
  it gathers the summary rows (small), then renders them.

Nothing is written before the first chunk is read, so a history that fails at once (a damaged first
chunk) writes nothing but its error; a chunk damaged further on stops the output where it is met.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from gmconsole.campaign.entries import as_record
from gmconsole.campaign.history import COLUMNS, EXPORT_COLUMNS, header, public, query, row
from gmconsole.campaign.history_index import Chunks
from gmconsole.i18n import _
from gmconsole.phrasing import quoted
from gmconsole.safe_text import cell_width, shown, to_json


class ChunkedHistory(Chunks, Protocol):
    """What :func:`groups` asks of the campaign's history (:class:`~gmconsole.campaign.facades.history.History`,
    ``service.history``)."""

    def filter_ids(self, character: str | None, skill: str | None) -> tuple[str | None, str | None]: ...

    def chunk_entries(self, session: int, first: int) -> list[dict]: ...

__all__ = ["FORMATS", "export", "groups", "pieces"]

FORMATS = ("table", "json", "markdown", "csv")


def groups(history: ChunkedHistory, *, session: int | None = None, character: str | None = None,
           skill: str | None = None, kind: str | None = None, include_undone: bool = False, scene: int | None = None,
           rows: bool = False) -> Iterator[list[dict]]:
    """The entries :meth:`~gmconsole.campaign.facades.history.History.filtered` gives for the same filters
    (and ``scene``), oldest first, one list per history chunk that has any, read one chunk at a time: each
    chunk's entries, or its summary rows when ``rows`` (what the table, Markdown and CSV show of an entry)."""
    character, skill = history.filter_ids(character, skill)
    keys = sorted(history.chunks())
    if session is not None:
        keys = [key for key in keys if key[0] == session]
    read = history.chunk_rows if rows else history.chunk_entries
    for key in keys:
        kept = query(read(*key), character=character, skill=skill, kind=kind, include_undone=include_undone)
        if scene is not None:
            kept = [e for e in kept if as_record(e).scene == scene]
        kept.reverse()  # query gives newest first
        if kept:
            yield kept


def _json(chunks: Iterable[list[dict]]) -> Iterator[str]:
    started = False
    for chunk in chunks:
        text = ",\n  ".join(to_json(public(e), indent=2).replace("\n", "\n  ") for e in chunk)
        yield ("," if started else "[") + "\n  " + text
        started = True
    yield "\n]" if started else "[]"


def _csv(cells: Iterable[list[dict]]) -> Iterator[str]:
    import csv  # only exports need it; keeps it off the console's start-up

    header = True
    for chunk in cells:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
        if header:
            writer.writeheader()  # the column ids, in every language: scripts read the CSV by them
            header = False
        writer.writerows(chunk)
        yield buffer.getvalue()
    if header:
        yield ",".join(EXPORT_COLUMNS) + "\n"


def _markdown(cells: Iterable[list[dict]], title: str, figures: Callable[[], tuple[dict, str]] | None) -> Iterator[str]:
    head = [f"# {title}", ""] if title else []
    head.append("| " + " | ".join(header(c) for c in EXPORT_COLUMNS) + " |")
    head.append("|" + "---|" * len(EXPORT_COLUMNS))
    for chunk in cells:
        lines = [*head, *("| " + " | ".join(_escape_md(r[c]) for c in EXPORT_COLUMNS) + " |" for r in chunk)]
        head = []
        yield "\n".join(lines) + "\n"
    tail = head
    if figures is not None:
        from gmconsole.campaign.stats_markdown import dice_and_luck

        data, scope = figures()
        tail += ["", *dice_and_luck(data, "##" if title else "#", scope)]
    if tail:
        yield "\n".join(tail) + "\n"


def _escape_md(text) -> str:
    return shown(text).replace("|", "\\|")


def _table(rows: list[dict]) -> str:
    if not rows:
        return _("no history entries")
    # padded by terminal cells: a Chinese skill or summary is two cells a character
    widths = {c: max(cell_width(header(c)), *(cell_width(str(r[c])) for r in rows)) for c in COLUMNS}
    head = "  ".join(_pad(header(c), widths[c]) for c in COLUMNS)
    body = ["  ".join(_pad(str(r[c]), widths[c]) for c in COLUMNS).rstrip() for r in rows]
    return "\n".join([head.rstrip(), *body])


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_width(text))


def pieces(chunks: Iterable[list[dict]], fmt: str, *, title: str = "",
           skill_name: Callable[[str], str | None] | None = None,
           figures: Callable[[], tuple[dict, str]] | None = None) -> Iterator[str]:
    """:func:`export`'s text for the entries of ``chunks`` (one list per chunk, oldest first, as
    :func:`groups` gives them), in pieces, each made once its chunk is read: their concatenation is
    ``export``'s text. ``figures()``, for Markdown, gives the "Dice and luck" figures and what they cover,
    asked for after the last entry. An unknown ``fmt`` is refused before any chunk is read."""
    if fmt not in FORMATS:
        raise ValueError(_("unknown format {format}: use table, json, markdown or csv").format(format=quoted(fmt)))
    title = shown(title)

    def cells() -> Iterator[list[dict]]:
        for chunk in chunks:
            yield [{column: shown(value) for column, value in row(e, skill_name).items()} for e in chunk]

    if fmt == "json":
        yield from _json(chunks)
    elif fmt == "csv":
        yield from _csv(cells())
    elif fmt == "markdown":
        yield from _markdown(cells(), title, figures)
    else:  # the plain table's columns are as wide as their widest cell: every row first
        yield _table([r for chunk in cells() for r in chunk])


def export(entries: list[dict], fmt: str, *, title: str = "",
           skill_name: Callable[[str], str | None] | None = None, figures: dict | None = None,
           figures_scope: str = "") -> str:
    """Render ``entries`` in the order given as ``table``, ``json``, ``markdown`` or ``csv`` text; the
    skill column by ``skill_name`` (see :func:`~gmconsole.campaign.history.row`; JSON keeps the entries as
    they are, ids and all). Markdown ends with the "Dice and luck" tables of ``figures``
    (:func:`~gmconsole.campaign.statistics.statistics`' dict) when given, ``figures_scope`` saying what they
    cover (:mod:`~gmconsole.campaign.stats_markdown`)."""
    return "".join(pieces([entries] if entries else [], fmt, title=title, skill_name=skill_name,
                          figures=None if figures is None else lambda: (figures, figures_scope)))
