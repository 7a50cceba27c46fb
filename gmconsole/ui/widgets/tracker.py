"""Pane 4, the stress / panic tracker and the system's other trackers.

Per character: stress (as a bar), the active panic effect, conditions and the system's counters.
``+`` / ``-`` change the counter chosen with ``t`` (stress first where the system has it; mutation
points in myz, wounds in exploding, stamina in tiered). ``p`` makes a panic roll for the highlighted
character (yze / yze-step, docs/rules.md panic table): the GM first marks who is in range (R-PANIC-1), and
the table result and any chained effects are shown under the table. ``r`` rests the highlighted
character (stress to 0), ``R`` every PC. The session's doom pool and progress clocks live here too.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from gmconsole.safe_text import shown
from gmconsole.ui.widgets.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.widgets.sheet_view import ColumnFit, detail_line, fill_table, table_room, who

__all__ = ["TrackerPane", "COUNTERS", "describe_panic"]

COUNTERS = {
    "myz": ("mutation_points", "xp"),
    "yze": ("stress", "willpower"),
    "yze-step": ("stress", "willpower"),
    "exploding": ("wounds", "strain"),
    "tiered": ("stamina", "xp"),
}
"""The counters ``+`` / ``-`` can act on, per system (``t`` cycles them)."""

LINES = ("tracker-status", "tracker-table", "tracker-detail", "clock-table", "panic-result")
"""The pane's children top to bottom; the last three are mounted when they first have something."""

LABELS = {"mutation_points": "MP", "xp": "XP", "stress": "Stress", "willpower": "WP", "wounds": "Wounds",
          "strain": "Strain", "stamina": "Stamina"}


def describe_panic(panic: dict) -> Text:
    """The panic entry's table result(s) as the GM reads them: total, effect, what it does, who else."""
    out = Text()
    for index, roll in enumerate(panic.get("rolls", [])):
        if index:
            out.append("\n↳ ")
        out.append(f"{roll['character']}: D6 {roll['face']} + stress {roll['stress']} = {roll['total']} ", style="bold")
        out.append(roll["name"]["en"], style="bold yellow")
        out.append(f" — {roll['text']['en']}")
    gains = panic.get("stress", [])
    if gains:
        out.append("\nstress +1: " + ", ".join(g["character"] for g in gains), style="magenta")
    return out


