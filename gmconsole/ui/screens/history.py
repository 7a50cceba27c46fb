"""The history screen: every roll and change of the campaign, newest first.

Filter by session, character, skill and kind (the four fields at the top, ``/`` the character's; blank
means all); a summary wider than its column ends in "…"; ``enter`` on a row shows the detail of one
entry — for a roll its pool (R-POOL-1, die by die in kind colours), the faces, the push, the odds at
the time and the costs. Undo and redo work from here
(``ctrl+z`` / ``ctrl+y``, as on the main screen); ``c`` applies the pending costs of the selected
roll (or of the roll a selected push belongs to; costs that last) and the ``costs`` column
marks each roll's costs ``pending`` or ``applied``; what the table shows exports as Markdown or CSV to a file
the GM names (default: ``<campaign folder>-session-<n>.md|.csv`` in the export folder, :mod:`gmconsole.ui.exports`).
``escape`` goes back.

Everything is read through the campaign service (``self.app.service``); nothing here writes the store.
A damaged history file met on any of these paths is named, and its newest backup offered
(:mod:`gmconsole.ui.damaged`), rather than ending the console.

Speed. The history is read once into memory (:mod:`gmconsole.campaign.history_index`) and
each key in a filter filters that, instead of parsing every history file again (180 ms a key at
50,000 entries, more with real entries; now mostly the table's rows filled, ``bench/history_filter.py``). A read
that has more than :data:`~gmconsole.ui.screens.history_reading.READ_HERE_BYTES` to parse (opening the history of a
long campaign) runs in a worker thread while the table says "Loading…" and keys keep working; after a change only
the files it touched are parsed again, here (usually one). No debounce: filtering is a look-up in memory, a key's
cost is refilling the table's rows (an entry's cells made once), and a delay would only add to it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Static

from gmconsole.campaign import history_index
from gmconsole.campaign.entries import as_record, given
from gmconsole.campaign.history import kind_name, result_text, status_name
from gmconsole.campaign.storage_access import CorruptFile, StoreError
from gmconsole.i18n import N_, _, ngettext, verbatim
from gmconsole.phrasing import quoted
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.damaged import offer_restore
from gmconsole.ui.messages import CampaignChanged
from gmconsole.ui.screens.history_costs import HistoryCostActions
from gmconsole.ui.screens.history_detail import costs_mark, detail_text
from gmconsole.ui.screens.history_reading import HistoryReading
from gmconsole.ui.widgets.dice_pool import kind_colours, source_names
from gmconsole.ui.widgets.hint_input import HintInput
from gmconsole.ui.widgets.key_bar import KeyBar
from gmconsole.ui.widgets.sheet_view import _cut as cut_cell
from gmconsole.ui.widgets.sheet_view import give_way

if TYPE_CHECKING:
    from gmconsole.campaign.model import Campaign
    from gmconsole.campaign.service import CampaignService

__all__ = ["MAX_ROWS", "HistoryScreen"]

MAX_ROWS = 500
"""Rows drawn at once; a longer history says how many are hidden and asks for a filter."""

_FILTERS = (("session", N_("session")), ("character", N_("character")), ("skill", N_("skill")), ("kind", N_("kind")))

_COLUMNS = ("#", N_("s"), N_("at"), N_("kind"), N_("who"), N_("skill"), N_("result"), N_("costs"), N_("summary"),
            N_("status"))
"""The table's column headers (translated where the table is made)."""
_SUMMARY = _COLUMNS.index("summary")
"""The column the GM reads: it keeps the room the others can give (they say again what it says)."""
_SHORT = (_COLUMNS.index("result"), _COLUMNS.index("skill"), _COLUMNS.index("who"))
"""The columns that give way to fit the table's width, in turn (the summary says again what they say)."""
_KIND = _COLUMNS.index("kind")
READABLE = 8
"""Cells a short column keeps while the summary keeps :data:`SUMMARY_ROOM` cells (a name longer)."""
RESULT_ROOM = 12
"""Cells the result and the skill keep while the summary is whole: ``3 successes`` reads whole."""
SUMMARY_ROOM = 30
"""Cells the summary keeps while a short column can still give way down to :data:`READABLE`."""
_FITTING = ((_SHORT[:2], RESULT_ROOM), ((_SUMMARY,), SUMMARY_ROOM), (_SHORT, READABLE), (_SHORT, 0),
            ((_KIND,), 5), ((_SUMMARY,), 10))
