"""The statistics screen (``I`` from the main screen and from the history): what the dice did against
what the odds said, in figures and in plots drawn in the terminal.

It shows the current session by default; ``s`` switches to the whole campaign and back, ``c`` picks one
character (or everyone). The figures are those of :func:`gmconsole.campaign.statistics.statistics` (what
``gmconsole stats --json`` prints), in words by :mod:`~gmconsole.ui.screens.statistics_text`; the plots
(:mod:`gmconsole.ui.widgets.stats_plots`, imported when this screen opens) are the successes observed
against expected roll after roll (:mod:`gmconsole.campaign.statistics_series`), the luck of each
character, and the faces of each typed die the fairness test marks suspect.

The screen never blocks the console: the figures are counted off the console's thread while the status
line says "Counting…" and keys (escape, scrolling, ``s``, ``c``) keep working. What the count needs is
taken on the console's thread first: the campaign (a change swaps in a new one, never edits it) and the
list of history chunks with their sizes (no file read). Up to :data:`READ_HERE_BYTES` of history (a
session) is read and counted in a worker thread, pausing after each chunk as the history screen's read
does; more (the whole of a long campaign) in a child process that opens the campaign read-only, since
parsing JSON holds the interpreter and a thread reading 50,000 entries held keys back for seconds. A
change (heard as the history screen hears it) counts again; a newer count cancels an older one, whose
child is ended and whose figures are dropped.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from gmconsole.campaign.storage_access import StoreError
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.messages import CampaignChanged
from gmconsole.ui.widgets.key_bar import KeyBar

__all__ = ["HAND_BACK", "READ_HERE_BYTES", "StatisticsScreen"]

HAND_BACK = 0.002
"""Seconds the counting thread sleeps after each history chunk it parses: parsing a chunk holds the
interpreter, and the pause lets a key waiting on the console's thread through."""

READ_HERE_BYTES = 1_500_000
"""History (bytes) read and counted by a thread of the console, at most: a session of a few hundred
rolls, tens of ms. More (the whole of a long campaign) is counted by a child process, because parsing
a chunk's JSON holds the interpreter for its whole length (65 ms a chunk of 256 rolls on the slow
machine, seconds when it is loaded) and a key waits behind several (``bench/stats_screen.py``)."""


