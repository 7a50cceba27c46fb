"""One Pilot harness for the console's tests: run a test body against the app, press keys, fill a
form, read what the GM sees.

pytest-asyncio is not installed: :func:`pilot_test` runs an ``async`` test in its own event loop, and
:func:`drive` runs ``steps(pilot)`` inside ``app.run_test`` at a given terminal size (:func:`play`:
``steps(pilot, seen)`` once the first screen is up, returning ``seen``). The readers (:func:`status_text`,
:func:`form_message`, :func:`shown_text`, :func:`static_text`, :func:`joined_text`, :func:`builder_text`)
give the text of what is on screen, so a test asserts on the words the GM reads rather than on widget
internals.

Typing costs a rendered frame per key; :func:`fill_focused` sets a field at once (as if typed) when
the test is about what the form does with the text, :func:`type_into` types it key by key when the
typing itself is under test.
"""

from __future__ import annotations

import asyncio
import functools
import random

from textual.app import App

SIZE = (120, 40)
"""The terminal the console is tested at unless a test is about another size."""


def pilot_test(test):
    """Run an ``async`` test function in its own event loop (fixtures are passed through)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))

    return run


def drive(app: App, steps, *, size: tuple[int, int] = SIZE):
    """Open ``app`` headless at ``size``, run ``await steps(pilot)`` and return what it returns."""

    async def run():
        async with app.run_test(size=size) as pilot:
            return await steps(pilot)

    return asyncio.run(run())


def play(app: App, steps, *, size: tuple[int, int] = SIZE) -> dict:
    """Open ``app`` headless at ``size``, wait for its first screen, run ``await steps(pilot, seen)`` and
    return ``seen``: the dict the steps write what the GM read into."""
    seen: dict = {}

    async def run(pilot) -> None:
        await pilot.pause()
        await steps(pilot, seen)

    drive(app, run, size=size)
    return seen


async def press(pilot, *keys: str) -> None:
    """Press ``keys`` and wait until the console has dealt with them."""
    await pilot.press(*keys)
    await pilot.pause()


def keys_for(text: str) -> list[str]:
    """The keys that type ``text`` (a space is the ``space`` key)."""
    return ["space" if ch == " " else ch for ch in text]


def key_event(app: App, key: str):
    """The key event ``pilot.press(key)`` makes (``key`` a key name or one character)."""
    import unicodedata

    from textual import events
    from textual.app import REPLACED_KEYS
    from textual.keys import _character_to_key, _get_unicode_name_from_key

    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    return event


async def settle(pilot) -> None:
    """Wait until the console has dealt with every key sent, the keys it holds back while it settles
    included (type-ahead, :mod:`gmconsole.ui.type_ahead`), and with everything they started."""
    await pilot.pause()
    gate = getattr(pilot.app, "type_ahead", None)
    while gate is not None and gate.busy:
        await pilot.pause()


async def burst(pilot, *keys: str) -> None:
    """Send ``keys`` in one burst, as a terminal delivers keys typed faster than the console draws (or
    pasted, or sent by ``tmux send-keys``): every key event is in the app's queue before the first is
    handled; then wait until the console has dealt with all of them (:func:`settle`)."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(app, key))
    await settle(pilot)


def terminal_parser(app: App):
    """A fresh parser of the kind the console's terminal driver reads the terminal's bytes with."""
    return app.get_driver_class().parser_class()


async def send_bytes(pilot, data: str) -> None:
    """Send ``data`` as a terminal does when it delivers several keys in one read (``tmux send-keys h
    Escape 4 + +`` is ``h\\x1b4++``; a GM typing faster than ``ESCDELAY``): read by the parser the
    console's terminal driver reads with (:func:`terminal_parser`), with an escape sequence still open at
    the end (an Escape alone) read once ``ESCDELAY`` has passed, as the driver reads it; every event read is
    in the app's queue before the first is handled; then wait until the console has dealt with them
    (:func:`settle`)."""
    from textual import constants

    app = pilot.app
    parser = terminal_parser(app)
    read = list(parser.feed(data))
    await asyncio.sleep(constants.ESCAPE_DELAY + 0.01)
    read += parser.tick()
    for event in read:
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


async def type_text(pilot, text: str) -> None:
    """Type ``text`` key by key into whatever has the focus, as a quick typist does: every character
    is a key event of its own, made as ``pilot.press`` makes it and handled in order, but the console
    is waited for once at the end rather than after each key (two idle waits of at least 20 ms a
    key, most of a typing test's time): a :func:`burst` of the text's keys."""
    await burst(pilot, *keys_for(text))


async def fill_focused(pilot, text: str, *, submit: str = "enter") -> None:
    """Put ``text`` in the focused field at once (as if typed), press ``submit`` and wait."""
    pilot.app.focused.value = text
    await pilot.press(submit)
    await pilot.pause()


async def type_into(pilot, field_id: str, text: str) -> None:
    """Focus the form field ``#f-<field_id>``, clear it and type ``text`` key by key."""
    from textual.widgets import Input

    field = pilot.app.screen.query_one(f"#f-{field_id}", Input)
    field.focus()
    field.value = ""
    await pilot.pause()
    await type_text(pilot, text)


