"""Escape then a key, read in one go: the terminal's bytes as the GM typed them.

A terminal sends Alt+S as Escape then ``s`` (``␛s``), and Escape pressed just before ``s`` as the same two
bytes; only the time between them tells them apart. Textual's parser (``textual._xterm_parser``) reads
``␛`` followed by a key within ``ESCDELAY`` (100 ms), or in the same read, as one key, and what it makes of
it depends on the key: ``␛s`` is ``alt+s`` (the Escape is in the name), ``␛4`` is ``cent_sign`` (``¢``, what
WezTerm's Option+4 is meant to type on a Mac), ``␛f`` / ``␛b`` are ``ctrl+right`` / ``ctrl+left`` (iTerm2's
word moves), ``␛+`` is ``plus`` (the Escape dropped). ``tmux send-keys h Escape 4 + +`` sends ``h␛4++`` in
one read: the history screen got ``¢`` and stayed open, and ``+ +`` found no tracker. A GM who presses Esc
then a key quickly gets the same.

Those keys are all indistinguishable from a key pressed alone (a typed ``¢``, a real ``ctrl+right``, a
``+``) once parsed, so the bytes are read here: :class:`KeyParser` is Textual's parser, except that
``␛`` then one printable key is always that key with Alt (``alt+s``, ``alt+4``, ``alt+plus``,
``alt+shift+s``), the key's character kept (:func:`read_with_escape`). ``␛[`` and ``␛O`` still start the
terminal's sequences (arrows, function keys, bracketed paste), and ``␛␛`` is two Escapes, as in Textual.
The console's terminal driver reads with it (:func:`reading_escape_then_key`).

The console has no Alt binding of its own; the GM's keymap may give one. So the type-ahead gate, when it
lets such a key through (:class:`~gmconsole.ui.type_ahead.TypeAhead`), asks :func:`as_pressed`: the Alt key
where something on the focus chain binds it; else Textual's own reading of those bytes where that is bound
(``␛b`` is still a word to the left in a field); else Escape, then the key as it reads typed alone.
"""

from __future__ import annotations

import functools
import os
import selectors
from codecs import getincrementaldecoder
from typing import TypeGuard

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._xterm_parser import XTermParser

__all__ = ["KeyParser", "as_pressed", "read_with_escape", "reading_escape_then_key", "typed_alone"]

ESC = "\x1b"

SEQUENCE_STARTS = frozenset("[O")
"""After ``␛``, the characters that start the terminal's longer sequences (CSI ``␛[``, SS3 ``␛O``): arrows,
function keys, focus reports, bracketed paste. Left to Textual."""

TEXTUAL_READINGS = {sequence[1]: keys[0].value for sequence, keys in ANSI_SEQUENCES_KEYS.items()
                    if len(sequence) == 2 and sequence[0] == ESC and sequence[1].isprintable()
                    and sequence[1] not in SEQUENCE_STARTS and isinstance(keys, tuple) and len(keys) == 1}
"""The keys Textual reads ``␛`` + a printable key as, by that key: ``f`` ``ctrl+right``, ``b`` ``ctrl+left``."""


def _with_alt(key: events.Key) -> events.Key:
    """``key`` with Alt, named as Textual names Alt keys (``alt+s``, ``alt+shift+s``, ``alt+plus``)."""
    name = key.key
    if len(name) == 1 and name.isupper():
        name = f"shift+{name.lower()}"
    return events.Key(f"alt+{name}", key.character)


class KeyParser(XTermParser):
    """Textual's parser, except that ``␛`` then one printable key, read in one go, is always that key with
    Alt, its character kept: never a character of its own (``¢``), another key (``ctrl+right``) or the key
    without the Escape (``plus``). It is known at once: no wait for ``ESCDELAY`` (Textual waited, and gathered
    the keys after it into one sequence, reading ``␛s␛`` as ``^ s``)."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False):
        if len(sequence) == 2 and sequence[0] == ESC and sequence[1] not in SEQUENCE_STARTS \
                and sequence[1].isprintable():
            sequence, alt = sequence[1], True  # read as soon as the key after the Escape arrives
        if alt and len(sequence) == 1 and sequence.isprintable():  # also ``␛[`` or ``␛O`` alone, at ESCDELAY
            for key in super()._sequence_to_key_events(sequence):
                yield _with_alt(key)
            return
        yield from super()._sequence_to_key_events(sequence, alt)


def read_with_escape(event: events.Event) -> TypeGuard[events.Key]:
    """True for a key the terminal may have sent as Escape then a printable key: an Alt key whose character
    is that key's (a terminal that reports keys itself, such as kitty, gives a real Alt key no character)."""
    return (isinstance(event, events.Key) and event.key.startswith("alt+") and event.character is not None
            and len(event.character) == 1 and event.character.isprintable())


def typed_alone(character: str) -> list[events.Key]:
    """The keys Textual's parser reads ``character`` as, typed on its own."""
    return [key for key in XTermParser().feed(character) if isinstance(key, events.Key)]  # a character: keys only


def as_pressed(event: events.Key, bound) -> list[events.Key]:
    """What the GM pressed, for a key :func:`read_with_escape`: ``[event]`` when ``bound(event.key)`` (an Alt
    key of the GM's keymap); else Textual's reading of the same bytes when that is bound (``␛b``, a word to
    the left in a field); else Escape, then the key as typed alone."""
    if bound(event.key):
        return [event]
    character = event.character
    assert character is not None  # read_with_escape: an Alt key with its character
    reading = TEXTUAL_READINGS.get(character)
    if reading is not None and bound(reading):
        return [events.Key(reading, None)]
    return [events.Key("escape", ESC), *typed_alone(character)]


@functools.cache
def reading_escape_then_key(driver_class: type) -> type:
    """``driver_class`` as the console runs it: Textual's terminal driver for Linux and macOS reads its
    keys with :class:`KeyParser`; any other driver (headless, web, Windows) as it is."""
    from textual.drivers.linux_driver import LinuxDriver

    if driver_class is not LinuxDriver:
        return driver_class

    class ConsoleDriver(LinuxDriver):
        """Textual's Linux driver reading the terminal's bytes with :attr:`parser_class`."""

        parser_class = KeyParser

        def run_input_thread(self) -> None:
            """``LinuxDriver.run_input_thread`` of Textual 8.2.8 (pinned), with ``parser_class`` for its
            ``XTermParser``: that method makes its parser itself, so there is no other way to give it one."""
            from textual._loop import loop_last
            from textual._parser import ParseError

            selector = selectors.SelectSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            fileno = self.fileno
            EVENT_READ = selectors.EVENT_READ
            parser = self.parser_class(self._debug)
            feed = parser.feed
            tick = parser.tick
            decode = getincrementaldecoder("utf-8")().decode
            read = os.read

            def process_selector_events(selector_events, final: bool = False) -> None:
                for last, (_selector_key, mask) in loop_last(selector_events):
                    if mask & EVENT_READ:
                        unicode_data = decode(read(fileno, 1024 * 4), final=final and last)
                        if not unicode_data:  # this can occur if the stdin is piped
                            break
                        for event in feed(unicode_data):
                            self.process_message(event)
                for event in tick():
                    self.process_message(event)

            try:
                while not self.exit_event.is_set():
                    process_selector_events(selector.select(0.1))
                selector.unregister(self.fileno)
                process_selector_events(selector.select(0.1), final=True)
            finally:
                selector.close()
                try:
                    for _event in feed(""):
                        pass
                except (EOFError, ParseError):
                    pass

    return ConsoleDriver
