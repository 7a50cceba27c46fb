"""The players' table view: a read-only Textual app on a campaign the GM runs elsewhere.

It opens nothing itself: it is handed a service (opened read-only by ``gmconsole table NAME``, never
taking the writer's lock) and :meth:`TableApp.refresh_view` redraws everything from it, at start and
after each change the GM's console (or the command line) saves (:mod:`gmconsole.ui.live_follow`). Only ``q``
(and ctrl+c) quits; no key changes anything. At 120 columns and more the turn order, party and clocks
sit left of the rolls; narrower (80×24), they stack in the order the table needs them: turn order,
the last roll, then the party.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.safe_lines import ESCAPE_UNSAFE
from gmconsole.ui.table.party import Party, numbers_shown
from gmconsole.ui.table.rolls import LastRolls
from gmconsole.ui.table.session_line import SessionLine
from gmconsole.ui.table.turns import TurnOrder
from gmconsole.ui.widgets.styles import BOLD_RED

__all__ = ["WAIT_SECONDS", "WIDE", "CampaignToOpen", "TableApp"]

WIDE = 100
"""From this many columns the rolls get their own column on the right."""
WAIT_SECONDS = 1.0
"""How often a table view waiting for a damaged campaign tries to open it again."""

CSS = """
Screen { layout: vertical; }
#table-body { layout: vertical; height: 1fr; }
#table-body.wide { layout: grid; grid-size: 2 2; grid-columns: 1fr 1fr; grid-rows: auto 1fr; }
#table-turns { height: auto; max-height: 50%; margin-bottom: 1; padding: 0 1; }
.wide #table-turns { max-height: 100%; margin-bottom: 0; padding: 0 1 1 1; }
#table-rolls { height: auto; max-height: 60%; margin-bottom: 1; }
.wide #table-rolls { row-span: 2; height: 1fr; max-height: 100%; border-left: tall $primary; }
#table-party { height: 1fr; }
#table-keys { dock: bottom; height: auto; max-height: 4; color: $text-muted; padding: 0 1; }
#table-waiting { display: none; padding: 1 2; }
TableApp.-waiting #table-waiting { display: block; }
TableApp.-waiting #table-body { display: none; }
"""


@dataclass(frozen=True)
class CampaignToOpen:
    """A campaign a table view in a browser tab waits for: it did not read when the tab opened (a damaged
    file, or none at all). ``open()`` opens it read-only and raises a ``StoreError`` while it still does not
    read; ``problem`` says why it did not open."""

    open: Callable[[], Any]
    problem: str


class TableApp(App[int]):
    """What the players see of ``service``'s campaign; read-only, ``q`` quits."""

    TITLE = N_("gmconsole table")
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("q", "quit", N_("Quit"), id="table.quit"),
        Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True),
    ]

    KEYS_LINE = N_("q quit · the players' view: the GM's console changes it")

    def __init__(self, service, theme: str | None = None, *, waiting: CampaignToOpen | None = None) -> None:
        """``theme``: the GM's settings file's theme (ignored when it is not a theme here). ``service`` is
        None when the campaign did not read: the view says why and shows it once it does (``waiting``)."""
        super().__init__()
        self.title = _(self.TITLE)
        self.service = service
        self.waiting = waiting
        self.animation_level = "none"
        if theme and theme in self.available_themes:
            self.theme = theme
        self._unroute_logs: Callable[[], None] | None = None

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables and the dice colours that read on it, as in the console."""
        from gmconsole.ui.widgets.dice_pool import dice_variables

        variables = super().get_css_variables()
        variables.update(dice_variables(self.current_theme.dark, variables))
        self.theme_variables = variables
        return variables

    def get_line_filters(self):
        """As the console's: anything drawn from the campaign file is escaped."""
        return [*super().get_line_filters(), ESCAPE_UNSAFE]

    def compose(self) -> ComposeResult:
        yield SessionLine(id="table-session")
        with Vertical(id="table-body"):  # turn order, rolls, party: the narrow order; wide, a grid
            yield TurnOrder(id="table-turns")
            with VerticalScroll(id="table-rolls", can_focus=False):
                yield LastRolls(id="table-last-rolls")
            yield Party(id="table-party")
        yield Static(id="table-waiting")
        yield Static(_(self.KEYS_LINE), id="table-keys")

    def on_mount(self) -> None:
        from gmconsole.ui.log_to_status import route_logs

        self._unroute_logs = route_logs(self)  # a warning (the watch could not start) never hits the TUI raw
        if self.service is None:
            assert self.waiting is not None  # a view opened without its campaign is given the one it waits for
            self._wait_for_campaign(self.waiting.problem)
            return
        self._show_campaign()

    def _show_campaign(self) -> None:
        self.refresh_view()
        from gmconsole.ui.live_follow import follow_campaign

        follow_campaign(self, self.service, on_change=self.refresh_view)  # the GM's changes, as they are saved

    def _wait_for_campaign(self, problem: str) -> None:
        """The campaign did not read: say so where an open view says that a change did not read (the keys
        line), the whole reason in the body, and try again every :data:`WAIT_SECONDS` until it reads."""
        self.add_class("-waiting")
        self._say_unreadable(problem)
        self._retry = self.set_interval(WAIT_SECONDS, self._try_campaign_again)

    def _say_unreadable(self, problem: str) -> None:
        reason = shown(problem)
        self.show_error(_("the campaign could not be read; it is shown once it reads again: {error}").format(
            error=reason))
        self.query_one("#table-waiting", Static).update(Text(reason))

    def _try_campaign_again(self) -> None:
        from gmconsole.campaign.storage_access import StoreError

        assert self.waiting is not None  # only a view waiting for its campaign tries it again
        try:
            self.service = self.waiting.open()
        except StoreError as exc:
            self._say_unreadable(str(exc))
            return
        self._retry.stop()
        self.remove_class("-waiting")
        self.query_one("#table-keys", Static).update(_(self.KEYS_LINE))
        self._show_campaign()

    def on_unmount(self) -> None:
        if self._unroute_logs is not None:
            self._unroute_logs()
            self._unroute_logs = None

    def show_error(self, text: str) -> None:
        """A gmconsole log line, in the bottom line beside the keys (``text`` already escaped)."""
        error = ("✗ " + text, BOLD_RED)
        self.query_one("#table-keys", Static).update(Text.assemble(error, "  · " + _("q quit")))

    def on_resize(self, event) -> None:
        self.refresh_view(event.size.width)  # the app's own size is not the new one yet

    def refresh_view(self, width: int | None = None) -> None:
        """Redraw everything from the service (on mount, on resize, and whenever the campaign changed),
        laid out for ``width`` columns (default: the app's)."""
        if self.service is None:
            return
        width = self.size.width if width is None else width
        wide = width >= WIDE
        body = self.query_one("#table-body")
        body.set_class(wide, "wide")
        self.query_one(SessionLine).show(self.service)
        self.query_one(TurnOrder).show(self.service, compact=not wide, numbers_shown=numbers_shown)
        self.query_one(Party).show(self.service)
        width = max(20, (width // 2 if wide else width) - 4)
        self.query_one(LastRolls).show(self.service, big=5 if wide else 1, small=0 if wide else 2, width=width)
