"""``gmconsole config path|show|keys``: the GM's settings file (:mod:`gmconsole.settings_file`).

``path`` prints where the file is read from (whether it exists or not); ``show`` prints each setting
in effect and where it came from (the file, a flag or variable, or the default), and what is wrong with
the file: every problem, each with its line (a theme that is not a theme, a keymap id no binding has and
a key taken from another binding included: :func:`gmconsole.settings_file.checked`); ``keys`` lists
every binding id a ``[keymap]`` may move, with its default keys written as the GM types them there
(``?``; ``[ (left_square_bracket)`` where the file needs the long name). ``--json`` gives the same as
JSON, its keys and its ``from`` values (``config.toml``, ``default``, ``--data-dir``) as they are in
every language. A bad file is not an error here either: ``show`` says what is wrong and exits 0.
"""

from __future__ import annotations

import os

from gmconsole.cli.common import emit
from gmconsole.i18n import N_, _, key_label
from gmconsole.safe_text import pad, shown

__all__ = ["register", "typed_keys"]


def register(subparsers) -> None:
    """Add ``config`` with ``path``, ``show`` and ``keys``."""
    parser = subparsers.add_parser("config", help=_("the settings file (config.toml): its path, what is in effect"))
    actions = parser.add_subparsers(dest="config_action", metavar="ACTION", required=True,
                                    parser_class=type(parser))
    for name, help_text, handler in (
        ("path", _("print the settings file's path"), run_path),
        ("show", _("the settings in effect, where each came from, and every problem of the file"), run_show),
        ("keys", _("every binding id a [keymap] may move, with its default keys"), run_keys),
    ):
        action = actions.add_parser(name, help=help_text, description=help_text)
        action.add_argument("--json", action="store_true", help=_("print it as JSON"))
        action.set_defaults(handler=handler)


def run_path(args) -> int:
    from gmconsole.settings_file import config_path

    path = config_path()
    emit({"path": str(path), "exists": path.exists()}, args.json, shown(str(path)))
    return 0


def _data_folder(args, config) -> tuple[str, str]:
    from gmconsole.store.location import ENV_VAR

    if getattr(args, "data_dir", None):
        return str(args.data_dir), "--data-dir"
    if os.environ.get(ENV_VAR):
        return os.environ[ENV_VAR], ENV_VAR
    if config.data_folder is not None:
        return str(config.data_folder), "config.toml"
    import platformdirs

    return platformdirs.user_data_dir("gmconsole", appauthor=False), "default"


_EXPORTS_DEFAULT = N_("default: exports in the data folder")
"""Where the export folder comes from when the file does not say (``--json`` keeps it in English)."""


def _source(where: str) -> str:
    """Where a setting came from, for a person: ``default`` in words, a file, flag or variable as named."""
    if where == "default":
        return _("default")
    if where == _EXPORTS_DEFAULT:
        return _(_EXPORTS_DEFAULT)
    return where


def _language_in_effect(args, config) -> tuple[str, str]:
    """The language commands speak now and where it came from: ``--lang``, else ``GMCONSOLE_LANG``, else the
    file's, else the default (so ``config show --lang zh-Hant`` names zh-Hant and ``--lang``, not ``en (default)``)."""
    from gmconsole.cli.common import LANG_ENV
    from gmconsole.settings_file import DEFAULT_LANGUAGE

    if getattr(args, "lang", None):
        return args.lang, "--lang"
    if os.environ.get(LANG_ENV):
        return os.environ[LANG_ENV], LANG_ENV
    return (config.language, "config.toml") if config.language else (DEFAULT_LANGUAGE, "default")