"""How the table fits its width, step by step: the result and the skill down to :data:`RESULT_ROOM`, then the
summary down to :data:`SUMMARY_ROOM` (it says again the name and the result) before a name is cut (``Security
officer`` whole at 120 columns), the short columns down to :data:`READABLE` cells, then to their labels and the
kind to 5 cells (``costs`` whole), the summary down to 10 cells (never below its label: a narrow terminal in
zh-Hant, whose words take two cells each, must keep the status in view, not clipped by the edge, 狀態 read 狀).
The status is never cut: done and undone read whole."""


def _entries(count: int) -> str:
    return ngettext("{count} entry", "{count} entries", count).format(count=count)



def summary_with_source(entry) -> str:
    """An entry's summary, led by where it was made when not in a console (``[cli]`` the command line,
    ``[phone]`` the player's own page): the GM reviewing the evening sees which rolls the players made
    themselves. It leads, since a summary too long for its column is cut at its end."""
    from gmconsole.campaign.sources import COMMAND_LINE, player_of

    summary = given(entry.summary, "")
    source = given(entry.source, None)
    if source == COMMAND_LINE:
        return _("[cli] {summary}").format(summary=summary)
    if player_of(source) is not None:
        return _("[phone] {summary}").format(summary=summary)
    return summary

class EntryTable(DataTable):
    """The history's entries, newest first: ``home`` and ``end`` go to the newest and the oldest entry, as in
    any list of rows (a plain table scrolls sideways with them)."""

    BINDINGS = [
        Binding("home", "scroll_top", N_("Newest entry"), id="history.newest", show=False),
        Binding("end", "scroll_bottom", N_("Oldest entry"), id="history.oldest", show=False),
    ]


