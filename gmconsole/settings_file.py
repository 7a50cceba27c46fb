"""The GM's settings file, ``config.toml``: language, theme, keymap, default data and export folders.

Where it is: ``GMCONSOLE_CONFIG`` names the file; otherwise ``config.toml`` in the user config folder
``platformdirs`` gives for "gmconsole" (``$XDG_CONFIG_HOME/gmconsole``, by default
``~/.config/gmconsole`` on Linux). A missing file is not an error: every setting keeps its default.

What it holds (every key optional)::

    language = "en"                 # or "zh-Hant"; a campaign's own language setting wins over it
    theme = "textual-light"         # any Textual theme; the console checks the name when it starts
    data_folder = "~/rpg/campaigns" # where campaigns live when neither --data-dir nor GMCONSOLE_HOME says
    export_folder = "~/rpg/exports" # where the console's exports go (default: exports in the data folder)
    journal_dir = "~/vault/Zone"    # where the console writes the journal of a session S ends (default: none)

    [keymap]                        # binding id = key(s), comma-separated; see `gmconsole config show`
    "main.history" = "y"

A bad file never stops the console: a TOML syntax error (tomllib names its line and column) leaves every
setting at its default, since nothing in the file can be trusted; a key of the wrong type or an unknown
key is named with its line and only that key keeps its default, so one slip in the keymap does not also
cost the GM their theme. A file ``tomllib`` gives up on for what it holds rather than its syntax (lists
nested thousands deep: ``RecursionError``; a number of thousands of digits: ``ValueError``) or nested
deeper than any setting is counts as a syntax error too: nothing in it is used, and ``--help``,
``--version`` and ``config path`` work whatever it holds. Each problem is a :class:`FileProblem` (its
line and its sentence, put in the language spoken when it is shown: the file is read before the language
is known, since it may set it). :func:`checked` adds what reading alone cannot see (a theme that is not
a theme, with its line; a keymap id no binding has, a key taken from another binding) and
:func:`describe` makes one message of them all, shown in the console's status line at start and on
stderr by the command line. The file is read once per process (:func:`load`); ``tomllib`` is imported
only when it exists.

The language itself is applied through :func:`apply_language`, one small seam the translations plug into.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from gmconsole.i18n import N_, _, ngettext, verbatim
from gmconsole.phrasing import quoted
from gmconsole.user_files import deeper_than

__all__ = ["BUILTIN_THEMES", "ENV_VAR", "LANGUAGES", "Config", "FileProblem", "apply_language", "checked",
           "config_path", "current_language", "describe", "effective_language", "load", "parse", "typable"]

ENV_VAR = "GMCONSOLE_CONFIG"
FILE_NAME = "config.toml"
LANGUAGES = ("en", "zh-Hant")
"""The languages the console knows (codes as the campaign setting and ``--lang`` take them)."""
DEFAULT_LANGUAGE = "en"
MAX_SIZE = 64 * 1024
"""A settings file is a few lines; anything larger is refused unread (a device, a mistaken path)."""
MAX_DEPTH = 8
"""Tables nested deeper than this are refused: a keymap id has three or four dotted parts."""

_TOP_KEYS = ("language", "theme", "data_folder", "export_folder", "journal_dir", "keymap")
BUILTIN_THEMES = ("ansi-dark", "ansi-light", "atom-one-dark", "atom-one-light", "catppuccin-frappe",
                  "catppuccin-latte", "catppuccin-macchiato", "catppuccin-mocha", "dracula", "flexoki", "gruvbox",
                  "monokai", "nord", "rose-pine", "rose-pine-dawn", "rose-pine-moon", "solarized-dark",
                  "solarized-light", "textual-dark", "textual-light", "tokyo-night")
"""Textual's own themes (``textual.theme.BUILTIN_THEMES``, a test keeps the two equal): every command
checks ``theme`` against them without importing Textual (0.4 s); the console passes its own list."""


@dataclass(frozen=True)
class FileProblem:
    """One thing wrong with the file: the line it is on (0: the whole file) and its sentence, an English
    msgid with ``{placeholders}`` (``values``) put into the current language each time it is shown;
    ``said``: a sentence already in words (a keymap check's, tomllib's)."""

    line: int = 0
    text: str = ""
    values: tuple[tuple[str, object], ...] = ()
    said: str = ""

    def __str__(self) -> str:
        sentence = self.said or _(self.text).format(**dict(self.values))
        return _("line {line}: {problem}").format(line=self.line, problem=sentence) if self.line else sentence


def _problem(line: int, text: str, **values) -> FileProblem:
    """A problem on ``line`` whose ``text`` (marked ``N_``) is said with ``values``."""
    return FileProblem(line, text, tuple(values.items()))


@dataclass(frozen=True)
class Config:
    """The settings read from ``path`` (``None`` where the file does not set them or sets them badly),
    and the problems found, one sentence each."""

    path: Path
    found: bool = False
    language: str | None = None
    theme: str | None = None
    data_folder: Path | None = None
    export_folder: Path | None = None
    journal_dir: Path | None = None
    """The folder of Markdown notes the console writes an ended session's journal into (``None``: it does not)."""
    keymap: dict[str, str] = field(default_factory=dict)
    keymap_lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[FileProblem, ...] = ()
    unread: bool = False
    """True when nothing in the file could be used (a syntax error, not a file, unreadable)."""
    theme_line: int = 0

    @property
    def message(self) -> str | None:
        """One message for the problems found reading the file (``None`` when it was fine or missing);
        :func:`checked` and :func:`describe` give the one for every problem."""
        return describe(self, self.problems)

    def at_line(self, what: str, binding_id: str) -> str:
        """``what`` (a keymap entry's id, or where its keys come from) with the line the entry is written on
        (``main.history (line 7)``), to name it in a message; ``what`` alone when the line is unknown."""
        line = self.keymap_lines.get(binding_id)
        # Translators: a keymap entry (its id, or "settings file") and the line of the file it is written on
        return _("{what} (line {line})").format(what=what, line=line) if line else what


