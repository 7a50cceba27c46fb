"""Pane 2, initiative (docs/RULES.md) in the campaign's mode: cards, roll or manual.

The acting order with each combatant's card (cards), total (roll) or place (manual), the round
counter, and the current combatant marked ▶ and highlighted; a delayed place reads "delayed" until
the round ends (R-INIT-3), a keeper "keeps card" (R-INIT-2). Keys: start a conflict (pick the
combatants: everyone in the roster is listed and marked, PCs then NPCs; in cards mode each one's
speed N, keep-best-of-N and cards typed from a physical deck; in roll mode ``f`` types the D6s), add
combatants mid-conflict (asked the same), swap two, delay the current turn, bring a delayed one in,
next / previous turn, remove one, keep a card, type a new round's cards, mark the highlighted combatant's
fast (``F``) or slow (``l``) action taken this round where the system has them (yze, yze-step: R-ACT-1, shown in
the table's last column and cleared when the round ends), end the conflict. Each step is a history entry the
GM can undo. In manual mode ``[`` / ``]`` move the highlighted combatant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.filled import filled
from gmconsole.ui.lazy_mount import child, mount_in_place
from gmconsole.ui.redraw import update_if_changed
from gmconsole.ui.widgets.sheet_view import ColumnFit, clear_table, fill_table, table_room
from gmconsole.ui.widgets.styles import BOLD_CYAN, BOLD_YELLOW, ON_TURN

if TYPE_CHECKING:
    from gmconsole.rules.initiative import Initiative

__all__ = ["InitiativePane"]

LINES = ("initiative-status", "initiative-table")
"""The pane's children top to bottom (the table is mounted when first needed, see ``table``)."""

VALUE_LABEL = {"cards": N_("Card"), "roll": N_("Total"), "manual": N_("Place")}
MODE_NAME = {"cards": N_("cards"), "roll": N_("roll"), "manual": N_("manual")}
"""How each initiative mode is named on screen (the setting's value stays the English word)."""


def _mode(mode: str) -> str:
    return _(MODE_NAME[mode]) if mode in MODE_NAME else mode


def _columns(mode: str, actions_kept: bool) -> tuple[list[str], list[str]]:
    """The table's headers and column keys: the mark, the combatant, the card / total / place, and where the
    system has them the fast and slow actions taken this round (R-ACT-1)."""
    headers, keys = [" ", _("Combatant"), _(VALUE_LABEL[mode])], ["mark", "name", "value"]
    if actions_kept:
        headers, keys = [*headers, _("Taken")], [*keys, "actions"]
    return headers, keys


