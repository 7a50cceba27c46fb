"""``gmconsole config path|show|keys``: the GM's settings file (:mod:`gmconsole.settings_file`).

``path`` prints where the file is read from (whether it exists or not); ``show`` prints each setting
in effect and where it came from (the file, a flag or variable, or the default), and what is wrong with
the file; ``keys`` lists every binding id a ``[keymap]`` may move, with its default keys. ``--json``
gives the same as JSON. A bad file is not an error here either: ``show`` says what is wrong and exits 0.
"""

from __future__ import annotations

import os

from gmconsole.cli.common import emit
from gmconsole.safe_text import shown

__all__ = ["register"]


def register(subparsers) -> None:
    """Add ``config`` with ``path``, ``show`` and ``keys``."""
    parser = subparsers.add_parser("config", help="the settings file (config.toml): its path, what is in effect")
    actions = parser.add_subparsers(dest="config_action", metavar="ACTION", required=True,
                                    parser_class=type(parser))
    for name, help_text, handler in (
        ("path", "print the settings file's path", run_path),
        ("show", "the settings in effect and where each came from", run_show),
        ("keys", "every binding id a [keymap] may move, with its default keys", run_keys),
    ):
        action = actions.add_parser(name, help=help_text)
        action.add_argument("--json", action="store_true", help="print it as JSON")
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


def run_show(args) -> int:
    from gmconsole.settings_file import DEFAULT_LANGUAGE, load

    config = load()
    data, data_from = _data_folder(args, config)
    from_file = "config.toml"
    rows = [
        ("language", config.language or DEFAULT_LANGUAGE, from_file if config.language else "default"),
        ("theme", config.theme or "textual-dark", from_file if config.theme else "default"),
        ("data_folder", data, data_from),
        ("export_folder", str(config.export_folder) if config.export_folder else os.path.join(data, "exports"),
         from_file if config.export_folder else "default: exports in the data folder"),
    ]
    rows += [(f"keymap.{binding_id}", keys, from_file + config.keymap_line(binding_id))
             for binding_id, keys in config.keymap.items()]
    from textual.theme import BUILTIN_THEMES

    themes = sorted(BUILTIN_THEMES)
    result = {"path": str(config.path), "exists": config.found, "problems": list(config.problems),
              "settings": [{"key": k, "value": v, "from": f} for k, v, f in rows], "themes": themes}
    lines = [f"settings file: {config.path} ({'read' if config.found else 'not found: defaults'})"]
    width = max(len(k) for k, _v, _f in rows)
    lines += [f"{k:<{width}}  {v}  ({f})" for k, v, f in rows]
    lines.append("a campaign's own language setting (gmconsole settings NAME) wins over the file's language")
    lines.append("themes: " + ", ".join(themes))
    if config.message:
        lines.append(f"problem: {config.message}")
    emit(result, args.json, "\n".join(lines))
    return 0


def run_keys(args) -> int:
    from gmconsole.ui.keymap import binding_rows

    rows = binding_rows()
    width = max(len(r.id) for r in rows)
    emit({"bindings": [{"id": r.id, "keys": r.keys, "description": r.description, "where": r.where} for r in rows]},
         args.json, "\n".join(f"{r.id:<{width}}  {r.keys:<12} {r.description} ({r.where})" for r in rows))
    return 0
