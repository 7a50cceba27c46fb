"""argparse's own words (``usage:``, ``options``, ``show this help message and exit``, its error
sentences) in the language the command line speaks.

argparse says them through its module-level ``_`` and ``ngettext`` (``from gettext import gettext as _,
ngettext``), looked up each time it speaks: :func:`speak` points them at :mod:`gmconsole.i18n`'s for a
language other than English and back at gettext's for English, so ``gmconsole --lang zh-Hant roll
--help`` and a usage error read in zh-Hant. Our catalogue must hold those msgids, byte for byte as
argparse writes them: this module lists them with ``N_()`` (and ``ngettext`` for the two with a plural)
only so that the extractor (``tools/update_catalogues.py``) finds them. They are copied from the argparse
of Python 3.11, the oldest the project supports (``requires-python``); the ones a user can meet, not
those that only a programmer's mistake raises (a conflicting option string, a bad ``nargs``).
``tests/cli/test_zh_hant_cli.py`` checks each is still in argparse's source, so a Python that rewords
one shows up as a failing test, not as an English word in a zh-Hant help.
"""

from __future__ import annotations

import argparse
import gettext

from gmconsole import i18n
from gmconsole.i18n import N_, ngettext

__all__ = ["MESSAGES", "PLURALS", "speak"]

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("argument \"-\" with mode %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""argparse's sentences a user can meet, as argparse writes them."""

PLURALS = (("expected %s argument", "expected %s arguments"),)
"""argparse's sentences with a count (listed for the test; :func:`_plurals` marks them)."""


def _plurals(count: int) -> list[str]:
    """Never called to say anything: marks :data:`PLURALS` for the extractor, which only sees a literal
    ``ngettext`` call."""
    return [ngettext("expected %s argument", "expected %s arguments", count)]


def speak(code: str) -> None:
    """Make argparse say its words in ``code`` (English: gettext's own, as argparse does unpatched)."""
    if code == i18n.DEFAULT:
        argparse._ = gettext.gettext  # type: ignore[attr-defined]  # argparse's gettext names; typeshed leaves them out
        argparse.ngettext = gettext.ngettext  # type: ignore[attr-defined]  # argparse's gettext names; typeshed leaves them out
    else:
        argparse._ = i18n._  # type: ignore[attr-defined]  # argparse's gettext names; typeshed leaves them out
        argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]  # argparse's gettext names; typeshed leaves them out
