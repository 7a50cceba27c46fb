"""Where a change was made: the ``source`` a history entry carries, and how the GM reads it.

Several writers change one campaign (:mod:`gmconsole.campaign.ledger`): the console, the command line,
another console, a player's page. Each entry says which in its ``source`` field:

- ``console``: a console (this one, or another open on the same campaign);
- ``cli``: the command line (a script, a stream deck, a second terminal);
- ``player:<character id>``: that character's player, from their own page (``gmconsole serve --players``).

An entry without one was made before entries said so, or by a tool that does not. The field is text read
from a history file: an unknown value reads as "elsewhere", and a name is escaped before it is shown.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

from gmconsole.campaign.model import Campaign
from gmconsole.i18n import _
from gmconsole.phrasing import possessive
from gmconsole.safe_text import shown

CONSOLE = "console"
COMMAND_LINE = "cli"
PLAYER = "player:"


_DEFAULT: ContextVar[str | None] = ContextVar("gmconsole_source", default=None)


@contextlib.contextmanager
def made_from(source: str) -> Iterator[None]:
    """Campaigns opened inside, without a source of their own, mark their changes as made from ``source``
    (the command line's ``main`` says ``cli`` around every command)."""
    token = _DEFAULT.set(source)
    try:
        yield
    finally:
        _DEFAULT.reset(token)


def default_source() -> str | None:
    """The source :func:`made_from` set here, or ``None`` (no source written)."""
    return _DEFAULT.get()


def player_source(character_id: str) -> str:
    """The source of a change made from the page of the player of ``character_id``."""
    return f"{PLAYER}{character_id}"


def player_of(source: object) -> str | None:
    """The character id a player's source names, or ``None`` for any other source."""
    if isinstance(source, str) and source.startswith(PLAYER) and len(source) > len(PLAYER):
        return source[len(PLAYER):]
    return None


def made_where(source: object, campaign: Campaign, here: str | None = None) -> str:
    """Where a change came from, as a phrase after it ("from the command line", "from Lambert's phone");
    ``here`` is the source of the writer reading it: a change from a console, read by a console, was
    made in another one (its own changes are not said to come from anywhere)."""
    character_id = player_of(source)
    if character_id is not None:
        character = campaign.character(character_id)
        name = shown(character.name) if character is not None else _("a player")
        # Translators: {whose} is a name made possessive ("Ann's", "Hull rats'"; zh-Hant: "Ann的")
        return _("from {whose} phone").format(whose=possessive(name))
    if source == COMMAND_LINE:
        return _("from the command line")
    if source == CONSOLE:
        return _("from another console") if here == CONSOLE else _("from the console")
    return _("elsewhere")


def is_elsewhere(source: object, here: str | None) -> bool:
    """Whether an entry of ``source`` was made by another kind of writer than ``here`` (a player, the
    command line, when the console reads it)."""
    return isinstance(source, str) and bool(source) and source != here
