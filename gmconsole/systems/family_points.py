"""Where the game families are: the ``gmconsole.families`` entry points, read from the installed packages'
metadata and kept in a small cache file so a start-up need not read it again.

Reading every installed package's metadata (``importlib.metadata``, which imports ``email``, ``zipfile``
and more) costs a start-up tens of milliseconds; the entry points change only when a package is
installed, upgraded or removed, which changes a folder of ``sys.path``. So the points are kept with the
``sys.path`` they were read on and each of its folders' modification time; while those are the same, the
cache is read (one small JSON file), otherwise the metadata is read again and the cache rewritten. A
cache that cannot be read or written is passed by: the metadata is then read every time.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

__all__ = ["Point", "points"]

GROUP = "gmconsole.families"

Point = tuple[str, str, str]
"""An entry point as ``(name, "module:object", distribution name)``."""

_CACHE_ENV = "GMCONSOLE_FAMILY_CACHE"
"""Names the cache file (tests point it into their own folder; empty: no cache)."""


def _cache_file() -> str | None:
    named = os.environ.get(_CACHE_ENV)
    if named is not None:
        return named or None
    import platformdirs

    return os.path.join(platformdirs.user_cache_dir("gmconsole", appauthor=False), "families.json")


def _fingerprint() -> list[Any]:
    """What installing or removing a package changes: ``sys.path``, with the modification time of each of its
    folders that holds installed packages' metadata (a ``.dist-info`` or ``.egg-info``). A folder without any
    (the current folder of ``python -m``, a source checkout) is keyed by its name alone: its time changes with
    every file written there, which would read the metadata again at every start-up for nothing."""
    found: list[Any] = [sys.version, sys.executable]
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as names:
                holds_metadata = any(name.name.endswith((".dist-info", ".egg-info")) for name in names)
            found.append([entry, os.stat(entry or ".").st_mtime_ns if holds_metadata else None])
        except OSError:  # not a folder (a zip file, a path that is gone): keyed by its name
            found.append([entry, None])
    return found


def _read_metadata() -> list[Point]:
    from importlib.metadata import entry_points

    out: list[Point] = []
    for point in entry_points(group=GROUP):
        dist = getattr(point, "dist", None)
        out.append((point.name, point.value, dist.name if dist is not None else ""))
    return out


def points() -> list[Point]:
    """The family entry points installed, from the cache while ``sys.path`` is unchanged."""
    path = _cache_file()
    key = _fingerprint()
    if path is not None:
        try:
            with open(path, encoding="utf-8") as file:
                cached = json.load(file)
            if cached.get("key") == key:
                return [(str(n), str(v), str(d)) for n, v, d in cached["points"]]
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            pass
    found = _read_metadata()
    if path is not None:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            partial = f"{path}.{os.getpid()}.tmp"
            with open(partial, "w", encoding="utf-8") as file:
                json.dump({"key": key, "points": found}, file)
            os.replace(partial, path)
        except OSError:
            pass
    return found
