"""Pane 4, the stress / panic tracker and the system's other trackers.

Per character: stress (as a bar), the active panic effect, conditions and the system's counters.
``+`` / ``-`` change the tracker chosen with ``t`` (stress first where the system has it; mutation
points in myz, wounds in exploding, stamina in tiered; the doom pool last), ``=`` sets it to a typed
value (the highlighted clock's, when the clock table has the focus). ``p`` makes a panic roll for the
highlighted character (yze / yze-step, docs/RULES.md panic table), ``P`` the same with the D6 rolled at
the table (R-MANUAL-1); only when the table row reaches others does the GM mark which player
characters are in range (R-PANIC-1; never NPCs, and escape records the die with nobody in range); with ``P``
a row that makes those who hear or see roll asks each chained D6 too (R-PANIC-3, :mod:`gmconsole.ui.panic_chain`).
The result and any chained effects are shown under the table while that panic is in force. ``r`` rests the
highlighted character (stress to 0), ``R`` every PC. The session's doom pool and progress clocks
live here too. A change that changes nothing is not recorded; the status line says why.

The tracker lists the roster's characters and highlights the one selected there: one selection for the
console. Moving in the tracker selects in the roster and the roll builder too (``CharacterSelected``), and
the main screen hands a selection made elsewhere to :meth:`TrackerPane.select`.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from gmconsole import systems
from gmconsole.campaign.errors import Unchanged
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.errors import form_submit
from gmconsole.ui.filled import filled
from gmconsole.ui.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.messages import CharacterSelected
from gmconsole.ui.redraw import update_if_changed
from gmconsole.ui.widgets.panic_text import ShownPanic, describe_panic, panic_name, rest_question
from gmconsole.ui.widgets.sheet_view import ColumnFit, detail_line, fill_table, table_room, who
from gmconsole.ui.widgets.styles import BOLD_CYAN, BOLD_RED, HIGHLIGHT

__all__ = ["TrackerPane", "describe_panic"]


def choices(system: str) -> tuple[str, ...]:
    """What ``+`` / ``-`` / ``=`` act on, in ``t`` order: the system's counters, then the doom pool."""
    return systems.get(system).tracker_counters + ("doom",)


LINES = ("tracker-status", "tracker-table", "tracker-detail", "clock-table", "clock-detail", "panic-result")
"""The pane's children top to bottom; the last four are mounted when they first have something."""

LABELS = {"mutation_points": N_("MP"), "xp": N_("XP"), "stress": N_("Stress"), "willpower": N_("WP"),
          "wounds": N_("Wounds"), "strain": N_("Strain"), "stamina": N_("Stamina"), "doom": N_("Doom")}


