"""The bundled system tables in ``data/`` (skills, attributes, difficulty, panic, stunts, modifiers).

The folder ships inside the wheel as ``gmconsole/data``; in a source checkout (or an editable
install) it is the top-level ``data/`` beside the package. Reading a bundled table is the
only disk access the rules core makes, and it is cached.
"""

from __future__ import annotations

import json
import tomllib
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The folder holding the bundled tables and demo campaigns."""
    for candidate in (_PACKAGE / "data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("gmconsole's data folder is missing from this install")


@lru_cache(maxsize=None)
def load_table(name: str) -> dict:
    """Load ``data/<name>.toml`` (or ``.json``) as a dict; cached, so callers must not mutate it."""
    folder = data_dir()
    toml_path = folder / f"{name}.toml"
    if toml_path.exists():
        with toml_path.open("rb") as fh:
            return tomllib.load(fh)
    json_path = folder / f"{name}.json"
    with json_path.open(encoding="utf-8") as fh:
        return json.load(fh)
