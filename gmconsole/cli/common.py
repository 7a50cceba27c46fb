"""Argument-parsing helpers shared by every command: a parser that raises instead of exiting,
and value parsers that turn bad text into one clear message (:class:`WholeNumber` for every flag that
takes a number: the digits 0 to 9 only, one sentence naming what the flag takes)."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

from gmconsole.i18n import DEFAULT, N_, NP_, _, language, pgettext
from gmconsole.rules.dice import MAX_DICE
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
        said = argparse._("usage: ") if prefix is None else prefix  # type: ignore[attr-defined]  # see argparse_words.speak
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

    def _get_value(self, action, arg_string):
        """argparse's reading of one value, except that a ``type`` which raises ``ValueError`` or
        ``TypeError`` (rather than a sentence, ``ArgumentTypeError``) is not reported as "invalid
        <function name> value": the sentence names the flag (argparse puts it first) and the value."""
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as error:
            if isinstance(error.__context__, (TypeError, ValueError)):
                raise argparse.ArgumentError(action, _("{value} is not a value this option takes").format(
                    value=repr(arg_string))) from None
            raise


class WholeNumber:
    """An argparse ``type``: a whole number typed in the digits 0 to 9, from ``low`` to ``high`` (``None``: no
    bound that side), with a sign only where ``signs`` allows one.

    Python's ``int()`` and ``str.isdigit`` also take other scripts' digits (``٣``, ``３``; ``isdigit`` even
    ``²``, which ``int()`` then refuses with a ``ValueError`` argparse reports by the function's name): a flag
    takes none of them. Every refusal is one sentence saying what the flag takes, and argparse puts the
    flag before it: ``argument --port: '99999' is not a port (a whole number from 1 to 65535)``. At most
    ``digits`` digits are read (a 5,000-digit value is refused before ``int()`` would refuse it)."""

    def __init__(self, what: str, low: int | None = 0, high: int | None = None, *, signs: bool = False,
                 digits: int = 30, hint: str = "") -> None:
        """``what`` names what the flag takes, marked with ``N_()`` (``N_("a port")``); ``hint`` adds a way to
        find the value (``see `gmconsole costs NAME```), also marked."""
        self.what, self.low, self.high, self.signs, self.digits, self.hint = what, low, high, signs, digits, hint
        self.pattern = re.compile(rf"{'[+-]?' if signs else ''}[0-9]{{1,{digits}}}")

    def range_text(self) -> str:
        """``a whole number from 1 to 65535`` (or ``..., 1 or more``; ``a whole number``), with the hint."""
        low, high = self.low, self.high
        if low is not None and high is not None:
            said = _("a whole number from {low} to {high}").format(low=low, high=high)
        elif low is not None:
            said = _("a whole number, {low} or more").format(low=low)
        elif high is not None:
            said = _("a whole number, {high} or less").format(high=high)
        else:
            said = _("a whole number")
        return _("{range}; {hint}").format(range=said, hint=_(self.hint)) if self.hint else said

    def refusal(self, text: str) -> argparse.ArgumentTypeError:
        return argparse.ArgumentTypeError(not_a(text, _(self.what), self.range_text()))

    def __call__(self, text: str) -> int:
        typed = text.strip()
        if not self.pattern.fullmatch(typed):
            raise self.refusal(text)
        value = int(typed)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise self.refusal(text)
        return value


def not_a(text: str, what: str, takes: str) -> str:
    """The one sentence a flag refuses a value with: ``'٣' is not a port (a whole number from 1 to 65535)``;
    argparse names the flag before it."""
    return _("{text} is not {what} ({takes})").format(text=repr(text), what=what, takes=takes)


count = WholeNumber(N_("a count"), 0, 100)
"""A non-negative whole number of levels or points (wounds, strain, stamina), at most 100."""
dice_count = WholeNumber(N_("a dice count"), 0, MAX_DICE)
"""How many dice of a kind (``--base``, ``--skill``, ``--gear``, ``--stress``, ``--bonus``, ``--luck``)."""
signed_dice_count = WholeNumber(N_("a dice count"), -MAX_DICE, MAX_DICE, signs=True)
"""A tiered pool's dice as given (``--dice``): 0 or fewer rolls 2d6 and keeps the lowest."""
session_number = WholeNumber(N_("a session number"), 0, None, digits=9)
"""A session number, 0 or more: no upper limit a campaign could reach (a dice count stops at 100, which a
long campaign passes)."""
signed = WholeNumber(N_("a modifier like +2 or -1"), -100, 100, signs=True)
"""A signed modifier such as +2, -1 or 0, between -100 and +100."""
target_number = WholeNumber(N_("a target number"), -100, 100, signs=True)
"""A target number as typed: a whole number from -100 to 100 (``--tn``: the exploding family's flag, which the GM's
own roll from a campaign takes too)."""
seed = WholeNumber(N_("a seed"), 0, None)
"""A seed for the dice: a whole number 0 or more, of at most 30 digits."""
signed_seed = WholeNumber(N_("a seed"), None, None, signs=True)
"""The seed of ``roll exploding`` and ``roll tiered``, which have always taken a negative one too."""
port = WholeNumber(N_("a port"), 1, 65535)
"""A TCP port."""
view_count = WholeNumber(N_("a number of views"), 1, 10_000)
"""How many browser tabs ``serve --max-views`` lets show the table view at once."""


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


DIE_KINDS = (NP_("die kind", "base"), NP_("die kind", "skill"), NP_("die kind", "gear"), NP_("die kind", "stress"),
             NP_("die kind", "artifact"), NP_("die kind", "step"), NP_("die kind", "trait"), NP_("die kind", "dice"))
"""The dice's kinds as their keys (``--json`` keeps them), which are also their English words; the same
msgids as the history's (:data:`gmconsole.campaign.history.DIE_KINDS`), listed here so that a roll without
a campaign does not import the history's module to name its dice."""


def die_kind(kind: str) -> str:
    """A die's kind in the language spoken (a kind this list does not have, as it is)."""
    return pgettext("die kind", kind) if kind in DIE_KINDS else kind


def no_role_skills(what: str, system: str) -> CliError:
    """The refusal of a role skill's command or flag (``what``) where ``system`` has no roles, naming the
    systems that have them, as the registry lists them."""
    from gmconsole import systems

    having = _(", ").join(s.id for s in systems.all_systems() if s.has_roles) or "—"
    return CliError(_("{what}: {system} has no role skills; only {systems} has them").format(
        what=what, system=system, systems=having))
