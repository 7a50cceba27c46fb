"""What every campaign command shares: where campaigns live, ``--wait``, and the guard that turns a
locked, damaged or refused campaign into one clear ``gmconsole: error:`` line (exit status 2).

The command modules (``campaign_commands``, ``session_commands``, ``repair_command``, ...) import
from here, never from each other, so no two of them import one another.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from gmconsole.cli.common import CliError, not_a
from gmconsole.cli.common import seed as common_seed
from gmconsole.i18n import _, verbatim
from gmconsole.safe_text import shown

__all__ = ["LANGUAGE_ASKED", "MAX_WAIT", "WAY_OUT_LIMIT", "add_wait", "campaign_root", "guard", "load_config", "seed",
           "speak_campaign_language", "wait_seconds", "warn_about", "way_out"]

LANGUAGE_ASKED: dict[str, str | None] = {"code": None}
"""The language ``--lang`` or ``GMCONSOLE_LANG`` asked for this command (``None``: neither), set by
:func:`gmconsole.cli.main` before the command runs: it wins over a campaign's own setting."""

MAX_WAIT = 3600.0
"""Longest ``--wait`` accepted: an hour; more is surely a typo."""


def campaign_root(args) -> Path:
    """The data folder: ``--data-dir``, else ``GMCONSOLE_HOME``, else the settings file's ``data_folder``,
    else the user data folder. What is wrong with the settings file was said once already, before the
    command ran (:func:`gmconsole.cli.main`)."""
    from gmconsole.store.location import ENV_VAR, data_root

    given = getattr(args, "data_dir", None)
    configured = None
    if not given and not os.environ.get(ENV_VAR):
        config = load_config()
        configured = config.data_folder
    return data_root(given, configured)


def load_config():
    """The settings file (:func:`gmconsole.settings_file.load`, read once per command); its problems are
    said by :func:`gmconsole.cli.main` before the command runs, once, never again here."""
    from gmconsole.settings_file import load

    return load()


def speak_campaign_language(service) -> None:
    """Speak the campaign's own ``language`` setting from here on, unless ``--lang`` or
    ``GMCONSOLE_LANG`` said otherwise: the order of :func:`gmconsole.settings_file.effective_language`,
    the one the console follows."""
    from gmconsole.i18n import set_language
    from gmconsole.settings_file import effective_language, load

    own = getattr(service.campaign.settings, "language", "") or None
    code, _where = effective_language(LANGUAGE_ASKED["code"], own, load().language)
    if own is not None and code == own:
        set_language(code)


