"""How a character's numbers read at a glance, per system (shared by the roster and tracker panes).

Year Zero dice-pool sheets (``myz``, ``yze``) show attributes as current/max dice; step and
exploding sheets show die sizes (``d8``, or ``d8→d6`` when lowered); tiered shows plain numbers.
Trackers are the system's own: myz mutation points and XP, yze stress and willpower, exploding
wounds and strain, tiered stamina, level and XP.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from gmconsole import systems
from gmconsole.campaign.model import Campaign, Character
from gmconsole.campaign.shown_names import role_shown
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.systems.harm import damage_taken
from gmconsole.ui.redraw import looks
from gmconsole.ui.widgets.panic_text import panic_name
from gmconsole.ui.widgets.styles import ALARM, BOLD_RED, HIGHLIGHT

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem

SHORT = {
    "strength": N_("Str"), "agility": N_("Agi"), "wits": N_("Wit"), "empathy": N_("Emp"),
    "str": N_("STR"), "dex": N_("DEX"), "int": N_("INT"), "cha": N_("CHA"), "per": N_("PER"),
}
"""Column headers of the fixed attributes (translated where drawn); an exploding trait reads by its name
(:func:`attribute_label`)."""


def attribute_ids(campaign: Campaign) -> list[str]:
    """The attributes in sheet order: the system's fixed ones, or (exploding) every trait in the roster."""
    from gmconsole.campaign.validation import attribute_ids as fixed

    ids = fixed(campaign.system)
    if ids is not None:
        return list(ids)
    seen: list[str] = []
    for character in campaign.roster:
        for name in character.attributes:
            if name not in seen:
                seen.append(name)
    return seen


def attribute_label(system: str, attribute: str) -> str:
    """A roster column's header: the attribute's short name (``Str``, ``力量``), or an exploding trait's name
    (the system table's, ``Intellect`` / ``智力``, or as the sheet names it) cut to its first three characters
    when it is wider than four cells (``Int``)."""
    from gmconsole.campaign.skills import attribute_name_of

    if attribute in SHORT:
        return _(SHORT[attribute])
    name = attribute_name_of(system, attribute) or attribute
    return name if cell_len(name) <= 4 else name[:3]


def attribute_cell(system: str, character: Character, attribute: str) -> Text:
    """``3/4`` (red when lowered) for dice counts, ``d8`` for die sizes, ``—`` when the sheet lacks it."""
    value = character.attributes.get(attribute)
    if value is None:
        return Text("—", style="dim")
    text = systems.get(system).attribute_text(value.current, value.max)
    style = BOLD_RED if value.current <= 0 else ("yellow" if value.current < value.max else "")
    return Text(text, style=style)


COLUMN_VALUES: dict[str, Callable[[GameSystem, Character], str]] = {
    "trauma": lambda s, c: str(sum(c.trauma().values())),
    # the damage taken, in the system's own steps (R-STEP-2: a die size each for step dice)
    "attribute_damage": lambda s, c: str(sum(damage_taken(s, a.current, a.max) for a in c.attributes.values())),
    "stamina_of_max": lambda s, c: f"{c.stamina}/{c.stamina_max}",
}
"""How a sheet column that is not a plain counter reads (the keys a system's ``sheet_columns`` name), from the
system and the character."""


def _column_value(system, key: str) -> Callable[[Character], str]:
    if key in COLUMN_VALUES:
        return lambda c: COLUMN_VALUES[key](system, c)
    return lambda c: str(getattr(c, key))


def tracker_columns(system: str) -> list[tuple[str, Callable[[Character], str]]]:
    """The system's counters as ``(label, value of a character)``."""
    facts = systems.get(system)
    return [(label, _column_value(facts, key)) for label, key in facts.sheet_columns]


def badges(system: str, character: Character) -> Text:
    """BROKEN, the active panic effect, a dead dog, the conditions held — what the GM must not miss."""
    out = Text()

    def add(text: str, style: str | Style) -> None:
        if out.plain:
            out.append(" ")
        out.append(text, style=style)

    if systems.get(system).breaks_at_zero and character.broken:
        add(_("BROKEN"), ALARM)
    if character.panic is not None:
        add(_("PANIC {total}").format(total=character.panic.total), HIGHLIGHT)
    if character.dog is not None and character.dog.dead:
        add(_("dog dead"), "red")
    for condition in character.conditions:
        add(shown(condition), "magenta")
    return out


def who(character: Character) -> str:
    """Name with the myz role, the NPC mark and group count: ``Raiders ×5 (npc)``, ``Grease · gearhead``
    (the name and role escaped: they come from the campaign file)."""
    name = shown(character.name)
    if character.role:
        name += f" · {shown(role_shown(character.role))}"
    if character.is_group:
        name += f" ×{character.count}"
    if character.is_npc:
        name = _("{name} (npc)").format(name=name)
    return name


