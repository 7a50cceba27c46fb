"""Argument-parsing helpers shared by every command: a parser that raises instead of exiting,
and value parsers that turn bad text into one clear message."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

from gmconsole.i18n import DEFAULT, N_, _, language
from gmconsole.safe_text import cell_width, shown_lines, to_json


class CliError(Exception):
    """Bad command-line input; ``main`` prints it as one line and exits with status 2.

    ``limit``: the longest line printed whole (:func:`gmconsole.safe_text.one_line_message`); a message
    built from a campaign's own paths and ending in a command to run (a damaged history file's way out)
    gets a longer one, so neither the file's name nor the command is cut."""

    def __init__(self, message: str, *, limit: int | None = None) -> None:
        super().__init__(message)
        self.limit = limit


LANG_ENV = "GMCONSOLE_LANG"
"""The variable that names the command line's language when ``--lang`` does not (it wins over the settings file)."""

_WIDE = "\u2e80-\u303f\u3040-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
_TOKEN = re.compile(rf"[{_WIDE}]|[^\s{_WIDE}]+| ")
"""A wide (CJK) character, a run of other non-space characters (a word, a flag), or a space."""


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` (its white space folded) in lines of at most ``width`` terminal cells: a line may break
    between two wide characters or at a space, never inside a word nor a character; a word longer than
    the line stands alone, as ``textwrap`` would leave it whole with ``break_long_words`` off."""
    lines: list[str] = []
    line = ""
    for token in _TOKEN.findall(" ".join(text.split())):
        if token == " ":
            line += " " if line else ""
            continue
        if line and cell_width(line + token) > width:
            lines.append(line.rstrip())
            line = ""
        line += token
    return lines + ([line.rstrip()] if line.strip() else [])


class CellHelpFormatter(argparse.HelpFormatter):
    """argparse's help measured in terminal cells where the text is not ASCII: argparse wraps by
    ``len()``, so a line of Chinese (two cells a character) ran past the terminal's edge. English text
    goes through argparse's own wrapping unchanged, byte for byte."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return super()._split_lines(text, width) if text.isascii() else wrap_cells(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.isascii():
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap_cells(text, width - len(indent)))

    def _format_usage(self, usage, actions, groups, prefix) -> str:
        """The usage lines; a prefix wider than its length (``用法：``) narrows them by the difference
        and indents the following lines by it, so they still line up under the first one's words."""
        said = argparse._("usage: ") if prefix is None else prefix
        extra = cell_width(said) - len(said)
        if extra <= 0:
            return super()._format_usage(usage, actions, groups, prefix)
        self._width -= extra
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        lines = text.split("\n")
        return "\n".join([lines[0], *((" " * extra + line) if line.strip() else line for line in lines[1:])])


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors raise :class:`CliError` instead of printing usage and exiting.

    Abbreviated long flags are refused (``allow_abbrev`` off): ``--tn`` must never be read as
    ``--tn-modifier``, nor ``--skill`` as ``--skill-name``; every sub-parser is a CliParser too."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", CellHelpFormatter)
        super().__init__(*args, **kwargs)

    def format_help(self) -> str:
        """argparse's help; in a language other than English its section headings end in that language's
        colon (argparse writes ``options:`` with an ASCII one after whatever title it translated)."""
        text = super().format_help()
        if language() == DEFAULT:
            return text
        for title in (_("positional arguments"), _("options")):
            text = text.replace(f"\n{title}:\n", "\n" + _("{title}:").format(title=title) + "\n")
        return text

    def error(self, message: str) -> NoReturn:
        raise CliError(_("{message} (see `{prog} --help`)").format(message=message, prog=self.prog))


def count(text: str) -> int:
    """A non-negative whole number of dice (or levels), at most 100."""
    if not re.fullmatch(r"[0-9]+", text.strip()):
        raise argparse.ArgumentTypeError(_("{text} is not a whole number of 0 or more").format(text=repr(text)))
    value = int(text)
    if value > 100:
        raise argparse.ArgumentTypeError(_("{value} is too many (at most 100)").format(value=value))
    return value


def session_number(text: str) -> int:
    """A session number, 0 or more: no upper limit a campaign could reach (the dice ``count`` stops
    at 100, which a long campaign passes)."""
    if not re.fullmatch(r"[0-9]{1,9}", text.strip()):
        raise argparse.ArgumentTypeError(_("{text} is not a session number (a whole number 0 or more)").format(
            text=repr(text)))
    return int(text)


def signed(text: str) -> int:
    """A signed modifier such as +2, -1 or 0, between -100 and +100."""
    if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        raise argparse.ArgumentTypeError(_("{text} is not a modifier like +2 or -1").format(text=repr(text)))
    value = int(text)
    if abs(value) > 100:
        raise argparse.ArgumentTypeError(_("modifier {value} is out of range (-100 to +100)").format(value=value))
    return value


def die_size(text: str) -> int:
    """A die written dN (d4, d6, d8, d10, d12); returns N."""
    match = re.fullmatch(r"[dD](4|6|8|10|12)", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(_("{text} is not a die: use d4, d6, d8, d10 or d12").format(text=repr(text)))
    return int(match.group(1))


def emit(result: dict, as_json: bool, text: str) -> None:
    """Print ``result`` as JSON or ``text`` for a person; either may hold text read from a campaign
    file, so unsafe characters are escaped (:mod:`gmconsole.safe_text`)."""
    print(to_json(result) if as_json else shown_lines(text))


DIE_KINDS = (N_("base"), N_("skill"), N_("gear"), N_("stress"), N_("artifact"), N_("step"), N_("trait"), N_("dice"))
"""The dice's kinds as their keys (``--json`` keeps them), which are also their English words; the same
msgids as the history's (:data:`gmconsole.campaign.history.DIE_KINDS`), listed here so that a roll without
a campaign does not import the history's module to name its dice."""


def die_kind(kind: str) -> str:
    """A die's kind in the language spoken (a kind this list does not have, as it is)."""
    return _(kind) if kind in DIE_KINDS else kind
