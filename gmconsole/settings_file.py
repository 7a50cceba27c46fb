"""The GM's settings file, ``config.toml``: language, theme, keymap, default data and export folders.

Where it is: ``GMCONSOLE_CONFIG`` names the file; otherwise ``config.toml`` in the user config folder
``platformdirs`` gives for "gmconsole" (``$XDG_CONFIG_HOME/gmconsole``, by default
``~/.config/gmconsole`` on Linux). A missing file is not an error: every setting keeps its default.

What it holds (every key optional)::

    language = "en"                 # or "zh-Hant"; a campaign's own language setting wins over it
    theme = "textual-light"         # any Textual theme; the console checks the name when it starts
    data_folder = "~/rpg/campaigns" # where campaigns live when neither --data-dir nor GMCONSOLE_HOME says
    export_folder = "~/rpg/exports" # where the console's exports go (default: exports in the data folder)

    [keymap]                        # binding id = key(s), comma-separated; see `gmconsole config show`
    "main.history" = "y"

A bad file never stops the console: a TOML syntax error (tomllib names its line and column) leaves
every setting at its default, since nothing in the file can be trusted; a key of the wrong type or an
unknown key is named with its line and only that key keeps its default, so one slip in the keymap does
not also cost the GM their theme. Either way the problems make one message
(:attr:`Config.message`), shown in the console's status line at start and on stderr by the command
line. The file is read once per process (:func:`load`); ``tomllib`` is imported only when it exists.

The language itself is applied through :func:`apply_language`, one small seam the translations plug into.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from gmconsole.wording import quoted

__all__ = ["ENV_VAR", "LANGUAGES", "Config", "apply_language", "config_path", "current_language",
           "effective_language", "load", "parse"]

ENV_VAR = "GMCONSOLE_CONFIG"
FILE_NAME = "config.toml"
LANGUAGES = ("en", "zh-Hant")
"""The languages the console knows (codes as the campaign setting and ``--lang`` take them)."""
DEFAULT_LANGUAGE = "en"
MAX_SIZE = 64 * 1024
"""A settings file is a few lines; anything larger is refused unread (a device, a mistaken path)."""

_TOP_KEYS = ("language", "theme", "data_folder", "export_folder", "keymap")


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
    keymap: dict[str, str] = field(default_factory=dict)
    keymap_lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    unread: bool = False
    """True when nothing in the file could be used (a syntax error, not a file, unreadable)."""

    @property
    def message(self) -> str | None:
        """One message for every problem (``None`` when the file was fine or missing)."""
        if not self.problems:
            return None
        if self.unread:
            tail = "every setting keeps its default"
        else:
            tail = "those settings keep their defaults" if len(self.problems) > 1 else "that setting keeps its default"
        return f"Settings file {self.path}: " + "; ".join(self.problems) + f" — {tail}."

    def keymap_line(self, binding_id: str) -> str:
        """`` (line N)`` for a keymap entry, to name it in a message; "" when unknown."""
        line = self.keymap_lines.get(binding_id)
        return f" (line {line})" if line else ""


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
            return Config(path=path, found=True, problems=("it is not a file",), unread=True)
        if path.stat().st_size > MAX_SIZE:
            return Config(path=path, found=True,
                          problems=(f"it is larger than {MAX_SIZE // 1024} KiB",), unread=True)
        data = path.read_bytes()
    except OSError as error:
        return Config(path=path, found=True,
                      problems=(f"it cannot be read ({error.strerror or error})",), unread=True)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Config(path=path, found=True, problems=("it is not UTF-8 text",), unread=True)
    return parse(text, path)


def parse(text: str, path: Path) -> Config:
    """The settings ``text`` (the file at ``path``) gives, with the problems found (see the module docstring)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Config(path=path, found=True, problems=(str(error),), unread=True)
    lines = _Lines(text)
    problems: list[str] = []
    values: dict = {}
    for key, value in data.items():
        where = lines.of(key)
        if key not in _TOP_KEYS:
            problems.append(f"{where}unknown setting {quoted(key)} (the settings are: {', '.join(_TOP_KEYS)})")
        elif key == "keymap":
            values["keymap"], values["keymap_lines"] = _keymap(value, lines, problems)
        elif not isinstance(value, str):
            problems.append(f"{where}{key} must be text in quotes, not {type(value).__name__}")
        elif key == "language":
            if value in LANGUAGES:
                values["language"] = value
            else:
                problems.append(f"{where}language {quoted(value)} is not one of {', '.join(LANGUAGES)}")
        elif key == "theme":
            if value.strip():
                values["theme"] = value.strip()
            else:
                problems.append(f"{where}theme is empty")
        elif not value.strip():
            problems.append(f"{where}{key} is empty")
        else:
            values[key] = Path(value.strip()).expanduser()
    return Config(path=path, found=True, problems=tuple(problems), **values)


