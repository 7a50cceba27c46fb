"""Sessions and scenes in the console: the new-session form, the recap screen, and the flow
behind the main screen's ``S`` (new session) and ``N`` (new scene) keys.

``S`` first checks the session for costs recorded but never applied
(:func:`gmconsole.campaign.recaps.pending_costs`) and asks before closing it; then a form takes the
new session's title and date (today by default); once it is open, the recap of the session just ended
is shown. The recap screen is also on ``r`` in the history screen. It reads the recap from the
service (built from the history, never stored), draws it as Markdown text, and exports it to a file
the GM names (``m``; default ``<campaign folder>-session-<n>-recap.md`` in the export folder), like the
history's exports. ``p`` / ``n`` step to the previous and next session.

Text in the recap comes from the campaign's files: :func:`gmconsole.campaign.recaps.recap_markdown`
escapes it, and it is drawn as plain text (no markup).
"""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from gmconsole.campaign import recaps
from gmconsole.campaign.storage_access import CorruptFile
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.screens.form_base import FormScreen, field_row
from gmconsole.ui.widgets.footer import Footer

__all__ = ["NewSessionForm", "RecapScreen", "new_scene", "new_session"]


class NewSessionForm(FormScreen):
    """The next session's title (may be blank) and date (``YYYY-MM-DD``, today by default)."""

    def __init__(self, submit, number: int, today: str) -> None:
        super().__init__(submit)
        self.form_title = _("New session {number}").format(number=number)
        self.today = today

    def fields(self) -> ComposeResult:
        yield field_row(_("Title"), "title", placeholder=_("what tonight is called (optional)"))
        yield field_row(_("Date"), "date", value=self.today, placeholder="YYYY-MM-DD")

    def parse(self) -> dict:
        return {"title": self.text("title"), "date": self.text("date")}


class RecapScreen(Screen[None]):
    """A session's recap as Markdown text; ``m`` exports it, ``p`` / ``n`` other sessions, ``escape`` back."""

    app = getters.app(ConsoleApp)

    DEFAULT_CSS = """
    RecapScreen #recap-body { height: 1fr; padding: 0 1; }
    RecapScreen #recap-message { height: auto; color: $text-muted; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="recap.back"),
        Binding("m", "export", N_("Export MD"), id="recap.export"),
        Binding("p", "step(-1)", N_("Previous session"), id="recap.previous"),
        Binding("n", "step(1)", N_("Next session"), id="recap.next"),
        Binding("r", "restore", N_("Restore / set aside"), id="recap.restore", show=False),
    ]

    def __init__(self, session: int | None = None, *, note: str = "") -> None:
        super().__init__()
        self.session = session
        self.note = note
        self.markdown = ""
        self.damaged: CorruptFile | None = None
        """The damaged history file met reading the recap, offered again on ``r`` after a "no"."""

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="⚄")
        with VerticalScroll(id="recap-body"):
            yield Static("", id="recap-text", markup=False)
        yield Static("", id="recap-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._say(self.note)  # first: a damaged file met by show() is said after it, not wiped by it
        self.show(self.session)

    def show(self, session: int | None) -> None:
        """Read and draw the recap of ``session`` (the current one when ``None``); a damaged history
        file is named in the recap's place, with the way out offered (and again on ``r`` after a "no")."""
        service = self.app.service
        try:
            data = service.sessions.recap(session)
        except CorruptFile as exc:
            self._unreadable(session, exc)
            self.action_restore()
            return
        except ValueError as exc:  # ValidationError: a session the campaign does not have
            self._say(str(exc))
            return
        self.damaged = None
        self.session = data["session"]
        self.markdown = recaps.recap_markdown(data)
        self.title = _("Recap of session {number}").format(number=self.session)
        self.sub_title = shown(service.campaign.name)
        self.query_one("#recap-text", Static).update(Text(self.markdown))

    def _unreadable(self, session: int | None, error: CorruptFile) -> None:
        """Draw, in the recap's place, why it cannot be read: the damaged file and what to do."""
        from gmconsole.ui.damaged import damaged_line, offers_way_out

        number = self.app.service.session.number if session is None else session
        self.session, self.damaged, self.markdown = number, error, ""
        self.title = _("Recap of session {number}").format(number=number)
        way_out = ("\n\n" + _("r: restore its backup or set it aside (renamed beside itself, not deleted)")
                   if offers_way_out(self.app.service, error) else "")
        self.query_one("#recap-text", Static).update(Text(
            _("Recap of session {number} cannot be read: {why}").format(
                number=number, why=shown(damaged_line(self.app.service, error))) + way_out))

    def action_restore(self) -> None:
        """``r``: offer again to restore (or set aside) the damaged file the recap met."""
        from gmconsole.ui.damaged import damaged_line, offer_restore

        if self.damaged is None:
            self._say(_("Nothing to restore: the recap reads its history."))
            return
        session = self.session

        def restored(summary: str) -> None:
            self.show(session)
            self._say(summary)

        shown_above = damaged_line(self.app.service, self.damaged)

        def say(text: str) -> None:  # the damaged file is named in the recap's place: the line keeps its note
            if text != shown_above:
                self._say(text)

        offer_restore(self.app, self.damaged, say=say, restored=restored)

    def _say(self, text: str) -> None:
        self.query_one("#recap-message", Static).update(Text(shown(text)))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_step(self, delta: int) -> None:
        numbers = [s.number for s in self.app.service.campaign.sessions]
        at = numbers.index(self.session) if self.session in numbers else len(numbers) - 1
        target = at + delta
        if not 0 <= target < len(numbers):
            self._say(_("There is no earlier session.") if delta < 0 else _("This is the newest session."))
            return
        self._say("")
        self.show(numbers[target])

    def default_export_name(self) -> str:
        """``<campaign folder>-session-<n>-recap.md``, written to the export folder (:mod:`gmconsole.ui.exports`);
        named after the campaign's folder, never a name read from its files."""
        from gmconsole.campaign.export_files import default_name

        session = self.app.service.session.number if self.session is None else self.session  # None: the current one
        return default_name(self.app.service, session, recap=True)

    def action_export(self) -> None:
        from gmconsole.ui.exports import export_screen

        if self.damaged is not None:  # nothing was read: an empty file would look like an empty session
            self._say(_("The recap of session {number} cannot be read, so it is not exported: r offers "
                        "the way out.").format(number=self.session))
            return
        body = self.markdown
        screen, written = export_screen(
            self.app, _("Export the recap of session {number} as Markdown").format(number=self.session),
            self.default_export_name(), lambda: body,
            lambda path: self._say(_("Recap of session {number} exported to {path}").format(number=self.session,
                                                                                            path=path)))
        self.app.push_screen(screen, written)


