"""The Textual application: one open campaign, the main screen, and the plumbing every pane shares.

The app holds the :class:`~gmconsole.campaign.service.CampaignService` (``self.service``) and the
dice (``self.rng``, a ``random.Random`` that tests seed). It subscribes to the service, so after every
change, undo or redo each screen on the stack gets a :class:`~gmconsole.ui.messages.CampaignChanged`
and re-reads what it shows. Opened read-only, it follows the changes another console or the command
line makes (:mod:`gmconsole.ui.live_follow`): the service reads them and tells the screens the same way.
:meth:`GMConsoleApp.attempt` is how panes ask for a change: a refusal
(``ValueError``: a rules or validation error) or a store failure (``StoreError``, e.g. a failed save
or a read-only campaign) is shown in the status line as the one sentence the service wrote, and the
app carries on with the campaign as it was.

The GM's settings file (:mod:`gmconsole.settings_file`, read by the command line and handed in as
``config``) chooses the theme, the keymap, the export folder and the language; what is wrong with it is
said once in the status line, and the console starts on the defaults for what was wrong. ``ctrl+p``
opens Textual's command palette with the console's own commands (:mod:`gmconsole.ui.palette`, imported
the first time the palette opens, not at start-up).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from gmconsole.i18n import N_, _, ngettext
from gmconsole.safe_text import shown
from gmconsole.ui import errors
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.messages import CampaignChanged
from gmconsole.ui.read_only import READ_ONLY_ADVICE
from gmconsole.ui.safe_lines import ESCAPE_UNSAFE
from gmconsole.ui.type_ahead import TypeAhead

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

__all__ = ["GMConsoleApp"]

DEFAULT_THEME = "textual-dark"


def _console_commands():
    """The console's palette commands, imported when the palette first opens (not at start-up)."""
    from gmconsole.ui.palette import ConsoleCommands

    return ConsoleCommands


TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)
"""The words of Textual's own palette commands (its ``get_system_commands``), for the catalogue: the palette
shows them through ``_()``; a command Textual adds later shows in English until it is listed here."""