def text_cells(cells) -> list[Text]:
    """Table cells as ``Text``: a GM-typed name such as ``Ash [android]`` is shown as typed.

    A DataTable reads a ``str`` cell as Rich markup, which would hide ``[android]`` (or fail on
    ``[/x]``); a ``Text`` is drawn as it is, and skips the markup parse that made tables the
    slowest part of the first frame (``bench/startup.py``). A ``str`` cell is escaped
    (:func:`gmconsole.safe_text.shown`) here, so the column is measured on what is drawn."""
    return [cell if isinstance(cell, Text) else Text(shown(cell)) for cell in cells]


def fill_table(table, columns: list[tuple[str, str]], rows: list[list], row_keys: list[str]) -> None:
    """Show ``rows`` (already fitted, :class:`ColumnFit`) in a DataTable under ``columns``
    (``(header, key)``), each column given the width of its widest cell at once.

    A DataTable measures auto-width columns only when it is next idle, and a frame drawn before that
    stays in its render cache: a table refilled on a resize kept its header widths ("Aldr", "20/2"),
    even after resizing back. Widths given up front draw right from the first frame,
    exactly as wide as the auto widths of a fresh open.

    The table is cleared and refilled only when what it would show differs from what it shows: a
    change to the campaign syncs every pane, and most changes leave most tables as they were (a
    roll changes no roster row). An untouched table keeps its cursor and is not redrawn."""
    cells = [text_cells(row) for row in rows]
    widths = [max([_width(header)] + [_width(row[i]) for row in cells]) for i, (header, _key) in enumerate(columns)]
    shown_now = (tuple(zip(columns, widths)), tuple(row_keys), tuple(tuple(looks(c) for c in row) for row in cells))
    if _FILLED.get(table) == shown_now and table.row_count == len(rows) and len(table.columns) == len(columns):
        return
    table.clear(columns=True)
    for (header, key), width in zip(columns, widths):
        table.add_column(header, key=key, width=width)
    for key, row in zip(row_keys, cells):
        table.add_row(*row, key=key)
    _FILLED[table] = shown_now


def clear_table(table) -> None:
    """Empty ``table`` (rows and columns); the next :func:`fill_table` fills it whatever it held."""
    _FILLED.pop(table, None)
    table.clear(columns=True)


_FILLED: WeakKeyDictionary = WeakKeyDictionary()
"""What :func:`fill_table` last put in each table, to tell whether a refill would change anything."""


def _width(cell) -> int:
    return cell_len(cell.plain if isinstance(cell, Text) else str(cell))


def _cut(cell, width: int):
    """``cell`` cut to ``width`` cells, ending in "…" when anything was cut (never silently).

    Measured in terminal cells, so a wide (CJK) character counts two and is never cut in half: where
    only its left half would fit, Rich pads with a space, which is dropped before the "…"."""
    if _width(cell) <= width:
        return cell
    text = cell.copy() if isinstance(cell, Text) else Text(str(cell))
    text.truncate(max(width - 1, 0))
    text.rstrip()
    text.append("…")
    return text


def fit_column(width: int, headers: list[str], rows: list[list], column: int, *,
               padding: int = 1) -> tuple[list[list], list[bool]]:
    """Fit a table into ``width`` cells by shortening one ``column`` (a name), each cut cell ending in
    "…"; the other columns (a mark, a number, a clock's bar) are never cut. The column keeps at
    least its header's width. Returns the rows and, per row, whether it was cut; ``width`` 0 (not
    laid out yet) leaves the rows as they are."""
    untouched = [False] * len(rows)
    if width <= 0 or not rows:
        return rows, untouched
    widths = [max([_width(headers[i])] + [_width(r[i]) for r in rows]) for i in range(len(headers))]
    room = width - sum(w for i, w in enumerate(widths) if i != column) - 2 * padding * len(headers)
    if widths[column] <= room:
        return rows, untouched
    fit = max(room, _width(headers[column]), 2)
    fitted = [[*row[:column], _cut(row[column], fit), *row[column + 1:]] for row in rows]
    return fitted, [new[column] is not old[column] for new, old in zip(fitted, rows)]


def give_way(over: int, widths: list[int], order: Sequence[int], least: Sequence[int]) -> dict[int, int]:
    """The widths of the columns in ``order`` once they gave up ``over`` cells between them (the table is
    that much wider than its room): each in turn, down to its ``least`` (e.g. its header), the rest never
    cut. Whatever they cannot give stays over (a terminal too narrow for every header)."""
    rooms = {}
    for i in order:
        give = max(0, min(over, widths[i] - least[i]))
        rooms[i], over = widths[i] - give, over - give
    return rooms