class StatisticsScreen(Screen[None]):
    """Luck and statistics of the current session or the campaign, everyone or one character."""

    DEFAULT_CSS = """
    StatisticsScreen #stats-status {
        height: auto;
        color: $text-muted;
        padding: 0 1;
    }
    StatisticsScreen #stats-body {
        height: 1fr;
        padding: 0 1;
    }
    StatisticsScreen #stats-plots {
        layout: grid;
        grid-size: 2;
        grid-gutter: 1 2;
        grid-rows: 16;
        height: auto;
    }
    StatisticsScreen.-narrow #stats-plots {
        grid-size: 1;
    }
    StatisticsScreen #stats-plots > * {
        height: 16;
    }
    StatisticsScreen #stats-plots > .-hidden {
        display: none;
    }
    StatisticsScreen #stats-notes {
        height: auto;
        color: $text-muted;
    }
    """

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="statistics.back"),
        Binding("s", "scope", N_("Session/campaign"), id="statistics.scope",
                tooltip=N_("switch between the current session and the whole campaign")),
        Binding("c", "character", N_("Character"), id="statistics.character",
                tooltip=N_("the figures of one character, or everyone")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.whole_campaign = False
        self.character: str | None = None  # a roster id; None: everyone
        self.data: dict | None = None  # the figures shown (None while the first count runs)
        self.counting = False

    @property
    def service(self):
        return self.app.service

    def compose(self) -> ComposeResult:
        from gmconsole.ui.widgets.stats_plots import LuckPlot, SuccessPlot

        yield Header()
        yield Static("", id="stats-status")
        with VerticalScroll(id="stats-body"):
            yield Static("", id="stats-figures")
            yield Static("", id="stats-notes")
            with Container(id="stats-plots"):
                yield SuccessPlot(id="plot-successes", classes="-hidden")
                yield LuckPlot(id="plot-luck", classes="-hidden")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#stats-body").focus()
        self.recount()

    # ------------------------------------------------------------------ counting
    def scope_words(self) -> str:
        where = (_("the whole campaign") if self.whole_campaign
                 else _("session {number}").format(number=self.service.session.number))
        who = _("everyone")
        if self.character is not None:
            found = self.service.campaign.find_character(self.character)
            who = found.name if found is not None else self.character
        return f"{where} · {who}"

    def recount(self) -> None:
        """Count again (off the console's thread), from the campaign and the history chunks as they are now."""
        self.counting = True
        self._status(_("Counting… ({scope})").format(scope=self.scope_words()))
        session = None if self.whole_campaign else self.service.session.number
        try:
            signatures = self.service.history.chunks()  # reads no chunk: a few stat calls
            chunks = [key for key in signatures if session is None or key[0] == session]
            size = sum(signatures[key][2] for key in chunks)
        except StoreError as exc:
            self._failed(str(exc))
            return
        self._count(self.service.campaign, session, self.character, chunks, size > READ_HERE_BYTES)

    @work(thread=True, exclusive=True, group="statistics", exit_on_error=False)
    def _count(self, campaign, session, character, chunks, elsewhere: bool) -> None:
        worker = get_current_worker()
        try:
            if elsewhere:
                result = self._count_in_child(session, character, worker)
            else:
                entries = []
                for key in chunks:
                    entries += self.service.history.chunk_entries(*key)
                    time.sleep(HAND_BACK)
                entries.sort(key=lambda e: e["id"])
                result = None if worker.is_cancelled else self.compute(campaign, entries, session, character)
        except (StoreError, ValueError) as exc:  # a damaged file, a character gone: said, not raised
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, str(exc))
            return
        if result is not None and not worker.is_cancelled:
            self.app.call_from_thread(self.show_figures, *result)

    def compute(self, campaign, entries: list[dict], session: int | None, character: str | None) -> tuple:
        """The figures (as ``gmconsole stats --json``) and the running successes, in the counting thread."""
        from gmconsole.campaign.statistics_series import figures_and_series

        return figures_and_series(campaign, entries, session, character)

    def _count_in_child(self, session: int | None, character: str | None, worker) -> tuple | None:
        """The count of a long history, made by a child process
        (``python -m gmconsole.campaign.statistics_series``) that opens the campaign read-only and
        prints the figures as JSON; this thread waits for it without holding the interpreter. None when
        the count was cancelled (the child is ended)."""
        import json
        import os
        import subprocess
        import sys
        from pathlib import Path

        import gmconsole

        here = str(Path(gmconsole.__file__).resolve().parent.parent)  # the same gmconsole as this console
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))}
        args = [sys.executable, "-m", "gmconsole.campaign.statistics_series", str(self.service.campaign_folder),
                "-" if session is None else str(session), "-" if character is None else character]
        child = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 env=env, text=True)
        try:
            while True:
                try:
                    out, err = child.communicate(timeout=0.05)
                    break
                except subprocess.TimeoutExpired:
                    if worker.is_cancelled:
                        return None
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        if child.returncode != 0:
            raise ValueError(err.strip() or _("the counting process ended with status {status}").format(
                status=child.returncode))
        answer = json.loads(out)
        return answer["figures"], tuple(answer["series"])

    def _failed(self, why: str) -> None:
        self.counting = False
        self._status(_("Could not count: {why}").format(why=why))

    def show_figures(self, data: dict, series: tuple[list[int], list[float]]) -> None:
        """A count ended: show its figures and draw its plots."""
        from gmconsole.ui.screens.statistics_text import figures_view

        self.counting = False
        self.data = data
        self._status(_("{campaign}: {scope}").format(campaign=shown(data["campaign"]), scope=self.scope_words()))
        self.query_one("#stats-figures", Static).update(figures_view(data))
        self._draw_plots(data, series)

    def _draw_plots(self, data: dict, series: tuple[list[int], list[float]]) -> None:
        from gmconsole.ui.screens.statistics_text import die_kind
        from gmconsole.ui.widgets.stats_plots import FacesPlot, LuckPlot, SuccessPlot

        notes = []
        observed, expected = series
        successes = self.query_one(SuccessPlot)
        successes.set_class(not observed, "-hidden")
        if observed:
            successes.show(observed, expected)
        else:
            notes.append(_("No rolls in this session yet.") if data["session"] is not None else _("No rolls yet."))
        luck = {name: f["luck"] for name, f in data["by_character"].items() if f["luck"] is not None}
        luck_plot = self.query_one(LuckPlot)
        luck_plot.set_class(not luck, "-hidden")
        if luck:
            luck_plot.show(luck)
        elif observed:
            notes.append(_("No character has rolled enough for a luck score."))
        plots = self.query_one("#stats-plots")
        for old in plots.query(FacesPlot):
            old.remove()
        suspect = [row for row in data["dice_fairness"] if row["suspect"]]
        for row in suspect:
            plot = FacesPlot(classes="faces")
            plots.mount(plot)
            plot.show(f"{die_kind(row['kind'])} d{row['sides']}", row["faces"])
        if not suspect:
            notes.append(_("No typed die is suspect: no face histogram to draw."))
        self.query_one("#stats-notes", Static).update(Text("\n".join(notes)))

    def _status(self, text: str) -> None:
        """The line over the figures; it names the campaign and a character, read from the file."""
        self.query_one("#stats-status", Static).update(Text(shown(text)))

    def on_campaign_changed(self, message: CampaignChanged) -> None:
        self.recount()

    # ------------------------------------------------------------------ keys
    def action_back(self) -> None:
        self.app.pop_screen()

    def action_scope(self) -> None:
        self.whole_campaign = not self.whole_campaign
        self.recount()

    def action_character(self) -> None:
        from gmconsole.ui.screens.pickers import PickCharacters, roster_choices

        choices = [("", _("everyone")), *roster_choices(self.service.campaign.roster)]
        named = {label for _id, label in choices} | {c.name for c in self.service.campaign.roster}
        # the GM's own rolls and characters who left the roster are in the figures too
        choices += [(name, name) for name in (self.data or {}).get("by_character", {}) if name not in named]
        picker = PickCharacters(_("Whose statistics?"), choices, [self.character or ""], limit=1)
        self.app.push_screen(picker, self._picked)

    def _picked(self, chosen: list[str] | None) -> None:
        if chosen is None:
            return
        self.character = (chosen[0] or None) if chosen else None
        self.recount()