def _user_errors():
    """The exceptions that mean the user asked for something that cannot be done."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.store.errors import StoreError

    return (StoreError, ValidationError)


def guard(func):
    def handler(args) -> int:
        try:
            status = _as_cli_errors(func, args)
        except BaseException as exc:
            cause = exc.__cause__
            _say_pending(args, unless=getattr(cause, "path", None))  # a damaged file said once, in the error
            raise
        _say_pending(args)
        return status

    return handler


def _as_cli_errors(func, args) -> int:
    """Run a command; its store and campaign errors become :class:`CliError` lines."""
    from gmconsole.store.errors import CampaignLocked, CorruptFile, LockNotWritable

    try:
        return func(args) or 0
    except CampaignLocked as exc:  # the console's own advice (open it read-only) does not fit a command that writes
        raise CliError(locked_for_the_command_line(exc)) from exc
    except CorruptFile as exc:  # a damaged history chunk: say how to set it aside, the way out
        raise CliError(way_out(exc), limit=WAY_OUT_LIMIT) from exc
    except LockNotWritable as exc:  # say how to take the read-only offer from the command line
        raise CliError(_("{error} Read-only: `gmconsole open {name} --read-only` (or `gmconsole history {name}`).")
                       .format(error=exc, name=exc.name), limit=WAY_OUT_LIMIT) from exc  # the lock's path whole
    except _user_errors() as exc:
        raise CliError(str(exc)) from exc


def locked_for_the_command_line(exc) -> str:
    """Why a command that changes the campaign could not: another writer (the console, a script, a player's
    page) stayed in the middle of one change for longer than ``--wait``. Writers take turns of milliseconds,
    so this is a writer stuck (or a very long wait queue): waiting longer, or trying again, is the way."""
    holder = exc.holder or {}
    if holder.get("pid"):
        return _("{name} is in the middle of a change by another writer (pid {pid} on {host}) for longer than the "
                 "wait allowed; try again, or wait longer with --wait SECONDS").format(
            name=exc.name, pid=holder["pid"], host=holder.get("host", "?"))
    return _("{name} is in the middle of a change by another writer for longer than the wait allowed; try again, "
             "or wait longer with --wait SECONDS").format(name=exc.name)


def _say_pending(args, unless=None) -> None:
    """Print the warning :func:`warn_about` kept back (a history the service could not check), after
    the command: when the command failed on that same damaged file, its error says it already."""
    pending = getattr(args, "_history_warning", None)
    if pending is None:
        return
    args._history_warning = None
    path, text = pending
    if unless is None or path is None or str(unless) != str(path):
        print(_("gmconsole: warning: {message}").format(message=text), file=sys.stderr)


def wait_seconds(text: str) -> float:
    """``--wait SECONDS``: how long a writer waits for another one to let go of the campaign, written with
    ASCII characters (``float()`` also reads ``٣``, which no flag takes), from 0 to :data:`MAX_WAIT`."""
    typed = text.strip()
    try:
        value = float(typed) if typed.isascii() else None
    except ValueError:
        value = None
    if value is None or not 0 <= value <= MAX_WAIT:  # also refuses nan
        raise argparse.ArgumentTypeError(not_a(text, _("a number of seconds"), _("from 0 to {most}").format(
            most=f"{MAX_WAIT:g}")))
    return value


def add_wait(parser) -> None:
    """The ``--wait SECONDS`` option of every command that writes a campaign."""
    from gmconsole.store.lock import DEFAULT_WAIT

    # no --wait: None, the default wait; every writer holds the campaign for one change at a time, the console too
    parser.add_argument("--wait", type=wait_seconds, default=None, metavar="SECONDS",
                        help=_("wait this long for another writer's change in progress to end (default "
                               "{seconds}; 0 fails at once)").format(
                                   seconds=f"{DEFAULT_WAIT:g}"))


def warn_about(service, args=None) -> None:
    """Say on stderr what is wrong with a campaign that still opened, one ``gmconsole: warning:`` line
    each: a gap in its history now; a history it could not check after the command (``args`` given),
    unless the command's error names the same damaged file (one clear message, not two). It
    first speaks the campaign's language (:func:`speak_campaign_language`): every command that opens a
    campaign calls this right after."""
    speak_campaign_language(service)
    if service.history_warning:
        if args is None:
            print(_("gmconsole: warning: {message}").format(message=service.history_warning), file=sys.stderr)
        else:
            args._history_warning = (getattr(service.history_problem, "path", None), service.history_warning)
    if service.history_gap:
        print(_("gmconsole: warning: {message}").format(message=shown(service.history_gap)), file=sys.stderr)


seed = common_seed
"""``--seed N`` of the commands that roll in a campaign (:data:`gmconsole.cli.common.seed`)."""


WAY_OUT_LIMIT = 900
"""Longest damaged-file line printed whole: two paths of the campaign (the file, its backup), where it
broke, and the command; still bounded, as the detail may quote text from the file."""


def way_out(error) -> str:
    """The message for a :class:`~gmconsole.store.errors.CorruptFile` on the command line: the store's
    sentence and, for a history chunk, the command that sets it aside."""
    from gmconsole.store.set_aside import is_history_chunk

    path = Path(error.path)
    if not is_history_chunk(path):
        return str(error)
    campaign = path.parent.parent.parent
    inside = path.relative_to(campaign).as_posix()  # short: a long line is cut in its middle, never its end
    command = verbatim(f"gmconsole repair {shlex.quote(campaign.name)} --set-aside {shlex.quote(inside)}")
    if error.backup is not None:
        return _("{error} To go on without it (or restore its backup in the console), set it aside (renamed, not "
                 "deleted): `{command}`").format(error=error, command=command)
    return _("{error} To go on without it, set it aside (renamed, not deleted): `{command}`").format(
        error=error, command=command)
