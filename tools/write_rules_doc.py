"""Write ``docs/RULES.md``, the project's rules reference, from ``data/rules_help.toml``.

    python tools/write_rules_doc.py

The help screen (``?``) and this document show the same pinned readings (R-… ids) from one table,
so the document a reader finds in the repository can never say something the console does not.
``tests/rules/test_rules_doc.py`` fails, naming this script, when the document is stale.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "data" / "rules_help.toml"
DOC = ROOT / "docs" / "RULES.md"

INTRO = """\
# Rules reference

<!-- Written by tools/write_rules_doc.py from data/rules_help.toml; edit the table, then run the script. -->

gmconsole adjudicates five dice systems. Where the source texts leave a rule open or ambiguous, the
project pins one reading and gives it an id (`R-PUSH-1`, `R-EXP-3`, ...). The code names the id where it
implements the reading, a test is named after it, and the console's help screen (`?` or F1) shows the
same words as this page, filtered to the open campaign's system. A reading marked *setting* can be
changed per campaign; the text gives its default.

| id | game | dice |
|---|---|---|
| `myz` | Mutant: Year Zero | D6 pool of base, skill and gear dice; push once; trauma and mutation points |
| `yze` | Year Zero Engine, dice-pool variant | the same pool with stress and artifact dice; five push-cost options; panic |
| `yze-step` | Year Zero Engine, step-dice variant | one D6–D12 die for the attribute, one for the skill |
| `exploding` | exploding dice against a target number | two skill dice and a trait die; the top die counts |
| `tiered` | Luck + attribute + skill d6 | read the highest die: Critical, Great, Mixed, Limited |
"""  # noqa: E501  (a table row of the rules doc)


def english(value: str | dict) -> str:
    """The English of a table text: each title and line carries ``{en, zh-Hant}`` (the help screen picks the
    console's language), and this document is the English one."""
    return value["en"] if isinstance(value, dict) else value


def rules_doc_text(table_path: Path = TABLE) -> str:
    """The whole Markdown document, exactly as it is written to disk."""
    with table_path.open("rb") as fh:
        sections = tomllib.load(fh)["sections"]
    parts = [INTRO]
    for section in sections:
        systems = ", ".join(f"`{s}`" for s in section["systems"])
        parts.append(f"\n## {english(section['title'])}\n\nApplies to: {systems}.\n\n")
        parts.extend(f"- {english(line)}\n" for line in section["lines"])
    return "".join(parts)


def main() -> int:
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(rules_doc_text(), encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