def _keymap(table, lines: _Lines, problems: list[str]) -> tuple[dict[str, str], dict[str, int]]:
    """``[keymap]`` as ``{binding id: "key,key"}``; a dotted id written unquoted (``main.history = "y"``,
    which TOML reads as a nested table) is taken as meant. A list of keys is joined with commas."""
    if not isinstance(table, dict):
        problems.append(f"{lines.of('keymap')}keymap must be a table ([keymap] then binding-id = \"key\")")
        return {}, {}
    keymap: dict[str, str] = {}
    where: dict[str, int] = {}
    for binding_id, keys in _flatten(table):
        line = lines.of(binding_id, section="keymap", number_only=True)
        at = f"line {line}: " if line else ""
        if isinstance(keys, list) and keys and all(isinstance(k, str) for k in keys):
            keys = ",".join(keys)
        if not isinstance(keys, str) or not keys.strip() or not re.fullmatch(r"[\w+,\- ?!/.=]+", keys):
            problems.append(f"{at}keymap {quoted(binding_id)} must be a key such as "
                            '"y" or "ctrl+k" (several: "y,f5")')
            continue
        keymap[binding_id] = ",".join(k.strip() for k in keys.split(",") if k.strip())
        if line:
            where[binding_id] = line
    return keymap, where


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

    def of(self, key: str, *, section: str | None = None, number_only: bool = False):
        """``"line N: "`` (or N with ``number_only``) where ``key =`` (or ``[key]``) first appears, in
        ``section`` when given; "" (0) when not found."""
        pattern = re.compile(rf"""^\s*(?:["']?{re.escape(key)}["']?\s*=|\[\s*{re.escape(key)}\s*\])""")
        in_section = section is None
        for number, row in enumerate(self.rows, 1):
            header = re.match(r"^\s*\[([^\]]*)\]", row)
            if section is not None and header:
                in_section = header.group(1).strip() == section
                continue
            if in_section and pattern.search(row):
                return number if number_only else f"line {number}: "
        return 0 if number_only else ""


# --------------------------------------------------------------------------- language




def apply_language(code: str) -> str:
    """Make ``code`` the console's language (:func:`gmconsole.i18n.set_language`); returns it. Raises
    ``ValueError`` for a code not in :data:`LANGUAGES`."""
    from gmconsole.i18n import set_language

    if code not in LANGUAGES:
        raise ValueError(f"language {quoted(code)} is not one of {', '.join(LANGUAGES)}")
    return set_language(code)


def current_language() -> str:
    """The language the console speaks now (:func:`gmconsole.i18n.language`)."""
    from gmconsole.i18n import language

    return language()


def effective_language(flag: str | None, campaign: str | None, config: str | None) -> tuple[str, str]:
    """The language to use and where it came from: ``--lang``, then the campaign's setting, then the
    settings file, then English. Empty values count as not given."""
    for value, source in ((flag, "--lang"), (campaign, "campaign setting"), (config, "config.toml")):
        if value:
            return value, source
    return DEFAULT_LANGUAGE, "default"
