"""The patches of Textual's internals (``tests/textual_speedups.py``) are applied only on the Textual
release they were written for: on another, none is, and one warning says why."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import textual
import textual_speedups

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def _marked_places(monkeypatch) -> dict[tuple[object, str], object]:
    """Put a marker of its own in every ``(owner, attribute)`` the plugin sets, so what the plugin then
    sets shows; each place gets back what it held after the test (this process's patches stay)."""
    places = {}
    for make in textual_speedups.PATCHES:
        for owner, name, _ in make():
            places[(owner, name)] = marker = object()
            monkeypatch.setattr(owner, name, marker)
    return places


def test_another_textual_gets_no_patch_and_one_warning(monkeypatch):
    places = _marked_places(monkeypatch)
    monkeypatch.setattr(textual, "__version__", "8.3.0")
    said: list[str] = []

    applied = textual_speedups.install(said.append)

    assert applied == []
    assert {place: getattr(*place) for place in places} == places
    assert len(said) == 1
    assert "Textual 8.3.0 is installed" in said[0] and f"written for Textual {textual_speedups.WRITTEN_FOR}" in said[0]
    assert "not applied" in said[0]


def test_the_textual_they_were_written_for_gets_every_patch_and_no_warning(monkeypatch):
    places = _marked_places(monkeypatch)
    monkeypatch.setattr(textual, "__version__", textual_speedups.WRITTEN_FOR)
    said: list[str] = []

    applied = textual_speedups.install(said.append)

    assert sorted(map(repr, applied)) == sorted(map(repr, places))
    assert not any(getattr(*place) is marker for place, marker in places.items())
    assert said == []


def test_the_patches_are_written_for_the_textual_pyproject_pins():
    """Raising the pin without reading the patches against the new release fails here."""
    dependencies = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    pins = [m.group(1) for d in dependencies if (m := re.fullmatch(r"textual==(\S+)", d.replace(" ", "")))]
    assert pins == [textual_speedups.WRITTEN_FOR]
