"""Write ``data/compiled/<name>.json`` from each hand-edited ``data/<name>.toml`` table.

    python tools/compile_tables.py

The console reads the JSON copies: Python's TOML parser and its import were about 5 ms of every
start-up (``bench/startup.py``), JSON well under one. The TOML files stay the ones to edit, with
their comments; ``tests/rules/test_data_tables.py`` fails, naming this script, when a copy is stale.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
COMPILED = DATA / "compiled"


def compiled_text(toml_path: Path) -> str:
    """The JSON copy of one table, exactly as it is written to disk."""
    with toml_path.open("rb") as fh:
        table = tomllib.load(fh)
    return json.dumps(table, ensure_ascii=False, indent=1) + "\n"  # key order kept: it is display order


def main() -> int:
    COMPILED.mkdir(exist_ok=True)
    for toml_path in sorted(DATA.glob("*.toml")):
        target = COMPILED / f"{toml_path.stem}.json"
        target.write_text(compiled_text(toml_path), encoding="utf-8")
        print(f"wrote {target.relative_to(DATA.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