def run_show(args) -> int:
    from textual.theme import BUILTIN_THEMES

    from gmconsole.settings_file import checked, load

    config = load()
    data, data_from = _data_folder(args, config)
    from_file = "config.toml"
    rows = [
        ("language", *_language_in_effect(args, config)),
        ("theme", config.theme or "textual-dark", from_file if config.theme else "default"),
        ("data_folder", data, data_from),
        ("export_folder", str(config.export_folder) if config.export_folder else os.path.join(data, "exports"),
         from_file if config.export_folder else _EXPORTS_DEFAULT),
        ("journal_dir", str(config.journal_dir) if config.journal_dir else "-",
         from_file if config.journal_dir else "default"),
    ]
    keymap_rows = [(f"keymap.{binding_id}", keys, config.at_line(from_file, binding_id))
                   for binding_id, keys in config.keymap.items()]
    themes = sorted(BUILTIN_THEMES)
    problems = [str(problem) for problem in checked(config, themes)]
    if config.keymap:
        from gmconsole.ui.keymap import keymap_problems, normalized

        problems += keymap_problems(normalized(config.keymap), config.at_line)
    settings = [{"key": k, "value": v, "from": f} for k, v, f in rows]
    settings += [{"key": k, "value": v, "from": f} for k, v, f in keymap_rows]
    result = {"path": str(config.path), "exists": config.found, "problems": problems, "settings": settings,
              "themes": themes}
    state = _("read") if config.found else _("not found: defaults")
    lines = [_("settings file: {path} ({state})").format(path=config.path, state=state)]
    shown_rows = [(k, v, _source(f)) for k, v, f in rows] + [(k, v, f) for k, v, f in keymap_rows]
    width = max(len(k) for k, _v, _f in shown_rows)
    lines += [_("{key}  {value}  ({source})").format(key=pad(k, width), value=v, source=f) for k, v, f in shown_rows]
    lines.append(_("a campaign's own language setting (`gmconsole settings NAME`) wins over the file's language"))
    lines.append(_("themes: {themes}").format(themes=", ".join(themes)))
    lines += [_("problem: {problem}").format(problem=problem) for problem in problems]
    emit(result, args.json, "\n".join(lines))
    return 0


def typed_keys(keys: str) -> str:
    """Keys as :func:`gmconsole.ui.keymap.binding_rows` shows them (``? / esc``), written as the GM types
    them in ``[keymap]`` (``? / escape``): a character ``[keymap]`` takes as itself is shown so; one it
    takes only by its long name (``[``: the file takes letters, digits and ``+-?!/.=``) shows both,
    ``[ (left_square_bracket)``; a named key (``escape``, ``ctrl+o``) as named."""
    import unicodedata

    from textual.keys import KEY_TO_UNICODE_NAME, REPLACED_KEYS

    from gmconsole.settings_file import typable
    from gmconsole.ui.keymap import NAMES

    long_names = {short: name for name, short in NAMES.items()}
    shown_keys = []
    for key in keys.split(" / "):
        name = long_names.get(key, key)
        try:
            unicode_name = REPLACED_KEYS.get(name, name)  # minus: hyphen_minus, the character's own name
            character = unicodedata.lookup(KEY_TO_UNICODE_NAME.get(unicode_name, unicode_name.replace("_", " ")))
        except KeyError:
            character = ""
        if len(character) != 1 or character.isalnum() or not character.isprintable() or character.isspace():
            shown_keys.append(name)
        elif typable(character) and character != ",":
            shown_keys.append(character)
        else:
            shown_keys.append(f"{character} ({name})")
    return " / ".join(shown_keys)


def run_keys(args) -> int:
    from gmconsole.ui.keymap import binding_rows

    rows = [(r, typed_keys(r.keys), key_label(r.description)) for r in binding_rows()]
    width = max(len(r.id) for r, _k, _d in rows)
    emit({"bindings": [{"id": r.id, "keys": r.keys, "typed": k, "description": r.description, "where": r.where}
                       for r, k, _d in rows]},
         args.json, "\n".join(_("{id}  {keys} {description} ({where})").format(
             id=pad(r.id, width), keys=pad(k, 12), description=d, where=_(r.where)) for r, k, d in rows))
    return 0
