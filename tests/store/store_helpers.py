"""Helpers shared by the store tests."""

from __future__ import annotations

from pathlib import Path

from gmconsole.store.atomic import TEMP_NAME


def file_bytes(folder: Path) -> dict[str, bytes]:
    """Every data file under ``folder`` by relative path, with its bytes (not the lock note and not the
    clean-close marker, which say how the campaign was last held rather than what it holds)."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name not in ("lock", "closed-cleanly")
    }


def temp_files(folder: Path) -> list[Path]:
    """Temporary files a write left under ``folder``."""
    return [path for path in folder.rglob("*") if TEMP_NAME.match(path.name)]
