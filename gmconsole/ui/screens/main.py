"""The main screen: the four panes, one key each, and a status line.

A tab line on top names the campaign, the four panes with their keys and the screen's keys that the
key bar at the foot does not show; the key bar lists the keys of the focused pane. Wide terminals
(100 columns and 30 lines or more) show the four panes in a 2×2 grid: roster and initiative on top,
roll builder and tracker below. Narrower or shorter terminals (80×24) show one pane at a time, full
size, so nothing is cut off: ``1``–``4`` (or tab moving focus) switch panes. The status line under
the panes shows the last change, or why a change was refused or could not be saved (the campaign is then as it was).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

from gmconsole.campaign.sources import made_where, player_of
from gmconsole.i18n import N_, _
from gmconsole.safe_text import cut_cells, shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.messages import CampaignChanged, CharacterSelected, ShowError, arrived_said, change_said
from gmconsole.ui.player_answers import ACCEPT_ID, REFUSE_ID, PlayerAnswers, RequestLine
from gmconsole.ui.redraw import update_if_changed
from gmconsole.ui.roll_builder import RollBuilder
from gmconsole.ui.widgets.initiative import InitiativePane
from gmconsole.ui.widgets.key_bar import KeyBar
from gmconsole.ui.widgets.roster import RosterPane
from gmconsole.ui.widgets.tracker import TrackerPane

__all__ = ["PANES", "MainScreen"]

PANES = (("1", "pane-roster", N_("Roster")), ("2", "pane-initiative", N_("Initiative")),
         ("3", "pane-roll", N_("Roll builder")), ("4", "pane-tracker", N_("Tracker")))
"""(key, pane id, title): the titles are translated where they are drawn (:mod:`gmconsole.i18n`)."""


class MainScreen(Screen[None]):
    """Roster, initiative, roll builder and tracker; undo / redo / history / settings / help / quit keys."""

    app = getters.app(ConsoleApp)

    HAS_STATUS_LINE = True
    """Refusals are shown in the status line (:mod:`gmconsole.ui.errors`), not as toasts."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    # 1-4 are priority bindings: the app runs them as the key arrives, whatever has the focus on this
    # screen (no pane or field here takes digits). A key typed right after (``4`` then ``+``) goes to
    # the new pane because the app lets it through only once the focus has moved (gmconsole.ui.type_ahead).
    BINDINGS = [
        Binding("1", "focus_pane('pane-roster')", N_("Roster"), id="main.roster", show=False, priority=True),
        Binding("2", "focus_pane('pane-initiative')", N_("Initiative"), id="main.initiative", show=False,
                priority=True),
        Binding("3", "focus_pane('pane-roll')", N_("Roll builder"), id="main.roll", show=False, priority=True),
        Binding("4", "focus_pane('pane-tracker')", N_("Tracker"), id="main.tracker", show=False, priority=True),
        Binding("ctrl+z", "undo", N_("Undo"), id="main.undo"),
        Binding("ctrl+y", "redo", N_("Redo"), id="main.redo", show=False),
        Binding("h", "history", N_("History"), id="main.history", show=False),
        Binding("I", "statistics", N_("Statistics"), id="main.statistics", show=False,
                tooltip=N_("luck and statistics: what the dice did against the odds")),
        Binding("ctrl+o", "settings", N_("Settings"), id="main.settings"),
        Binding("L", "skills", N_("Skills"), id="main.skills",
                tooltip=N_("The campaign's own skills: add, edit, load")),
        Binding("T", "roll_table", N_("Roll a table"), id="main.roll_table", show=False,
                tooltip=N_("roll one of the GM's own tables on the highlighted character")),
        Binding("N", "new_scene", N_("New scene"), id="main.new_scene", show=False,
                tooltip=N_("new scene (\"only one chance\" starts afresh)")),
        Binding("S", "new_session", N_("New session"), id="main.new_session", show=False,
                tooltip=N_("new session: title, date, then the recap")),
        Binding("question_mark,f1", "help", N_("Help"), id="main.help", key_display="?"),
        Binding("q", "quit", N_("Quit"), id="main.quit",
                tooltip=N_("quit (asks first while a roll's costs are still waiting to be applied)")),
        # A player's request (gmconsole.ui.player_answers): control keys nothing else in the console binds (no
        # field types them), priority so they answer whichever pane has the focus; active and on the key bar
        # only while a request waits (check_action).
        Binding("ctrl+r", "accept_request", N_("Accept"), id=ACCEPT_ID, priority=True,
                tooltip=N_("accept the player's request waiting: roll it now, as the player's")),
        Binding("ctrl+n", "refuse_request", N_("Refuse"), id=REFUSE_ID, priority=True,
                tooltip=N_("refuse the player's request waiting, with a word they read on their page")),
    ]

    def __init__(self) -> None:
        super().__init__(classes=" ".join(self._breakpoint_classes()))
        self.active_pane = "pane-roster"
        self._resumed = False
        self.player_answers = PlayerAnswers(self)
        """The players' requests waiting for the GM, and the two keys that answer them."""

    def compose(self) -> ComposeResult:
        yield Static("", id="pane-tabs")
        with Container(id="panes"):
            yield RosterPane(id="pane-roster", classes="pane -active")
            yield InitiativePane(id="pane-initiative", classes="pane")
            yield RollBuilder(id="pane-roll", classes="pane")
            yield TrackerPane(id="pane-tracker", classes="pane")
        yield Static("", id="status-line")
        yield RequestLine("", id="player-request")
        yield KeyBar()

    def on_mount(self) -> None:
        service = self.app.service
        if service.read_only:
            why = getattr(self.app, "read_only_reason", None) or _("this campaign is open in another console")
            self.set_status(_("Read-only: {why}; nothing can be changed here.").format(why=why), error=True)
        else:
            self.set_status(_("{campaign} is open. Pane keys are in the bar below; ? shows them all.").format(
                campaign=shown(service.campaign.name)))
        if service.history_gap:  # entries lost from the history: said once, when the campaign opens
            self.set_status(service.history_gap, error=True)
        if service.history_warning:  # here, not on stderr, which would paint over the screen
            self.set_status(service.history_warning, error=True)
        problems = getattr(self.app, "start_problems", None)
        if problems:  # what was wrong with the settings file: said once, the console runs on defaults
            self.set_status(" ".join(problems), error=True)
        self.player_answers.read_again()  # requests that waited while the console was closed
        self.roster.focus_pane()
        self._show_tabs()
        selected = self.roster.selected_id
        if selected is not None:
            self.roll_builder.select_character(selected)
        self.call_after_refresh(self.app.main_screen_painted)

    # -- parts ------------------------------------------------------------------------------------
    @property
    def roster(self) -> RosterPane:
        return self.query_one(RosterPane)

    @property
    def initiative(self) -> InitiativePane:
        return self.query_one(InitiativePane)

    @property
    def roll_builder(self) -> RollBuilder:
        return self.query_one(RollBuilder)

    @property
    def tracker(self) -> TrackerPane:
        return self.query_one(TrackerPane)

    def add_to_status(self, note: str) -> None:
        """Say ``note`` after what the status line says now (a change's summary and what the GM's answer meant)."""
        said = getattr(self, "_status_said", ("", False))
        self.set_status(f"{said[0]} · {note}" if said[0] else note, error=said[1])

    def set_status(self, text: str, *, error: bool = False) -> None:
        self._status_said = (text, error)
        line = self.query_one("#status-line", Static)
        # One line, escaped whole: a status often quotes a name read from the campaign file.
        line.update(Text(("✗ " if error else "") + shown(text), style=Style(bold=True, color="red") if error else ""))
        line.set_class(error, "-error")

    def _show_tabs(self) -> None:
        """The title line: campaign (and read-only, always), the pane tabs, then the keys the key bar
        does not show, as far as they fit (padding takes two cells). The campaign's name is cut (by terminal
        cells: a Chinese name loses whole characters) to 24 cells, and further when the tabs would not fit."""
        campaign = self.app.service.campaign
        width = self.size.width
        wide = width >= 100
        tabs = Text()
        if wide:
            tabs.append(f" · {campaign.system}")
        session = campaign.current_session  # which session and scene the table is in
        tabs.append(" · " + _("session {number} scene {scene}").format(number=session.number, scene=session.scene)
                    if wide else " · " + _("s{number}/{scene}").format(number=session.number, scene=session.scene))
        if self.app.service.read_only:
            tabs.append(" · " + _("read-only"), style=Style(bold=True, color="red"))
        tabs.append("  ")
        for key, pane_id, label in PANES:
            style = Style(bold=True, reverse=True) if pane_id == self.active_pane else "dim"
            label = _(label)
            tabs.append(f" {key} {label if wide else label.split()[0]} ", style=style)
            tabs.append(" ")
        full = shown(campaign.name)  # a folder name from the disk: measured and cut escaped
        room = width - 2 - tabs.cell_len - 2 if width > 0 else 24
        tabs = Text.assemble((f"⚄ {cut_cells(full, max(min(24, room), 8))}", "bold"), tabs)
        keys = self.hint_keys()  # the GM's keys (the settings file's keymap)
        words = {"history": keys["main.history"], "redo": keys["main.redo"], "scene": keys["main.new_scene"],
                 "session": keys["main.new_session"]}
        hints: tuple[str, ...]
        if self.app.service.can_redo:  # redo is offered only when there is something to redo
            hints = ("  " + _("{history} history · {redo} redo · {scene} scene · {session} session").format(**words),
                     "  " + _("{history} history · {redo} redo").format(**words),
                     " " + _("{history} history").format(**words))
        else:
            hints = ("  " + _("{history} history · {scene} scene · {session} session").format(**words),
                     " " + _("{history} history").format(**words))
        for hint in hints:
            if tabs.cell_len + cell_len(hint) <= width - 2:
                tabs.append(hint, style="italic")
                break
        update_if_changed(self.query_one("#pane-tabs", Static), tabs)

    def hint_keys(self) -> dict[str, str]:
        """The keys of the bindings the tab line names, as the GM's keymap has them."""
        keymap = getattr(self.app, "keymap", None)
        if not keymap:
            return {b.id: b.key for b in self.BINDINGS if isinstance(b, Binding) and b.id}
        from gmconsole.ui.keymap import keys_of

        return {b.id: keys_of(self.app, b) for b in self.BINDINGS if isinstance(b, Binding) and b.id}

    def on_resize(self) -> None:
        self._show_tabs()

    def _breakpoint_classes(self) -> list[str]:
        """The breakpoint classes Textual will give the screen at its first resize, given now.

        With them set from the start, that resize changes no class and so does not restyle every
        widget of the screen on the way to the first frame (``bench/startup.py``)."""
        try:
            width, height = self.app.size
        except RuntimeError:  # no running app (Textual's NoActiveAppError): Textual sets them at the resize
            return []
        return [max((p for p in points if size >= p[0]), default=(0, ""))[1]
                for size, points in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS))]

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Skip the restyle of the first resume: Textual resumes the first screen right after composing it.

        Every widget was styled as it mounted, so restyling the whole screen again only delays the
        first frame (by about 15 ms, ``bench/startup.py``). This handler runs before Textual's own
        (a subclass's handler comes first), which then skips the restyle; later resumes, back from
        the help, history or a form, restyle as usual. The snapshot tests show the same screen."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def _activate(self, pane_id: str) -> None:
        if pane_id == self.active_pane:
            return
        for _key, other, _label in PANES:
            self.query_one(f"#{other}").set_class(other == pane_id, "-active")
        self.active_pane = pane_id
        self._show_tabs()

    # -- messages ---------------------------------------------------------------------------------
    @on(CampaignChanged)
    def _campaign_changed(self, message: CampaignChanged) -> None:
        for pane in (self.roster, self.initiative, self.roll_builder, self.tracker):
            pane.sync()
        self._show_tabs()  # the session and scene may have changed
        entry = message.entry or {}
        if entry.get("arrived"):
            self.set_status(f"✓ {arrived_said(self.app.service, entry['arrived'])}")
        elif entry.get("summary"):
            said = change_said(entry, entry["summary"])
            if player_of(entry.get("source")) is not None:  # a player's request the GM accepted: said whose
                said = _("{summary} — {where}").format(summary=said, where=made_where(
                    entry.get("source"), self.app.service.campaign, self.app.service.ledger.source))
            self.set_status(f"✓ {said}")

    @on(CharacterSelected)
    def _character_selected(self, message: CharacterSelected) -> None:
        self.select_character(message.character_id)

    def select_character(self, character_id: str) -> None:
        """One selection for the console: the roster and the tracker highlight ``character_id`` (whichever
        of them the GM moved in) and the roll builder builds their roll."""
        self.roster.select(character_id)
        self.tracker.select(character_id)
        self.roll_builder.select_character(character_id)

    @on(ShowError)
    def _show_error(self, message: ShowError) -> None:
        self.set_status(message.text, error=True)

    def on_descendant_focus(self, event) -> None:
        node: DOMNode | None = event.widget
        while node is not None and node is not self:
            if node.id in {pane_id for _k, pane_id, _l in PANES}:
                self._activate(node.id)
                return
            node = node.parent

    # -- actions ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that answer a player's request work, and are on the key bar, only while one waits."""
        if action in ("accept_request", "refuse_request"):
            return bool(self.player_answers.waiting)
        return True

    def action_accept_request(self) -> None:
        self.player_answers.accept()

    def action_refuse_request(self) -> None:
        self.player_answers.refuse()

    def action_focus_pane(self, pane_id: str) -> None:
        self._activate(pane_id)
        if pane_id == "pane-roll":
            self.roll_builder.focus()
        else:
            pane = self.query_one(f"#{pane_id}")
            assert isinstance(pane, (RosterPane, InitiativePane, TrackerPane))  # the other panes of PANES
            pane.focus_pane()

    def action_undo(self) -> None:
        from gmconsole.ui.undo_asking import undo_or_redo

        undo_or_redo(self.app, lambda entry: self.notify(
            _("Undone: {summary}").format(summary=shown(entry.get("summary", ""))), timeout=4, markup=False))

    def action_redo(self) -> None:
        from gmconsole.ui.undo_asking import undo_or_redo

        undo_or_redo(self.app, lambda entry: self.notify(
            _("Redone: {summary}").format(summary=shown(entry.get("summary", ""))), timeout=4, markup=False),
            redo=True)

    def action_history(self) -> None:
        from gmconsole.ui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_statistics(self) -> None:
        from gmconsole.ui.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    def action_settings(self) -> None:
        from gmconsole.ui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_skills(self) -> None:
        from gmconsole.ui.screens.skills_screen import SkillsScreen

        self.app.push_screen(SkillsScreen())

    def action_roll_table(self) -> None:
        from gmconsole.ui.table_rolls import roll_a_table

        roll_a_table(self.app, self.roster.selected_id, self.roll_builder)

    def action_new_scene(self) -> None:
        from gmconsole.ui.screens.session_flow import new_scene

        new_scene(self.app)

    def action_new_session(self) -> None:
        from gmconsole.ui.screens.session_flow import new_session

        new_session(self.app)

    def action_help(self) -> None:
        from gmconsole.ui.screens.help import HelpScreen
        from gmconsole.ui.screens.history import HistoryScreen
        from gmconsole.ui.screens.statistics import StatisticsScreen

        panes = [(_("Main screen"), MainScreen, None), ("1 " + _("Roster"), RosterPane, self.roster),
                 ("2 " + _("Initiative"), InitiativePane, self.initiative),
                 ("3 " + _("Roll builder"), RollBuilder, self.roll_builder),
                 ("4 " + _("Tracker"), TrackerPane, self.tracker), ("h " + _("History"), HistoryScreen, None),
                 ("I " + _("Statistics"), StatisticsScreen, None)]
        self.app.push_screen(HelpScreen(panes))

    def action_quit(self) -> None:
        """Quit; while costs wait to be applied ask first: they stay pending in the campaign
        either way, but the GM may have meant to press ``c``."""
        waiting = [] if self.app.service.read_only else self.app.service.outcomes.pending_costs()
        if not waiting:
            self.app.exit(0)
            return
        from gmconsole.ui.screens.question import QuestionScreen

        rolls = _("; ").join(_("roll {id} ({character})").format(id=item["roll_id"],
                                                                  character=item.get("character", ""))
                             for item in waiting[-5:])
        if len(waiting) > 5:
            rolls = _("{listed} and {count} more").format(listed=rolls, count=len(waiting) - 5)

        def answered(quit_anyway: bool | str | None) -> None:
            if quit_anyway:
                self.app.exit(0)

        self.app.push_screen(QuestionScreen(
            _("Costs are still waiting"), _("Costs not yet applied: {rolls}. They stay pending in the "
                                            "campaign either way: stay (n) to apply them now, with c in the roll "
                                            "builder or the history screen, or apply them after reopening.").format(
                rolls=rolls), _("Quit anyway?")), answered)
