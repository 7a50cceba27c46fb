"""Helpers shared by the store tests."""

from __future__ import annotations

from pathlib import Path

from gmconsole.store.atomic import TEMP_NAME


def file_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (but the lock note) by relative path, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name != "lock"
    }


def temp_files(folder: Path) -> list[Path]:
    """Temporary files a write left under ``folder``."""
    return [path for path in folder.rglob("*") if TEMP_NAME.match(path.name)]