class TrackerPane(Vertical):
    """Stress, panic, conditions, doom and clocks; ``sync()`` re-reads the campaign."""

    BINDINGS = [
        Binding("plus,equals_sign", "change(1)", "+1", id="tracker.plus",
                tooltip="the chosen counter +1 for the highlighted character", key_display="+"),
        Binding("minus", "change(-1)", "-1", id="tracker.minus",
                tooltip="the chosen counter -1", key_display="-"),
        Binding("t", "next_counter", "± which", id="tracker.counter",
                tooltip="choose which counter + and - change (stress, willpower, MP, wounds ...)"),
        Binding("p", "panic", "Panic roll", id="tracker.panic",
                tooltip="panic roll (yze): mark who is in range, see the table result"),
        Binding("r", "rest", "Rest", id="tracker.rest",
                tooltip="rest: the highlighted character's stress to 0"),
        Binding("R", "rest_all", "Rest all PCs", id="tracker.rest_all", show=False),
        Binding("c", "add_condition", "Cond.", id="tracker.condition",
                tooltip="give the highlighted character a condition"),
        Binding("C", "clear_condition", "Clear condition", id="tracker.clear_condition", show=False),
        Binding("o", "doom(1)", "Doom+", id="tracker.doom_plus", tooltip="doom pool +1"),
        Binding("O", "doom(-1)", "Doom -1", id="tracker.doom_minus", show=False),
        Binding("k", "add_clock", "Clock", id="tracker.clock",
                tooltip="new progress clock (4, 6 or 8 segments)"),
        Binding("full_stop", "advance_clock(1)", "Clock+", id="tracker.clock_plus",
                tooltip="fill one segment of the highlighted clock", key_display="."),
        Binding("comma", "advance_clock(-1)", "Clock -1", id="tracker.clock_minus", key_display=",", show=False),
        Binding("K", "remove_clock", "Drop clock", id="tracker.clock_remove", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "4 Tracker"
        self.counter_index = 0
        self.last_panic: dict | None = None
        self.last_panic_entry: tuple[int, int] | None = None
        self._cut: list[bool] = []
        self._fit = ColumnFit()
        self._clock_fit = ColumnFit(column=0)

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
        if action in ("panic", "rest", "rest_all"):
            return self.app.service.has_panic_table
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
        counters = COUNTERS[self.app.service.campaign.system]
        return counters[self.counter_index % len(counters)]

    def sync(self) -> None:
        campaign = self.app.service.campaign
        session = campaign.current_session
        system = campaign.system
        counters = COUNTERS[system]
        self.query_one("#tracker-status", Static).update(Text.assemble(
            ("Doom ", "bold"), (str(session.doom), "bold red"),
            f" · session {session.number} scene {session.scene} · ± ", (LABELS[self.counter], "bold cyan"),
        ))
        table = self.table
        row = table.cursor_row
        table.clear(columns=True)
        headers = ["Name"] + [LABELS[counter] for counter in counters] + ["State"]
        rows = []
        for character in campaign.roster:
            cells: list = [who(character)]
            for counter in counters:
                value = getattr(character, counter)
                if counter == "stress":
                    cells.append(Text(f"{value} " + "█" * min(value, 10), style="bold red" if value >= 3 else ""))
                elif counter == "stamina":
                    cells.append(f"{value}/{character.stamina_max}")
                else:
                    cells.append(str(value))
            state = Text()
            if character.panic is not None:
                state.append(f"{character.panic.total} {shown(character.panic.name)}", style="bold black on yellow")
            if character.conditions:
                state.append((" " if state.plain else "") + ", ".join(shown(c) for c in character.conditions),
                             style="magenta")
            cells.append(state)
            rows.append(cells)
        # nothing cut off silently: a long panic effect or condition list ends in "…" and the
        # highlighted row's full state is in the detail line under the table
        rows, self._cut = self._fit.fit(table_room(table, len(rows)), headers, rows)
        fill_table(table, list(zip(headers, ["name", *counters, "state"])), rows, [c.id for c in campaign.roster])
        if campaign.roster:
            table.move_cursor(row=min(max(row, 0), len(campaign.roster) - 1))
        self._show_detail()
        self._show_clocks(session)
        if self.last_panic and not self._panic_in_force():
            self.last_panic = None
        show_line(self, "panic-result", describe_panic(self.last_panic) if self.last_panic else "", LINES)

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
        clocks.clear(columns=True)
        rows = []
        for clock in session.clocks:
            bar = "●" * clock.filled + "○" * (clock.segments - clock.filled)
            rows.append([Text(shown(clock.name)), Text(f"{bar} {clock.filled}/{clock.segments}",
                                                        style="bold red" if clock.full else "cyan")])
        # a long clock name ends in "…" and the bar is never cut; fitted again on a resize (issue 12)
        headers = ["Clock", "Progress"]
        rows, _cut = self._clock_fit.fit(table_room(clocks, len(rows)), headers, rows)
        fill_table(clocks, list(zip(headers, ["name", "progress"])), rows, [c.id for c in session.clocks])
        clocks.display = bool(session.clocks)
        if session.clocks:
            clocks.move_cursor(row=min(max(clock_row, 0), len(session.clocks) - 1))

    def _show_detail(self) -> None:
        """The highlighted character's full name and state, when their row had to be shortened."""
        roster = self.app.service.campaign.roster
        index = self.table.cursor_row
        was_cut = bool(roster) and 0 <= index < len(roster) and index < len(self._cut) and self._cut[index]
        show_line(self, "tracker-detail", detail_line(self.app.service.campaign.system, roster[index]) if was_cut else "",
                  LINES)

    @on(DataTable.RowHighlighted, "#tracker-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def _panic_in_force(self) -> bool:
        """The shown panic result stays until its history entry is undone."""
        if self.last_panic_entry is None:
            return False
        session, entry_id = self.last_panic_entry
        try:
            return self.app.service.entry(entry_id, session).get("status", "done") == "done"
        except (ValueError, LookupError):
            return False

    def focus_pane(self) -> None:
        self.table.focus()

    def _character_id(self) -> str | None:
        roster = self.app.service.campaign.roster
        if not roster:
            self.app.show_error("The roster is empty: add characters in the roster pane (1, then a).")
            return None
        return roster[min(max(self.table.cursor_row, 0), len(roster) - 1)].id

    def _clock_id(self) -> str | None:
        clocks = self.app.service.session.clocks
        if not clocks:
            self.app.show_error("There is no progress clock yet; press k to add one.")
            return None
        return clocks[min(max(self.clocks.cursor_row, 0), len(clocks) - 1)].id

    # -- actions ----------------------------------------------------------------------------------
    def action_change(self, delta: int) -> None:
        character_id = self._character_id()
        if character_id is None:
            return
        counter = self.counter
        service = self.app.service
        if counter == "stress":
            self.app.attempt(lambda: service.change_stress(character_id, delta))
        else:
            self.app.attempt(lambda: service.change_tracker(character_id, counter, delta))

    def action_next_counter(self) -> None:
        self.counter_index = (self.counter_index + 1) % len(COUNTERS[self.app.service.campaign.system])
        self.sync()

    def action_panic(self) -> None:
        from gmconsole.ui.screens.pick_characters import PickCharactersScreen

        service = self.app.service
        if not service.has_panic_table:
            self.app.show_error(f"{service.campaign.system} has no panic table; panic rolls belong to yze.")
            return
        character_id = self._character_id()
        if character_id is None:
            return
        name = service.campaign.character(character_id).name
        others = [(c.id, who(c)) for c in service.campaign.roster if c.id != character_id]

        def roll(in_range: list[str] | None) -> None:
            if in_range is None:
                return
            entry = self.app.attempt(lambda: service.panic_roll(character_id, in_range=in_range, rng=self.app.rng))
            if entry is not None:
                self.last_panic = entry.get("panic")
                self.last_panic_entry = (entry["session"], entry["id"])
                self.sync()

        self.app.push_screen(
            PickCharactersScreen(f"{name} panics. Who is in range (short range / hears / sees)?", others),
            callback=roll,
        )

    def action_rest(self) -> None:
        character_id = self._character_id()
        if character_id is not None:
            self.app.attempt(lambda: self.app.service.rest(character_id))

    def action_rest_all(self) -> None:
        self.app.attempt(lambda: self.app.service.rest())

    def _condition_hint(self) -> str:
        from gmconsole.rules.data import load_table

        table = load_table("yze")
        return ", ".join(c["id"] for c in table.get("conditions", []))

    def action_add_condition(self) -> None:
        from gmconsole.ui.screens.condition_form import ConditionForm

        character_id = self._character_id()
        if character_id is None:
            return
        service = self.app.service
        name = service.campaign.character(character_id).name
        self.app.push_screen(ConditionForm(f"{name} gains a condition", self._condition_hint(),
                                           self._submit(lambda d: service.add_condition(character_id, d["condition"]))))

    def action_clear_condition(self) -> None:
        from gmconsole.ui.screens.condition_form import ConditionForm

        character_id = self._character_id()
        if character_id is None:
            return
        service = self.app.service
        character = service.campaign.character(character_id)
        if not character.conditions:
            self.app.show_error(f"{character.name} has no condition to clear.")
            return
        clear = self._submit(lambda d: service.remove_condition(character_id, d["condition"]))
        self.app.push_screen(ConditionForm(f"{character.name}: clear which condition?", ", ".join(character.conditions), clear))

    def action_doom(self, delta: int) -> None:
        self.app.attempt(lambda: self.app.service.change_doom(delta))

    def action_add_clock(self) -> None:
        from gmconsole.ui.screens.clock_form import ClockForm

        service = self.app.service
        self.app.push_screen(ClockForm(self._submit(lambda d: service.add_clock(d["name"], d["segments"]))))

    def action_advance_clock(self, steps: int) -> None:
        clock_id = self._clock_id()
        if clock_id is not None:
            self.app.attempt(lambda: self.app.service.advance_clock(clock_id, steps))

    def action_remove_clock(self) -> None:
        clock_id = self._clock_id()
        if clock_id is not None:
            self.app.attempt(lambda: self.app.service.remove_clock(clock_id))

    def _submit(self, change):
        from gmconsole.ui.app import user_errors

        def submit(data: dict) -> str | None:
            try:
                change(data)
            except user_errors() as exc:
                return str(exc)
            return None

        return submit
