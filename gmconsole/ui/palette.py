"""The console's commands in Textual's command palette (``ctrl+p``).

On the main screen the palette offers, beside Textual's own commands (theme, keys, quit...):

- **Go to NAME**, one per character: selects them in the roster and feeds the roll builder, as
  highlighting their row does;
- **Roll SKILL for NAME**, one per character and skill they may roll: selects them, sets up the roll
  builder with that skill (as picking it with ``s`` does) and focuses it, ready for ``r``;
- **New scene**, **New session**, **Settings**, **History**, **Statistics** (when the main screen has
  it), the same as their keys;
- **Open campaign NAME**, one per other campaign in the data folder: the console closes this campaign
  and opens that one (:attr:`GMConsoleApp.switch_to`, acted on by :func:`gmconsole.ui.launch.launch`).

Names come from campaign files: they are escaped (:mod:`gmconsole.safe_text`) and drawn as plain text,
never as markup. This module is imported when the palette first opens, not at start-up.

The commands read in the console's language, and the palette matches what it shows (Textual's fuzzy
matcher): in zh-Hant, ``擲骰`` finds the roll commands and a name its character. A command's English words
match too (``Roll`` in zh-Hant), so a GM who knows them is not lost.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.console_app import ConsoleApp

if TYPE_CHECKING:
    from textual.app import App

    from gmconsole.ui.screens.main import MainScreen

__all__ = ["ConsoleCommands", "go_to", "open_campaign", "roll_skill"]

GO_TO_FIRST = 1.05
"""A "Go to NAME" hit's score is raised this much: typed alone, a name selects that character."""


class Command(NamedTuple):
    """One palette command: its text in the console's language, the same in English (matched too), what it
    does, its help line, and its kind (``go``, ``roll``, ``other``: a roll is listed only when asked for)."""

    text: str
    english: str
    run: Callable[[], None]
    help: str
    kind: str = "other"


def _command(said: str, run: Callable[[], None], help_text: str, kind: str = "other", **names: str) -> Command:
    """A command whose text is the msgid ``said`` filled with ``names`` (already escaped)."""
    return Command(_(said).format(**names), said.format(**names), run, _(help_text), kind)


def _main_screen(app: App[object]) -> MainScreen | None:
    from gmconsole.ui.screens.main import MainScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, MainScreen):
            return screen
    return None


def go_to(main, character_id: str) -> None:
    """Select ``character_id`` (the roster, the tracker and the roll builder), and focus the roster."""
    main.select_character(character_id)
    main.action_focus_pane("pane-roster")


def roll_skill(main, character_id: str, skill: str) -> None:
    """Set the roll builder up for ``character_id`` rolling ``skill`` and focus it (``r`` rolls)."""
    main.select_character(character_id)
    main.roll_builder.choose_skill(skill)
    main.action_focus_pane("pane-roll")


def open_campaign(app, name: str) -> None:
    """Close this campaign and open ``name`` (the launcher reopens the console on it)."""
    app.switch_to = name
    app.exit(0)


class ConsoleCommands(Provider):
    """The palette's gmconsole commands (see the module docstring)."""

    @property
    def console(self) -> ConsoleApp:
        """The console app whose palette this is (its ``COMMANDS``), with the open campaign's service."""
        app = self.app
        assert isinstance(app, ConsoleApp)  # the console's commands are offered by the console app only
        return app

    async def startup(self) -> None:
        self.commands: list[Command] = []
        main = _main_screen(self.app)
        if main is None or self.screen is not main:
            return
        app, service = self.console, self.console.service
        campaign = service.campaign
        add = self.commands.append
        for character in campaign.roster:
            add(_command(N_("Go to {name}"), partial(go_to, main, character.id),
                         N_("select in the roster and build their roll"), "go", name=shown(character.name)))
        for character in campaign.roster:
            for skill_id, skill_name in self._skills(character):
                add(_command(N_("Roll {skill} for {name}"), partial(roll_skill, main, character.id, skill_id),
                             N_("set up the roll builder; r rolls"), "roll", skill=skill_name,
                             name=shown(character.name)))
        add(_command(N_("New scene"), main.action_new_scene, N_("the next scene of this session (N)")))
        add(_command(N_("New session"), main.action_new_session, N_("close this session and open the next (S)")))
        add(_command(N_("Settings"), main.action_settings, N_("the campaign's settings (ctrl+o)")))
        add(_command(N_("History"), main.action_history, N_("this session's history (h)")))
        statistics = getattr(main, "action_statistics", None)
        if statistics is not None:
            add(_command(N_("Statistics"), statistics, N_("the campaign's dice statistics")))
        for name in self._other_campaigns():
            add(_command(N_("Open campaign {name}"), partial(open_campaign, app, name),
                         N_("close this campaign and open that one"), name=shown(name)))

    def _skills(self, character) -> list[tuple[str, str]]:
        """The skills the roll builder would offer ``character``, as ``(id, name shown)``."""
        from gmconsole.campaign.skills import name_of
        from gmconsole.ui.widgets.roll_text import skill_choices

        campaign = self.console.service.campaign
        known = sorted({sid for c in campaign.roster for sid in c.skills})
        own = campaign.skills
        choices = skill_choices(campaign.system, character, known,
                                None if own is None else [(k.id, k.name) for k in own])
        return [(c.id, shown(name_of(campaign, c.id) or c.id)) for c in choices if c.id is not None]

    def _other_campaigns(self) -> list[str]:
        from gmconsole.campaign import library

        service = self.console.service
        try:
            summaries = library.list_campaigns(service.data_folder)
        except OSError:
            return []
        return [s.name for s in summaries if s.name != service.campaign.name and s.error is None]

    def _shown(self, text: str, query: str | None = None) -> Content:
        """``text`` as plain content (never markup), the letters ``query`` matched highlighted."""
        content = Content(text)
        if query:
            matcher = self.matcher(query)
            _score, offsets = matcher.fuzzy_search.match(query, text)
            for offset in offsets:
                content = content.stylize(matcher.match_style, offset, offset + 1)
        return content

    async def discover(self) -> Hits:
        for command in self.commands:
            if command.kind != "roll":  # every skill of every character is too many to list unasked
                yield DiscoveryHit(self._shown(command.text), command.run, text=command.text, help=command.help)

    async def search(self, query: str) -> Hits:
        """Every command whose text (or its English) matches ``query``; a name alone ("Lambert") puts
        "Go to Lambert Cho" first, above the same name's "Roll ... for Lambert Cho" lines, which match it as well."""
        matcher = self.matcher(query)
        for command in self.commands:
            score = matcher.match(command.text)
            if command.english != command.text:
                score = max(score, matcher.match(command.english))
            score *= GO_TO_FIRST if command.kind == "go" else 1
            if score > 0:
                yield Hit(score, self._shown(command.text, query), command.run, text=command.text, help=command.help)
