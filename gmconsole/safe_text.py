"""Make untrusted text safe to show: the one place that decides what may reach a terminal or an export.

Text read from a campaign file (names, summaries, the lock holder's note) is untrusted: a character
named ``"Ash\\x1b]52;c;…\\x07"`` would, written raw, set the GM's clipboard; ``"\\x1b[2J"`` clears
the screen; a right-to-left override makes a line read backwards. So every text that reaches a
terminal or an exported file goes through :func:`shown` (or :func:`to_json`), and every name the GM
types goes through :func:`refusal` first.

What counts as unsafe (:data:`UNSAFE`):

- C0 controls U+0000–U+001F (tab and newline included: every field the GM types is one line, so a
  line break inside a name is a spoofed line; the console's detail views put their own line breaks
  *between* escaped pieces), DEL U+007F and the C1 controls U+0080–U+009F (U+009B is a one-byte CSI);
- bidirectional overrides, embeddings and isolates U+202A–U+202E, U+2066–U+2069, and the marks
  U+200E, U+200F, U+061C, which reorder what the GM reads;
- invisible characters, refused and escaped as the controls are: every other format character (Unicode
  category ``Cf``: the zero-width space, joiners and non-joiner U+200B–U+200D, the word joiner and
  invisible operators U+2060–U+2064, the byte-order mark U+FEFF, the soft hyphen, tag characters ...)
  and the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), which draw nothing: a campaign named
  ``yze`` + U+200B + ``-demo`` would read as ``yze-demo``, and three campaigns named alike could not
  be told apart in a list;
- the line and paragraph separators U+2028, U+2029, which some terminals treat as line breaks;
- lone surrogates U+D800–U+DFFF: bytes the command line could not decode (Python keeps them as
  ``\udcff``); they cannot be written as UTF-8 at all.

How it is shown: the escape Python's ``repr`` uses, without the quotes — ``\\t``, ``\\n``, ``\\r``,
``\\xNN`` up to U+00FF, ``\\uNNNN`` up to U+FFFF, ``\\UNNNNNNNN`` above (so ``yze\\u200b-demo``).
One readable ASCII form that survives copy and paste into a bug report, the same for every unsafe
character wherever it is shown: the command line, ``--json`` (as JSON's own ``\\uNNNN`` escape), the
console and its exports. A backslash itself is shown as is, so a name typed as the six characters
``A\\x1bB`` looks the same as one holding a real ESC; only the second can come from a file, since
names typed in the console or on the command line are refused when they hold unsafe characters.

This module is pure (no Textual, Rich or TinyDB) so the command line, the console and the store's
messages can all use it.
"""

from __future__ import annotations

import json
import re
import unicodedata

from gmconsole.i18n import _, ngettext

__all__ = ["UNSAFE", "cell_width", "cut", "cut_cells", "one_line_message", "pad", "refusal", "shown", "shown_lines",
           "to_json"]

_INVISIBLE = ("\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u180e\u200b-\u200f"
              "\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\U000110bd\U000110cd"
              "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
"""The format characters (Unicode ``Cf``, as of Unicode 15) and the Hangul fillers: they draw nothing."""
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_INVISIBLE}\u2028\u2029\ud800-\udfff]")
"""One character that must never reach a terminal raw (see the module docstring)."""

_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def shown(text: object) -> str:
    """``text`` (anything; ``str()`` of it) with every unsafe character escaped visibly.

    Idempotent: the escaped form holds no unsafe character, so escaping twice changes nothing."""
    text = text if isinstance(text, str) else str(text)
    return UNSAFE.sub(_escape, text) if UNSAFE.search(text) else text


def shown_lines(text: str) -> str:
    """Several lines of output (joined by ``\\n``), each escaped with :func:`shown`: the line breaks
    between them stay, anything else unsafe inside a line is escaped."""
    return "\n".join(shown(line) for line in text.split("\n"))


def refusal(text: str, what: str) -> str | None:
    """The one-sentence refusal of a typed ``what`` (e.g. ``"a character name"``) holding an unsafe
    character, naming the first one escaped; ``None`` when ``text`` is fine."""
    match = UNSAFE.search(text)
    if match is None:
        return None
    return _("{what} cannot hold control or text-direction characters (found {found} in {text}); type it again "
             "without it").format(what=what, found=_escape(match), text=cut(shown(text)))


_JSON_UNSAFE = re.compile(f"[\x7f-\x9f{_INVISIBLE}\u2028\u2029\ud800-\udfff]")
""":data:`UNSAFE` less the C0 controls: ``json.dumps`` already escapes those inside strings, and the
ones left in its output are its own indentation."""


def _json_escape(match: re.Match) -> str:
    code = ord(match.group())
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # JSON writes a character above U+FFFF as its UTF-16 surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def to_json(value: object, **kwargs) -> str:
    """``json.dumps`` that keeps readable non-ASCII (é, 漢, emoji) but writes every unsafe character as a
    ``\\uNNNN`` escape, U+009B and the bidi controls included (plain ``ensure_ascii=False`` writes them
    raw). A JSON reader gets back exactly the same strings: the escapes only stand in string literals,
    where the raw characters were."""
    kwargs.setdefault("ensure_ascii", False)
    return _JSON_UNSAFE.sub(_json_escape, json.dumps(value, **kwargs))


def cut(text: str, limit: int = 80) -> str:
    """``text`` cut to about ``limit`` characters for an error message that echoes what was typed,
    saying how long it was: a 40 KB ``--faces`` value is not worth repeating whole."""
    if len(text) <= limit:
        return text
    return ngettext("{start}… ({n} character)", "{start}… ({n} characters)", len(text)).format(
        start=text[:limit - 1], n=len(text))


def _char_cells(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes: a CJK (wide or full-width) character takes two, a combining
    mark none, any other one. Pure (no Rich), so every layer can measure what it cuts."""
    if text.isascii():
        return len(text)
    return sum(_char_cells(char) for char in text)


def pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` followed (``right``: preceded) by spaces up to ``width`` terminal cells: ``str.ljust``
    counts characters, so a column after a Chinese word would start too far right."""
    room = " " * max(0, width - cell_width(text))
    return room + text if right else text + room


def cut_cells(text: str, width: int, ellipsis: str = "…") -> str:
    """``text`` cut to at most ``width`` terminal cells, ending with ``ellipsis`` when it was cut; never
    through the middle of a wide character (a name in Chinese at 80 columns loses whole characters)."""
    if cell_width(text) <= width:
        return text
    room = width - cell_width(ellipsis)
    used = 0
    for index, char in enumerate(text):
        used += _char_cells(char)
        if used > room:
            return text[:index] + ellipsis
    return text


MESSAGE_LIMIT = 300
"""Longest error line printed whole; a longer one keeps its start and its end (where the hint is)."""


def one_line_message(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """An error message as the one line the command line prints: escaped (a newline in it too) and, past
    ``limit`` characters, cut in the middle — whatever echoed a typed value, argparse included, the
    line stays short and still ends with its advice (``(see `gmconsole --help`)``)."""
    message = shown(message)  # first, so an escape cannot make the line longer again
    if len(message) > limit:
        head, tail = limit * 2 // 3, limit // 3
        cut_out = len(message) - head - tail
        message = ngettext("{head}… ({n} character cut) …{tail}", "{head}… ({n} characters cut) …{tail}",
                           cut_out).format(head=message[:head], n=cut_out, tail=message[-tail:])
    return message
