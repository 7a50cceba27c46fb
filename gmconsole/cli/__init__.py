"""Command line: ``gmconsole`` opens the console; subcommands roll, compute odds and manage campaigns.

The contract other tools and tests rely on: bad input exits with status 2 and one clear line on
stderr (with ``--json`` also ``{"error": ...}`` on stdout), never a traceback. Each command
family lives in its own module and registers itself in :data:`COMMAND_MODULES`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from gmconsole import __version__
from gmconsole.cli.common import LANG_ENV, CliError, CliParser
from gmconsole.i18n import LANGUAGES, UnknownLanguage, _, set_language
from gmconsole.rules.errors import RulesError
from gmconsole.safe_text import one_line_message, to_json

EXIT_USAGE = 2
EXIT_FAILURE = 1


def _command_modules(argv: Sequence[str] | None = None):
    """The modules that add subcommands; each has ``register(subparsers)``.

    When ``argv`` opens the console only the campaign commands are loaded: the dice commands import
    every rules engine to build their options, which the console's start-up does not need (it was
    a tenth of the time to the first painted screen, ``bench/startup.py``)."""
    if argv is not None and _opens_console(argv):
        from gmconsole.cli import campaign_commands

        return [campaign_commands]
    from gmconsole.cli import dice_commands

    modules = [dice_commands]
    try:
        from gmconsole.cli import (
            campaign_commands,
            config_command,  # config path / show / keys
            costs_commands,  # costs, sheet
            harm_command,
            import_command,  # import (Foundry VTT actors)
            journal_command,  # journal (Markdown notes)
            opposed_command,  # opposed rolls (R-OPP-1, R-EXP-4)
            players_command,  # players (the players' own links)
            serve_command,  # serve
            session_commands,
            skills_commands,
            stats_command,  # stats
            tables_command,  # tables, roll-table (the GM's own tables)
        )
    except ImportError:
        return modules
    return modules + [campaign_commands, skills_commands, costs_commands, session_commands, harm_command,
                      serve_command, players_command, stats_command, config_command,
                      tables_command,
                      journal_command,
                      import_command,
                      # Year Zero: panic, outcome, the myz role skills, rest; exploding: assisted, group, reroll;
                      # tiered: save, attack, contested
                      *dice_commands.family_commands(),
                      opposed_command]


def _opens_console(argv: Sequence[str]) -> bool:
    """True when ``argv`` opens the console: no command, ``open``, or the players' ``table``; never with
    --help or --version."""
    if any(token in ("-h", "--help", "--version") for token in argv):
        return False
    words = _command_words(argv)
    return not words or words[0] in ("open", "table")


def build_parser(argv: Sequence[str] | None = None) -> CliParser:
    """The argument parser (built fresh per call so tests can run it repeatedly): every command, or
    only the console's when ``argv`` opens the console (see :func:`_command_modules`)."""
    parser = CliParser(
        prog="gmconsole",
        description=_("A game master's console for Year Zero (myz, yze, yze-step), exploding and tiered dice."),
    )
    parser.add_argument("--version", action="version", version=f"gmconsole {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--data-dir", help=_("where campaigns live (default: GMCONSOLE_HOME, the settings file's "
                                             "data_folder, or the user data folder)"))
    parser.add_argument("--lang", metavar="CODE",
                        help=_("the language: {codes} (default: {variable}, the campaign's language setting, the "
                               "settings file's language, or en)").format(codes=", ".join(LANGUAGES),
                                                                          variable=LANG_ENV))
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CliParser)
    for module in _command_modules(argv):
        module.register(subparsers)
    return parser


def _wants_json(argv: Sequence[str]) -> bool:
    return "--json" in argv


