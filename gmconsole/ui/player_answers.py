"""The players' requests on the GM's console (``player_rolls = approve``): the line that says one waits, and
the GM's two keys that answer it.

A player asks from their page (``gmconsole serve NAME --players``); the request waits in the campaign's
inbox (:class:`~gmconsole.campaign.player_requests.PlayerInbox`). The main screen shows the oldest one in a
line of its own above the key bar — "Lambert Cho asks to roll Medicine with Scalpel +1 — ctrl+r accept ·
ctrl+n refuse (2 more waiting)" — without taking the focus or any key the GM types: the two keys are
control keys no pane, field or screen of the console binds (the roll builder's skill filter types letters),
and they are active, and on the key bar, only while a request waits.

- **accept** (``ctrl+r``, the dice are *rolled* now): rolls (or pushes) what the player asked, recorded as
  the player's (``source`` ``player:<id>``); the roll builder shows the result as it shows the GM's own
  rolls, with the focus on it, so ``p``, ``O`` and ``c`` work on it at once;
- **refuse** (``ctrl+n``, *no*): asks for the word the player reads, in a one-line entry; escape keeps the
  request waiting.

The inbox is read when the main screen opens and whenever the console's watch of the campaign folder wakes
(:func:`gmconsole.ui.live_follow.follow_campaign`'s ``on_wake``; the inbox is one of the files it watches),
so a new request shows within the watch's debounce, with no polling. A request answered elsewhere (another
console) is said in the status line in one sentence.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text
from textual.widgets import Static

from gmconsole.i18n import _, ngettext
from gmconsole.phrasing import possessive
from gmconsole.safe_text import shown

if TYPE_CHECKING:
    from gmconsole.campaign.player_requests import PlayerRequest

__all__ = ["ACCEPT_ID", "REFUSE_ID", "AnsweringScreen", "PlayerAnswers", "RequestLine"]

_log = logging.getLogger(__name__)

ACCEPT_ID = "main.accept_request"
"""The keymap id of the accept key (``ctrl+r``)."""
REFUSE_ID = "main.refuse_request"
"""The keymap id of the refuse key (``ctrl+n``)."""


class RequestLine(Static):
    """The line above the key bar naming the oldest request waiting; hidden while none waits."""

    DEFAULT_CSS = """
    RequestLine {
        display: none;
        height: auto;
        max-height: 2;
        padding: 0 1;
        background: $warning 25%;
        color: $text;
        text-style: bold;
    }
    RequestLine.-waiting {
        display: block;
    }
    """


class AnsweringScreen(Protocol):
    """What :class:`PlayerAnswers` asks of the main screen (which holds it, so it is not imported here)."""

    @property
    def app(self) -> Any: ...
    @property
    def roll_builder(self) -> Any: ...

    def query_one(self, selector: Any) -> Any: ...
    def refresh_bindings(self) -> None: ...
    def hint_keys(self) -> dict[str, str]: ...
    def select_character(self, character_id: str) -> None: ...
    def action_focus_pane(self, pane_id: str) -> None: ...
    def set_status(self, text: str, *, error: bool = False) -> None: ...


class PlayerAnswers:
    """What the main screen ``screen`` knows of the players' requests and does with the GM's two keys."""

    def __init__(self, screen: AnsweringScreen) -> None:
        self.screen = screen
        self.waiting: list[PlayerRequest] = []
        self._problem: str | None = None
        """Why the inbox did not read last time (said once in the status line), ``None`` when it read."""

    @property
    def _service(self):
        return self.screen.app.service

    def _inbox(self):
        from gmconsole.campaign.player_requests import PlayerInbox

        return PlayerInbox(self._service)

    def read_again(self) -> None:
        """Read the inbox and show its oldest request (the keys appear on the key bar only while one waits).
        A read-only console answers nothing and shows nothing; an inbox that does not read is said in one
        logged line (the status line), and the line shows what it showed."""
        if self._service.read_only:
            return
        from gmconsole.campaign.storage_access import StoreError

        try:
            waiting = self._inbox().waiting()
        except (StoreError, ValueError, OSError) as exc:
            if str(exc) != self._problem:  # said once, not again after every change the watch sees
                self._problem = str(exc)
                said = _("the players' requests could not be read; showing them as they were: {problem}")
                _log.warning("%s", said.format(problem=exc))
            return
        self._problem = None
        before = [(r.id, r.what) for r in self.waiting]
        self.waiting = waiting
        if before != [(r.id, r.what) for r in waiting]:
            self.show()
            self.screen.refresh_bindings()

    def show(self) -> None:
        """Draw the request line again (a new request, one answered, the keymap's keys)."""
        line = self.screen.query_one(RequestLine)
        line.set_class(bool(self.waiting), "-waiting")
        if not self.waiting:
            line.update("")
            return
        keys = self.screen.hint_keys()
        said = _("{request} — {accept} accept · {refuse} refuse").format(
            request=self.waiting[0].what, accept=keys[ACCEPT_ID], refuse=keys[REFUSE_ID])
        more = len(self.waiting) - 1
        if more:
            said = ngettext("{said} ({count} more waiting)", "{said} ({count} more waiting)", more).format(
                said=said, count=more)
        line.update(Text(shown(said)))

    def accept(self) -> None:
        """Roll (or push) the oldest request now, as the player's, and show it in the roll builder."""
        if not self.waiting:
            return
        request = self.waiting[0]
        app = self.screen.app
        entry = app.attempt(lambda: self._inbox().accept(request.id, rng=app.rng))
        self.read_again()
        if entry is None:  # refused (answered elsewhere, withdrawn, a push no longer allowed): said already
            return
        screen = self.screen
        screen.roll_builder.leave_skill_filter()  # the GM's half-typed filter goes, as escape leaves it
        controller = screen.roll_builder.controller
        building, draft = controller.character_id, controller.draft
        screen.select_character(request.character_id)
        controller.rolled(entry, options_used=False)
        screen.action_focus_pane("pane-roll")
        if building is not None and building != request.character_id and (draft.skill or draft.attribute):
            # each character keeps the roll drafted for them: say so, or the GM thinks it is lost
            name = app.service.campaign.character(building)
            if name is not None:
                app.notify(_("{whose} roll is kept: select them in the roster to go on with it").format(
                    whose=possessive(shown(name.name))), timeout=5, markup=False)

    def refuse(self) -> None:
        """Ask for the word the player reads, then refuse the oldest request with it (escape: it waits on)."""
        if not self.waiting:
            return
        from gmconsole.campaign.player_requests import RequestGone
        from gmconsole.ui.screens.line_entry import TypeReason

        request = self.waiting[0]

        def submit(word: str) -> tuple[str, bool]:
            """(what the status line says, whether it is an error): a word the inbox refuses (too long) is
            said under the field; a request answered elsewhere meanwhile closes the entry and is said."""
            try:
                self._inbox().refuse(request.id, word)
            except RequestGone as exc:
                return str(exc), True
            said = _("Refused: {request}").format(request=request.what)
            return (f"✓ {said} ({shown(word)})" if word else f"✓ {said}"), False

        def done(answer: tuple[str, bool] | None) -> None:
            self.read_again()
            if answer is not None:
                self.screen.set_status(answer[0], error=answer[1])

        self.screen.app.push_screen(TypeReason(
            _("Refuse: {request}").format(request=request.what),
            _("The word {name} reads on their page (may be left empty)").format(name=shown(request.character)),
            submit, placeholder=_("not now"), enter="ok"), done)