class HistoryScreen(HistoryReading, HistoryCostActions, Screen[None]):
    """Every roll and change, newest first; filters, a detail view, undo/redo and export."""

    app = getters.app(ConsoleApp)

    DEFAULT_CSS = """
    HistoryScreen #hist-filters {
        height: 3;
    }
    HistoryScreen #hist-filters Input {
        width: 1fr;
    }
    HistoryScreen #hist-table {
        height: 1fr;
    }
    HistoryScreen #hist-status {
        height: auto;
        color: $text-muted;
    }
    HistoryScreen #hist-message {
        height: auto;
        color: $text-error;
    }
    HistoryScreen #hist-detail {
        height: auto;
        max-height: 45%;
        border-top: solid $accent;
        padding: 0 1;
    }
    HistoryScreen #hist-detail.-empty {
        display: none;
    }
    """

    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="history.back"),
        Binding("enter", "detail", N_("Detail"), id="history.detail", show=False),
        Binding("slash", "filter", N_("Filter"), id="history.filter",
                tooltip=N_("to the character field (tab: skill, kind; shift+tab: session)")),
        Binding("ctrl+z", "undo", N_("Undo"), id="history.undo"),
        Binding("ctrl+y", "redo", N_("Redo"), id="history.redo"),
        Binding("m", "export('markdown')", N_("Export MD"), id="history.export_md"),
        Binding("v", "export('csv')", N_("Export CSV"), id="history.export_csv"),
        Binding("a", "toggle_undone", N_("Hide/show undone"), id="history.undone"),
        Binding("c", "apply_costs", N_("Apply costs"), id="history.costs"),
        Binding("D", "drop_costs", N_("Drop costs"), id="history.drop_costs",
                tooltip=N_("drop the selected roll's costs without applying them (asks; ctrl+z undoes it)")),
        Binding("r", "recap", N_("Recap"), id="history.recap"),
        Binding("I", "statistics", N_("Statistics"), id="history.statistics",
                tooltip=N_("luck and statistics: what the dice did against the odds")),
    ]

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self._opening_message = message  # said once the table is filled (after a restore: what it did)
        self.include_undone = True
        self.rows: list[dict] = []
        self.detail_id: tuple[int, int] | None = None
        self._asked: set[Path] = set()  # damaged files whose backup was offered here already
        self._drawn: list[tuple] = []  # (session, id) of each row drawn, to keep the cursor on its entry
        self._index: history_index.HistoryIndex | None = None  # the history in memory (None: not read yet)
        self._labels: tuple[str | None, str | None] = (None, None)  # undo / redo, as at the last read
        self._reading = None  # the worker thread reading the history, while it runs
        self._read_again = False  # the campaign changed during that read
        self._cells: dict[int, tuple] = {}  # id(entry) -> (entry, row key, cells): :meth:`_cells_of`
        self._cells_campaign: Campaign | None = None  # the campaign those cells were made with
        self._drawn_entries: list[dict] = []  # the entries drawn, to skip drawing the same ones again
        self._rooms_drawn: dict[int, int] = {}  # the cut columns' widths they were drawn at

    @property
    def service(self) -> CampaignService:
        return self.app.service

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="hist-filters"):
            for key, label in _FILTERS:
                all_of = _("{filter} (all)").format(filter=_(label))  # at 80 columns the field's name alone
                yield HintInput(placeholder=all_of, hints=(all_of, _(label)), id=f"hist-{key}")
        yield EntryTable(id="hist-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="hist-status")
        yield Static("", id="hist-message")
        with VerticalScroll(id="hist-detail", classes="-empty"):
            yield Static("", id="hist-detail-text")
        yield KeyBar()  # wraps rather than cutting keys off at 80 columns (and at 120 since `D`)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*(_(column) if column != "#" else column for column in _COLUMNS))
        self.reload()
        if self._opening_message:
            self._say(self._opening_message)
        table.focus()

    # ------------------------------------------------------------------ reading
    def filters(self) -> dict:
        """The filter fields as ``service.history.filtered`` arguments (blank = all); a bad session is refused."""
        values = {key: self.query_one(f"#hist-{key}", Input).value.strip() for key, _label in _FILTERS}
        session = None
        if values["session"]:
            if not re.fullmatch(r"[0-9]{1,9}", values["session"]):  # not isdigit(): "²" is a digit
                raise ValueError(_("session must be a number, not {typed}").format(typed=quoted(values["session"])))
            session = int(values["session"])
        return {"session": session, "character": values["character"] or None,
                "skill": values["skill"] or None, "kind": values["kind"] or None}

    def refilter(self, *, keep_message: bool = False) -> bool:
        """Filter the history in memory and redraw the table (keeps the cursor on the same row);
        True when the table shows the history (not a refused filter, "Loading…" or a damaged file)."""
        try:
            filters = self.filters()
        except ValueError as exc:
            self._say(str(exc))
            return False
        if not keep_message:
            self._say("")
        status = self.query_one("#hist-status", Static)
        if self._index is None:
            self._clear_rows()
            status.update(Text(_("Loading…")))
            return False
        character, skill = self.service.history.filter_ids(filters["character"], filters["skill"])
        try:
            self.rows, total = self._index.query(session=filters["session"], character=character, skill=skill,
                                                 kind=filters["kind"], include_undone=self.include_undone,
                                                 limit=MAX_ROWS)
        except CorruptFile as exc:
            self._clear_rows()
            self._damaged(exc)
            return False
        self._draw_rows()
        undo, redo = self._labels
        how_many = (_("{shown} of {total} entries").format(shown=len(self.rows), total=total) if total > MAX_ROWS
                    else _entries(total))
        if self._index.partial:  # the first page of a long history: the older entries are still being read
            how_many = _("{entries} — reading older entries…").format(
                entries=_("{count} so far").format(count=how_many))
        elif total > MAX_ROWS:
            how_many = _("{entries} — showing the newest {count}; filter to narrow").format(entries=how_many,
                                                                                            count=MAX_ROWS)
        status.update(Text(_("{entries} · undo: {undo} · redo: {redo} · {undone}").format(
            entries=how_many, undo=shown(undo or "—"), redo=shown(redo or "—"),  # summaries read from the files
            undone=_("undone entries shown") if self.include_undone else _("undone entries hidden"))))
        return True

    def _clear_rows(self) -> None:
        self.query_one(DataTable).clear()
        self.rows, self._drawn_entries = [], []

    def _draw_rows(self) -> None:
        """Fill the table with ``self.rows``, the same entry selected as before when it is still there.

        The cells of an entry are made once and kept (:meth:`_cells_of`): typing in a filter draws the
        same entries again and again."""
        table = self.query_one(DataTable)
        campaign = self.app.service.campaign
        same = len(self.rows) == len(self._drawn_entries) == table.row_count and all(
            new is old for new, old in zip(self.rows, self._drawn_entries)) and campaign is self._cells_campaign
        if campaign is not self._cells_campaign or len(self._cells) > 10 * MAX_ROWS:
            self._cells, self._cells_campaign = {}, campaign  # skill names may have changed
        made = [self._cells_of(e) for e in self.rows]
        room = self._rooms(table, [widths for _key, _cells, widths in made])
        if same and room == self._rooms_drawn:
            return  # the same entries, as read (e.g. a key that still matches nothing): nothing to redraw
        self._drawn_entries, self._rooms_drawn = list(self.rows), room  # held: an entry read again is never one drawn
        keep = table.cursor_row
        kept = self._drawn[keep] if 0 <= keep < len(self._drawn) else None
        table.clear()
        for column in table.columns.values():  # a column drawn wider for other rows (a filter's) shrinks back
            if column.auto_width:
                column.content_width = cell_len(column.label.plain)
        for key, cells, _widths in made:
            table.add_row(*(cut_cell(cell, room[i]) if i in room else cell for i, cell in enumerate(cells)), key=key)
        self._drawn = [self._key_of(e) for e in self.rows]
        if self.rows:  # the same entry stays selected when a change adds a row above it
            table.move_cursor(row=self._drawn.index(kept) if kept in self._drawn else min(keep, len(self.rows) - 1))

    def _rooms(self, table: DataTable, widths: list[list[int]]) -> dict[int, int]:
        """Cells the summary and the short columns get (:data:`_FITTING`): the table's width less a scroll bar,
        the padding and the other columns (never cut) is shared out, the summary, which the GM reads, keeping
        the most; a cut cell ends in "…", whole in the detail (``enter``)."""
        width = table.size.width or self.app.size.width
        labels = [cell_len(_(label)) for label in _COLUMNS]
        natural = [max([labels[i]] + [w[i] for w in widths]) for i in range(len(_COLUMNS))]
        now = list(natural)
        over = sum(natural) + 2 * len(_COLUMNS) + 2 - width
        rooms: dict[int, int] = {}
        for columns, cells in _FITTING:
            least = [max(labels[i], cells, 2) for i in range(len(_COLUMNS))]
            for i, room in give_way(over, now, columns, least).items():
                over -= now[i] - room
                now[i] = rooms[i] = room
        return rooms

    def on_resize(self) -> None:
        """The summary column is fitted to the table's width again."""
        if self.is_mounted and self._index is not None:
            self._draw_rows()

    def _cells_of(self, e: dict) -> tuple[str, list[Text], list[int]]:
        """The row key, cells and their widths (in cells) of entry ``e``, made once per entry read (kept
        by the entry's identity, with the entry itself so that identity is never reused)."""
        kept = self._cells.get(id(e))
        if kept is not None and kept[0] is e:
            return kept[1], kept[2], kept[3]
        from gmconsole.campaign.skills import name_of

        campaign = self._cells_campaign
        assert campaign is not None  # _draw_rows keeps the campaign before it makes any cells
        entry = as_record(e)
        status = given(entry.status, "done")
        style = Style(dim=True, strike=True) if status != "done" else ""
        skill = given(entry.skill, None)
        cells = [str(given(entry.id, "")), str(given(entry.session, "")), str(given(entry.at, ""))[11:16],
                 kind_name(given(entry.kind, "")), entry.character or "", name_of(campaign, skill) or "",
                 result_text(entry), costs_mark(entry), summary_with_source(entry), status_name(status)]
        session, entry_id = given(entry.session, None), given(entry.id, None)
        key, texts = f"{session}:{entry_id}", [Text(shown(c), style=style) for c in cells]
        widths = [t.cell_len for t in texts]
        self._cells[id(e)] = (e, key, texts, widths, (session, entry_id))
        return key, texts, widths

    def _key_of(self, e: dict) -> tuple:
        """``(session, id)`` of entry ``e``, read when its cells were made."""
        kept = self._cells.get(id(e))
        if kept is None or kept[0] is not e:
            self._cells_of(e)
            kept = self._cells[id(e)]
        return kept[4]

    @on(Input.Changed)
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.refilter()

    @on(Input.Submitted)
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(DataTable).focus()

    def on_campaign_changed(self, message: CampaignChanged) -> None:
        self.reload(keep_message=True)  # "Applied: ..." or "Dropped: ..." said by the action stays

    # ------------------------------------------------------------------ detail
    @on(DataTable.RowSelected)
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_detail()

    def action_detail(self) -> None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row < 0:
            return
        entry = self.rows[min(table.cursor_row, len(self.rows) - 1)]
        self._show_detail(self._key_of(entry))

    def _show_detail(self, key: tuple[int, int]) -> None:
        self.detail_id = key
        session, entry_id = key
        try:
            entry = self.service.history.record(entry_id, session)
        except CorruptFile as exc:
            self._damaged(exc)
            return
        except (ValueError, KeyError, StoreError):
            return
        box = self.query_one("#hist-detail")
        box.remove_class("-empty")
        detail = detail_text(entry, kind_colours(self.app), source_names(self.app))
        self.query_one("#hist-detail-text", Static).update(detail)

    def _damaged(self, error: CorruptFile) -> None:
        """Name the damaged file and offer its newest backup (once per file on this screen)."""
        offer_restore(self.app, error, say=self._say, asked=self._asked, restored=self._restored)

    def _restored(self, summary: str) -> None:
        """A file was restored: a new history screen takes this one's place and says ``summary``.

        This table was laid out around the empty history the damaged file left, and refilling it kept
        cells drawn at the width of their labels (``#  s  at  kind``, 2 to 6 characters each) until the
        screen was opened again; a new screen is that, at once."""
        self.app.switch_screen(HistoryScreen(message=summary))

    def _say(self, text: str) -> None:
        """One line for refusals and results (an export's path, an undo); empty takes no room."""
        message = self.query_one("#hist-message", Static)
        message.update(Text(shown(text)))  # often quotes a name read from the campaign file
        message.display = bool(text)

    # ------------------------------------------------------------------ actions
    def action_back(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one(DataTable).focus()
            return
        if self.detail_id is not None:
            self.detail_id = None
            self.query_one("#hist-detail").add_class("-empty")
            return
        self.app.pop_screen()

    def action_filter(self) -> None:
        """``/``: the character field, the filter a GM types most (a name typed in the session field
        was refused as "not a number"); ``tab``/``shift+tab`` reach the others."""
        self.query_one("#hist-character", Input).focus()

    def action_toggle_undone(self) -> None:
        self.include_undone = not self.include_undone
        self.refilter()

    def _walk(self, step) -> None:
        try:
            entry = step()
        except CorruptFile as exc:
            self._asked.discard(exc.path)  # the GM asked for this one: offer again
            self._damaged(exc)
            return
        except (ValueError, OSError, StoreError) as exc:
            self._say(str(exc))
            return
        self.reload()
        entry = as_record(entry)
        self._say(_("{status}: {summary}").format(status=status_name(given(entry.status, "")),
                                                  summary=given(entry.summary, "")))

    def action_undo(self) -> None:
        if not self.service.can_undo:
            self._say(_("Nothing to undo."))
            return
        self._walk(self.service.undo)

    def action_redo(self) -> None:
        if not self.service.can_redo:
            self._say(_("Nothing to redo."))
            return
        self._walk(self.service.redo)

    def action_recap(self) -> None:
        """The recap of the session in the session filter (the current one when blank)."""
        from gmconsole.ui.screens.session_flow import RecapScreen

        self.app.push_screen(RecapScreen(self._export_session()))

    def action_statistics(self) -> None:
        from gmconsole.ui.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    def default_export_name(self, fmt: str) -> str:
        """``<campaign folder>-session-<n>.md`` (or ``.csv``), written to the export folder
        (:mod:`gmconsole.ui.exports`); named after the campaign's folder, never a name read from its files."""
        from gmconsole.campaign.export_files import default_name

        return default_name(self.service, self._export_session(), fmt)

    def _export_session(self) -> int:
        try:
            chosen = self.filters()["session"]
        except ValueError:
            chosen = None
        return chosen if chosen is not None else self.service.session.number

    def action_export(self, fmt: str) -> None:
        """``m``/``v``: export what the table shows — the session (the current one when blank) with the
        character, skill and kind filters applied, undone entries left out — and say which in the dialog.
        The format's name (Markdown, CSV) is a file format's word, the same in every language."""
        try:
            filters = self.filters()
        except ValueError as exc:
            self._say(str(exc))
            return
        session = filters["session"] if filters["session"] is not None else self.service.session.number
        chosen = {key: filters[key] for key in ("character", "skill", "kind")}
        try:  # a damaged history file is offered for restoring before a file name is asked for
            count = len(self.service.history.filtered(session=session, **chosen))
        except CorruptFile as exc:
            self._asked.discard(exc.path)
            self._damaged(exc)
            return
        from gmconsole.ui.exports import export_screen, export_what

        what = export_what(self.service, session, chosen)
        entries = _entries(count)
        label = verbatim("Markdown") if fmt == "markdown" else "CSV"
        title = f"{self.service.campaign.name} — {what}"
        screen, written = export_screen(
            self.app, _("Export {entries}: {what} as {format}").format(entries=entries, what=what, format=label),
            self.default_export_name(fmt),
            lambda: self.service.history.export_session(session, fmt, title=title, **chosen),
            lambda path: self._say(_("{entries} ({what}) exported to {path}").format(entries=entries, what=what,
                                                                                      path=path)))
        self.app.push_screen(screen, written)