def fit_columns(width: int, headers: list[str], rows: list[list], order: Sequence[int], *,
                padding: int = 1) -> tuple[list[list], list[bool]]:
    """Fit a table into ``width`` cells by shortening the columns in ``order`` in turn (:func:`give_way`),
    each down to its header's width, each cut cell ending in "…"; the other columns are never cut. Returns
    the rows and, per row, whether it was cut; ``width`` 0 (not laid out yet) leaves the rows as they are."""
    untouched = [False] * len(rows)
    if width <= 0 or not rows:
        return rows, untouched
    widths = [max([_width(headers[i])] + [_width(r[i]) for r in rows]) for i in range(len(headers))]
    over = sum(widths) + 2 * padding * len(headers) - width
    if over <= 0:
        return rows, untouched
    rooms = give_way(over, widths, order, [max(_width(header), 2) for header in headers])
    fitted = [[_cut(cell, rooms[i]) if i in rooms else cell for i, cell in enumerate(row)] for row in rows]
    return fitted, [any(new is not old for new, old in zip(f, r)) for f, r in zip(fitted, rows)]


def fit_rows(width: int, headers: list[str], rows: list[list], *, min_state: int = 10,
             min_name: int = 8, padding: int = 1) -> tuple[list[list], list[bool]]:
    """Fit a roster-like table (name first, state/status last) into ``width`` cells.

    When the columns are wider than the pane, the first (name) and last (state) cells are shortened,
    each ending in "…", the state keeping at least ``min_state`` cells (or what it needs) and the name
    at least ``min_name``; the numbers between are never cut. Returns the rows and, per row, whether
    something was cut, so the pane shows that row's full text in its detail line. ``width`` 0 (not
    laid out yet) leaves the rows as they are.
    """
    untouched = [False] * len(rows)
    if width <= 0 or not rows or len(headers) < 3:
        return rows, untouched
    widths = [max([_width(headers[i])] + [_width(r[i]) for r in rows]) for i in range(len(headers))]
    room = width - sum(widths[1:-1]) - 2 * padding * len(headers)
    name_w, state_w = widths[0], widths[-1]
    if name_w + state_w <= room:
        return rows, untouched
    state_fit = max(min(state_w, min_state), _width(headers[-1]), room - name_w)
    name_fit = max(min_name, _width(headers[0]), min(name_w, room - state_fit))
    state_fit = max(state_fit, room - name_fit)
    fitted, cut = [], []
    for row in rows:
        name, state = _cut(row[0], name_fit), _cut(row[-1], state_fit)
        fitted.append([name, *row[1:-1], state])
        cut.append(name is not row[0] or state is not row[-1])
    return fitted, cut


class ColumnFit:
    """A roster-like table's rows as built and the room they were fitted to (:func:`fit_rows`).

    A pane re-fits its table when it is resized, which rebuilds and repaints the table; with this
    it does so only when the rows shown would change: something was or would now be shortened.
    Start-up resizes every pane once, right after the first frame (``bench/startup.py``)."""

    def __init__(self, column: int | None = None) -> None:
        self.column = column
        """``None``: the name and the state are cut (:func:`fit_rows`); a number: that column only
        (:func:`fit_column`)."""
        self.room: int | None = None
        self.headers: list[str] = []
        self.rows: list[list] = []
        self.cut = False

    def fit(self, room: int, headers: list[str], rows: list[list]) -> tuple[list[list], list[bool]]:
        """:func:`fit_rows`, remembering what was fitted."""
        self.room, self.headers, self.rows = room, headers, rows
        fitted, cut = self._fitted(room, headers, rows)
        self.cut = any(cut)
        return fitted, cut

    def _fitted(self, room: int, headers: list[str], rows: list[list]) -> tuple[list[list], list[bool]]:
        if self.column is None:
            return fit_rows(room, headers, rows)
        return fit_column(room, headers, rows, self.column)

    def changed_by(self, room: int) -> bool:
        """Would the rows shown differ if fitted to ``room``?"""
        if room == self.room:
            return False
        return self.cut or any(self._fitted(room, self.headers, self.rows)[1])


def state_text(system: str, character: Character) -> str:
    """The full state of a character in words, for the detail line under the roster / tracker:
    BROKEN, the panic effect with its table total and name, a dead dog, every condition."""
    parts = []
    if systems.get(system).breaks_at_zero and character.broken:
        parts.append(_("BROKEN"))
    if character.panic is not None:
        parts.append(_("PANIC {total} {name}").format(total=character.panic.total,
                                                      name=panic_name(system, character.panic)))
    if character.dog is not None and character.dog.dead:
        parts.append(_("dog dead"))
    if character.conditions:
        parts.append(_("conditions: {conditions}").format(
            conditions=_(", ").join(shown(c) for c in character.conditions)))
    return " · ".join(parts)


def table_room(table, rows: int) -> int:
    """The cells a DataTable's columns may fill: its width, less the vertical scrollbar when the
    rows (and header) are taller than the table; 0 before the table is laid out."""
    width = table.size.width
    if width <= 0:
        return 0
    if rows + 1 > table.size.height:
        width -= table.styles.scrollbar_size_vertical
    return width


def detail_line(system: str, character: Character) -> str:
    """``Name — state`` of the highlighted character, shown when its row had to be shortened."""
    state = state_text(system, character)
    return who(character) + (f" — {state}" if state else "")