async def submit_value(pilot, value: str) -> str:
    """Put ``value`` in the open one-value form (``=`` on a counter, a panic D6) and press enter;
    returns the form's message, ``""`` when the form took the value and closed."""
    from textual.widgets import Input

    form = pilot.app.screen
    form.query_one("#f-value", Input).value = value
    await pilot.press("enter")
    await pilot.pause()
    return str(form.query_one("#form-message").render()) if pilot.app.screen is form else ""


def set_field(app: App, field_id: str, text: str) -> None:
    """Put ``text`` in the form field ``#f-<field_id>`` at once."""
    from textual.widgets import Input

    app.screen.query_one(f"#f-{field_id}", Input).value = text


def rendered(widget) -> str:
    """The text ``widget`` renders (a ``Static``'s content, a label), shown or not."""
    return str(widget.render())


def static_text(node, selector: str) -> str:
    """The text of the one widget matching ``selector`` under ``node`` (an app, a screen or a widget)."""
    return rendered(node.query_one(selector))


def joined_text(node, selector: str) -> str:
    """The text of every ``Static`` matching ``selector`` under ``node``, a line each, top of the
    screen's tree first."""
    from textual.widgets import Static

    return "\n".join(rendered(static) for static in node.query(selector).results(Static))


def builder_text(app: App) -> str:
    """What the roll builder says of the roll: its message (a refusal), then its result."""
    return joined_text(app.screen, "#rb-message, #rb-result")


def shown_text(node, selector: str) -> str:
    """The text of the first widget matching ``selector`` under ``node`` (an app, a screen or a
    widget), or ``""`` when there is none or it is hidden."""
    found = node.query(selector)
    return str(found.first().render()) if found and found.first().display else ""


def status_text(app: App) -> str:
    """The status line under the main screen's panes."""
    return static_text(app.screen, "#status-line")


def form_message(app: App) -> str:
    """The message line of the form on top (what the form says about the input it refused)."""
    return static_text(app.screen, "#form-message")


class BuilderApp(App):
    """Only the roll builder (and the key bar), with the app attributes it reads (``service``,
    ``rng``), so a test drives the builder's keys alone."""

    def __init__(self, service, rng: random.Random) -> None:
        super().__init__()
        self.service = service
        self.rng = rng
        self.animation_level = "none"

    def compose(self):
        from textual.widgets import Footer

        from gmconsole.ui.roll_builder import RollBuilder

        yield RollBuilder()
        yield Footer()


async def start_builder(pilot, character_id: str):
    """Select ``character_id`` in the roll builder and give the builder the focus; returns it."""
    from gmconsole.ui.roll_builder import RollBuilder

    builder = pilot.app.query_one(RollBuilder)
    builder.select_character(character_id)
    builder.focus()
    await pilot.pause()
    return builder


async def pick_skill(pilot, text: str) -> None:
    """Pick a skill as the GM does: ``s``, type to filter, ``enter``."""
    await pilot.press("s")
    await type_text(pilot, text)
    await pilot.press("enter")


async def typed_roll(pilot, character_id: str, skill: str, faces: str):
    """In the roll builder: select ``character_id``, pick ``skill`` (typed to filter), ``f`` and roll
    the faces of physical dice typed (``faces``, put in at once, ``enter``); returns the builder."""
    builder = await start_builder(pilot, character_id)
    await pick_skill(pilot, skill)
    await pilot.press("f")
    await pilot.pause()
    await fill_focused(pilot, faces)
    return builder


async def mark_names(pilot, listing, *names: str) -> None:
    """Mark ``names`` in a pick list as the GM does: focus the list, arrow to each name (its label's
    start, any case), space; a name already marked is left as it is."""
    listing.focus()
    await pilot.pause()
    for name in names:
        target = next(i for i in range(listing.option_count)
                      if str(listing.get_option_at_index(i).prompt).casefold().startswith(name.casefold()))
        if listing.get_option_at_index(target).value in listing.selected:
            continue
        steps = target - (listing.highlighted or 0)
        await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "space")
    await pilot.pause()


async def roll_form(pilot, values: dict[str, str | tuple[str, ...]]) -> str:
    """Fill the open special-roll form (a list field: mark the names given, by keys), roll (ctrl+s),
    read the result or the error, close the form; returns what it said."""
    from gmconsole.ui.screens.roll_form import RollFormScreen
    from gmconsole.ui.widgets.mark_list import MarkList

    form = pilot.app.screen
    assert isinstance(form, RollFormScreen)
    for key, value in values.items():
        field = form.query_one(f"#field-{key}")
        if isinstance(field, MarkList):
            await mark_names(pilot, field, *((value,) if isinstance(value, str) else value))
        else:
            field.value = value
    await pilot.press("ctrl+s")
    await pilot.pause()
    text = str(form.query_one("#form-result").render()) or str(form.query_one("#form-error").render())
    await pilot.press("escape")
    await pilot.pause()
    return text


def roll_entries(service) -> list[dict]:
    """The campaign's roll entries, newest first."""
    return service.history.filtered(kind="roll")