def _language_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang CODE`` (or ``--lang=CODE``) names before the command word, else
    ``GMCONSOLE_LANG``; read before the parser runs so that even its errors come in that language."""
    for index, token in enumerate(argv):
        if token == "--lang":
            return argv[index + 1] if index + 1 < len(argv) else None
        if token.startswith("--lang="):
            return token.partition("=")[2]
        if token == "--data-dir":
            continue
        if not token.startswith("-") and (index == 0 or argv[index - 1] != "--data-dir"):
            break  # the command word: what follows is the command's own
    return os.environ.get(LANG_ENV) or None


def _command_words(argv: Sequence[str]) -> list[str]:
    """The words of ``argv`` that are not options nor the values of the options before the command."""
    words = []
    takes_value = False
    for token in argv:
        if takes_value:
            takes_value = False
        elif token in ("--data-dir", "--lang"):
            takes_value = True
        elif not token.startswith("-"):
            words.append(token)
    return words


def _settle_language(argv: Sequence[str]) -> None:
    """Speak, before the parser is built (its --help and errors are in it too): ``--lang``, else
    ``GMCONSOLE_LANG``, else the settings file's ``language``, else English, the order of
    :func:`gmconsole.settings_file.effective_language`; a command that opens a campaign then speaks the
    campaign's own setting when neither the flag nor the variable said
    (:func:`gmconsole.cli.campaign_access.speak_campaign_language`). The settings file's problems are
    said once here, on stderr, in that language: not when the console opens (its status line says them)
    nor for ``config show`` (which lists them). Raises :class:`UnknownLanguage` for a flag or variable
    naming a language there is no catalogue for."""
    from gmconsole.cli import argparse_words, campaign_access
    from gmconsole.settings_file import checked, describe, effective_language, load

    asked = _language_asked(argv)
    config = load(reload=True)
    campaign_access.LANGUAGE_ASKED["code"] = asked
    code, _source = effective_language(asked, None, config.language)
    argparse_words.speak(set_language(code))
    words = _command_words(argv)
    if _opens_console(argv) or words[:2] == ["config", "show"] or "-h" in argv or "--help" in argv:
        return
    message = describe(config, checked(config))
    if message:
        from gmconsole.safe_text import shown

        print(_("gmconsole: warning: {message}").format(message=shown(message)), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        _settle_language(argv)
    except UnknownLanguage as exc:
        _print_error(str(exc), argv)
        return EXIT_USAGE
    except Exception as exc:  # a settings file nothing could make sense of never stops --help, --version, config path
        if os.environ.get("GMCONSOLE_DEBUG"):
            raise
        print(_("gmconsole: warning: {message}").format(message=one_line_message(
            _("the settings file could not be read ({kind}: {error}); every setting keeps its default").format(
                kind=type(exc).__name__, error=exc))), file=sys.stderr)
    try:
        parser = build_parser(argv)
        args = parser.parse_args(argv)
        if args.command is None:  # noqa: SIM108 - a ternary around this `or` fallback reads worse than two branches
            handler = getattr(args, "handler", None) or _default_handler()
        else:
            handler = args.handler
        from gmconsole.campaign.sources import COMMAND_LINE, made_from

        with made_from(COMMAND_LINE):  # every change a command makes says it came from the command line
            return handler(args) or 0
    except (CliError, RulesError) as exc:
        _print_error(str(exc), argv, getattr(exc, "limit", None))
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``gmconsole history ... | head``): that is not an error. Point
        # stdout at /dev/null so the interpreter's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # the last line of defence: one line, never a traceback
        if os.environ.get("GMCONSOLE_DEBUG"):
            raise
        _print_error(_("unexpected {kind}: {error} (set GMCONSOLE_DEBUG=1 for details)").format(
            kind=type(exc).__name__, error=exc), argv)
        return EXIT_FAILURE


def _print_error(message: str, argv: Sequence[str], limit: int | None = None) -> None:
    """One line on stderr (and ``{"error": ...}`` on stdout with ``--json``). A message may quote a
    name read from a campaign file or a value the user typed, so it is escaped and cut
    (:func:`gmconsole.safe_text.one_line_message`) in both."""
    line = one_line_message(message) if limit is None else one_line_message(message, limit)
    if _wants_json(argv):
        print(to_json({"error": line}))
    print(_("gmconsole: error: {message}").format(message=line), file=sys.stderr)


def _default_handler():
    """With no subcommand: open the console (when the UI is installed)."""
    try:
        from gmconsole.cli.campaign_commands import open_console
    except ImportError as exc:
        raise CliError(_("the console is not available in this build; try `gmconsole --help`")) from exc
    return open_console
