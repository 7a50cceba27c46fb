"""docs/RULES.md is the help screen's rules table as a document: the two never say different things."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from write_rules_doc import DOC, TABLE, english, rules_doc_text  # noqa: E402


def test_rules_doc_is_written_from_the_help_table():
    assert DOC.exists(), "docs/RULES.md is missing: run python tools/write_rules_doc.py"
    assert DOC.read_text(encoding="utf-8") == rules_doc_text(), (
        "docs/RULES.md is stale: run python tools/write_rules_doc.py"
    )


def test_rules_doc_holds_every_reading_of_the_help_screen():
    with TABLE.open("rb") as fh:
        sections = tomllib.load(fh)["sections"]
    doc = DOC.read_text(encoding="utf-8")
    for section in sections:
        assert f"## {english(section['title'])}" in doc
        for line in section["lines"]:
            assert english(line) in doc