def describe(config: Config, problems) -> str | None:
    """One message naming the file and every problem (``None`` when there is none), in the language
    spoken now."""
    problems = list(problems)
    if not problems:
        return None
    said = _("; ").join(str(problem) for problem in problems)
    if config.unread:
        return _("Settings file {path}: {problems} — every setting keeps its default.").format(
            path=config.path, problems=said)
    return ngettext("Settings file {path}: {problems} — that setting keeps its default.",
                    "Settings file {path}: {problems} — those settings keep their defaults.",
                    len(problems)).format(path=config.path, problems=said)


def checked(config: Config, themes=None) -> list[FileProblem]:
    """Every problem of ``config`` in the file's order, each with its line: those found reading it, and a
    ``theme`` not among ``themes`` (default :data:`BUILTIN_THEMES`). A keymap's clashes need every screen
    with keys: the console and ``gmconsole config show`` add them (:func:`gmconsole.ui.keymap.keymap_problems`),
    this leaf module imports no screen."""
    problems = list(config.problems)
    known = sorted(BUILTIN_THEMES if themes is None else themes)
    if config.theme is not None and config.theme not in known and not config.unread:
        problems.append(_problem(config.theme_line, N_("theme {theme} is not a theme here, so textual-dark is used "
                                                       "(the themes: {themes})"),
                                 theme=quoted(config.theme), themes=", ".join(known)))
    problems.sort(key=lambda problem: problem.line)  # in the file's order, the whole file's first
    return problems


def config_path(environ: dict | None = None) -> Path:
    """The settings file's path: ``GMCONSOLE_CONFIG``, else ``config.toml`` in the user config folder."""
    env = os.environ if environ is None else environ
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("gmconsole", appauthor=False)) / FILE_NAME


_loaded: Config | None = None


def load(*, reload: bool = False) -> Config:
    """The settings file, read once per process (again when ``GMCONSOLE_CONFIG`` names another file,
    or with ``reload``)."""
    global _loaded
    path = config_path()
    if _loaded is None or reload or _loaded.path != path:
        _loaded = _read(path)
    return _loaded


