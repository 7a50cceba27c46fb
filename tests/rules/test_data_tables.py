"""The bundled tables: the JSON copies the console reads are exactly the TOML files the rules live in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from compile_tables import COMPILED, DATA, compiled_text  # noqa: E402

TABLES = sorted(p.stem for p in DATA.glob("*.toml"))


@pytest.mark.parametrize("name", TABLES)
def test_each_compiled_table_is_its_toml_file_as_json(name):
    compiled = COMPILED / f"{name}.json"
    assert compiled.exists(), f"data/compiled/{name}.json is missing: run python tools/compile_tables.py"
    assert compiled.read_text(encoding="utf-8") == compiled_text(DATA / f"{name}.toml"), (
        f"data/compiled/{name}.json is stale: run python tools/compile_tables.py"
    )


def test_no_compiled_table_is_left_without_its_toml():
    assert sorted(p.stem for p in COMPILED.glob("*.json")) == TABLES


def test_reading_a_table_does_not_import_the_toml_parser():
    code = ("import sys; from gmconsole.rules.data import load_table; "
            "load_table('yze'); load_table('myz'); print('tomllib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