class InitiativePane(Vertical):
    """The initiative table and its keys; ``sync()`` re-reads ``session.initiative``."""

    app = getters.app(ConsoleApp)

    BINDINGS = [
        Binding("s", "start", N_("Start"), id="initiative.start",
                tooltip=N_("start a conflict: mark who fights (cards: speed, keep best of N, typed cards; "
                        "roll: f types the D6s)")),
        Binding("n", "next_turn", N_("Next"), id="initiative.next",
                tooltip=N_("next turn (after the last: next round; delays end, R-INIT-2 draws new cards)")),
        Binding("f", "typed_cards", N_("Typed cards"), id="initiative.typed", show=False,
                tooltip=N_("R-INIT-2, at the round's last turn: next round with cards typed from a physical deck")),
        Binding("p", "previous_turn", N_("Prev"), id="initiative.previous", tooltip=N_("previous turn")),
        Binding("a", "add", N_("Add"), id="initiative.add",
                tooltip=N_("add combatants mid-conflict (asked what the start asks)")),
        Binding("w", "swap", N_("Swap"), id="initiative.swap",
                tooltip=N_("swap the highlighted combatant's initiative with another")),
        Binding("d", "delay", N_("Delay"), id="initiative.delay",
                tooltip=N_("delay the current turn to the end of the round (until they act)")),
        Binding("b", "bring_in", N_("Bring in"), id="initiative.bring_in", show=False,
                tooltip=N_("the highlighted delayed combatant acts now, after the current turn")),
        Binding("k", "keep_card", N_("Keep card"), id="initiative.keep", show=False,
                tooltip=N_("R-INIT-2: the highlighted combatant keeps their card each new round (again: draws)")),
        Binding("F", "take_action('fast')", N_("Fast action"), id="initiative.fast", show=False,
                tooltip=N_("R-ACT-1: the highlighted combatant takes a fast action this round (again when all are "
                        "taken: free again)")),
        Binding("l", "take_action('slow')", N_("Slow action"), id="initiative.slow", show=False,
                tooltip=N_("R-ACT-1: the highlighted combatant takes a slow action this round (again when all are "
                        "taken: free again)")),
        Binding("x", "remove", N_("Remove"), id="initiative.remove",
                tooltip=N_("remove the highlighted combatant from the conflict")),
        Binding("left_square_bracket", "move(-1)", N_("Up"), id="initiative.up", key_display="[", show=False,
                tooltip=N_("manual mode: move the highlighted combatant one place earlier")),
        Binding("right_square_bracket", "move(1)", N_("Down"), id="initiative.down", key_display="]", show=False,
                tooltip=N_("manual mode: move the highlighted combatant one place later")),
        Binding("e", "end", N_("End"), id="initiative.end", tooltip=N_("end the conflict")),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.retranslate()
        self._fit = ColumnFit(column=1)

    def retranslate(self) -> None:
        """The pane's title in the language spoken now (again when the campaign's language changes)."""
        self.border_title = "2 " + _("Initiative")

    def compose(self) -> ComposeResult:
        yield Static("", id="initiative-status")

    def _actions_kept(self) -> bool:
        """Whether the campaign's system marks fast and slow actions (R-ACT-1)."""
        from gmconsole import systems

        return systems.get(self.app.service.campaign.system).fast_slow_actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The fast and slow action keys belong to the systems that have them (R-ACT-1)."""
        if action == "take_action":
            return self._actions_kept()
        return True

    def on_mount(self) -> None:
        self.sync()

    def on_resize(self) -> None:
        """The names are fitted to the pane's width: fit them again when that changes what is shown."""
        table = child(self, "initiative-table", DataTable)
        if table is not None and self._fit.changed_by(table_room(table, len(self._fit.rows))):
            self.sync()

    @property
    def table(self) -> DataTable:
        """The acting order. Mounted with the first conflict, or when the GM first comes to the pane:
        between conflicts it would only show its header, on the way to the first frame."""
        table = child(self, "initiative-table", DataTable)
        if table is None:
            table = mount_in_place(self, DataTable(cursor_type="row", id="initiative-table"), LINES)
            state = self.state()
            self._empty(table, state.mode if state else self.app.service.campaign.settings.initiative_mode,
                        self._actions_kept())
        return table

    def state(self) -> Initiative | None:
        """The conflict's initiative, or ``None`` between conflicts (the rules module is imported here,
        when there is a conflict to show, rather than at start-up)."""
        from gmconsole.rules.initiative import Initiative

        data = self.app.service.session.initiative
        return None if data is None else Initiative.from_dict(data)

    def sync(self) -> None:
        service = self.app.service
        campaign = service.campaign
        state = self.state()
        mode = state.mode if state else campaign.settings.initiative_mode
        status = self.query_one("#initiative-status", Static)
        if state is None:
            update_if_changed(status, filled(_("{none} · mode: {mode} · press s to start"),
                                             none=(_("No conflict"), "bold"), mode=_mode(mode)))
            table = child(self, "initiative-table", DataTable)
            if table is not None:
                self._empty(table, mode, self._actions_kept())
            return
        table = self.table
        cursor = table.cursor_row
        redraw = mode == "cards" and campaign.settings.initiative_redraw
        hints = []
        if redraw and state.turn == len(state.slots) - 1:
            hints.append(_("n: new round, new cards (f: type them)"))
        if any(slot.delayed for slot in state.slots[state.turn + 1:]):
            hints.append(_("b: bring a delayed one in"))
        current = state.current()
        acting = campaign.character(current.combatant) if current else None
        name = shown(acting.name) if acting else "—"
        # one sentence per shape (with or without the deck), the round's number bold cyan after a bold "Round"
        line = (_("{round} · {mode} · deck: {count} left · now: {name}") if mode == "cards"
                else _("{round} · {mode} · now: {name}"))
        round_label = filled(_("Round {round}"), "bold", round=(str(state.round), BOLD_CYAN))
        text = filled(line, round=round_label, mode=_mode(mode), count=str(len(state.deck)),
                      name=(name, BOLD_YELLOW))
        for hint in hints:
            text.append(" · " + hint)
        update_if_changed(status, text)
        kept = self._actions_kept()
        if kept:
            from gmconsole.campaign.combat_actions import taken_text
        rows = []
        for index, slot in enumerate(state.slots):
            character = campaign.character(slot.combatant)
            label = shown(character.name if character else slot.combatant)
            if slot.delayed:
                label = _("{name} · delayed").format(name=label)
            if redraw and slot.combatant in state.keepers:
                label = _("{name} · keeps card").format(name=label)
            value = str(index + 1) if mode == "manual" else str(slot.value)
            taken = [Text(taken_text(state, slot.combatant))] if kept else []
            if index == state.turn:
                rows.append([Text("▶", style=BOLD_YELLOW), Text(label, style=ON_TURN),
                             Text(value, style=BOLD_YELLOW), *taken])
            else:
                rows.append([Text(""), Text(label), Text(value), *taken])
        # a long name ends in "…" (its card or total never cut), fitted again on a resize
        headers, keys = _columns(mode, kept)
        rows, _cut = self._fit.fit(table_room(table, len(rows)), headers, rows)
        fill_table(table, list(zip(headers, keys)), rows, [f"{i}" for i in range(len(rows))])
        table.move_cursor(row=min(max(cursor, 0), len(state.slots) - 1) if cursor >= 0 else state.turn)

    @staticmethod
    def _empty(table: DataTable, mode: str, kept: bool) -> None:
        """The table with its columns for ``mode`` (``kept``: fast and slow actions too) and no rows."""
        clear_table(table)
        for header, key in zip(*_columns(mode, kept)):
            table.add_column(header, key=key)

    def focus_pane(self) -> None:
        self.table.focus()

    def _highlighted_combatant(self) -> str | None:
        state = self.state()
        if state is None or not state.slots:
            return None
        row = self.table.cursor_row
        if not 0 <= row < len(state.slots):
            return None
        return state.slots[row].combatant

    def _choices(self, exclude=()) -> list[tuple[str, str]]:
        """Everyone in the roster not in ``exclude``: player characters first, then NPCs."""
        from gmconsole.ui.widgets.sheet_view import who

        roster = sorted(self.app.service.campaign.roster, key=lambda c: c.is_npc)
        return [(c.id, who(c)) for c in roster if c.id not in exclude]

    def _no_conflict(self) -> bool:
        return self._conflict() is None

    def _conflict(self) -> Initiative | None:
        """The conflict's initiative; between conflicts ``None``, and the GM is told how to start one."""
        state = self.state()
        if state is None:
            self.app.show_error(_("There is no conflict going on; press s to start one."))
        return state

    # -- actions ----------------------------------------------------------------------------------
    def action_start(self) -> None:
        """Mark who fights (everyone in the roster is marked: PCs, then NPCs), then the mode's questions."""
        from gmconsole.ui.screens.pick_combatants import PickCombatantsScreen

        if self.state() is not None:
            self.app.show_error(_("A conflict is already going on; press e to end it first."))
            return
        service = self.app.service
        mode = service.campaign.settings.initiative_mode
        choices = self._choices()
        npcs = sum(1 for c in service.campaign.roster if c.is_npc)
        title = _("Who fights? ({mode} initiative) {pcs} PCs and {npcs} NPCs, all marked: space leaves one out").format(
            mode=_mode(mode), pcs=len(choices) - npcs, npcs=npcs)
        picker = PickCombatantsScreen(title, choices, [cid for cid, _label in choices], typed_dice=mode == "roll")

        def picked(ids: list[str] | None) -> None:
            if ids:
                self._ask(mode, ids, picker.dice_typed, lambda **options: service.conflict.start_conflict(
                    ids, rng=self.app.rng, **options))

        self.app.push_screen(picker, callback=picked)

    def _ask(self, mode: str, ids: list[str], typed: bool, act) -> None:
        """The questions a combatant joining is asked, by mode: cards — speed, keep-best-of and cards
        (a form); roll — the D6s when the GM chose to type them (a form), else none; then ``act``."""
        from gmconsole.ui.errors import user_errors
        from gmconsole.ui.screens.draw_options_form import DrawOptionsForm, InitiativeDiceForm

        service = self.app.service
        if mode == "manual" or (mode == "roll" and not typed):
            self.app.attempt(act)
            self._cursor_to_current()
            return
        names = [(cid, service.character(cid).name) for cid in ids]

        def submit(options: dict) -> str | None:
            try:
                act(**options)
            except user_errors() as exc:
                return str(exc)
            return None

        form = DrawOptionsForm(names, submit) if mode == "cards" else InitiativeDiceForm(names, submit)
        self.app.push_screen(form, callback=lambda _ok: self._cursor_to_current())

    def action_next_turn(self) -> None:
        if not self._no_conflict():
            self.app.attempt(lambda: self.app.service.conflict.next_turn(rng=self.app.rng))
            self._cursor_to_current()

    def action_previous_turn(self) -> None:
        if not self._no_conflict():
            self.app.attempt(self.app.service.conflict.previous_turn)
            self._cursor_to_current()

    def _cursor_to_current(self) -> None:
        state = self.state()
        if state is not None and state.slots:
            self.table.move_cursor(row=state.turn)

    def action_add(self) -> None:
        """Combatants join mid-conflict, asked what the start asks (cards: speed, keep-best-of, cards)."""
        from gmconsole.ui.screens.pick_combatants import PickCombatantsScreen

        state = self._conflict()
        if state is None:
            return
        choices = self._choices(exclude=state.combatants())
        if not choices:
            self.app.show_error(_("Everyone in the roster is already in the conflict."))
            return
        service = self.app.service
        alone = [choices[0][0]] if len(choices) == 1 else []  # the only one who can join starts marked
        picker = PickCombatantsScreen(_("Who joins the conflict?"), choices, alone, typed_dice=state.mode == "roll")

        def picked(ids: list[str] | None) -> None:
            if ids:
                self._ask(state.mode, ids, picker.dice_typed,
                          lambda **options: service.conflict.add_combatants(ids, rng=self.app.rng, **options))

        self.app.push_screen(picker, callback=picked)

    def action_swap(self) -> None:
        from gmconsole.ui.screens.pickers import PickCharacters

        state = self._conflict()
        if state is None:
            return
        first = self._highlighted_combatant()
        others = [(cid, label) for cid, label in self._choices() if cid in state.combatants() and cid != first]
        if first is None or not others:
            self.app.show_error(_("Swapping needs two combatants: highlight one, then pick the other."))
            return
        name = self.app.service.character(first).name

        def picked(ids: list[str] | None) -> None:
            if ids:
                self.app.attempt(lambda: self.app.service.conflict.swap_initiative(first, ids[0]))

        self.app.push_screen(PickCharacters(_("Swap initiative with {name}:").format(name=name), others, limit=1,
                                            minimum=1), callback=picked)

    def action_delay(self) -> None:
        if not self._no_conflict():
            self.app.attempt(lambda: self.app.service.conflict.delay_turn())
            self._cursor_to_current()

    def action_bring_in(self) -> None:
        """R-INIT-3: the highlighted delayed combatant acts now, after the current turn."""
        if self._no_conflict():
            return
        combatant = self._highlighted_combatant()
        if combatant is not None:
            self.app.attempt(lambda: self.app.service.conflict.bring_in(combatant))
            self._cursor_to_current()

    def action_keep_card(self) -> None:
        """R-INIT-2: the highlighted combatant keeps their card each new round (pressed again: draws)."""
        state = self._conflict()
        if state is None:
            return
        if state.mode != "cards" or not self.app.service.campaign.settings.initiative_redraw:
            self.app.show_error(_("Cards are kept for the whole conflict; the setting initiative_redraw (ctrl+o, "
                                  "R-INIT-2) draws new cards each round."))
            return
        combatant = self._highlighted_combatant()
        if combatant is not None:
            self.app.attempt(lambda: self.app.service.conflict.keep_card(combatant, combatant not in state.keepers))

    def action_typed_cards(self) -> None:
        """R-INIT-2 at the round's last turn: the next round's cards typed from a physical deck."""
        from gmconsole.rules.initiative_rounds import drawers
        from gmconsole.ui.errors import user_errors
        from gmconsole.ui.screens.draw_options_form import NewRoundCardsForm

        state = self._conflict()
        if state is None:
            return
        service = self.app.service
        if not (state.mode == "cards" and service.campaign.settings.initiative_redraw
                and state.turn == len(state.slots) - 1):
            self.app.show_error(_("Cards are typed here when a new round draws (R-INIT-2): at the round's last "
                                  "turn, with the setting initiative_redraw on."))
            return
        names = [(cid, service.character(cid).name, count) for cid, count in drawers(state)]
        if not names:
            self.app.attempt(service.conflict.next_turn)
            self._cursor_to_current()
            return

        def submit(options: dict) -> str | None:
            try:
                service.conflict.next_turn(cards=options["cards"], rng=self.app.rng)
            except user_errors() as exc:
                return str(exc)
            return None

        self.app.push_screen(NewRoundCardsForm(names, submit), callback=lambda _ok: self._cursor_to_current())

    def action_take_action(self, kind: str) -> None:
        """R-ACT-1: the highlighted combatant takes one more ``kind`` action this round (all taken: free again)."""
        if self._no_conflict():
            return
        combatant = self._highlighted_combatant()
        if combatant is not None:
            row = self.table.cursor_row
            self.app.attempt(lambda: self.app.service.conflict.take_action(combatant, kind))
            self.table.move_cursor(row=row)

    def action_remove(self) -> None:
        if self._no_conflict():
            return
        combatant = self._highlighted_combatant()
        if combatant is not None:
            self.app.attempt(lambda: self.app.service.conflict.remove_from_conflict(combatant))

    def action_move(self, step: int) -> None:
        """Manual mode: the GM reorders by moving the highlighted combatant up or down one place."""
        state = self._conflict()
        if state is None:
            return
        if state.mode != "manual":
            self.app.show_error(_("The order comes from the {mode}; moving by hand is for manual initiative.").format(
                mode=_mode(state.mode)))
            return
        order = state.combatants()
        row = self.table.cursor_row
        target = row + step
        if not (0 <= row < len(order) and 0 <= target < len(order)):
            return
        order[row], order[target] = order[target], order[row]
        if self.app.attempt(lambda: self.app.service.conflict.set_initiative_order(order)) is not None:
            self.table.move_cursor(row=target)

    def action_end(self) -> None:
        from gmconsole.ui.screens.confirm import ConfirmScreen

        if self._no_conflict():
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.app.attempt(self.app.service.conflict.end_conflict)

        self.app.push_screen(ConfirmScreen(_("End the conflict? (ctrl+z undoes it)")), callback=done)