def _read(path: Path) -> Config:
    try:
        if not path.exists():
            return Config(path=path)
        if not path.is_file():
            return Config(path=path, found=True, problems=(_problem(0, N_("it is not a file")),), unread=True)
        if path.stat().st_size > MAX_SIZE:
            return Config(path=path, found=True, unread=True,
                          problems=(_problem(0, N_("it is larger than {size} KiB"), size=MAX_SIZE // 1024),))
        data = path.read_bytes()
    except OSError as error:
        return Config(path=path, found=True, unread=True,
                      problems=(_problem(0, N_("it cannot be read ({reason})"), reason=error.strerror or error),))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Config(path=path, found=True, problems=(_problem(0, N_("it is not UTF-8 text")),), unread=True)
    return parse(text, path)


def parse(text: str, path: Path) -> Config:
    """The settings ``text`` (the file at ``path``) gives, with the problems found (see the module docstring)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Config(path=path, found=True, problems=(_syntax_problem(str(error)),), unread=True)
    except RecursionError:  # tomllib reads nesting recursively: thousands deep is no settings file
        return Config(path=path, found=True, unread=True,
                      problems=(_problem(0, N_("it nests lists or tables too deeply to be read")),))
    except ValueError:  # a whole number of more than sys.get_int_max_str_digits() digits
        return Config(path=path, found=True, unread=True, problems=(_problem(
            0, N_("it holds a number too long to be read (more than {digits} digits)"),
            digits=sys.get_int_max_str_digits()),))
    if deeper_than(data, MAX_DEPTH):  # a keymap nested deeper than any binding id goes (dotted keys)
        return Config(path=path, found=True, unread=True,
                      problems=(_problem(0, N_("it nests tables more than {limit} deep"), limit=MAX_DEPTH),))
    lines = _Lines(text)
    problems: list[FileProblem] = []
    values: dict = {}
    for key, value in data.items():
        where = lines.of(key)
        if key not in _TOP_KEYS:
            problems.append(_problem(where, N_("unknown setting {key} (the settings are: {keys})"), key=quoted(key),
                                     keys=", ".join(_TOP_KEYS)))
        elif key == "keymap":
            values["keymap"], values["keymap_lines"] = _keymap(value, lines, problems)
        elif not isinstance(value, str):
            problems.append(_problem(where, N_("{key} must be text in quotes, not {kind}"), key=key,
                                     kind=type(value).__name__))
        elif key == "language":
            if value in LANGUAGES:
                values["language"] = value
            else:
                problems.append(_problem(where, N_("language {code} is not one of {codes}"), code=quoted(value),
                                         codes=", ".join(LANGUAGES)))
        elif key == "theme":
            values["theme_line"] = where
            if value.strip():
                values["theme"] = value.strip()
            else:
                problems.append(_problem(where, N_("theme is empty")))
        elif not value.strip():
            problems.append(_problem(where, N_("{key} is empty"), key=key))
        else:
            values[key] = Path(value.strip()).expanduser()
    return Config(path=path, found=True, problems=tuple(problems), **values)


def _syntax_problem(error: str) -> FileProblem:
    """tomllib's message (``Invalid value (at line 2, column 9)``) as a problem on that line; its own
    words (``Invalid value``) are the TOML reader's, kept as it says them."""
    match = re.fullmatch(verbatim(r"(.*) \(at line (\d+), column (\d+)\)"), error)
    if match is None:
        return _problem(0, N_("it is not valid TOML ({detail})"), detail=error)
    return _problem(int(match.group(2)), N_("column {column}: not valid TOML ({detail})"), column=int(match.group(3)),
                    detail=match.group(1))


def _keymap(table, lines: _Lines, problems: list[FileProblem]) -> tuple[dict[str, str], dict[str, int]]:
    """``[keymap]`` as ``{binding id: "key,key"}``; a dotted id written unquoted (``main.history = "y"``,
    which TOML reads as a nested table) is taken as meant. A list of keys is joined with commas."""
    if not isinstance(table, dict):
        problems.append(_problem(lines.of("keymap"), N_('keymap must be a table ([keymap] then binding-id = "key")')))
        return {}, {}
    keymap: dict[str, str] = {}
    where: dict[str, int] = {}
    for binding_id, keys in _flatten(table):
        line = lines.of(binding_id, section="keymap")
        if isinstance(keys, list) and keys and all(isinstance(k, str) for k in keys):
            keys = ",".join(keys)
        if not isinstance(keys, str) or not keys.strip() or not typable(keys):
            problems.append(_problem(line, N_('keymap {id} must be a key such as "y" or "ctrl+k" (several: "y,f5")'),
                                     id=quoted(binding_id)))
            continue
        keymap[binding_id] = ",".join(k.strip() for k in keys.split(",") if k.strip())
        if line:
            where[binding_id] = line
    return keymap, where


def typable(keys: str) -> bool:
    """True when ``[keymap]`` takes ``keys`` as written: key names and the characters ``+,-?!/.=``
    (``ctrl+k``, ``y,f5``, ``?``); any other character by its long name (``left_square_bracket``)."""
    return re.fullmatch(r"[\w+,\- ?!/.=]+", keys) is not None


def _flatten(table: dict, prefix: str = ""):
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _flatten(value, name + ".")
        else:
            yield name, value


class _Lines:
    """Finds the line a key is set on, by scanning the text (tomllib does not say)."""

    def __init__(self, text: str) -> None:
        self.rows = text.splitlines()

    def of(self, key: str, *, section: str | None = None) -> int:
        """The line where ``key =`` (or ``[key]``) first appears, in ``section`` when given; 0 when not found."""
        pattern = re.compile(rf"""^\s*(?:["']?{re.escape(key)}["']?\s*=|\[\s*{re.escape(key)}\s*\])""")
        in_section = section is None
        for number, row in enumerate(self.rows, 1):
            header = re.match(r"^\s*\[([^\]]*)\]", row)
            if section is not None and header:
                in_section = header.group(1).strip() == section
                continue
            if in_section and pattern.search(row):
                return number
        return 0


# --------------------------------------------------------------------------- language




def apply_language(code: str) -> str:
    """Make ``code`` the console's language (:func:`gmconsole.i18n.set_language`); returns it. Raises
    ``ValueError`` for a code not in :data:`LANGUAGES`."""
    from gmconsole.i18n import set_language

    if code not in LANGUAGES:
        raise ValueError(_("language {code} is not one of {codes}").format(code=quoted(code),
                                                                           codes=", ".join(LANGUAGES)))
    return set_language(code)


def current_language() -> str:
    """The language the console speaks now (:func:`gmconsole.i18n.language`)."""
    from gmconsole.i18n import language

    return language()


def effective_language(flag: str | None, campaign: str | None, config: str | None) -> tuple[str, str]:
    """The language to use and where it came from: ``--lang`` (on the command line also
    ``GMCONSOLE_LANG``), then the campaign's setting, then the settings file, then English. Empty values
    count as not given. The source is a word to show (``_(source)``)."""
    for value, source in ((flag, "--lang"), (campaign, N_("campaign setting")), (config, "config.toml")):
        if value:
            return value, source
    return DEFAULT_LANGUAGE, "default"