class TrackerPane(Vertical):
    """Stress, panic, conditions, doom and clocks; ``sync()`` re-reads the campaign."""

    app = getters.app(ConsoleApp)

    BINDINGS = [
        Binding("plus", "change(1)", N_("+1"), id="tracker.plus",
                tooltip=N_("the chosen counter +1 for the highlighted character"), key_display="+"),
        Binding("minus", "change(-1)", N_("-1"), id="tracker.minus",
                tooltip=N_("the chosen counter -1"), key_display="-"),
        Binding("equals_sign", "set_value", N_("Set"), id="tracker.set", key_display="=",
                tooltip=N_("type the chosen counter's value (the highlighted clock's when the clocks have the focus)")),
        Binding("t", "next_counter", N_("± which"), id="tracker.counter",
                tooltip=N_("choose which counter + - = change (stress, willpower, MP, wounds ..., doom)")),
        Binding("p", "panic", N_("Panic roll"), id="tracker.panic",
                tooltip=N_("panic roll (yze): the table result; who is in range only when it reaches others")),
        Binding("P", "panic_typed", N_("Panic, typed D6"), id="tracker.panic_typed",
                tooltip=N_("panic roll with the D6 rolled at the table (R-MANUAL-1)")),
        Binding("r", "rest", N_("Rest"), id="tracker.rest",
                tooltip=N_("rest: the highlighted character's stress to 0")),
        Binding("R", "rest_all", N_("Rest all PCs"), id="tracker.rest_all", show=False),
        Binding("c", "add_condition", N_("Cond."), id="tracker.condition",
                tooltip=N_("give the highlighted character a condition")),
        Binding("C", "clear_condition", N_("Clear condition"), id="tracker.clear_condition", show=False),
        Binding("H", "harm", N_("Harm"), id="tracker.harm",
                tooltip=N_("harm the highlighted character: type the amount, enter applies (damage, trauma, wounds "
                        "or stamina, as the system has it; one undo step)")),
        Binding("o", "doom(1)", N_("Doom+"), id="tracker.doom_plus", tooltip=N_("doom pool +1")),
        Binding("O", "doom(-1)", N_("Doom -1"), id="tracker.doom_minus", show=False),
        Binding("k", "add_clock", N_("Clock"), id="tracker.clock",
                tooltip=N_("new progress clock (4, 6 or 8 segments)")),
        Binding("full_stop", "advance_clock(1)", N_("Clock+"), id="tracker.clock_plus",
                tooltip=N_("fill one segment of the highlighted clock"), key_display="."),
        Binding("comma", "advance_clock(-1)", N_("Clock -1"), id="tracker.clock_minus", key_display=",", show=False),
        Binding("K", "remove_clock", N_("Drop clock"), id="tracker.clock_remove", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.retranslate()
        self.counter_index = 0
        self.last_panic: dict | None = None
        self.last_panic_entry: tuple[int, int] | None = None
        self._panic_shown = ShownPanic()  # the result stays while that panic is in force
        self._selected: str | None = None
        self._cut: list[bool] = []
        self._fit = ColumnFit()
        self._clock_fit = ColumnFit(column=0)
        self._clock_cut: list[bool] = []

    def retranslate(self) -> None:
        """The pane's title in the language spoken now (again when the campaign's language changes)."""
        self.border_title = "4 " + _("Tracker")

    def compose(self) -> ComposeResult:
        yield Static("", id="tracker-status")
        yield DataTable(cursor_type="row", id="tracker-table")

    def on_mount(self) -> None:
        self.sync()

    def on_resize(self) -> None:
        """The columns are fitted to the pane's width: fit them again when that changes what is shown."""
        if self._fit.changed_by(table_room(self.table, len(self._fit.rows))):
            self.sync()
        elif self.clocks is not None and self._clock_fit.changed_by(table_room(self.clocks, len(self._clock_fit.rows))):
            self._show_clocks(self.app.service.campaign.current_session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the panic and rest keys where the system has no stress or panic table (only yze and
        yze-step have them)."""
        if action in ("panic", "panic_typed", "rest", "rest_all"):
            return self.app.service.trackers.has_panic_table
        return True

    @property
    def table(self) -> DataTable:
        return self.query_one("#tracker-table", DataTable)

    @property
    def clocks(self) -> DataTable | None:
        """The progress clocks' table; ``None`` until the session has a clock (see :meth:`_show_clocks`)."""
        return child(self, "clock-table", DataTable)

    @property
    def counter(self) -> str:
        counters = choices(self.app.service.campaign.system)
        return counters[self.counter_index % len(counters)]

    def sync(self) -> None:
        campaign = self.app.service.campaign
        session = campaign.current_session
        system = campaign.system
        counters = systems.get(system).tracker_counters
        update_if_changed(self.query_one("#tracker-status", Static), Text.assemble(
            filled(_("Doom {doom}"), "bold", doom=(str(session.doom), BOLD_RED)),
            " · " + _("session {number} scene {scene}").format(number=session.number, scene=session.scene) + " · ± ",
            (_(LABELS[self.counter]), BOLD_CYAN),
        ))
        table = self.table
        headers = [_("Name")] + [_(LABELS[counter]) for counter in counters] + [_("State")]
        rows = []
        for character in campaign.roster:
            cells: list = [who(character)]
            for counter in counters:
                value = getattr(character, counter)
                if counter == "stress":
                    cells.append(Text(f"{value} " + "█" * min(value, 10), style=BOLD_RED if value >= 3 else ""))
                elif counter == "stamina":
                    cells.append(f"{value}/{character.stamina_max}")
                else:
                    cells.append(str(value))
            state = Text()
            if character.panic is not None:
                state.append(f"{character.panic.total} {panic_name(system, character.panic)}", style=HIGHLIGHT)
            if character.conditions:
                state.append((" " if state.plain else "") + _(", ").join(shown(c) for c in character.conditions),
                             style="magenta")
            cells.append(state)
            rows.append(cells)
        # nothing cut off silently: a long panic effect or condition list ends in "…" and the
        # highlighted row's full state is in the detail line under the table
        rows, self._cut = self._fit.fit(table_room(table, len(rows)), headers, rows)
        ids = [c.id for c in campaign.roster]
        fill_table(table, list(zip(headers, ["name", *counters, "state"])), rows, ids)
        if ids:  # the selected character stays highlighted, wherever the change moved their row
            self._selected = self._selected if self._selected in ids else ids[0]
            table.move_cursor(row=ids.index(self._selected))
        self._show_detail()
        self._show_clocks(session)
        self._show_panic()

    def _show_panic(self) -> None:
        """The highlighted character's panic in force, else the newest in force, however it was rolled
        (:class:`ShownPanic`; an undone rest brings it back)."""
        panic = self._panic_shown.shown(self.app.service, self._selected, self.last_panic, self.last_panic_entry)
        show_line(self, "panic-result", describe_panic(panic) if panic else "", LINES)
        self.set_class(bool(panic), "-panic-shown")  # the table gives up rows (it scrolls) to the result

    def _show_clocks(self, session) -> None:
        """The session's progress clocks, under the detail line. The table is mounted with the first
        clock rather than at start-up: most sessions have none, and an unused table still costs
        styling on the way to the first frame (``bench/startup.py``)."""
        clocks = self.clocks
        if clocks is None:
            if not session.clocks:
                return
            clocks = mount_in_place(self, DataTable(cursor_type="row", id="clock-table", show_header=False), LINES)
        clock_row = clocks.cursor_row
        rows = []
        for clock in session.clocks:
            # the bar is never longer than the largest clock (8): a number read from a file never sizes a
            # drawing, and the count beside it says the rest
            cells = max(0, min(clock.segments, 8))
            filled = max(0, min(cells, clock.filled * cells // clock.segments if clock.segments > 0 else 0))
            bar = "●" * filled + "○" * (cells - filled)
            rows.append([Text(shown(clock.name)), Text(f"{bar} {clock.filled}/{clock.segments}",
                                                        style=BOLD_RED if clock.full else "cyan")])
        # a long clock name ends in "…" and the bar is never cut; fitted again on a resize
        headers = [_("Clock"), _("Progress")]
        room = table_room(clocks, len(rows))
        rows, self._clock_cut = self._clock_fit.fit(room, headers, rows)
        fill_table(clocks, list(zip(headers, ["name", "progress"])), rows, [c.id for c in session.clocks])
        clocks.display = bool(session.clocks)
        if session.clocks:
            clocks.move_cursor(row=min(max(clock_row, 0), len(session.clocks) - 1))
            if not room:  # the first clock has just mounted the table: fit it once it has its width
                self.call_after_refresh(self._refit_clocks)
        self._show_clock_detail()

    def _refit_clocks(self) -> None:
        """Fit the clock table again now that it is laid out (else the first clock's bar stays
        scrolled off to the right until a key re-fits it)."""
        clocks = self.clocks
        if clocks is not None and table_room(clocks, len(self._clock_fit.rows)):
            self._show_clocks(self.app.service.campaign.current_session)

    def _show_clock_detail(self) -> None:
        """Under the clock table, while it has the focus: the highlighted clock's full name and
        progress, when its name had to be shortened (as the roster's detail line does for names)."""
        clocks = self.clocks
        session_clocks = self.app.service.campaign.current_session.clocks
        text = ""
        if clocks is not None and clocks.has_focus and session_clocks:
            index = min(max(clocks.cursor_row, 0), len(session_clocks) - 1)
            if index < len(self._clock_cut) and self._clock_cut[index]:
                clock = session_clocks[index]
                text = f"{shown(clock.name)} — {clock.filled}/{clock.segments}"
        show_line(self, "clock-detail", text, LINES)

    def _show_detail(self) -> None:
        """The highlighted character's full name and state, when their row had to be shortened."""
        roster = self.app.service.campaign.roster
        index = self.table.cursor_row
        was_cut = bool(roster) and 0 <= index < len(roster) and index < len(self._cut) and self._cut[index]
        show_line(self, "tracker-detail",
                  detail_line(self.app.service.campaign.system, roster[index]) if was_cut else "", LINES)

    def select(self, character_id: str) -> None:
        """Highlight ``character_id``'s row, selected in another pane (the roster's, the command palette)."""
        ids = [c.id for c in self.app.service.campaign.roster]
        if character_id in ids and character_id != self._selected:
            self._selected = character_id
            if self.table.row_count == len(ids):
                self.table.move_cursor(row=ids.index(character_id))
            self._show_detail()
            self._show_panic()

    @on(DataTable.RowHighlighted, "#tracker-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        # a row the table highlights on its own while it is refilled is not the GM's choice (the cursor is
        # already back on the selected row by then)
        character_id = event.row_key.value if event.row_key is not None else None
        if event.cursor_row == self.table.cursor_row and character_id and character_id != self._selected:
            self._selected = character_id
            self.post_message(CharacterSelected(character_id))
            self._show_panic()
        self._show_detail()

    @on(DataTable.RowHighlighted, "#clock-table")
    def _clock_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_clock_detail()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._show_clock_detail()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._show_clock_detail()

    def focus_pane(self) -> None:
        self.table.focus()

    def _character_id(self) -> str | None:
        roster = self.app.service.campaign.roster
        if not roster:
            self.app.show_error(_("The roster is empty: add characters in the roster pane (1, then a)."))
            return None
        ids = [c.id for c in roster]
        return self._selected if self._selected in ids else ids[0]

    def _clock_id(self) -> str | None:
        clocks = self.app.service.session.clocks
        if not clocks:
            self.app.show_error(_("There is no progress clock yet; press k to add one."))
            return None
        table = self.clocks
        row = table.cursor_row if table is not None else 0  # the table is mounted when the first clock shows
        return clocks[min(max(row, 0), len(clocks) - 1)].id

    # -- actions ----------------------------------------------------------------------------------
    def action_change(self, delta: int) -> None:
        service = self.app.service
        if self.counter == "doom":
            self.app.attempt(lambda: service.trackers.change_doom(delta))
            return
        character_id = self._character_id()
        if character_id is None:
            return
        counter = self.counter
        if counter == "stress":
            self.app.attempt(lambda: service.trackers.change_stress(character_id, delta))
        else:
            self.app.attempt(lambda: service.trackers.change_tracker(character_id, counter, delta))

    def action_next_counter(self) -> None:
        self.counter_index = (self.counter_index + 1) % len(choices(self.app.service.campaign.system))
        self.sync()

    def action_set_value(self) -> None:
        """``=``: type the value of the chosen tracker (the highlighted clock's when the clock table has
        the focus); the service checks the range, one undoable entry, or none when nothing changes."""
        from gmconsole.campaign.counters import counter_range
        from gmconsole.ui.screens.value_form import ValueForm

        service = self.app.service
        clocks = self.clocks
        if clocks is not None and clocks.has_focus:
            clock_id = self._clock_id()
            if clock_id is None:
                return
            clock = service.session.clock(clock_id)
            assert clock is not None  # _clock_id read the id from the session's clocks
            form = ValueForm(_("Clock {name}: segments filled").format(name=clock.name), _("Filled"),
                             self._value_submit(lambda v: service.trackers.set_clock(clock_id, v)),
                hint=_("now {value} · 0 to {high}").format(value=clock.filled, high=clock.segments))
        elif self.counter == "doom":
            form = ValueForm(_("The doom pool"), _("Doom"), self._value_submit(service.trackers.set_doom),
                             hint=_("now {value} · 0 or more").format(value=service.session.doom))
        else:
            character_id = self._character_id()
            if character_id is None:
                return
            counter = self.counter
            character = service.character(character_id)
            low, high = counter_range(character, counter)
            span = (_("{low} to {high}").format(low=low, high=high) if high is not None
                    else _("{low} or more").format(low=low))
            form = ValueForm(_("{name}: {counter}").format(name=character.name, counter=_(LABELS[counter])),
                             _(LABELS[counter]), self._value_submit(
                lambda v: service.trackers.set_tracker(character_id, counter, v)),
                hint=_("now {value} · {span}").format(value=getattr(character, counter), span=span))
        self.app.push_screen(form)

    def _value_submit(self, change):
        """A form's submit for a typed value: a refusal stays in the form; a value that changes nothing
        closes it and the status line says why (nothing is recorded)."""
        from gmconsole.ui.errors import user_errors

        def submit(data: dict) -> str | None:
            try:
                change(data["value"])
            except Unchanged as exc:
                self.app.show_error(str(exc))
            except user_errors() as exc:
                return str(exc)
            return None

        return submit

    def _panic_character(self) -> str | None:
        service = self.app.service
        if not service.trackers.has_panic_table:
            self.app.show_error(_("{system} has no panic table; panic rolls belong to yze.").format(
                system=service.campaign.system))
            return None
        return self._character_id()

    def action_panic(self) -> None:
        """``p``: the console's D6, then :meth:`_panic`."""
        from gmconsole.campaign.commands.typed_values import roll_panic_die

        character_id = self._panic_character()
        if character_id is not None:
            self._panic(character_id, roll_panic_die(self.app.rng), by_hand=False)

    def action_panic_typed(self) -> None:
        """``P``: the D6 rolled at the table (R-MANUAL-1), checked 1–6, then exactly as ``p``."""
        from gmconsole.ui.screens.value_form import ValueForm

        character_id = self._panic_character()
        if character_id is None:
            return
        typed: dict = {}

        def submit(data: dict) -> None:
            typed["face"] = data["value"]

        def closed(done: bool | None) -> None:
            if done and "face" in typed:
                self._panic(character_id, typed["face"], by_hand=True)

        name = self.app.service.character(character_id).name
        self.app.push_screen(ValueForm(_("{name} panics: the D6 rolled at the table").format(name=name), _("D6 face"),
                                       submit, hint=_("1 to 6"), low=1, high=6), closed)

    def _panic(self, character_id: str, face: int, *, by_hand: bool) -> None:
        """Who the row reaches, the chained dice when typed, then the roll recorded and shown
        (:func:`gmconsole.ui.panic_chain.panic_with_range`; R-PANIC-1, R-PANIC-3)."""
        from gmconsole.ui.panic_chain import panic_with_range

        def recorded(entry: dict) -> None:
            self.last_panic = entry.get("panic")
            self.last_panic_entry = (entry["session"], entry["id"])
            self.sync()

        panic_with_range(self.app, character_id, face, by_hand=by_hand, recorded=recorded)

    def action_rest(self) -> None:
        character_id = self._character_id()
        if character_id is not None:
            self.app.attempt(lambda: self.app.service.trackers.rest(character_id))

    def action_rest_all(self) -> None:
        """``R``: every PC's stress to 0 (R-PANIC-1), asked first (:func:`rest_question`), as ``e`` asks."""
        from gmconsole.ui.screens.confirm import confirm_then

        question = rest_question(self.app.service.campaign.roster)
        if question is None:  # nobody to rest: the service says so
            self.app.attempt(self.app.service.trackers.rest)
        else:
            confirm_then(self.app, question, self.app.service.trackers.rest)

    def action_add_condition(self) -> None:
        from gmconsole.ui.screens.condition_form import give_condition

        character_id = self._character_id()
        if character_id is not None:
            give_condition(self.app, character_id)

    def action_clear_condition(self) -> None:
        from gmconsole.ui.screens.condition_form import clear_condition

        character_id = self._character_id()
        if character_id is not None:
            clear_condition(self.app, character_id)

    def action_harm(self) -> None:
        """``H``: the harm form for the highlighted character, as the roster's ``H``."""
        from gmconsole.ui.screens.harm_form import ask_harm

        character_id = self._character_id()
        if character_id is not None:
            ask_harm(self.app, character_id)

    def action_doom(self, delta: int) -> None:
        self.app.attempt(lambda: self.app.service.trackers.change_doom(delta))

    def action_add_clock(self) -> None:
        from gmconsole.ui.screens.clock_form import ClockForm

        service = self.app.service
        self.app.push_screen(ClockForm(form_submit(lambda d: service.trackers.add_clock(d["name"], d["segments"]))))

    def action_advance_clock(self, steps: int) -> None:
        clock_id = self._clock_id()
        if clock_id is not None:
            self.app.attempt(lambda: self.app.service.trackers.advance_clock(clock_id, steps))

    def action_remove_clock(self) -> None:
        clock_id = self._clock_id()
        if clock_id is not None:
            self.app.attempt(lambda: self.app.service.trackers.remove_clock(clock_id))

