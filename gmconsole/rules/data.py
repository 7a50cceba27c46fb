"""The bundled system tables in ``data/`` (skills, attributes, difficulty, panic, stunts, modifiers).

The folder ships inside the wheel as ``gmconsole/data``; in a source checkout (or an editable
install) it is the top-level ``data/`` beside the package. Reading a bundled table is the
only disk access the rules core makes, and it is cached.

The tables are edited as ``data/<name>.toml`` and read from their JSON copies in
``data/compiled/`` (``tools/compile_tables.py`` writes them; a test keeps them in step), because
parsing TOML cost every start of the console about 5 ms and JSON well under one.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from gmconsole.i18n import _, language, pick

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The folder holding the bundled tables and demo campaigns."""
    for candidate in (_PACKAGE / "data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(_("gmconsole's data folder is missing from this install"))


TABLE_OF_SYSTEM = {"yze-step": "yze"}
"""Systems that read another system's table: the step-dice variant shares the SRD's (skills, difficulty,
panic); every other system's table carries its own name."""


def system_table(system: str) -> dict[str, Any]:
    """The table ``system`` reads (:data:`TABLE_OF_SYSTEM`), loaded with :func:`load_table`; an empty one for a
    system of an installed family that brings no bundled table (its attributes and skills are named by their ids)."""
    name = TABLE_OF_SYSTEM.get(system, system)
    return load_table(name) if _bundled(name) else {}


@cache
def _bundled(name: str) -> bool:
    folder = data_dir()
    return (folder / "compiled" / f"{name}.json").exists() or (folder / f"{name}.toml").exists()


@cache
def load_table(name: str) -> dict[str, Any]:
    """Load the table ``name`` as a dict (its compiled JSON copy, else ``data/<name>.toml`` itself);
    cached, so callers must not mutate it."""
    folder = data_dir()
    compiled = folder / "compiled" / f"{name}.json"
    if compiled.exists():
        with compiled.open(encoding="utf-8") as fh:
            table: dict[str, Any] = json.load(fh)
            return table
    import tomllib

    with (folder / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def extra_successes(system: str, n: int) -> str:
    """``n`` successes beyond the first in the system's own word: ``2 stunts`` (myz), ``1 bonus effect``
    (yze, yze-step), from the table's ``extra_success``; ``n`` alone for a system without one."""
    from gmconsole.phrasing import counted

    words = system_table(system).get("extra_success")
    if words and words.get(language()):  # a language without plurals: one word for any count
        return f"{n} {words[language()]}"
    return counted(n, words["one"], words["many"]) if words else str(n)


def game_name(system: str) -> str:
    """The game a system's table is for, in the console's language (``Mutant: Year Zero``, 變種人：零年), for a
    sentence that cites the game rather than a seed number; the system id when the table names none."""
    name = system_table(system).get("name") or system_table(system).get("system", {}).get("name")
    if isinstance(name, dict):
        return pick(name) or system
    return str(name or system)