class GMConsoleApp(ConsoleApp):
    """The game master's console on one campaign.

    ``service`` is an open campaign service (the caller closes it after the app exits);
    ``rng`` rolls the console's dice for initiative and panic rolls made from the panes;
    ``read_only_reason`` says why a read-only campaign is read-only (``None``: another console has it);
    ``on_first_paint`` is called once, after the main screen's first frame (``launch`` resumes the
    garbage collector there, see :mod:`gmconsole.ui.startup_gc`).
    """

    TITLE = "gmconsole"
    CSS_PATH = "gmconsole.tcss"
    COMMANDS = App.COMMANDS | {_console_commands}
    COMMAND_PALETTE_DISPLAY = "ctrl+p"
    BINDINGS = [Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True)]

    def __init__(self, service: CampaignService, *, rng: random.Random | None = None,
                 on_first_paint: Callable[[], None] | None = None, read_only_reason: str | None = None,
                 config=None, language: str | None = None) -> None:
        """``config``: the settings file as :func:`gmconsole.settings_file.load` read it (``None``: no
        file, every default); ``language``: the ``--lang`` flag, which wins over the campaign's
        language setting and the file's."""
        super().__init__()
        self.start_problems: list[str] = []
        """What was wrong with the settings, said in the status line when the main screen opens."""
        self.keymap: dict[str, str] = {}
        self.config = config
        self.export_folder = None
        self.switch_to: str | None = None
        """The campaign to open next, when the GM chose one in the command palette (the app then exits)."""
        if config is not None:
            self._apply_config(config)
        self._apply_language(service, language)
        self.read_only_reason = read_only_reason
        self.service: CampaignService = service
        """The open campaign (:mod:`gmconsole.campaign.facades`: ``service.rolls``, ``service.trackers``...)."""
        if service.read_only and read_only_reason:  # a refused change says why, not "another console"
            service.read_only_why = (read_only_reason, READ_ONLY_ADVICE.get(read_only_reason, ""))
        self._on_first_paint = on_first_paint
        self.rng = rng if rng is not None else random.Random()
        self.animation_level = "none"
        self._unsubscribe: Callable[[], None] | None = None
        self._unroute_logs: Callable[[], None] | None = None
        self.type_ahead = TypeAhead(self, super().on_event)
        """Keys typed ahead wait until the console has settled after the key before them
        (:mod:`~gmconsole.ui.type_ahead`)."""
        campaign = service.campaign
        read_only = " · " + _("read-only") if service.read_only else ""
        self.sub_title = f"{shown(campaign.name)} · {campaign.system}{read_only}"

    def _apply_config(self, config) -> None:
        """Theme, keymap and export folder from the settings file; its problems kept for the status line."""
        from gmconsole.settings_file import checked, describe

        problems = checked(config, self.available_themes)
        said = [describe(config, problems)] if config.unread else [describe(config, [problem]) for problem in problems]
        self.start_problems.extend(text for text in said if text is not None)  # None: nothing was wrong
        if config.theme is not None and config.theme in self.available_themes:
            self._start_in_theme(config.theme)
        if config.keymap:
            from gmconsole.ui.keymap import normalized

            self.keymap = normalized(config.keymap)
            self.set_keymap(self.keymap)
        if config.export_folder is not None:
            self.export_folder = config.export_folder

    def _start_in_theme(self, name: str) -> None:
        """Start in theme ``name`` as Textual starts in its default one: without the theme watcher, which
        would parse and apply the whole stylesheet a second time once the app runs (the first parse,
        at start, already reads this theme's variables)."""
        self.set_reactive(App.theme, name)
        dark = self.current_theme.dark
        self.set_class(dark, "-dark-mode", update=False)
        self.set_class(not dark, "-light-mode", update=False)
        self.set_class(True, f"-theme-{name}", update=False)
        self._refresh_truecolor_filter(self.ansi_theme)  # ANSI colours of Rich text mapped for this theme
        self.stylesheet.set_variables(self.get_css_variables())  # before the stylesheet is first parsed

    def _apply_language(self, service, flag: str | None) -> None:
        """``--lang``, else the campaign's language setting, else the settings file's, else the language
        spoken when the console started (English, or what the command line was told by ``GMCONSOLE_LANG``)."""
        from gmconsole.i18n import language
        from gmconsole.settings_file import apply_language, effective_language

        if not hasattr(self, "_start_language"):
            self._start_language = language()
        self._language_flag = flag
        self._campaign_language = getattr(service.campaign.settings, "language", "")
        code, source = effective_language(flag, self._campaign_language or None,
                                          self.config.language if self.config else None)
        if source == "default":
            code = self._start_language
        try:
            self.language = apply_language(code)
        except ValueError as exc:
            self.start_problems.append(_("{problem} ({source}); English is used.").format(problem=exc, source=source))
            self.language = apply_language("en")

    def check_keymap(self) -> None:
        """Say in the status line what is wrong with the GM's keymap (an unknown id, a key that takes
        another binding's key), and apply the keymap settled from it: of two bindings moved onto one key,
        the later entry is left out, so its binding keeps its own key. Run after the first frame: it
        imports every screen with keys."""
        if not self.keymap:
            return
        from gmconsole import systems
        from gmconsole.ui.keymap import settled_keymap

        at_line = self.config.at_line if self.config is not None else (lambda what, binding_id: what)
        kept, problems = settled_keymap(self.keymap, at_line, systems.get(self.service.campaign.system))
        if kept != self.keymap:
            self.keymap = kept
            self.set_keymap(kept)
        if problems:
            self.start_problems.extend(_("Settings file: {problem}.").format(problem=problem) for problem in problems)
            self.show_start_problems()

    def show_start_problems(self) -> None:
        """The settings' problems: the first in the main screen's status line, with how many more there are,
        and all of them, one per line, in a notice that stays long enough to read (one status line would cut
        the later ones off)."""
        if not self.start_problems:
            return
        first, more = self.start_problems[0], len(self.start_problems) - 1
        if more:
            first = ngettext("{problem} (and {n} more problem: see the notice)",
                             "{problem} (and {n} more problems: see the notice)", more).format(problem=first, n=more)
            self.clear_notifications()  # the keymap's check after the first frame says them all again
            self.notify("\n".join(shown(problem) for problem in self.start_problems), title=_("Settings file"),
                        severity="warning", timeout=30, markup=False)
        errors.show_error(self, first)

    def get_css_variables(self) -> dict[str, str]:
        """Textual's variables of the theme, and the dice colours that read on it (``$dice-base``, ...,
        :func:`gmconsole.ui.widgets.dice_pool.dice_variables`)."""
        from gmconsole.ui.widgets.dice_pool import dice_variables

        variables = super().get_css_variables()
        variables.update(dice_variables(self.current_theme.dark, variables))
        self.theme_variables = variables
        return variables

    def action_command_palette(self) -> None:
        """Textual's command palette (ctrl+p), its search hint in the console's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # is_open takes App[object]; App is invariant in its return type
            self.push_screen(CommandPalette(id="--command-palette", placeholder=_("Search for commands…")))

    def get_system_commands(self, screen: Screen):
        """Textual's palette commands in the console's language (:data:`TEXTUAL_COMMANDS`), with its Quit
        going through the main screen's ``q`` (which asks first while a roll's costs wait to be applied)."""
        for command in super().get_system_commands(screen):
            if command.callback == self.action_quit:
                yield SystemCommand(_("Quit"), _("Quit gmconsole (asks first while costs wait to be applied)"),
                                    self._quit_as_q)
            else:
                yield SystemCommand(_(command.title), _(command.help), command.callback, command.discover)

    def _quit_as_q(self) -> None:
        action = getattr(self.screen_stack[0], "action_quit", None) if self.screen_stack else None
        if action is None:
            self.exit(0)
        else:
            action()

    def get_line_filters(self):
        """Textual's filters, then :class:`~gmconsole.ui.safe_lines.EscapeUnsafe`: no control character
        read from a campaign file reaches the terminal raw."""
        return [*super().get_line_filters(), ESCAPE_UNSAFE]

    def get_driver_class(self):
        """Textual's driver for this terminal; on Linux and macOS one that reads Escape then a key, sent in one
        go, as the Alt key it may be, for the type-ahead gate to tell apart (:mod:`~gmconsole.ui.escape_keys`)."""
        from gmconsole.ui.escape_keys import reading_escape_then_key

        return reading_escape_then_key(super().get_driver_class())

    def get_default_screen(self) -> Screen:
        """The main screen is the first screen: it is composed and painted once, with no blank screen before it."""
        from gmconsole.ui.screens.main import MainScreen

        return MainScreen()

    def on_mount(self) -> None:
        from gmconsole.ui.log_to_status import route_logs

        self._unsubscribe = self.service.subscribe(self._service_changed)
        self._unroute_logs = route_logs(self)  # nothing is written to the terminal raw while the TUI runs
        if self.service.read_only:  # follow the writers; their changes reach the screens as a "reloaded" notice
            self._follow_writers()

    _following = False

    def _follow_writers(self) -> None:
        from gmconsole.ui.live_follow import follow_campaign

        self._following = True
        follow_campaign(self, self.service, on_change=lambda: None, on_wake=self._folder_changed)

    def _folder_changed(self) -> None:
        """After any change in the campaign folder: the main screen reads the players' requests again (a new
        request changes the inbox only, not the campaign)."""
        answers = getattr(self.screen_stack[0], "player_answers", None) if self.screen_stack else None
        if answers is not None:
            answers.read_again()

    async def on_event(self, event: events.Event) -> None:
        """A key or a paste from the terminal goes through the type-ahead gate: routed now when the console
        has settled after the key before it, else held and routed in turn (:mod:`~gmconsole.ui.type_ahead`).
        Escape then a key read as one Alt key is routed as the Escape, then the key, where nothing binds that
        Alt key (:mod:`~gmconsole.ui.escape_keys`). A key bubbling back from the focused widget
        (``is_forwarded``) and every other event go on as in Textual."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            admitted = self.type_ahead.admit(event)
            if admitted is None:
                return
            event = admitted
        await super().on_event(event)

    def main_screen_painted(self) -> None:
        """The main screen calls this after its first refresh; runs ``on_first_paint`` once."""
        callback, self._on_first_paint = self._on_first_paint, None
        if callback is not None:
            callback()
        if not self.service.read_only and not self._following:  # once its first frame is up (watchfiles' import)
            self._follow_writers()
        if self.keymap:
            self.set_timer(0.05, self.check_keymap)

    def on_unmount(self) -> None:
        if self._unroute_logs is not None:
            self._unroute_logs()
            self._unroute_logs = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _service_changed(self, entry: dict) -> None:
        """Every screen on the stack hears of the change (a modal may be on top of the main screen); a
        change of the campaign's language setting (or its undo) is applied at once."""
        if getattr(self.service.campaign.settings, "language", "") != self._campaign_language:
            spoken = self.language
            self._apply_language(self.service, self._language_flag)
            if self.language != spoken:
                self._retranslate()
        for screen in list(self.screen_stack):
            screen.post_message(CampaignChanged(entry))

    def _retranslate(self) -> None:
        """Words drawn once (pane titles, column headings, hints) drawn again in the new language: each
        widget on a screen of the stack that has a ``retranslate()`` is asked; the rest redraw on the
        :class:`CampaignChanged` that follows, and the key bars on the bindings' refresh."""
        for screen in self.screen_stack:
            for node in screen.walk_children(with_self=True):
                retranslate = getattr(node, "retranslate", None)
                if callable(retranslate):
                    retranslate()
        self.refresh_bindings()