def new_scene(app) -> None:
    """``N``: the next scene of the current session ("only one chance" starts afresh, docs/RULES.md)."""
    app.attempt(app.service.sessions.new_scene)


def _pending_text(pending: list[dict]) -> str:
    from gmconsole.campaign.pending_costs import cost_text

    parts = []
    for item in pending[:4]:
        costs = _(", ").join(cost_text(c) for c in item.get("costs") or () if isinstance(c, dict))
        parts.append(_("{name}: {costs}").format(name=item.get("character") or "?", costs=costs))
    listed = _("; ").join(parts)
    if len(pending) > 4:
        return _("{listed} and {count} more").format(listed=listed, count=len(pending) - 4)
    return listed


def _write_journal(app, ended: int) -> str:
    """The journal of session ``ended`` written into the settings file's ``journal_dir`` (none: ``""``), as the
    sentence that says where, or what went wrong: the new session is open either way."""
    folder = getattr(app.config, "journal_dir", None)
    if folder is None:
        return ""
    from gmconsole.campaign.journal import write_journal
    from gmconsole.ui.errors import user_errors

    refused: tuple[type[BaseException], ...] = (*user_errors(), OSError)
    try:
        done = write_journal(app.service.ledger, folder, ended, key=app.service.campaign_folder.name)
    except refused as exc:
        return _("The journal was not written to {folder}: {error}").format(folder=shown(folder), error=shown(exc))
    said = _("Journal of session {number} written to {folder}.").format(number=ended, folder=shown(folder))
    if done.skipped:
        said += " " + _("Left alone: {files}.").format(files=_(", ").join(shown(name) for name, _why in done.skipped))
    return said


def new_session(app) -> None:
    """``S``: ask first when the session has costs not applied, then the form, then the recap of the
    session just ended."""
    service = app.service
    if service.read_only:
        app.attempt(service.sessions.new_session)  # refused with the read-only message
        return
    ending = service.session.number
    try:
        pending = recaps.pending_costs(service.ledger)
    except CorruptFile as exc:
        from gmconsole.ui.damaged import offer_restore

        offer_restore(app, exc, say=app.show_error)
        return

    def form(go_on: bool | None = True) -> None:
        if not go_on:
            return
        today = service.sessions.today()

        def submit(data: dict) -> str | None:
            from gmconsole.ui.errors import user_errors

            try:
                service.sessions.new_session(date=data["date"], title=data["title"])
            except user_errors() as exc:
                return str(exc)
            return None

        def opened(done: bool | None) -> None:
            if done:
                dated = recaps.date_warning(service.ledger)  # a flashback is allowed; a mistyped date is undoable
                said = (_("Session {ended} ended; session {open} is open. m exports this recap. Note: {warning}.")
                        if dated else _("Session {ended} ended; session {open} is open. m exports this recap."))
                note = said.format(ended=ending, open=service.session.number, warning=dated)
                journal = _write_journal(app, ending)
                app.push_screen(RecapScreen(ending, note=f"{note} {journal}" if journal else note))

        app.push_screen(NewSessionForm(submit, ending + 1, today), opened)

    if pending:
        from gmconsole.ui.screens.confirm import ConfirmScreen

        question = _("Session {number} has costs not applied yet — {costs}. Close it anyway? (They stay pending "
                     "in its history.)").format(number=ending, costs=shown(_pending_text(pending)))
        app.push_screen(ConfirmScreen(question), form)
    else:
        form()
